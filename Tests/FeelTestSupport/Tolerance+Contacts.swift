extension Tolerance {
  /// A contact's velocity impulse against the closed form of a frictionless collision: the
  /// block solver is exact for two symmetric points, up to float32 rounding of the masses,
  /// the normal and the impulses.
  public static let contactImpulse = Tolerance("contact impulse, float32", 1e-5, .relative)
  /// A float32 mass or inertia (kg, kg·m²) against its value in double: one or two roundings.
  public static let float32Mass = Tolerance("float32 mass", 3e-7, .relative)
}
