import FeelScene

/// The motion as a Core Animation `CASpringAnimation` on unit mass, with its initial velocity
/// and FeelLab's settling duration (see `SettlingDuration`).
public struct CASpringExport: Sendable, Equatable {
  /// `mass`: 1.
  public var mass: Double
  /// `stiffness` (mass × 1/s²), as printed.
  public var stiffness: Double
  /// `damping` (mass × 1/s), as printed.
  public var damping: Double
  /// `initialVelocity`: travels per second, positive towards the target, as printed; along the
  /// release line for a 2-D approach.
  public var initialVelocity: Double
  /// A 2-D approach: each axis's animation's `initialVelocity` (travels per second on that
  /// axis, positive towards the target, as printed); nil for an axis that does not travel, or
  /// a 1-D approach.
  public var initialVelocityX: Double?
  public var initialVelocityY: Double?
  /// Settling duration of the printed spring (s), as printed.
  public var settlingDuration_s: Double
  /// The errors of the printed spring against UIKit's motion.
  public var error: FitError
  /// The code to paste.
  public var code: String

  public init(_ fit: SpringFit, motion: ApproachMotion, planar: PlanarSpringFit? = nil) {
    mass = 1
    let k = ExportNumber.rounded(SpringConversions.stiffness(omega_rad_s: fit.spring.omega_rad_s))
    let c = ExportNumber.rounded(
      SpringConversions.damping(
        omega_rad_s: fit.spring.omega_rad_s, dampingRatio: fit.spring.dampingRatio))
    let velocity = fit.relativeVelocity(motion)
    stiffness = k.value
    damping = c.value
    initialVelocity = velocity.value
    let spring = SpringConversions.spring(mass: 1, stiffness: k.value, damping: c.value)
    let note = ExportText.velocityNote(motion, relative: true).map { "// " + $0 + "\n" }.joined()
    if let planar {
      let axes = ExportAxes(planar, motion: motion)
      initialVelocityX = axes.x.relative?.value
      initialVelocityY = axes.y.relative?.value
      let settling = ExportNumber.rounded(axes.settlingDuration_s(spring))
      settlingDuration_s = settling.value
      let error = FitError(motion) { axes.model(spring, at: motion.t_s[$0]) }
      self.error = error
      let from = ExportText.startPoint(motion)
      let to = motion.target.point_pt
      var lines = [
        "// Core Animation: \(motion.label) of \"\(motion.itemID)\", fitted to "
          + "\(ExportText.simulated(motion)), one CASpringAnimation per axis",
        "// (\(ExportText.errorSummary(error, motion: motion))).",
      ]
      lines += ExportText.velocityNote(motion, relative: true).map { "// " + $0 }
      lines.append(
        "let from = CGPoint(x: \(ExportText.coordinate(from.x)), y: \(ExportText.coordinate(from.y)))"
      )
      lines.append(
        "let to = CGPoint(x: \(ExportText.coordinate(to.x)), y: \(ExportText.coordinate(to.y)))")
      if axes.fromRelease {
        lines.append(
          "let v = pan.velocity(in: view.superview)  // at the lift (.ended), pt/s")
      }
      for axis in axes.both {
        let n = axis.name
        guard axis.relative != nil else {
          lines.append("// \(n) travels no distance: not animated")
          continue
        }
        let velocity = axes.relativeCode(
          axis, gesture: "v.\(n)", offset: "(from.\(n) - to.\(n))")
        lines += [
          "let \(n) = CASpringAnimation(keyPath: \"position.\(n)\")",
          "\(n).mass = 1",
          "\(n).stiffness = \(k.text)",
          "\(n).damping = \(c.text)",
          "\(n).initialVelocity = \(velocity.code)\(velocity.note)",
          "\(n).fromValue = from.\(n)",
          "\(n).toValue = to.\(n)",
          "\(n).duration = \(n).settlingDuration  // FeelLab's settling duration of the later axis: "
            + "\(settling.text) s",
          "layer.add(\(n), forKey: \"position.\(n)\")",
        ]
      }
      lines.append("layer.position = to")
      code = lines.joined(separator: "\n")
      return
    }
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
    if motion.startsAtTarget {
      code = """
        // Core Animation: \(motion.label) of "\(motion.itemID)", fitted to \(ExportText.simulated(motion))
        // (\(ExportText.errorSummary(error, motion: motion))).
        \(ExportText.atTargetNote(motion, fit: fit).map { "// " + $0 + "\n" }.joined())// The spring: mass 1, stiffness \(k.text), damping \(c.text).
        layer.position = CGPoint(x: \(ExportText.coordinate(to.x)), y: \(ExportText.coordinate(to.y)))  // not animated: at the target already
        """
      return
    }
    code = """
      // Core Animation: \(motion.label) of "\(motion.itemID)", fitted to \(ExportText.simulated(motion))
      // (\(ExportText.errorSummary(error, motion: motion))).
      \(note)let spring = CASpringAnimation(keyPath: "position")
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
