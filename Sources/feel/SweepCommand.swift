import ArgumentParser
import FeelMetrics
import FeelScene
import FeelSweep
import Foundation

/// `feel sweep EXPERIMENT`: every point of an experiment's grid, measured, as CSV.
struct SweepCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sweep",
    abstract: "Run an experiment's parameter grid and write its metrics as CSV.",
    discussion: """
      The experiment file (TOML) names a base scene, the axes that vary its values and the \
      metrics to measure (see the README, "Metrics and sweeps"). The CSV has comment lines (# …) \
      saying what was run and what each column means, a header (axes, metrics with their \
      units, flags), then one row per grid point, the last axis varying fastest. Its bytes do \
      not depend on --threads. The file appears only when complete: rows go to a temporary \
      file in the same folder, renamed at the end. A timing line goes to standard error.
      """
  )

  @Argument(help: "The experiment file (TOML).")
  var experiment: String

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp(
      "Where to write the CSV (- for standard output). Default: the experiment's output, else out/data/NAME.csv.",
      valueName: "path"))
  var output: String?

  @OptionGroup var common: CommonOptions

  @Flag(help: "Run grids of more than 2,000,000 points.")
  var force = false

  func validate() throws {
    if output?.isEmpty == true {
      throw FeelError("--output: expected a CSV file path or - for standard output, got \"\"")
    }
  }

  func run() throws {
    let (parsed, sweep) = try InputFile.sweep(experiment, force: force)
    let threads = common.workers
    let destination =
      output ?? parsed.output.map { InputFile.relative($0, to: experiment) }
      ?? "out/data/\(InputFile.baseName(experiment)).csv"
    let start = Date()
    let progress = ProgressBar(enabled: !common.quiet && isatty(STDERR_FILENO) != 0)
    let csv = try OutputText(destination, what: "the CSV")
    do {
      try csv.write(SweepCSV.header(sweep))
      try SweepRunner.run(sweep, threads: threads, emit: csv.write, progress: progress.update)
      try csv.commit()
    } catch {
      csv.discard()
      throw FeelError("\(destination): cannot write the CSV (\(error.localizedDescription))")
    }
    progress.finish()
    if !common.quiet {
      let seconds = Date().timeIntervalSince(start)
      let rate = Double(sweep.count) / max(seconds, 1e-9)
      let line =
        "feel sweep: \(sweep.count) points in \(String(format: "%.3f", seconds)) s "
        + "(\(String(format: "%.0f", rate)) points/s, \(threads) thread\(threads == 1 ? "" : "s"))"
        + (csv.isStandardOutput ? "" : " -> \(destination)")
      FileHandle.standardError.write(Data((line + "\n").utf8))
    }
  }
}
