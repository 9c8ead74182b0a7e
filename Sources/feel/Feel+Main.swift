import ArgumentParser
import Foundation

extension Feel {
  /// Runs the command line as ArgumentParser's `main()` does, except that usage errors (a
  /// missing argument, an unknown option) exit with status 2, like a malformed scene, instead
  /// of ArgumentParser's 64 (EX_USAGE).
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      if exitCode(for: error) == .validationFailure {
        let message = fullMessage(for: error)
        if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
        exit(withError: ExitCode(2))
      }
      exit(withError: error)
    }
  }
}
