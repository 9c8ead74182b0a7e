import FeelScene

/// The motion as a SwiftUI spring (iOS 17+): `Spring(response:dampingRatio:)`, the same spring
/// as `Spring(duration:bounce:)`, animated with `.interpolatingSpring(_:initialVelocity:)`; a
/// 2-D approach as one such animation per axis.
public struct SwiftUISpringExport: Sendable, Equatable {
  /// `response` (s), as printed.
  public var response_s: Double
  /// `dampingRatio`, as printed.
  public var dampingRatio: Double
  /// `duration` (s) of `Spring(duration:bounce:)`: the response.
  public var duration_s: Double
  /// `bounce` of `Spring(duration:bounce:)`, as printed.
  public var bounce: Double
  /// `initialVelocity` of `.interpolatingSpring(_:initialVelocity:)`: travels per second,
  /// positive towards the target, as printed; along the release line for a 2-D approach.
  public var initialVelocity: Double
  /// A 2-D approach: each axis's `initialVelocity` (travels per second on that axis, positive
  /// towards the target, as printed); nil for an axis that does not travel, or a 1-D approach.
  public var initialVelocityX: Double?
  public var initialVelocityY: Double?
  /// The errors of the printed spring against UIKit's motion (of the 2-D path for a 2-D
  /// approach).
  public var error: FitError
  /// The code to paste.
  public var code: String

  public init(_ fit: SpringFit, motion: ApproachMotion, planar: PlanarSpringFit? = nil) {
    let response = ExportNumber.rounded(
      SpringConversions.response_s(omega_rad_s: fit.spring.omega_rad_s))
    let zeta = ExportNumber.rounded(fit.spring.dampingRatio)
    let bounce = ExportNumber.rounded(SpringConversions.bounce(dampingRatio: zeta.value))
    let velocity = fit.relativeVelocity(motion)
    response_s = response.value
    dampingRatio = zeta.value
    duration_s = response.value
    self.bounce = bounce.value
    initialVelocity = velocity.value
    let spring = DampedSpring(
      omega_rad_s: SpringConversions.omega_rad_s(response_s: response.value),
      dampingRatio: zeta.value)
    let header = """
      // SwiftUI (iOS 17+): \(motion.label) of "\(motion.itemID)", fitted to \(ExportText.simulated(motion))
      """
    let same = "// The same spring: Spring(duration: \(response.text), bounce: \(bounce.text))."
    let make = "let spring = Spring(response: \(response.text), dampingRatio: \(zeta.text))"
    if let planar {
      let axes = ExportAxes(planar, motion: motion)
      initialVelocityX = axes.x.relative?.value
      initialVelocityY = axes.y.relative?.value
      let error = FitError(motion) { axes.model(spring, at: motion.t_s[$0]) }
      self.error = error
      code = """
        \(header), one spring per axis
        // (\(ExportText.errorSummary(error, motion: motion))).
        \(same)
        \(ExportText.velocityNote(motion, relative: true).map { "// " + $0 + "\n" }.joined())// offsetX, offsetY: the view's centre minus the target (pt), drawn with .offset(x:y:).
        \(make)\(axes.fromRelease ? "\nlet v = value.velocity  // at the lift, in DragGesture's onEnded (pt/s, iOS 17)" : "")
        \(axes.swiftUI(axes.x, state: "offsetX", gesture: "v.width"))
        \(axes.swiftUI(axes.y, state: "offsetY", gesture: "v.height"))
        """
      return
    }
    let v0 = SpringConversions.v0_pt_s(relativeVelocity: velocity.value, x0_pt: fit.x0_pt)
    let error = FitError(motion) {
      spring.displacement(at: motion.t_s[$0], x0_pt: fit.x0_pt, v0_pt_s: v0)
    }
    self.error = error
    let animation =
      velocity.value == 0
      ? ".spring(spring)" : ".interpolatingSpring(spring, initialVelocity: \(velocity.text))"
    let change =
      motion.quantity == .angle
      ? "angle = .degrees(\(ExportText.coordinate(motion.target.point_pt.x)))  // "
        + "from \(ExportText.release(motion)); drawn with .rotationEffect(angle)"
      : "offset = .zero  // from \(ExportText.release(motion))"
    let note = ExportText.velocityNote(motion, relative: true).map { "// " + $0 + "\n" }.joined()
    if motion.startsAtTarget {
      code = """
        \(header)
        // (\(ExportText.errorSummary(error, motion: motion))).
        \(same)
        \(ExportText.atTargetNote(motion, fit: fit).map { "// " + $0 + "\n" }.joined())\(make)
        \(motion.quantity == .angle ? "angle = .degrees(\(ExportText.coordinate(motion.target.point_pt.x)))" : "offset = .zero")  // not animated: at the target already
        """
      return
    }
    code = """
      \(header)
      // (\(ExportText.errorSummary(error, motion: motion))).
      \(same)
      \(note)\(make)
      withAnimation(\(animation)) {
        \(change)
      }
      """
  }
}
