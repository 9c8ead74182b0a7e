import FeelCore

/// What reads the server's request bodies and live messages: its messages are `InputError`s
/// of this kind, `file` naming the body (`<request>`) or the live message's type (`touch`), so
/// they read as a file's and end with the one suggestion formatter's "did you mean":
/// `<request>: key 'touches[0].id': expected the touch's id (a string), got 3`.
enum RequestReading {}

/// A refusal of a request body or live message, worded as an input file's.
typealias RequestError = InputError<RequestReading>

extension InputError where Reading == RequestReading {
  /// The refusal as the 400 the server answers.
  var badRequest: APIError { .badRequest(description) }
}

/// One key of a request body or live message: its name, what its value must be (the words of
/// its messages, docs/http-api.md, docs/live-protocol.md), and what a body without it is told
/// when it is required. A row, as a scene file's key is a row of its `SchemaTable`.
struct RequestKey: Sendable {
  let name: String
  let expected: String
  /// The words for a body that gives no value when the key is required (nil: `expected`).
  let missing: String?

  init(_ name: String, _ expected: String, missing: String? = nil) {
    self.name = name
    self.expected = expected
    self.missing = missing
  }
}

/// Two keys of a body of which it gives exactly one (`scene` or `scene_toml`), and the words
/// of its two refusals: the key each names and what it says was expected ("got nothing",
/// "got both"). A row of a `RequestTable`, read by `RequestObject.chosen`.
struct RequestChoice: Sendable {
  let keys: [String]
  let none: (key: String, expected: String)
  let both: (key: String, expected: String)
}

/// A request body's (or a live message's) keys, one row each, in the order messages list
/// them: a key not among them is refused naming them (`unknown`, else "one of" the names) with
/// the nearest name suggested; each key's value is read with its row's words
/// (`RequestObject.value`, `required`); `choices`: the keys of which the body gives one.
struct RequestTable: Sendable {
  let keys: [RequestKey]
  let choices: [RequestChoice]
  /// What an unknown key is told the body expects there; nil: one of the names.
  let unknown: String?

  init(_ keys: [RequestKey], choices: [RequestChoice] = [], unknown: String? = nil) {
    self.keys = keys
    self.choices = choices
    self.unknown = unknown
  }

  var names: [String] { keys.map(\.name) }

  /// The choice `key` is one of, if any.
  func choice(of key: String) -> RequestChoice? { choices.first { $0.keys.contains(key) } }

  /// The row of key `name`, which the table has.
  func key(_ name: String) -> RequestKey {
    guard let key = keys.first(where: { $0.name == name }) else {
      preconditionFailure("a request table has no key \(name)")
    }
    return key
  }

  /// What the message for an unknown key says was expected.
  var unknownExpected: String { unknown ?? "one of \(names.joined(separator: ", "))" }
}
