import FeelEngine

/// A value as a scene file writes it back (`SceneSchema.pieces`): the few TOML shapes scene
/// files use.
public indirect enum WrittenValue: Sendable, Equatable {
  /// In its shortest exact form (`ScenePieces.number`).
  case number(Double)
  case integer(Int)
  /// A TOML basic string.
  case string(String)
  case boolean(Bool)
  /// `[a, b, …]` on one line.
  case array([WrittenValue])
  /// `{ key = value, … }` on one line.
  case inline([WrittenEntry])
  /// An array of inline tables, one a line: `[`, `  { … },` for each, `]`.
  case inlineTables([[WrittenEntry]])

  /// `[x, y]`.
  static func point(_ p: Point) -> WrittenValue { .array([.number(p.x), .number(p.y)]) }

  /// The value's text, as the writer writes it.
  public var text: String {
    var pieces = ScenePieces()
    pieces.write(self)
    return pieces.text
  }
}

/// A key and its written value.
public struct WrittenEntry: Sendable, Equatable {
  public var key: String
  public var value: WrittenValue
}

/// A scene file's text as pieces: fixed text, and the value tokens (numbers, strings, booleans)
/// between them. Scenes that differ only in values give pieces that differ only in value
/// tokens: the notebook stores one template per experiment and the values of each point.
public struct ScenePieces: Sendable, Equatable {
  /// A piece of the text: fixed text, or one value token.
  public enum Piece: Sendable, Equatable {
    case text(String)
    case value(String)
  }

  public private(set) var pieces: [Piece] = []

  public init() {}

  /// The whole text.
  public var text: String {
    pieces.map {
      switch $0 {
      case .text(let t): t
      case .value(let v): v
      }
    }.joined()
  }

  /// Appends fixed text (joined to the previous piece when that is text too).
  public mutating func text(_ t: String) {
    if case .text(let previous) = pieces.last {
      pieces[pieces.count - 1] = .text(previous + t)
    } else {
      pieces.append(.text(t))
    }
  }

  mutating func value(_ v: String) { pieces.append(.value(v)) }

  /// `key = value` and a line break.
  mutating func line(_ key: String, _ value: WrittenValue) {
    text(key + " = ")
    write(value)
    text("\n")
  }

  mutating func write(_ value: WrittenValue) {
    switch value {
    case .number(let x): self.value(Self.number(x))
    case .integer(let n): self.value(String(n))
    case .string(let s): self.value(QuotedString.quoted(s))
    case .boolean(let b): self.value(b ? "true" : "false")
    case .array(let elements):
      text("[")
      for (i, element) in elements.enumerated() {
        if i > 0 { text(", ") }
        write(element)
      }
      text("]")
    case .inline(let entries):
      text("{ ")
      for (i, entry) in entries.enumerated() {
        text((i > 0 ? ", " : "") + entry.key + " = ")
        write(entry.value)
      }
      text(" }")
    case .inlineTables(let tables):
      text("[")
      for table in tables {
        text("\n  ")
        write(.inline(table))
        text(",")
      }
      text(tables.isEmpty ? "]" : "\n]")
    }
  }

  /// A number in its shortest exact form (`160`, `0.35`, `3.141592653589793`, `1e-05`), which
  /// TOML reads back to the same double.
  public static func number(_ x: Double) -> String {
    if x == 0 { return "0" }
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return x.description
  }
}
