import FeelScene

/// A 2-D approach as SwiftUI and Core Animation animate it: one spring per screen axis, each
/// from its own start with its own relative initial velocity (the velocity towards the target
/// over the distance left on that axis, travels per second), as printed. An axis that does not
/// travel (its start within `ApproachExtractor.minimumTravel_pt` of the target's) is not
/// animated: a relative velocity needs a distance, and its velocity is lost (the error shows
/// it).
struct ExportAxes {
  /// One axis.
  struct Axis {
    /// "x" or "y".
    var name: String
    /// The start's displacement from the target on this axis (pt).
    var x0_pt: Double
    /// The initial velocity on this axis (pt/s): the release's, or fitted.
    var v0_pt_s: Double
    /// The relative initial velocity as printed; nil when the axis does not travel.
    var relative: (text: String, value: Double)?

    /// The printed animation's displacement on this axis at `t_s` (pt): 0 when not animated.
    func model(_ spring: DampedSpring, at t_s: Double) -> Double {
      guard let relative else { return 0 }
      let v0 = SpringConversions.v0_pt_s(relativeVelocity: relative.value, x0_pt: x0_pt)
      return spring.displacement(at: t_s, x0_pt: x0_pt, v0_pt_s: v0)
    }
  }

  var x: Axis
  var y: Axis
  /// Whether the velocities are the release's (the code takes the gesture's) or fitted.
  var fromRelease: Bool

  init(_ planar: PlanarSpringFit, motion: ApproachMotion) {
    func axis(_ name: String, _ x0: Double, _ v0: Double) -> Axis {
      Axis(
        name: name, x0_pt: x0, v0_pt_s: v0,
        relative: SpringConversions.axisRelativeVelocity(v0_pt_s: v0, x0_pt: x0).map {
          ExportNumber.rounded($0)
        })
    }
    x = axis("x", planar.x0_pt.x, planar.v0_pt_s.x)
    y = axis("y", planar.x0_pt.y, planar.v0_pt_s.y)
    fromRelease = motion.releaseVelocity_pt_s != nil
  }

  /// The printed animations' displacement from the target at `t_s` (pt, screen axes).
  func model(_ spring: DampedSpring, at t_s: Double) -> Point {
    Point(x.model(spring, at: t_s), y.model(spring, at: t_s))
  }

  /// The axes in order.
  var both: [Axis] { [x, y] }

  /// The settling duration of the printed animations (s): the later axis's.
  func settlingDuration_s(_ spring: DampedSpring) -> Double {
    both.compactMap { axis in
      axis.relative.map {
        SettlingDuration.of(
          spring, x0_pt: axis.x0_pt,
          v0_pt_s: SpringConversions.v0_pt_s(relativeVelocity: $0.value, x0_pt: axis.x0_pt))
      }
    }.max() ?? 0
  }

  /// The relative velocity's expression in code: from the gesture's velocity component
  /// `gesture` over the axis's offset `offset` (the view minus the target) at a release, with
  /// the printed value as a comment; the printed value otherwise.
  func relativeCode(_ axis: Axis, gesture: String, offset: String) -> (code: String, note: String) {
    guard let relative = axis.relative else { return ("0", "") }
    guard fromRelease else { return (relative.text, "") }
    return (
      "\(offset) == 0 ? 0 : -\(gesture) / \(offset)", "  // here \(relative.text)"
    )
  }

  /// SwiftUI's lines for one axis: `offsetX` animated to 0 with its relative velocity.
  func swiftUI(_ axis: Axis, state: String, gesture: String) -> String {
    guard axis.relative != nil else {
      return "\(state) = 0  // \(axis.name) travels no distance: not animated"
        + (axis.v0_pt_s == 0 ? "" : ", its \(ExportText.short(axis.v0_pt_s)) pt/s is lost")
    }
    let velocity = relativeCode(axis, gesture: gesture, offset: state)
    return """
      withAnimation(.interpolatingSpring(spring, initialVelocity: \(velocity.code))) {\(velocity.note)
        \(state) = 0
      }
      """
  }
}
