/// The motion as a SwiftUI spring (iOS 17+): `Spring(response:dampingRatio:)`, the same spring
/// as `Spring(duration:bounce:)`, animated with `.interpolatingSpring(_:initialVelocity:)`.
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
  /// positive towards the target, as printed.
  public var initialVelocity: Double
  /// The errors of the printed spring against UIKit's motion.
  public var error: FitError
  /// The code to paste.
  public var code: String

  public init(_ fit: SpringFit, motion: ApproachMotion) {
    let response = ExportNumber.rounded(
      SpringConversions.response_s(omega_rad_s: fit.spring.omega_rad_s))
    let zeta = ExportNumber.rounded(fit.spring.dampingRatio)
    let bounce = ExportNumber.rounded(SpringConversions.bounce(dampingRatio: zeta.value))
    let velocity = ExportNumber.rounded(
      SpringConversions.relativeVelocity(v0_pt_s: fit.v0_pt_s, x0_pt: fit.x0_pt))
    response_s = response.value
    dampingRatio = zeta.value
    duration_s = response.value
    self.bounce = bounce.value
    initialVelocity = velocity.value
    let spring = DampedSpring(
      omega_rad_s: SpringConversions.omega_rad_s(response_s: response.value),
      dampingRatio: zeta.value)
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
    code = """
      // SwiftUI (iOS 17+): \(motion.label) of "\(motion.itemID)", fitted to \(ExportText.simulated(motion))
      // (\(ExportText.errorSummary(error, motion: motion))).
      // The same spring: Spring(duration: \(response.text), bounce: \(bounce.text)).
      let spring = Spring(response: \(response.text), dampingRatio: \(zeta.text))
      withAnimation(\(animation)) {
        \(change)
      }
      """
  }
}
