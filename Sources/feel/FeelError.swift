import ArgumentParser
import FeelScene
import Foundation

/// A failure the user can fix: bad input, a file that cannot be read or written, an option out of
/// range. Commands build it and throw it; `Feel.main` prints its messages, each once as
/// `feel: error: MESSAGE`, and exits with status 2. A `validate()` checks its options inside
/// `FeelError.validating`, which prints the same and exits 2 through ArgumentParser. Nothing else
/// prints errors.
///
/// Build one from a message naming the file (and line, key or offset) and what was expected, or
/// from a library's error (`SceneError`, `ExperimentError`, `ControlError`, `TextFileError`,
/// `CheckError`…), whose description is such a message.
struct FeelError: Error, CustomStringConvertible {
  /// One message per problem found; usually one.
  var messages: [String]
  /// Lines shown under the message as they are, indented (`feel svg`: the path text around the
  /// error with a caret under it); nil for none.
  var detail: String?

  init(_ message: String, detail: String? = nil) {
    messages = [message]
    self.detail = detail
  }

  /// A library error, reported as its description.
  init(_ error: some Error & CustomStringConvertible) {
    messages = [error.description]
  }

  /// Several problems found together (`feel check`: every baseline that could not be compared).
  init(all messages: [String]) {
    self.messages = messages
  }

  var description: String { messages.joined(separator: "\n") }

  /// What `Feel.main` writes to standard error: each message on one line.
  var report: String {
    var text = messages.map { "feel: error: \(MessageText.oneLine($0))\n" }.joined()
    if let detail {
      for line in detail.split(separator: "\n", omittingEmptySubsequences: false) {
        text += "  " + MessageText.oneLine(String(line)) + "\n"
      }
    }
    return text
  }

  /// Runs a `validate()`'s checks. A `FeelError` they throw is printed here, as `Feel.main`
  /// prints one (`report`), and becomes `ExitCode(2)`: ArgumentParser hands an error thrown by
  /// `validate()` to `main` inside its own error type, and an `ExitCode` is its supported way
  /// for a validation to end the program with a status of its own, silently.
  static func validating(_ checks: () throws(FeelError) -> Void) throws(ExitCode) {
    do {
      try checks()
    } catch {
      FileHandle.standardError.write(Data(error.report.utf8))
      throw ExitCode(2)
    }
  }
}
