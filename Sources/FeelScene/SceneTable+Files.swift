/// What readers of files other than scenes (experiments, controls) need of a table besides the
/// typed accessors: lines, values as messages show them, and plain values for keys that hold
/// anything (a `[fixed]` value, a skin's setting).
extension SceneTable {
  /// The file's name as messages give it.
  package var file: String { source.file }

  /// The line of `key` in this table (the table's own line when the key is absent).
  package func line(of key: String) -> Int? { source.map.line(of: key, in: path) }

  /// The table's keys, in no particular order.
  package var keys: [String] { Array(fields.keys) }

  /// The value of `key` as messages show it after "got": `"four"`, `4`, `[1, "a"]`.
  package func shown(_ key: String) -> String? { fields[key]?.shown }

  /// Whether `key` holds a table (a `[key]` section or an inline `{ … }`).
  package func isTable(_ key: String) -> Bool {
    if case .table = fields[key] { return true }
    return false
  }

  /// A plain value: a string, a number, a boolean, or an array of them.
  package enum Value: Sendable, Equatable {
    case string(String)
    case number(Double)
    case boolean(Bool)
    /// An array (of plain values; nested tables are reported as `.other`).
    case array([Value])
    /// A table, a date or a time: never a plain value.
    case other
  }

  /// The value of `key`, converted to a plain value; nil when absent. Integers become numbers
  /// (NaN and infinities are kept: the caller decides).
  package func value(_ key: String) -> Value? {
    fields[key].map(Self.plain)
  }

  private static func plain(_ node: TOMLNode) -> Value {
    switch node {
    case .string(let text): .string(text)
    case .integer(let number): .number(Double(number))
    case .float(let number): .number(number)
    case .boolean(let flag): .boolean(flag)
    case .array(let elements): .array(elements.map(plain))
    case .table, .dateTime: .other
    }
  }

  /// This table's keys and those of the tables nested in it, flattened to dotted keys: `a.b = 1` and
  /// `"a.b" = 1` both give `a.b`. Values are plain values.
  package func flattened() -> [(key: String, value: Value)] {
    var result: [(key: String, value: Value)] = []
    func walk(_ prefix: String, _ fields: [String: TOMLNode]) {
      for key in fields.keys.sorted() {
        let path = prefix.isEmpty ? key : prefix + "." + key
        if case .table(let nested) = fields[key]! {
          walk(path, nested)
        } else {
          result.append((path, Self.plain(fields[key]!)))
        }
      }
    }
    walk("", fields)
    return result
  }
}

extension SceneTable {
  /// The table at `key` (a `[key]` section, an inline `{ … }`, or `[parent.key]` in an element
  /// table), labelled `label`; nil when absent; an error saying `expected` when `key` holds
  /// something else.
  package func section(_ key: String, label: String, expected: String) throws(SceneError)
    -> SceneTable?
  {
    guard let value = fields[key] else { return nil }
    guard case .table(let fields) = value else {
      throw error(key, expected: expected, got: value.shown)
    }
    return nested(key, 0, fields: fields, label: label)
  }
}
