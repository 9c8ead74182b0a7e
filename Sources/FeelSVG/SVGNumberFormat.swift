import Foundation

/// Numbers as the emitters write them: the shortest decimal that reads back as the same
/// Double, after snapping to 6 decimal places when that changes the value by at most 1e-12
/// relative (so 60.482 − 17.859 prints 42.623, not 42.623000000000005). No "-0", no ".0".
public enum SVGNumberFormat {
  public static func format(_ value: Double) -> String {
    let number = snapped(value)
    if number == 0 { return "0" }
    var text = "\(number)"
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
  }

  /// The value `format` writes: snapped to 6 decimal places when that is within 1e-12
  /// relative, 0 for a value that is not finite.
  public static func snapped(_ value: Double) -> Double {
    guard value.isFinite else { return 0 }
    let snapped = (value * 1e6).rounded() / 1e6
    if snapped.isFinite, abs(snapped - value) <= 1e-12 * max(1, abs(value)) { return snapped }
    return value
  }

  /// Rounded to `places` decimals (at most 0.5·10^-places off), then as `format`: the canvas
  /// data's compact numbers.
  public static func rounded(_ value: Double, places: Int) -> String {
    let scale = pow(10.0, Double(places))
    let rounded = (value * scale).rounded() / scale
    return format(rounded.isFinite ? rounded : value)
  }
}
