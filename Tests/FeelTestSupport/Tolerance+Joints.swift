extension Tolerance {
  /// Box2D 2.2.1's linear slop, 0.005 m = 0.5 pt: a rigid joint's position solve stops once
  /// its error is within it, so an anchor may sit that far from where the constraint puts it.
  public static let jointLinearSlop = Tolerance("joint linear slop, pt", 0.5, .absolute)
  /// Box2D 2.2.1's angular slop, 2° = 0.0349 rad: likewise for a joint's angle.
  public static let jointAngularSlop = Tolerance("joint angular slop, rad", 0.0349, .absolute)
  /// The small-angle period 2π√(I_pivot / (m g L)) against a pendulum swinging 0.05 rad:
  /// the finite amplitude lengthens it by θ₀²/16 = 1.6e-4, the sub-steps and the zero
  /// crossings interpolated between 60 Hz frames add less than 1e-4.
  public static let smallAnglePeriod = Tolerance("small-angle pendulum period", 1e-3, .relative)
}
