import FeelScene

/// A value written into the notebook's data scripts as a JavaScript literal (a JSON subset).
///
/// Strings are escaped for any context a script can sit in: besides JSON's `"`, `\` and
/// control characters, `<`, `>` and `&` become `\u003c`, `\u003e` and `\u0026` (so a name
/// holding `</script>` or `<!--` cannot end or confuse a script element), and the line
/// separators U+2028 and U+2029 (legal in JSON, not in older JavaScript) are escaped too.
public indirect enum JSLiteral: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int)
  /// A finite double in its shortest exact form; non-finite values are written as null.
  case number(Double)
  case string(String)
  case array([JSLiteral])
  /// Keys in the given order.
  case object([(String, JSLiteral)])

  public static func == (a: JSLiteral, b: JSLiteral) -> Bool { a.text == b.text }

  /// The literal as JavaScript source text.
  public var text: String {
    var out = ""
    write(to: &out)
    return out
  }

  public func write(to out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .int(let i): out += String(i)
    case .number(let x): out += Self.number(x)
    case .string(let s): Self.writeString(s, to: &out)
    case .array(let items):
      out += "["
      for (i, item) in items.enumerated() {
        if i > 0 { out += "," }
        item.write(to: &out)
      }
      out += "]"
    case .object(let fields):
      out += "{"
      for (i, (key, value)) in fields.enumerated() {
        if i > 0 { out += "," }
        Self.writeString(key, to: &out)
        out += ":"
        value.write(to: &out)
      }
      out += "}"
    }
  }

  /// A double as JavaScript prints it back: the shortest decimal that round-trips, without a
  /// trailing `.0`; `null` when not finite.
  public static func number(_ x: Double) -> String {
    guard x.isFinite else { return "null" }
    if x == 0 { return "0" }
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return x.description
  }

  /// `s` as a double-quoted JavaScript string literal, safe inside a script element.
  public static func string(_ s: String) -> String {
    var out = ""
    writeString(s, to: &out)
    return out
  }

  static func writeString(_ s: String, to out: inout String) {
    QuotedString.append(s, to: &out, scriptSafe: true)
  }
}

extension JSLiteral {
  /// An optional double: null when nil.
  public static func number(_ x: Double?) -> JSLiteral { x.map { .number($0) } ?? .null }
  public static func strings(_ items: [String]) -> JSLiteral { .array(items.map { .string($0) }) }
  public static func ints(_ items: [Int]) -> JSLiteral { .array(items.map { .int($0) }) }
  public static func numbers(_ items: [Double?]) -> JSLiteral { .array(items.map { .number($0) }) }
}
