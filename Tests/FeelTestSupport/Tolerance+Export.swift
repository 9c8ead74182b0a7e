extension Tolerance {
  /// A spring fitted to noise-free samples of a spring must give back its parameters (the
  /// issue's round trip).
  public static let springRoundTrip = Tolerance(
    "spring recovered from its samples", 1e-6, .relative)
  /// The fit of an attachment's simulated motion against the closed form of Box2D's sub-step
  /// (the issue asks for 1 %; float32 positions and the body's sleep are what is left).
  public static let steppedSpring = Tolerance("fit vs the stepped closed form", 0.01, .relative)
  /// Values computed two ways in double precision (eigenvalues of the same 2 × 2 map).
  public static let sameClosedForm = Tolerance("the same closed form, two ways", 1e-12, .relative)
  /// A parameter printed with the export's 4 significant digits, against its exact value: at
  /// most half a unit in the fourth digit.
  public static let printedParameter = Tolerance("4 printed digits", 5e-4, .relative)
  /// A number printed in prose with 3 significant digits (`ExportText.short`), against its
  /// exact value: at most half a unit in the third digit.
  public static let printedProse = Tolerance("3 printed digits", 5e-3, .relative)
}
