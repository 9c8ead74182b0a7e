import FeelScene
import Foundation

/// Phrases the exported code and reports share.
enum ExportText {
  /// "max error 1.23 pt (1.5 % of the 80 pt travel) at t = 0.217 s, RMS 0.412 pt".
  static func errorSummary(_ e: FitError, motion: ApproachMotion) -> String {
    "max error \(short(e.max_pt)) pt (\(short(e.maxPercentOfTravel)) % of the "
      + "\(short(motion.travel_pt)) pt travel) at t = \(short(e.worst_t_s)) s, "
      + "RMS \(short(e.rms_pt)) pt"
  }

  /// "80 pt along (1, 0) from the target (160, 25)".
  static func release(_ motion: ApproachMotion) -> String {
    "\(short(motion.travel_pt)) pt along (\(short(motion.direction.x)), "
      + "\(short(motion.direction.y))) from the target (\(coordinate(motion.target.point_pt.x)), "
      + "\(coordinate(motion.target.point_pt.y)))"
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
}
