import FeelCore
import FeelSweep
import Foundation

/// A JSON object being decoded (Foundation's `JSONDecoder`) as one of the server's bodies or
/// live messages, read through its `RequestTable`, with the contract's messages for what is
/// wrong: the key, what was expected, what came (`<request>: key 'touches': expected an array
/// of touches, got an object`). Every refusal is a `RequestError` sent as an
/// `APIError.badRequest`.
struct RequestObject {
  let container: KeyedDecodingContainer<JSONKey>
  let table: RequestTable
  /// What a message names in place of a file: `<request>`, or a live message's type.
  let file: String
  /// What a message puts before a key's name: `touches[0].` in a body's touch.
  let prefix: String

  /// The object `decoder` holds, whose keys must all be among `table`'s (the first other key
  /// in sorted order is refused, with the nearest allowed name).
  init(
    _ decoder: any Decoder, table: RequestTable, file: String = APIRequest.textName,
    prefix: String = ""
  ) throws {
    container = try decoder.container(keyedBy: JSONKey.self)
    self.table = table
    self.file = file
    self.prefix = prefix
    let names = table.names
    for key in container.allKeys.map(\.stringValue).sorted() where !names.contains(key) {
      throw error(
        key, expected: table.unknownExpected, got: "an unknown key",
        suggestion: NameSuggestion.closest(to: key, among: names))
    }
  }

  private init(_ other: RequestObject, file: String) {
    container = other.container
    table = other.table
    self.file = file
    prefix = ""
  }

  /// The same object, its messages naming `file` (the body: `<request>`).
  func renamed(_ file: String) -> RequestObject { RequestObject(self, file: file) }

  func has(_ key: String) -> Bool { container.contains(JSONKey(key)) }

  /// The refusal of `key` (under this object's prefix).
  func error(_ key: String, expected: String, got: String?, suggestion: String? = nil)
    -> APIError
  {
    RequestError(
      file: file, key: prefix + key, expected: expected, got: got, suggestion: suggestion
    ).badRequest
  }

  func refusal(_ key: String, expected: String, got: String) -> APIError {
    error(key, expected: expected, got: got)
  }

  /// The value of `key` as `T`; nil when the key is absent, a refusal in the words of its row
  /// (or `expected`) when it holds another kind of value (null included).
  func value<T: Decodable>(_ type: T.Type, _ key: String, expected: String? = nil) throws -> T? {
    guard has(key) else { return nil }
    let checked = try container.decode(Checked<T>.self, forKey: JSONKey(key))
    guard let value = checked.value else {
      throw refusal(key, expected: expected ?? table.key(key).expected, got: checked.shown)
    }
    return value
  }

  /// Which key of `key`'s choice the body gives (`RequestTable.choices`): refused, in the
  /// choice's words, when it gives neither or both. A key of no choice must be given.
  func chosen(_ key: String) throws(APIError) -> String {
    guard let choice = table.choice(of: key) else {
      try RequestPath.given(self, key)
      return key
    }
    let given = choice.keys.filter(has)
    switch given.count {
    case 1: return given[0]
    case 0: throw error(choice.none.key, expected: choice.none.expected, got: "nothing")
    default: throw error(choice.both.key, expected: choice.both.expected, got: "both")
    }
  }

  /// The value of `key` as `T`, which must be there.
  func required<T: Decodable>(_ type: T.Type, _ key: String, expected: String? = nil) throws -> T {
    guard let value = try value(T.self, key, expected: expected) else {
      let row = expected == nil ? table.key(key) : nil
      throw refusal(
        key, expected: expected ?? row?.missing ?? row!.expected, got: "nothing")
    }
    return value
  }
}

/// Any member name of a JSON object, or an index of an array.
struct JSONKey: CodingKey {
  var stringValue: String
  var intValue: Int?

  init(_ name: String) {
    stringValue = name
  }

  init?(stringValue: String) { self.init(stringValue) }

  init?(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }
}

/// What came where something else was expected, as a message shows it: its JSON kind, with a
/// short string or a number given as it is (`"fast"`, `0.5`, `an array of 3`, `an object`).
struct Received: Decodable {
  let shown: String

  init(from decoder: any Decoder) throws {
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      shown = "null"
    } else if let value = try? single.decode(Bool.self) {
      shown = value ? "true" : "false"
    } else if let value = try? single.decode(Double.self) {
      shown = Self.number(value)
    } else if let value = try? single.decode(String.self) {
      shown = Self.quoted(value)
    } else if let array = try? decoder.unkeyedContainer() {
      shown = "an array of \(array.count ?? 0)"
    } else {
      _ = try decoder.container(keyedBy: JSONKey.self)
      shown = "an object"
    }
  }

  /// A string as messages show it: quoted, or its length when long.
  static func quoted(_ value: String) -> String {
    value.count <= 60 ? "\"\(value)\"" : "a string of \(value.count) characters"
  }

  /// A number as messages show it: whole numbers without a fraction.
  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : value.description
  }

  /// What `bytes` hold, shown; nil if they are not JSON.
  static func shown(_ bytes: [UInt8]) -> String? {
    try? JSONDecoder().decode(Received.self, from: Data(bytes)).shown
  }
}

/// A value of `set`: an experiment path's value (docs/experiments.md#paths).
enum SetValue: Decodable {
  case number(Double)
  case string(String)
  case boolean(Bool)

  init(from decoder: any Decoder) throws {
    let single = try decoder.singleValueContainer()
    if let value = try? single.decode(Bool.self) {
      self = .boolean(value)
    } else if let value = try? single.decode(Double.self) {
      self = .number(value)
    } else {
      self = .string(try single.decode(String.self))
    }
  }

  /// The value as an experiment value.
  var axisValue: AxisValue {
    switch self {
    case .number(let x): .number(x)
    case .string(let s): .string(s)
    case .boolean(let b): .boolean(b)
    }
  }
}

/// A value decoded as `T` if it is one, else what it is, as a message shows it. Only a
/// mismatch of kinds is caught: a refusal from inside `T` (an `APIError`) goes on up.
struct Checked<T: Decodable>: Decodable {
  let value: T?
  let shown: String

  init(from decoder: any Decoder) throws {
    do {
      value = try T(from: decoder)
      shown = ""
    } catch is DecodingError {
      value = nil
      shown = try Received(from: decoder).shown
    }
  }
}
