/// A JSON value built as data, where the shape itself is data (the notebook's columns, a
/// control's settings): objects keep their members in the order given. `JSONWriter` writes
/// it like any `Encodable`; a shape known in advance is better a type of its own.
public indirect enum JSONTree: Sendable, Equatable, Encodable {
  case null
  case bool(Bool)
  case int(Int)
  case number(JSONNumber)
  case string(String)
  case array([JSONTree])
  /// Members in the given order.
  case object([(String, JSONTree)])

  public static func == (a: JSONTree, b: JSONTree) -> Bool {
    JSONWriter(layout: .compact).text(a) == JSONWriter(layout: .compact).text(b)
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .bool(let b):
      var container = encoder.singleValueContainer()
      try container.encode(b)
    case .int(let n):
      var container = encoder.singleValueContainer()
      try container.encode(n)
    case .number(let x): try x.encode(to: encoder)
    case .string(let s):
      var container = encoder.singleValueContainer()
      try container.encode(s)
    case .array(let items):
      var container = encoder.unkeyedContainer()
      for item in items { try container.encode(item) }
    case .object(let members):
      var container = encoder.container(keyedBy: JSONMemberKey.self)
      for (key, value) in members { try container.encode(value, forKey: JSONMemberKey(key)) }
    }
  }
}

/// An object's members whose keys are data (metric names, axis names), in the order given.
public struct JSONMembers<Value: Encodable>: Encodable {
  public var members: [(key: String, value: Value)]

  public init(_ members: [(key: String, value: Value)]) { self.members = members }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: JSONMemberKey.self)
    for (key, value) in members { try container.encode(value, forKey: JSONMemberKey(key)) }
  }
}

/// A key that is data.
struct JSONMemberKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }
  init(_ key: String) { stringValue = key }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
