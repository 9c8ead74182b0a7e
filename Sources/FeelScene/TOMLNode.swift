/// A TOML value as plain Swift values: what `TOMLParser` reads a file into, an immutable,
/// `Sendable` tree the scene reader works on.
package indirect enum TOMLNode: Sendable, Equatable {
  case string(String)
  case integer(Int)
  case float(Double)
  case boolean(Bool)
  case array([TOMLNode])
  case table([String: TOMLNode])
  /// A date, time or date-time, as written: valid TOML, never valid in a scene.
  case dateTime(String)

  /// Parses a TOML document into its top-level table; a syntax error becomes a `SceneError`
  /// with its line, column and the reader's words.
  /// A NUL byte is refused first, as not text (`feel` refuses such files earlier, with
  /// `TextFile`).
  package static func parse(_ text: String, file: String) throws(SceneError)
    -> [String: TOMLNode]
  {
    if let nul = text.utf8.firstIndex(of: 0) {
      let before = text.utf8[..<nul]
      let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
      let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { text.utf8.index(after: $0) }
      let column = text.utf8.distance(from: lineStart ?? text.utf8.startIndex, to: nul) + 1
      throw SceneError(
        file: file, line: line, column: column, key: "", expected: "valid TOML",
        got:
          "not a text file: a NUL byte at offset \(text.utf8.distance(from: text.utf8.startIndex, to: nul))"
      )
    }
    do {
      return try TOMLParser.parse(text)
    } catch {
      let (line, column) = position(of: error.offset, in: text)
      throw SceneError(
        file: file, line: line, column: column, key: "", expected: "valid TOML",
        got: error.message)
    }
  }

  /// The 1-based line and column (in Unicode characters, a leading byte order mark not
  /// counted) of the byte at `offset`.
  private static func position(of offset: Int, in text: String) -> (line: Int, column: Int) {
    var line = 1
    var lineStart = text.utf8.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var column = 1
    for (position, byte) in text.utf8.prefix(offset).enumerated() {
      if byte == UInt8(ascii: "\n") {
        line += 1
        lineStart = position + 1
        column = 1
      } else if position >= lineStart, byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }

  /// The value as an error message shows it after "got": `"four"`, `4`, `[1, "a"]`, `a table`.
  var shown: String {
    switch self {
    case .string(let text): "\"\(text)\""
    case .integer(let number): String(number)
    case .float(let number): String(number)
    case .boolean(let flag): String(flag)
    case .dateTime(let text): "the date/time \(text)"
    case .table: "a table"
    case .array(let elements):
      elements.count <= 6
        ? "[" + elements.map(\.shown).joined(separator: ", ") + "]"
        : "an array of \(elements.count) values"
    }
  }

  /// A number given as data (a JSON number) as TOML holds it written in its shortest form: an
  /// integer when whole and below 10¹⁵ (`5`), else a float (`0.5`, `1e+16`, `-0.0`).
  package static func number(_ x: Double) -> TOMLNode {
    x == x.rounded() && abs(x) < 1e15 && !(x == 0 && x.sign == .minus)
      ? .integer(Int(x)) : .float(x)
  }

  /// The number of an integer or float (TOML integers are accepted where floats are expected).
  var number: Double? {
    switch self {
    case .integer(let number): Double(number)
    case .float(let number): number
    default: nil
    }
  }
}
