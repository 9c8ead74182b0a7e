import ArgumentParser
import Foundation

/// The options shared by every command that computes (`feel sweep`, `feel check`,
/// `feel notebook`, and the ones to come): how many worker threads, and whether standard error
/// stays quiet. A command includes them with `@OptionGroup var common: CommonOptions`; the
/// group's `validate()` is the only check of their values.
///
/// Each command keeps its own `--output`: a CSV file (or `-`) for `feel sweep`, a folder for
/// `feel notebook`, none for `feel check`; what they share is how the output is written
/// (`OutputText`, `AtomicFile`).
struct CommonOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Worker threads. Default: one per active core.", valueName: "n"))
  var threads: Int?

  @Flag(help: "Nothing on standard error but errors: no progress bar, timing or summary lines.")
  var quiet = false

  /// The worker threads: `--threads`, else one per active core.
  var workers: Int { threads ?? ProcessInfo.processInfo.activeProcessorCount }

  func validate() throws {
    try FeelError.validating { () throws(FeelError) in
      if let threads, threads < 1 {
        throw FeelError("--threads: expected a number ≥ 1, got \(threads)")
      }
    }
  }
}
