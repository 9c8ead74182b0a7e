import Foundation

/// C's `%.9g` (nine significant digits, shortest of fixed and exponent form, trailing zeros
/// dropped), the form every CSV number of FeelLab takes, written without Foundation's
/// `String(format:)`: every CSV number goes through here, so its cost is a sweep's cost
/// (docs/performance.md, "Other figures").
///
/// The nine digits are the double scaled by an exact power of ten (one correctly rounded
/// multiplication or division) and rounded to an integer. That rounding is certain unless the
/// scaled value lies within `tieGuard` of a half-integer (its error is below 6·10⁻⁸ for values
/// under 10⁹); those values, the rare exponents beyond 10²², and non-finite numbers go to
/// `String(format:)`, so every output equals C's, ties (half to even) included.
public enum NineDigits {
  /// How close to a half-integer the scaled value may come before the exact path decides.
  static let tieGuard = 1e-6

  /// Exact powers of ten as doubles (10²² is the last one a double holds exactly).
  private static let powers: [Double] = (0...22).map { k in
    var p = 1.0
    for _ in 0..<k { p *= 10 }
    return p
  }

  /// The CLI's number: `format(x)`, but `0` for −0 (the CSV's and every JSON's digits).
  public static func number(_ x: Double) -> String {
    x == 0 ? "0" : format(x)
  }

  /// `String(format: "%.9g", x)`.
  public static func format(_ x: Double) -> String {
    var bytes: [UInt8] = []
    append(x, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `String(format: "%.9g", x)` as UTF-8.
  public static func append(_ x: Double, to bytes: inout [UInt8]) {
    if let (negative, digits, exponent) = nineDigits(x) {
      render(negative: negative, digits: digits, exponent: exponent, to: &bytes)
    } else {
      bytes.append(contentsOf: String(format: "%.9g", x).utf8)
    }
  }

  /// The fast path's digits: the sign, nine digits d₀…d₈ and the exponent of d₀; nil where it
  /// cannot be sure of the rounding.
  private static func nineDigits(_ x: Double) -> (Bool, UInt64, Int)? {
    guard x.isFinite, x != 0 else { return nil }
    let a = abs(x)
    var e = Int(log10(a).rounded(.down))
    var digits: UInt64 = 0
    var settled = false
    for _ in 0..<3 {
      guard let scaled = scaled(a, toNineDigitsWithExponent: e) else { return nil }
      let floor = scaled.rounded(.down)
      if abs(scaled - floor - 0.5) < tieGuard { return nil }
      let n = UInt64(scaled.rounded(.toNearestOrAwayFromZero))
      if n < 100_000_000 {
        e -= 1
      } else if n >= 1_000_000_000 {
        e += 1
      } else {
        digits = n
        settled = true
        break
      }
    }
    guard settled else { return nil }
    return (x < 0, digits, e)
  }

  /// a × 10^(8 − e): nine digits before the point; nil when that needs an inexact power.
  private static func scaled(_ a: Double, toNineDigitsWithExponent e: Int) -> Double? {
    let k = 8 - e
    if k >= 0 {
      guard k < powers.count else { return nil }
      return a * powers[k]
    }
    guard -k < powers.count else { return nil }
    return a / powers[-k]
  }

  /// Powers of ten as integers, 10⁰ to 10⁸.
  private static let integerPowers: [UInt64] = (0...8).map { k in
    var p: UInt64 = 1
    for _ in 0..<k { p *= 10 }
    return p
  }

  /// Appends ±d.dddddddd × 10^exponent as `%g` shows it (`digits` has nine digits).
  private static func render(negative: Bool, digits: UInt64, exponent: Int, to out: inout [UInt8]) {
    // Significant digits left once trailing zeros go (index of the last one, 0 to 8).
    var last = 8
    var rest = digits
    while last > 0 && rest % 10 == 0 {
      rest /= 10
      last -= 1
    }
    func digit(_ i: Int) -> UInt8 {
      UInt8(truncatingIfNeeded: digits / integerPowers[8 - i] % 10) &+ 0x30
    }
    if negative { out.append(0x2D) }
    if exponent >= -4 && exponent < 9 {
      if exponent >= 0 {
        for i in 0...exponent { out.append(digit(i)) }
        if last > exponent {
          out.append(0x2E)
          for i in (exponent + 1)...last { out.append(digit(i)) }
        }
      } else {
        out.append(0x30)
        out.append(0x2E)
        for _ in 0..<(-exponent - 1) { out.append(0x30) }
        for i in 0...last { out.append(digit(i)) }
      }
    } else {
      out.append(digit(0))
      if last > 0 {
        out.append(0x2E)
        for i in 1...last { out.append(digit(i)) }
      }
      out.append(0x65)
      out.append(exponent < 0 ? 0x2D : 0x2B)
      let magnitude = abs(exponent)
      if magnitude >= 100 { out.append(UInt8(magnitude / 100) &+ 0x30) }
      out.append(UInt8(magnitude / 10 % 10) &+ 0x30)
      out.append(UInt8(magnitude % 10) &+ 0x30)
    }
  }
}
