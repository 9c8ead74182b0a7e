/// A malformed input file: where it is wrong and what was expected there. Its `description`
/// is the one line `feel` prints before exiting with status 2:
///
///     scenes/tap.toml:14: behavior "hint-push" key 'magnitude': expected a number, got "four"
///     scenes/tap.toml:9: behavior "snap" key 'dampng': expected a snap behavior key (…), got an
///       unknown key; did you mean 'damping'?
///     scenes/tap.toml:3:12: TOML syntax: error while parsing array: encountered end-of-file
///
/// Every TOML reader has its own error type: this struct specialised by what it reads the file
/// into (`Reading`), named by a type alias beside the reader: `SceneError` (a scene file),
/// `ExperimentError` (an experiment file), `ControlError` (a control file). They share the
/// fields and the message, and their types say which reader failed: a reader passing on
/// another's error (an experiment reader's scene-table machinery) converts it (`init(_:)`).
public struct InputError<Reading>: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file's path, as the user gave it; empty for an input that has no name of its own
  /// (a live message before its `type` is known), whose message then starts at the key.
  public var file: String
  /// Line (1-based) of the offending key, or of its table when the key is missing; nil when
  /// unknown.
  public var line: Int?
  /// Column (1-based); known only for TOML syntax errors.
  public var column: Int?
  /// The table holding the key, named so the user can find it: `item "bar"`, `behavior #3`,
  /// `behavior "hint-wall" boundary "left-wall"`, `axis "damping"`. Empty for top-level keys
  /// and syntax errors.
  public var table: String
  /// The key as written in the file (`magnitude`); empty for syntax errors.
  public var key: String
  /// What was expected, in the designer's words: "a number", "one of snap, push, …".
  public var expected: String
  /// What the file has instead: `"four"`, `nothing` for a missing key, `an unknown key`; for
  /// a syntax error, the TOML reader's message.
  public var got: String?
  /// A known name close to a misspelt key or value; printed as "did you mean '…'?".
  public var suggestion: String?

  public init(
    file: String, line: Int? = nil, column: Int? = nil, table: String = "", key: String,
    expected: String, got: String? = nil, suggestion: String? = nil
  ) {
    self.file = file
    self.line = line
    self.column = column
    self.table = table
    self.key = key
    self.expected = expected
    self.got = got
    self.suggestion = suggestion
  }

  /// Another reader's error, same place and message, as this reader's.
  public init<Other>(_ other: InputError<Other>) {
    self.init(
      file: other.file, line: other.line, column: other.column, table: other.table,
      key: other.key, expected: other.expected, got: other.got, suggestion: other.suggestion)
  }

  /// The table and key together, as the message names them: `behavior "hint-push" key
  /// 'magnitude'`, `key 'frame_rate'` at the top level, `TOML syntax` for syntax errors.
  public var qualifiedKey: String {
    switch (table.isEmpty, key.isEmpty) {
    case (true, true): "TOML syntax"
    case (false, true): table
    case (true, false): "key '\(key)'"
    case (false, false): "\(table) key '\(key)'"
    }
  }

  /// The message, on one line (`MessageText.oneLine`).
  public var description: String { MessageText.oneLine(message) }

  private var message: String {
    var place = file
    if let line {
      place += ":\(line)"
      if let column { place += ":\(column)" }
    }
    if table.isEmpty, key.isEmpty, let got {
      // A TOML syntax error: the TOML reader's words say what it expected.
      return "\(place): TOML syntax: \(got)"
    }
    var message = (place.isEmpty ? "" : "\(place): ") + "\(qualifiedKey): expected \(expected)"
    if let got { message += ", got \(got)" }
    message += NameSuggestion.didYouMean(suggestion)
    return message
  }
}
