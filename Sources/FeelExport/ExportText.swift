import FeelScene
import Foundation

/// Phrases the exported code and reports share.
enum ExportText {
  /// "max error 1.23 pt (1.5 % of the 80 pt travel) at t = 0.217 s, RMS 0.412 pt" (degrees
  /// for an angle: "max error 0.2° (…)").
  static func errorSummary(_ e: FitError, motion: ApproachMotion) -> String {
    let u = motion.quantity.unit
    return "max error \(short(e.max_pt))\(u) (\(short(e.maxPercentOfTravel)) % of the "
      + "\(short(motion.scale_pt))\(u) \(motion.scaleWord)) at t = \(short(e.worst_t_s)) s, "
      + "RMS \(short(e.rms_pt))\(u)"
  }

  /// "80 pt along (1, 0) from the target (160, 25)"; for an angle, "18.3° clockwise of the
  /// target angle 90°" (y down: a larger angle is further clockwise on screen).
  static func release(_ motion: ApproachMotion) -> String {
    switch motion.quantity {
    case .position where motion.startsAtTarget:
      return "at the target (\(coordinate(motion.target.point_pt.x)), "
        + "\(coordinate(motion.target.point_pt.y))), leaving it along "
        + "(\(short(motion.direction.x)), \(short(motion.direction.y)))"
    case .position:
      return "\(short(motion.travel_pt)) pt along (\(short(motion.direction.x)), "
        + "\(short(motion.direction.y))) from the target "
        + "(\(coordinate(motion.target.point_pt.x)), \(coordinate(motion.target.point_pt.y)))"
    case .angle:
      let side = motion.direction.x >= 0 ? "clockwise" : "counter-clockwise"
      return "\(short(motion.travel_pt))° \(side) of the target angle "
        + "\(coordinate(motion.target.point_pt.x))°"
    }
  }

  /// Whose motion the fit follows: UIKit's, or FeelLab's own (a detent is not UIKit's).
  static func simulated(_ motion: ApproachMotion) -> String {
    motion.quantity == .angle ? "FeelLab's simulated motion" : "UIKit's motion"
  }

  /// The start angle (°) of a rotational approach: the target plus the signed travel.
  static func startAngle_deg(_ motion: ApproachMotion) -> Double {
    motion.target.point_pt.x + motion.travel_pt * motion.direction.x
  }

  /// Where the approach starts (pt): the target plus the travel along the release direction.
  static func startPoint(_ motion: ApproachMotion) -> Point {
    Point(
      motion.target.point_pt.x + motion.travel_pt * motion.direction.x,
      motion.target.point_pt.y + motion.travel_pt * motion.direction.y)
  }

  /// A coordinate (pt) in code: at most 6 significant digits, no trailing zeros.
  static func coordinate(_ x: Double) -> String {
    ExportNumber.rounded(x, digits: 6).text
  }

  /// A number for prose: 3 significant digits.
  static func short(_ x: Double) -> String {
    ExportNumber.rounded(x, digits: 3).text
  }

  /// "(400, -920)": a 2-D velocity or point, 3 significant digits.
  static func pair(_ p: Point) -> String { "(\(short(p.x)), \(short(p.y)))" }

  /// Why SwiftUI's and Core Animation's code does not animate an approach that starts at its
  /// target, as comment lines (without their `//`): their initial velocity is relative to the
  /// distance left, and there is none; Compose and CSS keyframes carry it.
  static func atTargetNote(_ motion: ApproachMotion, fit: SpringFit) -> [String] {
    [
      "\"\(motion.itemID)\" starts at the target with \(short(fit.v0_pt_s)) pt/s along "
        + "\(pair(motion.direction)): it moves \(short(motion.reach_pt)) pt away and back.",
      "This initialVelocity is relative to the distance left, and there is none: an animation "
        + "from the target to itself does not run, so the motion is lost (the error above); "
        + "Compose's absolute initialVelocity and CSS keyframes carry it.",
    ]
  }

  /// How the code's initial velocity comes from the gesture, as comment lines (without their
  /// `//`): for an approach that starts at a release, the item's velocity there, fixed in the
  /// fit, and how the target takes it (relative to the distance left for SwiftUI and Core
  /// Animation, in the value's units per second for Compose); nothing otherwise.
  static func velocityNote(_ motion: ApproachMotion, relative: Bool) -> [String] {
    guard let v = motion.releaseVelocity_pt_s else { return [] }
    var lines = [
      "The initial velocity is \"\(motion.itemID)\"'s at the release, \(pair(v)) pt/s, not fitted."
    ]
    if relative {
      lines.append(
        "It is relative: the velocity towards the target over the distance left, in travels per "
          + "second" + (motion.isPlanar ? ", per axis." : "."))
    } else {
      lines.append(
        "It is in the animated value's units per second (pt/s here; a VelocityTracker's px/s with px)."
      )
    }
    return lines
  }
}
