/// The damped spring closest to a sampled 1-D motion in least squares, with the motion's own
/// start: x(0) = the first sample, and the initial velocity that fits best, or the item's own
/// when the motion starts at a release (`velocityFixed`).
public struct SpringFit: Sendable, Equatable {
  /// The spring: ω and ζ.
  public var spring: DampedSpring
  /// Displacement at t = 0 (pt): the first sample, fixed.
  public var x0_pt: Double
  /// Initial velocity dx/dt at t = 0 (pt/s), fitted (negative towards the target when
  /// x0 > 0), or fixed (`velocityFixed`).
  public var v0_pt_s: Double
  /// Sum of squared residuals (pt²) at the optimum.
  public var residualSumOfSquares_pt2: Double
  /// Whether `v0_pt_s` was given (the item's velocity at a release), not fitted.
  public var velocityFixed = false

  /// The relative initial velocity a spring API starts from (travels/s), as the code prints
  /// it. An approach that starts at its target has no distance for one: not animated (0), its
  /// velocity lost, which its error shows.
  public func relativeVelocity(_ motion: ApproachMotion) -> (text: String, value: Double) {
    ExportNumber.rounded(
      motion.startsAtTarget
        ? 0 : SpringConversions.relativeVelocity(v0_pt_s: v0_pt_s, x0_pt: x0_pt))
  }

  /// The fitted motion at `t_s` (pt).
  public func displacement(at t_s: Double) -> Double {
    spring.displacement(at: t_s, x0_pt: x0_pt, v0_pt_s: v0_pt_s)
  }
}
