import Foundation

/// A request body's JSON, as read by Foundation's decoder: numbers as doubles (JSON has no
/// NaN or infinity), booleans apart from numbers.
enum JSONValue: Decodable, Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// Each kind is tried in turn (a decoder cannot be asked a value's kind), the most frequent
  /// in requests and live messages first: a failed try builds and throws an error, so every kind
  /// tried before the right one costs an error, and the order decides the reading time
  /// (docs/server-measurements.md, "Measured").
  /// Foundation's decoder never reads a number as a Bool or a Bool as a number, so the order
  /// changes no result.
  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([String: JSONValue].self) {
      self = .object(value)
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else {
      self = .array(try container.decode([JSONValue].self))
    }
  }

  /// Parses `bytes`; nil if they are not one JSON value.
  static func parse(_ bytes: [UInt8]) -> JSONValue? {
    try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))
  }

  /// How a message shows the value: its JSON kind, with a short string or number quoted.
  var shown: String {
    switch self {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .number(let value):
      value == value.rounded() && abs(value) < 1e15
        ? String(Int64(value)) : value.description
    case .string(let value):
      value.count <= 60 ? "\"\(value)\"" : "a string of \(value.count) characters"
    case .array(let values): "an array of \(values.count)"
    case .object: "an object"
    }
  }
}
