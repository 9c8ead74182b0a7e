/// The scalar values of TOML 1.0: strings (basic and literal, on one line or several), integers
/// (decimal, hexadecimal, octal, binary), floats, and dates and times (kept as written: valid
/// TOML, never a valid FeelLab value).
extension TOMLParser {
  // MARK: - Strings

  /// `"…"` (basic), or with `multiline` also `"""…"""`: escapes, no control character but tab
  /// (and in the multi-line form line breaks, `\r\n` read as `\n`, and `\` ending a line, which
  /// trims the white space up to the next character).
  mutating func basicString(multiline: Bool = false) throws(Failure) -> String {
    try quotedString(.doubleQuote, multiline: multiline, "string")
  }

  /// `'…'` (literal), or with `multiline` also `'''…'''`: as a basic string without escapes.
  mutating func literalString(multiline: Bool = false) throws(Failure) -> String {
    try quotedString(.singleQuote, multiline: multiline, "literal string")
  }

  /// A basic (`quote` `"`) or literal (`'`) string, named `context` in messages.
  private mutating func quotedString(_ quote: UInt8, multiline: Bool, _ context: String)
    throws(Failure) -> String
  {
    let isMultiline = multiline && bytes[index...].starts(with: [quote, quote, quote])
    index += isMultiline ? 3 : 1
    if isMultiline { skipFirstLineBreak() }
    var text: [UInt8] = []
    while true {
      guard let byte = peek else {
        throw Failure(
          offset: index, message: "error while parsing \(context): encountered end-of-file")
      }
      switch byte {
      case quote:
        if !isMultiline {
          index += 1
          return String(decoding: text, as: UTF8.self)
        }
        if closesMultiline(quote, into: &text) { return String(decoding: text, as: UTF8.self) }
      case .backslash where quote == .doubleQuote:
        if isMultiline, trimsLineEnd() { continue }
        try escape(into: &text)
      case .newline where isMultiline:
        text.append(.newline)
        index += 1
      case .carriageReturn
      where isMultiline && index + 1 < bytes.count && bytes[index + 1] == .newline:
        text.append(.newline)
        index += 2
      default:
        if Self.isControl(byte) {
          throw Failure(
            offset: index,
            message: "error while parsing \(context): "
              + (quote == .doubleQuote ? "unescaped control characters" : "control characters")
              + " other than TAB (U+0009) are explicitly prohibited")
        }
        text.append(byte)
        index += 1
      }
    }
  }

  /// A line break right after a multi-line string's opening quotes is not part of it.
  private mutating func skipFirstLineBreak() {
    if peek == .newline {
      index += 1
    } else if peek == .carriageReturn, index + 1 < bytes.count, bytes[index + 1] == .newline {
      index += 2
    }
  }

  /// At a quote of a multi-line string: a run of fewer than three is text; three close it, and
  /// one or two more right before them are text too. True when it closed.
  private mutating func closesMultiline(_ quote: UInt8, into text: inout [UInt8]) -> Bool {
    var run = 0
    while index + run < bytes.count, bytes[index + run] == quote { run += 1 }
    if run < 3 {
      text.append(contentsOf: repeatElement(quote, count: run))
      index += run
      return false
    }
    let inside = min(run - 3, 2)
    text.append(contentsOf: repeatElement(quote, count: inside))
    index += inside + 3
    return true
  }

  /// At `\` in a multi-line basic string: when only spaces follow it on its line, skips them,
  /// the line break and every space and line break after it. True when it did.
  private mutating func trimsLineEnd() -> Bool {
    var end = index + 1
    while end < bytes.count, bytes[end] == .space || bytes[end] == .tab { end += 1 }
    let breaks =
      end < bytes.count
      && (bytes[end] == .newline
        || (bytes[end] == .carriageReturn && end + 1 < bytes.count && bytes[end + 1] == .newline))
    guard breaks else { return false }
    index = end
    while let byte = peek {
      switch byte {
      case .space, .tab, .newline: index += 1
      case .carriageReturn where index + 1 < bytes.count && bytes[index + 1] == .newline:
        index += 2
      default: return true
      }
    }
    return true
  }

  /// `\b \t \n \f \r \" \\ \uXXXX \UXXXXXXXX`, appended as UTF-8.
  private mutating func escape(into text: inout [UInt8]) throws(Failure) {
    let start = index
    index += 1
    guard let code = peek else {
      throw Failure(offset: index, message: "error while parsing string: encountered end-of-file")
    }
    let simple: UInt8? =
      switch code {
      case UInt8(ascii: "b"): 0x08
      case UInt8(ascii: "t"): .tab
      case UInt8(ascii: "n"): .newline
      case UInt8(ascii: "f"): 0x0C
      case UInt8(ascii: "r"): .carriageReturn
      case .doubleQuote: .doubleQuote
      case .backslash: .backslash
      default: nil
      }
    if let simple {
      text.append(simple)
      index += 1
      return
    }
    let digits =
      switch code {
      case UInt8(ascii: "u"): 4
      case UInt8(ascii: "U"): 8
      default: 0
      }
    guard digits > 0 else {
      throw Failure(
        offset: index,
        message: "error while parsing string: unknown escape sequence '\\"
          + String(
            decoding: bytes[index..<(index + Self.characterLength(at: index, in: bytes))],
            as: UTF8.self) + "'")
    }
    index += 1
    var value: UInt32 = 0
    for _ in 0..<digits {
      guard let byte = peek, let digit = Self.hexValue(byte) else {
        throw Failure(
          offset: index,
          message: "error while parsing unicode scalar sequence: expected a hexadecimal digit, saw "
            + (peek == nil ? "end of file" : shown(at: index)))
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    guard value != 0 else {
      throw Failure(
        offset: start,
        message: "a NUL character (\\u0000) in a string: no FeelLab string can hold one")
    }
    guard let scalar = Unicode.Scalar(value) else {
      throw Failure(
        offset: start,
        message: "error while parsing unicode scalar sequence: "
          + (value <= 0xDFFF
            ? "unicode surrogates (U+D800 - U+DFFF) are explicitly prohibited"
            : "values greater than U+10FFFF are invalid"))
    }
    text.append(contentsOf: UTF8.encode(scalar)!)
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// The bytes of the UTF-8 character starting at `position`.
  static func characterLength(at position: Int, in bytes: [UInt8]) -> Int {
    var end = position + 1
    while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
    return end - position
  }

  // MARK: - Numbers

  /// An integer, a float, or a date or time (four digits and `-`, or two digits and `:`).
  mutating func numberOrDate() throws(Failure) -> TOMLNode {
    let start = index
    if digits(at: start, 4), byte(at: start + 4) == UInt8(ascii: "-") { return try dateTime() }
    if digits(at: start, 2), byte(at: start + 2) == UInt8(ascii: ":") { return try dateTime() }
    var end = start
    while end < bytes.count, Self.isNumberByte(bytes[end]) { end += 1 }
    return try number(start, end)
  }

  private func byte(at position: Int) -> UInt8? {
    position < bytes.count ? bytes[position] : nil
  }

  /// Whether `count` decimal digits start at `position`.
  private func digits(at position: Int, _ count: Int) -> Bool {
    guard position + count <= bytes.count else { return false }
    return bytes[position..<(position + count)].allSatisfy(Self.isDigit)
  }

  static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// The bytes a number's token runs over (its errors are found inside it).
  private static func isNumberByte(_ byte: UInt8) -> Bool {
    isBareKey(byte) || byte == UInt8(ascii: "+") || byte == .dot
  }

  /// The number written in `bytes[start..<end]`.
  private mutating func number(_ start: Int, _ end: Int) throws(Failure) -> TOMLNode {
    var position = start
    func failure(_ context: String, _ message: String) -> Failure {
      Failure(offset: position, message: "error while parsing \(context): \(message)")
    }
    func saw() -> String { position < bytes.count ? shown(at: position) : "end of file" }
    var negative = false
    if bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
      negative = bytes[position] == UInt8(ascii: "-")
      position += 1
    }
    for (word, value) in [("inf", Double.infinity), ("nan", Double.nan)] {
      if bytes[position..<end].elementsEqual(word.utf8) {
        index = end
        return .float(negative ? -value : value)
      }
    }
    // 0x, 0o, 0b: unsigned, digits of the base with underscores between them.
    if position == start, end - position > 1, bytes[position] == UInt8(ascii: "0"),
      let (radix, context) = Self.prefixes[bytes[position + 1]]
    {
      position += 2
      let digitsStart = position
      try underscoredDigits(&position, end, context) {
        Self.hexValue($0).map { Int($0) < radix } ?? false
      }
      guard position == end else { throw failure(context, "expected digit, saw \(saw())") }
      let text = String(
        decoding: bytes[digitsStart..<end].filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
      guard let value = Int(text, radix: radix) else {
        throw failure(
          context,
          "'\(String(decoding: bytes[start..<end], as: UTF8.self))' is not representable in 64 bits"
        )
      }
      index = end
      return .integer(value)
    }
    var context = "decimal integer"
    let intStart = position
    try underscoredDigits(&position, end, context, Self.isDigit)
    if bytes[intStart] == UInt8(ascii: "0"), position - intStart > 1 {
      position = intStart + 1
      throw failure(context, "leading zeroes are prohibited")
    }
    var isFloat = false
    if position < end, bytes[position] == .dot {
      isFloat = true
      context = "floating-point"
      position += 1
      try underscoredDigits(
        &position, end, "floating-point", Self.isDigit, expected: "decimal digit")
    }
    if position < end, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")
    {
      isFloat = true
      context = "floating-point"
      position += 1
      if position < end,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      try underscoredDigits(
        &position, end, "floating-point", Self.isDigit, expected: "decimal digit")
    }
    guard position == end else {
      throw failure(context, "expected \(isFloat ? "decimal digit" : "digit"), saw \(saw())")
    }
    let text = String(
      decoding: bytes[start..<end].filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
    index = end
    if isFloat { return .float(Double(text) ?? .nan) }
    guard let value = Int(text) else {
      throw failure(
        context,
        "'\(String(decoding: bytes[start..<end], as: UTF8.self))' is not representable in 64 bits")
    }
    return .integer(value)
  }

  private static let prefixes: [UInt8: (Int, String)] = [
    UInt8(ascii: "x"): (16, "hexadecimal integer"), UInt8(ascii: "o"): (8, "octal integer"),
    UInt8(ascii: "b"): (2, "binary integer"),
  ]

  /// Digits (as `isDigit` says), each `_` between two of them; at least one. Stops at the first
  /// byte that is neither.
  private func underscoredDigits(
    _ position: inout Int, _ end: Int, _ context: String, _ isDigit: (UInt8) -> Bool,
    expected: String = "digit"
  ) throws(Failure) {
    guard position < end, isDigit(bytes[position]) else {
      throw Failure(
        offset: position,
        message: "error while parsing \(context): expected \(expected), saw "
          + (position < bytes.count ? shown(at: position) : "end of file"))
    }
    position += 1
    while position < end {
      if isDigit(bytes[position]) {
        position += 1
      } else if bytes[position] == UInt8(ascii: "_") {
        position += 1
        guard position < end, isDigit(bytes[position]) else {
          throw Failure(
            offset: position,
            message: "error while parsing \(context): underscores may only follow digits")
        }
      } else {
        return
      }
    }
  }

  // MARK: - Dates and times

  /// `1979-05-27`, `1979-05-27T07:32:00`, with a fraction of a second and an offset (`Z`,
  /// `-07:00`), the `T` written `t` or a space; or `07:32:00`. Checked (a real date, hours to
  /// 23, seconds to 59) and kept as written.
  private mutating func dateTime() throws(Failure) -> TOMLNode {
    let start = index
    if byte(at: start + 4) == UInt8(ascii: "-") {
      try date()
      let delimiter = index
      switch peek {
      case UInt8(ascii: "T")?, UInt8(ascii: "t")?:
        index += 1
        guard digits(at: index, 1) else {
          throw Failure(
            offset: index,
            message: "error while parsing date-time: expected a time (HH:MM:SS) after '"
              + String(decoding: bytes[start...delimiter], as: UTF8.self) + "', saw "
              + (peek == nil ? "end of file" : shown(at: index)))
        }
      case .space? where digits(at: index + 1, 2) && byte(at: index + 3) == UInt8(ascii: ":"):
        index += 1
      default:
        return .dateTime(String(decoding: bytes[start..<index], as: UTF8.self))
      }
      try time()
      switch peek {
      case UInt8(ascii: "Z")?, UInt8(ascii: "z")?:
        index += 1
      case UInt8(ascii: "+")?, UInt8(ascii: "-")?:
        index += 1
        try field(2, "time offset", "hours", 0...23)
        try separator(":", "time offset")
        try field(2, "time offset", "minutes", 0...59)
      default:
        break
      }
    } else {
      try time()
    }
    return .dateTime(String(decoding: bytes[start..<index], as: UTF8.self))
  }

  private mutating func date() throws(Failure) {
    let year = try field(4, "date", "year", 0...9999)
    try separator("-", "date")
    let month = try field(2, "date", "month", 1...12)
    try separator("-", "date")
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    try field(2, "date", "day", 1...days)
  }

  private mutating func time() throws(Failure) {
    try field(2, "time", "hour", 0...23)
    try separator(":", "time")
    try field(2, "time", "minute", 0...59)
    try separator(":", "time")
    try field(2, "time", "second", 0...59)
    if peek == .dot {
      index += 1
      guard digits(at: index, 1) else {
        throw Failure(
          offset: index,
          message: "error while parsing time: expected fractional digits, saw "
            + (peek == nil ? "end of file" : shown(at: index)))
      }
      while let byte = peek, Self.isDigit(byte) { index += 1 }
    }
  }

  /// `count` digits, their number within `range`.
  @discardableResult
  private mutating func field(
    _ count: Int, _ context: String, _ name: String, _ range: ClosedRange<Int>
  ) throws(Failure) -> Int {
    guard digits(at: index, count) else {
      var position = index
      while position < index + count, position < bytes.count, Self.isDigit(bytes[position]) {
        position += 1
      }
      throw Failure(
        offset: position,
        message: "error while parsing \(context): expected \(count)-digit \(name), saw "
          + (position < bytes.count ? shown(at: position) : "end of file"))
    }
    let value = bytes[index..<(index + count)].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    guard range.contains(value) else {
      throw Failure(
        offset: index,
        message: "error while parsing \(context): expected \(name) between \(range.lowerBound) "
          + "and \(range.upperBound) (inclusive), saw \(value)")
    }
    index += count
    return value
  }

  private mutating func separator(_ character: Unicode.Scalar, _ context: String) throws(Failure) {
    guard peek == UInt8(ascii: character) else {
      throw Failure(
        offset: index,
        message: "error while parsing \(context): expected '\(character)', saw "
          + (peek == nil ? "end of file" : shown(at: index)))
    }
    index += 1
  }
}
