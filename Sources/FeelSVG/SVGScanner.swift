/// Reads SVG's micro-syntaxes (path data, points, transform lists, view boxes, lengths) from
/// UTF-8 bytes: numbers in every form the grammar allows, flags, separators.
struct SVGScanner {
  let bytes: [UInt8]
  /// The byte offset of the next unread byte.
  var index = 0

  /// The text scanned, for messages.
  let text: String

  init(_ text: String) {
    self.text = text
    bytes = Array(text.utf8)
  }

  var isAtEnd: Bool { index >= bytes.count }
  var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  /// SVG whitespace: space, tab, line feed, form feed, carriage return.
  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
  }

  static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  mutating func skipWhitespace() {
    while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
  }

  /// Skips `wsp* ,? wsp*`; true if there was a comma.
  @discardableResult
  mutating func skipCommaWhitespace() -> Bool {
    skipWhitespace()
    guard current == UInt8(ascii: ",") else { return false }
    index += 1
    skipWhitespace()
    return true
  }

  /// Whether a number starts here: a sign, a digit, or a point followed by a digit.
  var isAtNumber: Bool {
    guard let byte = current else { return false }
    if Self.isDigit(byte) { return true }
    if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") {
      return true
    }
    return false
  }

  /// The outcome of reading a number.
  enum NumberResult {
    case number(Double)
    /// No number starts here (nothing read).
    case none
    /// The number overflows a Double ("1e999"); the scanner is past it.
    case outOfRange(String)
  }

  /// Reads `sign? (digits ('.' digits?)? | '.' digits) (('e'|'E') sign? digits)?`. An `e` not
  /// followed by digits is not part of the number ("1em": 1, then "em").
  mutating func number() -> NumberResult {
    let start = index
    var i = index
    if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
      i += 1
    }
    var digits = 0
    while i < bytes.count, Self.isDigit(bytes[i]) {
      i += 1
      digits += 1
    }
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
      var fraction = 0
      var j = i + 1
      while j < bytes.count, Self.isDigit(bytes[j]) {
        j += 1
        fraction += 1
      }
      if digits > 0 || fraction > 0 {
        i = j
        digits += fraction
      }
    }
    guard digits > 0 else { return .none }
    if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
      var j = i + 1
      if j < bytes.count, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") {
        j += 1
      }
      if j < bytes.count, Self.isDigit(bytes[j]) {
        while j < bytes.count, Self.isDigit(bytes[j]) { j += 1 }
        i = j
      }
    }
    index = i
    let text = String(decoding: bytes[start..<i], as: UTF8.self)
    guard let value = Self.parseDouble(text), value.isFinite else { return .outOfRange(text) }
    return .number(value)
  }

  /// The value of a number the grammar accepted; Swift's parser wants a digit before and
  /// after the point.
  private static func parseDouble(_ text: String) -> Double? {
    if let value = Double(text) { return value }
    var fixed = text
    if let point = fixed.firstIndex(of: ".") {
      let after = fixed.index(after: point)
      if after == fixed.endIndex || !fixed[after].isNumber { fixed.insert("0", at: after) }
      if point == fixed.startIndex || !fixed[fixed.index(before: point)].isNumber {
        fixed.insert("0", at: point)
      }
    }
    return Double(fixed)
  }

  /// Reads an arc flag: exactly one `0` or `1`.
  mutating func flag() -> Bool? {
    guard let byte = current, byte == UInt8(ascii: "0") || byte == UInt8(ascii: "1") else {
      return nil
    }
    index += 1
    return byte == UInt8(ascii: "1")
  }

  /// The character (Unicode scalar) at `byteOffset`, for messages; nil at the end.
  func character(at byteOffset: Int) -> String? {
    guard byteOffset < bytes.count else { return nil }
    var end = byteOffset + 1
    while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
    return String(decoding: bytes[byteOffset..<end], as: UTF8.self)
  }

  /// The syntax error at `byteOffset` (default: the current index): what was expected there,
  /// and the character found (nil at the end).
  func error(_ expected: String, at byteOffset: Int? = nil) -> SVGSyntaxError {
    let at = byteOffset ?? index
    return SVGSyntaxError(
      offset: characterOffset(at), expected: expected, got: character(at: at), text: text)
  }

  /// The offset of `byteOffset` in characters (Unicode scalars), as a person counts.
  func characterOffset(_ byteOffset: Int) -> Int {
    var count = 0
    for byte in bytes[0..<min(byteOffset, bytes.count)] where byte & 0xC0 != 0x80 { count += 1 }
    return count
  }
}
