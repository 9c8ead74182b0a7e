/// `JSONWriter`'s `Encoder`: it records what a value encodes, in order, for the writer to lay
/// out. Scalars are their literal text already (numbers through `JSONNumber`); strings are
/// escaped when written.
final class JSONNodeEncoder: Encoder {
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  /// The layout of the container this encoder is about to make (`JSONLayout.Laid`).
  var layout: JSONLayout?
  /// What was encoded: `{}` until something is.
  private(set) var node: JSONNode = .literal("{}")

  init(codingPath: [any CodingKey]) { self.codingPath = codingPath }

  func setLiteral(_ text: String) { node = .literal(text) }
  func set(_ node: JSONNode) { self.node = node }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(
      JSONKeyedContainer<Key>(box: box(isObject: true), codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    JSONUnkeyedContainer(box: box(isObject: false), codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    JSONSingleValueContainer(encoder: self)
  }

  /// The container this encoder holds (asking twice gives the same one, as Foundation's does).
  private func box(isObject: Bool) -> JSONBox {
    if case .container(let box) = node, box.isObject == isObject { return box }
    let box = JSONBox(isObject: isObject, layout: layout)
    node = .container(box)
    return box
  }

  /// `value` as a node: a scalar directly, anything else through its `encode(to:)` (its coding
  /// path is made only then: a live frame's members are mostly scalars).
  static func node<T: Encodable>(_ value: T, at path: @autoclosure () -> [any CodingKey]) throws
    -> JSONNode
  {
    if let scalar = scalar(value) { return scalar }
    let encoder = JSONNodeEncoder(codingPath: path())
    try value.encode(to: encoder)
    return encoder.node
  }

  /// The standard library's scalars (an optional holding one included), and `JSONNumber`.
  static func scalar(_ value: some Encodable) -> JSONNode? {
    switch value {
    case let n as JSONNumber: .literal(n.text)
    case let s as String: .string(s)
    case let x as Double: .literal(JSONNumber(x).text)
    case let x as Float: .literal(JSONNumber(Double(x)).text)
    case let b as Bool: .literal(b ? "true" : "false")
    case let n as any BinaryInteger: .literal(String(describing: n))
    default: nil
    }
  }
}

/// What a value encodes to. A super-encoder's node is read when the text is written.
enum JSONNode {
  /// A number, `true`, `false` or `null`.
  case literal(String)
  /// A string, escaped when written.
  case string(String)
  case container(JSONBox)
  case deferred(JSONNodeEncoder)

  var resolved: JSONNode {
    if case .deferred(let encoder) = self { return encoder.node.resolved }
    return self
  }

  var isContainer: Bool {
    if case .container = resolved { return true }
    return false
  }
}

/// An object's keys and values, or an array's values, in the order they were encoded.
final class JSONBox {
  let isObject: Bool
  let layout: JSONLayout?
  private(set) var keys: [String] = []
  private(set) var values: [JSONNode] = []

  init(isObject: Bool, layout: JSONLayout?) {
    self.isObject = isObject
    self.layout = layout
  }

  func append(_ value: JSONNode, key: String? = nil) {
    if let key { keys.append(key) }
    values.append(value)
  }
}

private struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let box: JSONBox
  let codingPath: [any CodingKey]

  mutating func encodeNil(forKey key: Key) { box.append(.literal("null"), key: key.stringValue) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    box.append(try JSONNodeEncoder.node(value, at: codingPath + [key]), key: key.stringValue)
  }

  // The scalar requirements, each through the generic one.
  mutating func encode(_ value: Bool, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: String, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: Double, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: Float, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: Int, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { try put(value, key) }

  // A nil optional is `null`, not a missing key (the standard library's defaults leave it out).
  mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
    try put(value, key)
  }
  mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try put(value, key) }
  mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try put(value, key) }
  mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try put(value, key) }
  mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try put(value, key) }
  mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try put(value, key) }
  mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try put(value, key) }
  mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try put(value, key) }
  mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try put(value, key) }
  mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try put(value, key) }
  mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try put(value, key) }
  mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try put(value, key) }
  mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try put(value, key) }
  mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try put(value, key) }
  mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try put(value, key) }

  private func put(_ value: some Encodable, _ key: Key) throws {
    box.append(try JSONNodeEncoder.node(value, at: codingPath + [key]), key: key.stringValue)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested = JSONBox(isObject: true, layout: nil)
    box.append(.container(nested), key: key.stringValue)
    return KeyedEncodingContainer(
      JSONKeyedContainer<NestedKey>(box: nested, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = JSONBox(isObject: false, layout: nil)
    box.append(.container(nested), key: key.stringValue)
    return JSONUnkeyedContainer(box: nested, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder { superEncoder(named: "super") }
  mutating func superEncoder(forKey key: Key) -> any Encoder {
    superEncoder(named: key.stringValue)
  }

  private func superEncoder(named name: String) -> any Encoder {
    let encoder = JSONNodeEncoder(codingPath: codingPath)
    box.append(.deferred(encoder), key: name)
    return encoder
  }
}

private struct JSONUnkeyedContainer: UnkeyedEncodingContainer {
  let box: JSONBox
  let codingPath: [any CodingKey]
  var count: Int { box.values.count }

  mutating func encodeNil() { box.append(.literal("null")) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    box.append(try JSONNodeEncoder.node(value, at: codingPath + [JSONIndexKey(count)]))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let nested = JSONBox(isObject: true, layout: nil)
    let path = codingPath + [JSONIndexKey(count)]
    box.append(.container(nested))
    return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(box: nested, codingPath: path))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let nested = JSONBox(isObject: false, layout: nil)
    let path = codingPath + [JSONIndexKey(count)]
    box.append(.container(nested))
    return JSONUnkeyedContainer(box: nested, codingPath: path)
  }

  mutating func superEncoder() -> any Encoder {
    let encoder = JSONNodeEncoder(codingPath: codingPath + [JSONIndexKey(count)])
    box.append(.deferred(encoder))
    return encoder
  }
}

private struct JSONSingleValueContainer: SingleValueEncodingContainer {
  let encoder: JSONNodeEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  mutating func encodeNil() { encoder.setLiteral("null") }

  mutating func encode<T: Encodable>(_ value: T) throws {
    if let scalar = JSONNodeEncoder.scalar(value) {
      encoder.set(scalar)
    } else {
      try value.encode(to: encoder)
    }
  }
}

/// An array element's place in a coding path.
private struct JSONIndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "Index \(intValue ?? 0)" }
  init(_ index: Int) { intValue = index }
  init?(intValue: Int) { self.intValue = intValue }
  init?(stringValue: String) { nil }
}
