import FeelCore

/// The `transform` attribute's grammar (SVG 1.1 §7.6): a list of `matrix(a b c d e f)`,
/// `translate(tx [ty])`, `scale(sx [sy])`, `rotate(angle [cx cy])`, `skewX(angle)` and
/// `skewY(angle)`, separated by whitespace and/or commas; numbers comma- or space-separated;
/// angles in degrees, lengths in user units. The functions apply right to left.
public enum SVGTransformListParser {
  public static func parse(_ text: String) throws(SVGSyntaxError) -> AffineTransform {
    var scanner = SVGScanner(text)
    func error(_ expected: String, at offset: Int? = nil) -> SVGSyntaxError {
      scanner.error(expected, at: offset)
    }
    var result = AffineTransform.identity
    scanner.skipWhitespace()
    var first = true
    while !scanner.isAtEnd {
      if !first {
        scanner.skipCommaWhitespace()
        if scanner.isAtEnd { throw error("a transform function after ','") }
      }
      first = false
      let nameStart = scanner.index
      while let byte = scanner.current,
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
          || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      {
        scanner.index += 1
      }
      let name = String(decoding: scanner.bytes[nameStart..<scanner.index], as: UTF8.self)
      let counts: [String: [Int]] = [
        "matrix": [6], "translate": [1, 2], "scale": [1, 2], "rotate": [1, 3], "skewX": [1],
        "skewY": [1],
      ]
      guard let allowed = counts[name] else {
        throw error(
          "a transform function (matrix, translate, scale, rotate, skewX, skewY)", at: nameStart)
      }
      scanner.skipWhitespace()
      guard scanner.current == UInt8(ascii: "(") else { throw error("'(' after '\(name)'") }
      scanner.index += 1
      scanner.skipWhitespace()
      var values: [Double] = []
      while scanner.current != UInt8(ascii: ")") {
        if !values.isEmpty { scanner.skipCommaWhitespace() }
        let start = scanner.index
        switch scanner.number() {
        case .number(let value): values.append(value)
        case .none:
          let what = allowed.contains(values.count) ? "a number or ')'" : "a number"
          throw error("\(what) in '\(name)(…)'")
        case .outOfRange(let number):
          throw error("a number within ±1.8e308 in '\(name)(…)' (not \(number))", at: start)
        }
        scanner.skipWhitespace()
      }
      guard allowed.contains(values.count) else {
        let wanted = allowed.map(String.init).joined(separator: " or ")
        throw error("\(wanted) numbers in '\(name)(…)', not \(values.count)")
      }
      scanner.index += 1
      let v = values
      let function: AffineTransform
      switch name {
      case "matrix":
        function = AffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
      case "translate": function = AffineTransform(translationX: v[0], y: v.count > 1 ? v[1] : 0)
      case "scale": function = AffineTransform(scaleX: v[0], y: v.count > 1 ? v[1] : v[0])
      case "rotate":
        let (cx, cy) = v.count == 3 ? (v[1], v[2]) : (0, 0)
        // Moved to the centre, turned, moved back (SVG's translate(c) rotate translate(-c)).
        let turn = AffineTransform.rotation(degrees: v[0])
          .concatenating(AffineTransform(translationX: cx, y: cy))
        function = AffineTransform(translationX: -cx, y: -cy).concatenating(turn)
      case "skewX": function = .skewX(degrees: v[0])
      default: function = .skewY(degrees: v[0])
      }
      result = function.concatenating(result)
      scanner.skipWhitespace()
    }
    return result
  }
}
