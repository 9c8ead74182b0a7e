import FeelScene

/// The motion as a Jetpack Compose `spring(dampingRatio, stiffness)` driving an `Animatable`
/// with the fitted initial velocity.
public struct ComposeSpringExport: Sendable, Equatable {
  /// `dampingRatio`, as printed.
  public var dampingRatio: Double
  /// `stiffness` (1/s², unit mass), as printed.
  public var stiffness: Double
  /// `initialVelocity` of `Animatable.animateTo` (pt/s in the animated value's units: the
  /// displacement along the release line, negative towards the target), as printed.
  public var initialVelocity_pt_s: Double
  /// A 2-D approach, animated as one `Animatable<Offset>`: the initial velocity on each axis
  /// (pt/s, x right, y down), as printed; nil for a 1-D approach.
  public var initialVelocityX_pt_s: Double?
  public var initialVelocityY_pt_s: Double?
  /// The errors of the printed spring against UIKit's motion.
  public var error: FitError
  /// The code to paste.
  public var code: String

  public init(_ fit: SpringFit, motion: ApproachMotion, planar: PlanarSpringFit? = nil) {
    let zeta = ExportNumber.rounded(fit.spring.dampingRatio)
    let k = ExportNumber.rounded(
      SpringConversions.composeStiffness(omega_rad_s: fit.spring.omega_rad_s))
    let v0 = ExportNumber.rounded(fit.v0_pt_s)
    dampingRatio = zeta.value
    stiffness = k.value
    initialVelocity_pt_s = v0.value
    let spring = DampedSpring(
      omega_rad_s: SpringConversions.omega_rad_s(composeStiffness: k.value),
      dampingRatio: zeta.value)
    let note = ExportText.velocityNote(motion, relative: false).map { "// " + $0 + "\n" }.joined()
    if let planar {
      let x0 = planar.x0_pt
      let vx = ExportNumber.rounded(planar.v0_pt_s.x)
      let vy = ExportNumber.rounded(planar.v0_pt_s.y)
      initialVelocityX_pt_s = vx.value
      initialVelocityY_pt_s = vy.value
      let error = FitError(motion) { i in
        let t = motion.t_s[i]
        return Point(
          spring.displacement(at: t, x0_pt: x0.x, v0_pt_s: vx.value),
          spring.displacement(at: t, x0_pt: x0.y, v0_pt_s: vy.value))
      }
      self.error = error
      let sx = ExportNumber.rounded(x0.x, digits: 6)
      let sy = ExportNumber.rounded(x0.y, digits: 6)
      let source =
        motion.releaseVelocity_pt_s == nil
        ? "" : "  // the release velocity: VelocityTracker.calculateVelocity() at the lift"
      code = """
        // Jetpack Compose: \(motion.label) of "\(motion.itemID)", fitted to \(ExportText.simulated(motion)), one Offset animation
        // (\(ExportText.errorSummary(error, motion: motion))).
        \(note)// The value is the offset from the target in pt, x right and y down (use dp).
        val offset = remember { Animatable(Offset(\(sx.text)f, \(sy.text)f), Offset.VectorConverter) }
        LaunchedEffect(Unit) {
            offset.animateTo(
                targetValue = Offset.Zero,
                animationSpec = spring(dampingRatio = \(zeta.text)f, stiffness = \(k.text)f),
                initialVelocity = Offset(\(vx.text)f, \(vy.text)f),\(source)
            )
        }
        """
      return
    }
    let error = FitError(motion) {
      spring.displacement(at: motion.t_s[$0], x0_pt: fit.x0_pt, v0_pt_s: v0.value)
    }
    self.error = error
    let x0 = ExportNumber.rounded(fit.x0_pt, digits: 6)
    let value =
      motion.quantity == .angle
      ? "The value is the angle from the target, in degrees (rotationZ = "
        + "\(ExportText.coordinate(motion.target.point_pt.x)) + value)."
      : "The value is the offset from the target along the release line, in pt (use dp)."
    code = """
      // Jetpack Compose: \(motion.label) of "\(motion.itemID)", fitted to \(ExportText.simulated(motion))
      // (\(ExportText.errorSummary(error, motion: motion))).
      \(note)// \(value)
      val offset = remember { Animatable(\(x0.text)f) }
      LaunchedEffect(Unit) {
          offset.animateTo(
              targetValue = 0f,
              animationSpec = spring(dampingRatio = \(zeta.text)f, stiffness = \(k.text)f),
              initialVelocity = \(v0.text)f,
          )
      }
      """
  }
}
