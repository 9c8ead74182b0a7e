/// FeelLab's one JSON writer: any `Encodable` value as JSON text, its object keys in the order
/// its `encode(to:)` encodes them (synthesized conformances: the order of the stored
/// properties), doubles with the CLI's digits (`JSONNumber`), strings escaped by `QuotedString`.
/// A nil optional is written `null` rather than left out: FeelLab's JSON contracts keep every
/// key. Foundation's `JSONEncoder` orders keys only by sorting them and writes doubles in their
/// shortest form, which the contracts' digits and key orders
/// (docs/development.md, "JSON") do not allow.
public struct JSONWriter: Sendable {
  /// How containers are laid out where a value does not choose (`JSONLayout.Laid`).
  public var layout: JSONLayout
  /// Also escape `<`, `>`, `&`, U+2028 and U+2029, so the text can sit in an HTML script
  /// element (the notebook's data scripts).
  public var scriptSafe: Bool

  public init(layout: JSONLayout = .lines, scriptSafe: Bool = false) {
    self.layout = layout
    self.scriptSafe = scriptSafe
  }

  /// `value` as JSON text, without a final line break. An error thrown by the value's own
  /// `encode(to:)` is a programming error (this writer throws none) and stops the program.
  public func text(_ value: some Encodable) -> String {
    let encoder = JSONNodeEncoder(codingPath: [])
    do {
      try value.encode(to: encoder)
    } catch {
      preconditionFailure("JSONWriter: \(type(of: value)) failed to encode: \(error)")
    }
    var out = ""
    write(encoder.node, layout: layout, depth: 0, to: &out)
    return out
  }

  /// `value` as JSON text ending with a line break, as the commands print it.
  public func line(_ value: some Encodable) -> String { text(value) + "\n" }

  private func write(
    _ node: JSONNode, layout inherited: JSONLayout, depth: Int, to out: inout String
  ) {
    switch node {
    case .literal(let text): out += text
    case .string(let s): QuotedString.append(s, to: &out, scriptSafe: scriptSafe)
    case .deferred(let encoder): write(encoder.node, layout: inherited, depth: depth, to: &out)
    case .container(let box):
      let layout = box.layout ?? inherited
      let (open, close): (String, String) = box.isObject ? ("{", "}") : ("[", "]")
      guard !box.values.isEmpty else {
        out += open + close
        return
      }
      let multiline =
        layout == .lines && (box.isObject || box.values.contains { $0.isContainer })
      let separator: String
      let keySeparator = layout == .compact ? ":" : ": "
      if multiline {
        separator = ",\n" + String(repeating: "  ", count: depth + 1)
        out += open + "\n" + String(repeating: "  ", count: depth + 1)
      } else {
        separator = layout == .compact ? "," : ", "
        out += open + (layout == .padded && box.isObject ? " " : "")
      }
      for (index, value) in box.values.enumerated() {
        if index > 0 { out += separator }
        if box.isObject {
          QuotedString.append(box.keys[index], to: &out, scriptSafe: scriptSafe)
          out += keySeparator
        }
        write(value, layout: layout, depth: depth + 1, to: &out)
      }
      if multiline {
        out += "\n" + String(repeating: "  ", count: depth) + close
      } else {
        out += (layout == .padded && box.isObject ? " " : "") + close
      }
    }
  }
}

/// How a container is laid out. Members of a container take its layout unless they choose
/// their own (`JSONLayout.Laid`).
public enum JSONLayout: Sendable, Equatable {
  /// `{"a":1,"b":[1,2]}`: no spaces (the notebook's data).
  case compact
  /// `{"a": 1, "b": [1, 2]}`: one line.
  case inline
  /// `{ "a": 1, "b": [1, 2] }`: one line, spaces inside an object's braces.
  case padded
  /// One member a line, indented two spaces a level; an array of scalars (numbers, strings,
  /// `true`, `false`, `null`) stays on one line, as `inline` writes it. Empty: `{}` and `[]`.
  case lines

  /// `value` written with `layout` (and its members too, unless they choose their own).
  /// Another encoder sees `value` itself.
  public struct Laid<Value: Encodable>: Encodable {
    public var layout: JSONLayout
    public var value: Value

    public init(_ layout: JSONLayout, _ value: Value) {
      self.layout = layout
      self.value = value
    }

    public func encode(to encoder: any Encoder) throws {
      (encoder as? JSONNodeEncoder)?.layout = layout
      try value.encode(to: encoder)
    }
  }
}
