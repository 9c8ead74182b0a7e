extension Tolerance {
  /// A centre the app set (pt, a double) as the engine holds it and UIKit reads it back:
  /// float32(0.01 × x) metres, then float32(100 × m), two float32 roundings (2⁻²³ each).
  public static let float32CentreReadBack = Tolerance(
    "centre through float32 metres", 3e-7, .relative)
  /// A content offset from the closed form, against the same formula through FeelLab's own
  /// exp and log (`PortableMath`, within an ulp or two of libm's).
  public static let decelerationClosedForm = Tolerance(
    "deceleration closed form, pt", 1e-9, .absolute)
}
