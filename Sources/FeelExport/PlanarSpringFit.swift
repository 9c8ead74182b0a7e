import FeelScene

/// One damped spring for a 2-D motion (`SpringFitter.fitPlanar`): x and y on screen axes, each
/// the spring's motion from its own start and initial velocity, with the same ω and ζ: what a
/// position animation (Compose's `Animatable<Offset>`) or one spring per axis (SwiftUI, Core
/// Animation) draws.
public struct PlanarSpringFit: Sendable, Equatable {
  /// The spring: ω and ζ, shared by both axes.
  public var spring: DampedSpring
  /// Displacement from the target at t = 0 (pt, x right, y down): the first sample, fixed.
  public var x0_pt: Point
  /// Initial velocity at t = 0 (pt/s, x right, y down): fitted per axis, or fixed to the item's
  /// velocity at a release (`velocityFixed`).
  public var v0_pt_s: Point
  /// Sum of squared residuals over both axes (pt²) at the optimum.
  public var residualSumOfSquares_pt2: Double
  /// Whether `v0_pt_s` was given (the item's velocity at a release), not fitted.
  public var velocityFixed: Bool

  /// The fitted displacement from the target at `t_s` (pt, screen axes).
  public func displacement(at t_s: Double) -> Point {
    Point(
      spring.displacement(at: t_s, x0_pt: x0_pt.x, v0_pt_s: v0_pt_s.x),
      spring.displacement(at: t_s, x0_pt: x0_pt.y, v0_pt_s: v0_pt_s.y))
  }
}
