/// Finds the syntax errors that TOML++ 3.4 (inside TOMLKit) does not report but trips over: at
/// these places its parser goes on assuming a precondition that does not hold. SwiftPM builds
/// it without NDEBUG (debug and release alike), so the assertion aborts `feel` (with NDEBUG it
/// would be undefined behaviour). `TOMLNode.parse` refuses them itself, as syntax errors,
/// before TOMLKit sees the text. All were found by `make fuzz` (docs/fuzzing.md):
///
/// - a table header whose key cannot start where TOML++ expects one: `[` then a line break,
///   `[[[`, `[[=` (TOML++ asserts in `parse_key`; fixed upstream in marzer/tomlplusplus#301);
/// - an array with `}` where a value belongs: `a = [}`, `a = [1, }` (`parse_value`);
/// - U+0085, U+2028 or U+2029 outside strings and comments (TOML++ takes them for white space
///   that ends a value, then asserts in `parse_value` inside arrays). TOML's line breaks are
///   `\n` and `\r\n` only, so they are errors anywhere outside strings and comments;
/// - a date and `T` not followed by a digit (`1979-05-27T:00`): TOML++ asserts in `parse_time`;
/// - a NUL character written as an escape (`"\u0000"`) in a quoted key: TOMLKit passes keys as
///   C strings, so it cuts the key there, fails to find it again and traps on a forced unwrap
///   (`TOMLTableIterator`). It cuts string values at a NUL too, silently, so the escape is
///   refused in every string: no FeelLab string can hold one.
///
/// The scan follows TOML's statements (headers, `key = value` with values spanning lines inside
/// brackets and multi-line strings, comments) closely enough for valid text. On invalid text
/// TOML++ stops at its first error; `TOMLNode.parse` reports that one when it comes earlier.
enum TOMLPreflight {
  /// A place TOML++ would trip over.
  struct Failure: Equatable {
    /// Byte offset of the start of the statement holding it (0-based): the text before it is
    /// what TOML++ would read first.
    var statementOffset: Int
    /// 1-based line and column (in characters).
    var line: Int
    var column: Int
    /// The syntax error, in TOML++'s manner: `error while parsing array: …`.
    var message: String
  }

  /// The first such place in `text`, if any.
  static func firstFailure(in text: String) -> Failure? {
    var scanner = Scanner(bytes: Array(text.utf8))
    return scanner.run()
  }

  private struct Scanner {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var lineStart = 0
    var statementStart = 0

    init(bytes: [UInt8]) {
      self.bytes = bytes
    }

    mutating func run() -> Failure? {
      // A byte order mark starts no statement: TOML++ skips it.
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
      while index < bytes.count {
        statementStart = lineStart
        switch bytes[index] {
        case .space, .tab, .carriageReturn:
          index += 1
        case .newline:
          newline()
        case .hash:
          skipComment()
        case .openBracket:
          if let failure = checkHeader() { return failure }
          while index < bytes.count && bytes[index] != .newline && bytes[index] != .hash {
            if bytes[index] == .doubleQuote || bytes[index] == .singleQuote {
              if let failure = skipString() { return failure }
            } else {
              if let failure = checkSeparator() { return failure }
              index += 1
            }
          }
        default:
          if let failure = skipKeyValue() { return failure }
        }
      }
      return nil
    }

    /// At `[`: what follows `[` or `[[` (and spaces) must start a key, close the header or end
    /// the file; TOML++ reports anything else itself only after `[ [`.
    private mutating func checkHeader() -> Failure? {
      var position = index + 1
      let spaced = skipSpaces(&position)
      if position < bytes.count && bytes[position] == .openBracket && !spaced {
        position += 1
        _ = skipSpaces(&position)
      }
      index = position
      guard position < bytes.count else { return nil }
      let byte = bytes[position]
      if Self.startsKey(byte) || byte == .closeBracket { return nil }
      if spaced && byte == .openBracket { return nil }
      return failure(
        at: position,
        "error while parsing table header: expected a bare key or a quoted key, saw "
          + shown(at: position))
    }

    /// `key = value`: the key (quoted parts included) up to `=`, then the value, which may span
    /// lines inside brackets and multi-line strings, up to the line break that ends it.
    private mutating func skipKeyValue() -> Failure? {
      while index < bytes.count && bytes[index] != .equals && bytes[index] != .newline {
        if bytes[index] == .doubleQuote || bytes[index] == .singleQuote {
          if let failure = skipString() { return failure }
        } else {
          if let failure = checkSeparator() { return failure }
          index += 1
        }
      }
      guard index < bytes.count, bytes[index] == .equals else { return nil }
      index += 1
      // The open brackets: true for an array, false for an inline table.
      var arrays: [Bool] = []
      // After `[`, or `,` in an array: a value (or `]`) comes next.
      var expectingValue = false
      while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case .space, .tab, .carriageReturn:
          index += 1
          continue
        case .newline:
          if arrays.isEmpty { return nil }
          newline()
          continue
        case .hash:
          skipComment()
          continue
        default:
          break
        }
        if expectingValue && byte == .closeBrace {
          return failure(
            at: index, "error while parsing array: expected a value, ',' or ']', saw '}'")
        }
        expectingValue = false
        switch byte {
        case .doubleQuote, .singleQuote:
          if let failure = skipString() { return failure }
        case .openBracket:
          arrays.append(true)
          expectingValue = true
          index += 1
        case .openBrace:
          arrays.append(false)
          index += 1
        case .closeBracket, .closeBrace:
          _ = arrays.popLast()
          index += 1
        case .comma:
          expectingValue = arrays.last == true
          index += 1
        default:
          if let failure = checkSeparator() ?? checkDateTime() { return failure }
          index += 1
        }
      }
      return nil
    }

    /// `YYYY-MM-DDT` (or `t`) followed by something other than a digit, at the start of a value
    /// token at `index`: TOML++ takes the token for a date-time and reads a time there.
    private func checkDateTime() -> Failure? {
      let digit = UInt8(ascii: "0")...UInt8(ascii: "9")
      let start = index
      guard start + 11 < bytes.count, digit.contains(bytes[start]) else { return nil }
      if start > 0 {
        let before = bytes[start - 1]
        if digit.contains(before) || Self.startsKey(before) || before == UInt8(ascii: ".")
          || before == UInt8(ascii: ":") || before == UInt8(ascii: "+")
        {
          return nil
        }
      }
      let pattern = Array("0000-00-00".utf8)
      for (offset, expected) in pattern.enumerated() {
        let byte = bytes[start + offset]
        if expected == UInt8(ascii: "-") ? byte != expected : !digit.contains(byte) { return nil }
      }
      guard bytes[start + 10] == UInt8(ascii: "T") || bytes[start + 10] == UInt8(ascii: "t"),
        !digit.contains(bytes[start + 11])
      else { return nil }
      return failure(
        at: start + 11,
        "error while parsing date-time: expected a time (HH:MM:SS) after '"
          + String(decoding: bytes[start...(start + 10)], as: UTF8.self) + "', saw "
          + shown(at: start + 11))
    }

    /// U+0085, U+2028 or U+2029 (outside strings and comments) at `index`.
    private func checkSeparator() -> Failure? {
      let code: String
      switch (bytes[index], bytes.count - index) {
      case (0xC2, 2...) where bytes[index + 1] == 0x85: code = "U+0085"
      case (0xE2, 3...) where bytes[index + 1] == 0x80 && bytes[index + 2] == 0xA8: code = "U+2028"
      case (0xE2, 3...) where bytes[index + 1] == 0x80 && bytes[index + 2] == 0xA9: code = "U+2029"
      default: return nil
      }
      return failure(
        at: index,
        "expected TOML outside strings and comments, saw \(code) (TOML's line breaks are "
          + "\\n and \\r\\n)")
    }

    private func failure(at position: Int, _ message: String) -> Failure {
      Failure(
        statementOffset: statementStart, line: line,
        column: String(decoding: bytes[lineStart..<position], as: UTF8.self).count + 1,
        message: message)
    }

    private func shown(at position: Int) -> String {
      switch bytes[position] {
      case .newline, .carriageReturn: return "end of line"
      default:
        var end = position + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "'" + String(decoding: bytes[position..<end], as: UTF8.self) + "'"
      }
    }

    /// `[A-Za-z0-9_-]`, or a quote.
    private static func startsKey(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
        .doubleQuote, .singleQuote:
        return true
      default:
        return false
      }
    }

    private func skipSpaces(_ position: inout Int) -> Bool {
      let start = position
      while position < bytes.count && (bytes[position] == .space || bytes[position] == .tab) {
        position += 1
      }
      return position > start
    }

    /// A basic, literal or multi-line string, counting the line breaks inside it; a failure for
    /// an escaped NUL character.
    private mutating func skipString() -> Failure? {
      let quote = bytes[index]
      let multiline =
        index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote
      index += multiline ? 3 : 1
      while index < bytes.count {
        let byte = bytes[index]
        if byte == .backslash && quote == .doubleQuote {
          if index + 1 < bytes.count && bytes[index + 1] == .newline {
            index += 1
            newline()
          } else if escapesNUL(at: index) {
            return failure(
              at: index, "a NUL character (\\u0000) in a string: no FeelLab string can hold one")
          } else {
            index += 2
          }
          continue
        }
        if byte == .newline {
          if !multiline { return nil }
          newline()
          continue
        }
        if byte == quote {
          if !multiline {
            index += 1
            return nil
          }
          if index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote {
            index += 3
            // Up to two more quotes belong to the string's content.
            var extra = 0
            while extra < 2 && index < bytes.count && bytes[index] == quote {
              index += 1
              extra += 1
            }
            return nil
          }
        }
        index += 1
      }
      return nil
    }

    /// `\u0000` or `\U00000000` at `position` (the backslash).
    private func escapesNUL(at position: Int) -> Bool {
      guard position + 1 < bytes.count else { return false }
      let digits =
        switch bytes[position + 1] {
        case UInt8(ascii: "u"): 4
        case UInt8(ascii: "U"): 8
        default: 0
        }
      guard digits > 0, position + 1 + digits < bytes.count else { return false }
      return bytes[(position + 2)...(position + 1 + digits)].allSatisfy { $0 == UInt8(ascii: "0") }
    }

    private mutating func skipComment() {
      while index < bytes.count && bytes[index] != .newline { index += 1 }
    }

    private mutating func newline() {
      index += 1
      line += 1
      lineStart = index
    }
  }
}
