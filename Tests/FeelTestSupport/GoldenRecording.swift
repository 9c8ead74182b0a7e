import Foundation
import Testing

/// Golden data (the baselines in experiments/baselines/) is re-recorded only on purpose:
/// `FEEL_RECORD=1 swift test` makes every test that compares against it re-record it through
/// `feel check --record` and then fail, so a recording run can never pass as a test and CI can
/// never re-record. Baselines are normally recorded with `feel check --record` itself.
public enum GoldenRecording {
  /// Whether `FEEL_RECORD` is set to anything but empty or `0`.
  public static var isRequested: Bool {
    let value = ProcessInfo.processInfo.environment["FEEL_RECORD"] ?? ""
    return !value.isEmpty && value != "0"
  }

  /// Nil normally. With `FEEL_RECORD` set: every baseline has been re-recorded (once per test
  /// process, by the first test that asks) and this is the failure message each golden test
  /// must record, then stop (`failIfRecording`).
  public static let recordingFailure: String? = isRequested ? record() : nil

  /// The first line of every test that compares against the committed baselines:
  ///
  ///     if GoldenRecording.failIfRecording() { return }
  ///
  /// False normally. With `FEEL_RECORD` set: re-records the baselines (once per process),
  /// records `recordingFailure` as this test's failure and returns true, so the test stops.
  public static func failIfRecording(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    guard let message = recordingFailure else { return false }
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    return true
  }

  /// Re-records every baseline with the built `feel` (`feel check --record`, run in the
  /// repository root) and returns what it printed, with why the test fails.
  private static func record() -> String {
    guard let feel = feelExecutable else {
      return "FEEL_RECORD is set, but no built `feel` was found next to the test bundle: "
        + "nothing re-recorded (run swift build)"
    }
    let process = Process()
    process.executableURL = feel
    process.arguments = ["check", "--record", "--quiet"]
    process.currentDirectoryURL = repositoryRoot
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    do {
      try process.run()
    } catch {
      return "FEEL_RECORD is set, but `feel check --record` could not start: \(error)"
    }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return "FEEL_RECORD is set: re-recorded with `feel check --record` (exit "
      + "\(process.terminationStatus)); this run fails on purpose so that nothing is re-recorded "
      + "by accident. Review and commit experiments/baselines/, then run the tests without "
      + "FEEL_RECORD.\n" + text
  }
}
