import Foundation

/// Numbers as the exported code prints them.
public enum ExportNumber {
  /// `x` to `digits` significant digits, in plain decimal notation without trailing zeros
  /// ("0.3812", "556.2", "1500"), and the value that text stands for.
  public static func rounded(_ x: Double, digits: Int = ExportDefaults.significantDigits) -> (
    text: String, value: Double
  ) {
    guard x.isFinite, x != 0 else { return ("0", 0) }
    let magnitude = Int(floor(log10(abs(x))))
    let decimals = max(0, digits - 1 - magnitude)
    let scale = pow(10.0, Double(digits - 1 - magnitude))
    let r = (x * scale).rounded() / scale
    var text = String(format: "%.\(decimals)f", r)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    if text == "-0" { text = "0" }
    return (text, Double(text) ?? r)
  }

  /// A scene value (pt, s) for comments and code: integers without a decimal point, others in
  /// their shortest round-trip form.
  public static func plain(_ x: Double) -> String {
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return "\(x)"
  }
}
