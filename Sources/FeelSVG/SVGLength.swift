/// A length attribute (`x`, `width`, `r`, `stroke-width`…): a number with an optional unit.
/// Absolute units convert at CSS's 96 px per inch; a percentage is of a reference length (the
/// view box's width, height or normalised diagonal). `em`, `ex` and other font-relative units
/// depend on fonts FeelLab does not have: they are refused.
public enum SVGLength {
  /// User units per unit.
  static let units: [String: Double] = [
    "": 1, "px": 1, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4, "q": 96 / 101.6, "pt": 96.0 / 72,
    "pc": 16,
  ]

  /// The length in user units; `percentOf` is what 100 % is. Throws with what was expected.
  public static func parse(_ text: String, percentOf reference: Double) throws(SVGSyntaxError)
    -> Double
  {
    var scanner = SVGScanner(text)
    scanner.skipWhitespace()
    let start = scanner.index
    let value: Double
    switch scanner.number() {
    case .number(let number): value = number
    case .none:
      throw scanner.error("a length (a number, unit optional)", at: start)
    case .outOfRange(let number):
      throw scanner.error("a length within ±1.8e308 (not \(number))", at: start)
    }
    let unitStart = scanner.index
    while let byte = scanner.current, !SVGScanner.isWhitespace(byte) { scanner.index += 1 }
    let unit = String(decoding: scanner.bytes[unitStart..<scanner.index], as: UTF8.self)
    scanner.skipWhitespace()
    guard scanner.isAtEnd else {
      throw scanner.error("the end of the length")
    }
    if unit == "%" { return value / 100 * reference }
    guard let factor = units[unit.lowercased()] else {
      throw scanner.error(
        "a unit of px, pt, pc, mm, cm, in, Q or % (font-relative units are not supported)",
        at: unitStart)
    }
    let result = value * factor
    guard result.isFinite else {
      throw scanner.error("a length within ±1.8e308", at: start)
    }
    return result
  }

  /// A list of numbers separated by whitespace and/or commas (`points`, `viewBox`).
  public static func numbers(_ text: String, what: String) throws(SVGSyntaxError) -> [Double] {
    var scanner = SVGScanner(text)
    var values: [Double] = []
    scanner.skipWhitespace()
    while !scanner.isAtEnd {
      if !values.isEmpty {
        let comma = scanner.skipCommaWhitespace()
        if scanner.isAtEnd {
          if comma {
            throw scanner.error("a number after ','")
          }
          break
        }
      }
      let start = scanner.index
      switch scanner.number() {
      case .number(let value): values.append(value)
      case .none:
        throw scanner.error("a number in \(what)", at: start)
      case .outOfRange(let number):
        throw scanner.error("a number within ±1.8e308 in \(what) (not \(number))", at: start)
      }
      scanner.skipWhitespace()
    }
    return values
  }
}
