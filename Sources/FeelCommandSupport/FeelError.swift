import FeelScene

/// A failure the user can fix: bad input, a file that cannot be read or written, an option out of
/// range. Commands (and option groups' `validate()`) and the shared loaders of this library
/// build it and throw it; `Feel.main` prints its messages, each once as `feel: error: MESSAGE`,
/// and exits with status 2; feel-serve answers 400 with the same text (`description`), or 403
/// for a path outside its root. Nothing else prints errors.
///
/// Build one from a message naming the file (and line, key or offset) and what was expected, or
/// from a library's error (`SceneError`, `TextFileError`, `CheckError`…), whose description is
/// such a message.
public struct FeelError: Error, CustomStringConvertible {
  /// One message per problem found; usually one.
  public var messages: [String]
  /// Lines shown under the message as they are, indented (`feel svg`: the path text around the
  /// error with a caret under it); nil for none.
  public var detail: String?
  /// Whether the problem is a path outside the folder reads are confined to (`ReadRoot`):
  /// feel-serve answers 403 for it, with no more detail than for any other refusal.
  public private(set) var isOutsideRoot = false

  public init(_ message: String, detail: String? = nil) {
    messages = [message]
    self.detail = detail
  }

  /// A library error, reported as its description.
  public init(_ error: some Error & CustomStringConvertible) {
    messages = [error.description]
  }

  /// A path outside the root reads are confined to (`ReadRoot`).
  public init(outsideRoot path: String) {
    messages = ["\(path): outside the folder this server may read (--root)"]
    isOutsideRoot = true
  }

  /// Several problems found together (`feel check`: every baseline that could not be compared).
  public init(all messages: [String]) {
    self.messages = messages
  }

  public var description: String { messages.joined(separator: "\n") }

  /// What `Feel.main` writes to standard error: each message on one line.
  public var report: String {
    var text = messages.map { "feel: error: \(MessageText.oneLine($0))\n" }.joined()
    if let detail {
      for line in detail.split(separator: "\n", omittingEmptySubsequences: false) {
        text += "  " + MessageText.oneLine(String(line)) + "\n"
      }
    }
    return text
  }

  /// `error` itself, or the `FeelError` that a `validate()` threw: ArgumentParser wraps those in
  /// its own (internal) error type before they reach `main`, so look inside it.
  public static func thrown(in error: any Error) -> FeelError? {
    if let error = error as? FeelError { return error }
    for child in Mirror(reflecting: error).children {
      if let inner = child.value as? any Error, let found = thrown(in: inner) { return found }
    }
    return nil
  }
}
