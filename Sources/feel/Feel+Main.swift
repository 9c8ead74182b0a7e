import ArgumentParser
import Foundation

extension Feel {
  /// Runs the command line as ArgumentParser's `main()` does, except for errors: this is the one
  /// place that prints them, with `FeelError.validating`, which prints a `validate()`'s. A
  /// `FeelError` from `run()` prints its messages as `feel: error: …` and exits with status 2;
  /// so do usage errors (a missing argument, an unknown option), with ArgumentParser's message
  /// and usage, instead of its 64 (EX_USAGE). `ExitCode`s (`feel check`'s 1 for drift, a
  /// `validate()`'s 2) exit with their code, silently.
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      if let failure = error as? FeelError {
        FileHandle.standardError.write(Data(failure.report.utf8))
        exit(withError: ExitCode(2))
      }
      if exitCode(for: error) == .validationFailure {
        let message = fullMessage(for: error)
        if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
        exit(withError: ExitCode(2))
      }
      exit(withError: error)
    }
  }
}
