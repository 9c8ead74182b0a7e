import TOMLKit

/// A TOML value copied out of TOMLKit into plain Swift values, so that the scene reader works
/// on an immutable, `Sendable` tree and only this file knows TOMLKit's node types.
indirect enum TOMLNode: Sendable, Equatable {
  case string(String)
  case integer(Int)
  case float(Double)
  case boolean(Bool)
  case array([TOMLNode])
  case table([String: TOMLNode])
  /// A date, time or date-time, as written: valid TOML, never valid in a scene.
  case dateTime(String)

  /// Parses a TOML document into its top-level table; a syntax error becomes a `SceneError`
  /// with the TOML reader's line, column and words.
  /// A NUL byte is refused first: TOMLKit reads a C string, so the document would silently end
  /// there (`feel` refuses such files earlier, with `TextFile`).
  static func parse(_ text: String, file: String) throws(SceneError) -> [String: TOMLNode] {
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
    if let failure = TOMLPreflight.firstFailure(in: text) {
      // TOML++ would get there only if the statements before are valid: report an error there
      // first, as TOML++ would.
      _ = try parse(
        String(decoding: text.utf8.prefix(failure.statementOffset), as: UTF8.self), file: file)
      throw SceneError(
        file: file, line: failure.line, column: failure.column, key: "",
        expected: "valid TOML", got: failure.message)
    }
    do {
      let table = try TOMLTable(string: text)
      // TOMLKit's table never frees the document it parsed (it has no deinit): emptied once
      // copied out, a long-running reader (feel-serve) keeps only the table's own few bytes
      // per document instead of all of it.
      defer { table.clear() }
      return fields(of: table)
    } catch let error as TOMLParseError {
      throw SceneError(
        file: file, line: error.source.begin.line, column: error.source.begin.column, key: "",
        expected: "valid TOML", got: lowercasingFirst(error.description))
    } catch {
      throw SceneError(file: file, key: "", expected: "valid TOML", got: "\(error)")
    }
  }

  /// "Error while parsing…" → "error while parsing…", to follow "TOML syntax: ".
  private static func lowercasingFirst(_ text: String) -> String {
    text.prefix(1).lowercased() + text.dropFirst()
  }

  private init(_ value: any TOMLValueConvertible) {
    switch value.type {
    case .string: self = .string(value.string ?? "")
    case .int: self = .integer(value.int ?? 0)
    case .double: self = .float(value.double ?? .nan)
    case .bool: self = .boolean(value.bool ?? false)
    case .array: self = .array(value.array.map { $0.map(TOMLNode.init) } ?? [])
    case .table: self = .table(value.table.map(Self.fields) ?? [:])
    case .date, .time, .dateTime: self = .dateTime(value.debugDescription)
    }
  }

  private static func fields(of table: TOMLTable) -> [String: TOMLNode] {
    var fields: [String: TOMLNode] = [:]
    for (key, value) in table { fields[key] = TOMLNode(value) }
    return fields
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

  /// The number of an integer or float (TOML integers are accepted where floats are expected).
  var number: Double? {
    switch self {
    case .integer(let number): Double(number)
    case .float(let number): number
    default: nil
    }
  }
}
