/// The motion as a Core Animation `CASpringAnimation` on unit mass, with its initial velocity
/// and FeelLab's settling duration (see `SettlingDuration`).
public struct CASpringExport: Sendable, Equatable {
  /// `mass`: 1.
  public var mass: Double
  /// `stiffness` (mass × 1/s²), as printed.
  public var stiffness: Double
  /// `damping` (mass × 1/s), as printed.
  public var damping: Double
  /// `initialVelocity`: travels per second, positive towards the target, as printed.
  public var initialVelocity: Double
  /// Settling duration of the printed spring (s), as printed.
  public var settlingDuration_s: Double
  /// The errors of the printed spring against UIKit's motion.
  public var error: FitError
  /// The code to paste.
  public var code: String

  public init(_ fit: SpringFit, motion: ApproachMotion) {
    mass = 1
    let k = ExportNumber.rounded(SpringConversions.stiffness(omega_rad_s: fit.spring.omega_rad_s))
    let c = ExportNumber.rounded(
      SpringConversions.damping(
        omega_rad_s: fit.spring.omega_rad_s, dampingRatio: fit.spring.dampingRatio))
    let velocity = ExportNumber.rounded(
      SpringConversions.relativeVelocity(v0_pt_s: fit.v0_pt_s, x0_pt: fit.x0_pt))
    stiffness = k.value
    damping = c.value
    initialVelocity = velocity.value
    let spring = SpringConversions.spring(mass: 1, stiffness: k.value, damping: c.value)
    let v0 = SpringConversions.v0_pt_s(relativeVelocity: velocity.value, x0_pt: fit.x0_pt)
    let settling = ExportNumber.rounded(
      SettlingDuration.of(spring, x0_pt: fit.x0_pt, v0_pt_s: v0))
    settlingDuration_s = settling.value
    let error = FitError(motion) {
      spring.displacement(at: motion.t_s[$0], x0_pt: fit.x0_pt, v0_pt_s: v0)
    }
    self.error = error
    if motion.quantity == .angle {
      // The layer's rotation, in radians as Core Animation takes it.
      let from = ExportText.coordinate(ExportText.startAngle_deg(motion))
      let to = ExportText.coordinate(motion.target.point_pt.x)
      code = """
        // Core Animation: \(motion.label) of "\(motion.itemID)", fitted to \(ExportText.simulated(motion))
        // (\(ExportText.errorSummary(error, motion: motion))).
        let spring = CASpringAnimation(keyPath: "transform.rotation.z")
        spring.mass = 1
        spring.stiffness = \(k.text)
        spring.damping = \(c.text)
        spring.initialVelocity = \(velocity.text)  // travels per second, towards the target
        spring.fromValue = \(from) * CGFloat.pi / 180  // \(from)°
        spring.toValue = \(to) * CGFloat.pi / 180  // \(to)°, the target
        spring.duration = spring.settlingDuration  // FeelLab's settling duration: \(settling.text) s
        layer.add(spring, forKey: "rotation")
        layer.setValue(\(to) * CGFloat.pi / 180, forKeyPath: "transform.rotation.z")
        """
      return
    }
    let from = ExportText.startPoint(motion)
    let to = motion.target.point_pt
    code = """
      // Core Animation: \(motion.label) of "\(motion.itemID)", fitted to \(ExportText.simulated(motion))
      // (\(ExportText.errorSummary(error, motion: motion))).
      let spring = CASpringAnimation(keyPath: "position")
      spring.mass = 1
      spring.stiffness = \(k.text)
      spring.damping = \(c.text)
      spring.initialVelocity = \(velocity.text)  // travels per second, towards the target
      spring.fromValue = NSValue(cgPoint: CGPoint(x: \(ExportText.coordinate(from.x)), y: \(ExportText.coordinate(from.y))))
      spring.toValue = NSValue(cgPoint: CGPoint(x: \(ExportText.coordinate(to.x)), y: \(ExportText.coordinate(to.y))))
      spring.duration = spring.settlingDuration  // FeelLab's settling duration: \(settling.text) s
      layer.add(spring, forKey: "position")
      layer.position = CGPoint(x: \(ExportText.coordinate(to.x)), y: \(ExportText.coordinate(to.y)))
      """
  }
}
