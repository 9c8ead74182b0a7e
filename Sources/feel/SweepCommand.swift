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

  @Option(help: "Worker threads (default: every active core).")
  var threads: Int = ProcessInfo.processInfo.activeProcessorCount

  @Flag(help: "Run grids of more than 2,000,000 points.")
  var force = false

  @Flag(help: "No progress bar and no timing line.")
  var quiet = false

  func run() throws {
    guard threads >= 1 else { throw failure("--threads: expected a number ≥ 1, got \(threads)") }
    let (parsed, sweep) = try loadExperiment(experiment, force: force)

    let destination =
      output ?? parsed.output.map { Self.relative($0, to: experiment) }
      ?? "out/data/\(Self.baseName(experiment)).csv"
    let start = Date()
    let progress = ProgressBar(enabled: !quiet && isatty(STDERR_FILENO) != 0)
    let header = SweepCSV.header(sweep)
    if destination == "-" {
      FileHandle.standardOutput.write(Data(header.utf8))
      SweepRunner.run(
        sweep, threads: threads, emit: { FileHandle.standardOutput.write(Data($0.utf8)) },
        progress: progress.update)
    } else {
      let file = try AtomicFile(destination, failure: failure)
      do {
        try file.write(header)
        try SweepRunner.run(sweep, threads: threads, emit: file.write, progress: progress.update)
        try file.commit()
      } catch {
        file.discard()
        throw failure("\(destination): cannot write the CSV (\(error.localizedDescription))")
      }
    }
    progress.finish()
    if !quiet {
      let seconds = Date().timeIntervalSince(start)
      let rate = Double(sweep.count) / max(seconds, 1e-9)
      let line =
        "feel sweep: \(sweep.count) points in \(String(format: "%.3f", seconds)) s "
        + "(\(String(format: "%.0f", rate)) points/s, \(threads) thread\(threads == 1 ? "" : "s"))"
        + (destination == "-" ? "" : " -> \(destination)")
      FileHandle.standardError.write(Data((line + "\n").utf8))
    }
  }

  /// `path` as written in an experiment file: relative to that file's folder.
  static func relative(_ path: String, to experiment: String) -> String {
    if path.hasPrefix("/") { return path }
    let folder = (experiment as NSString).deletingLastPathComponent
    if folder.isEmpty || folder == "." { return path }
    return ((folder as NSString).appendingPathComponent(path) as NSString).standardizingPath
  }

  /// `experiments/snap.toml` → `snap`.
  static func baseName(_ path: String) -> String {
    ((path as NSString).lastPathComponent as NSString).deletingPathExtension
  }
}

extension ParsableCommand {
  /// The UTF-8 text of `path`; a missing, unreadable or non-text file exits with status 2.
  func readText(_ path: String, what: String) throws -> String {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw failure("\(path): cannot read the \(what): no such file")
    }
    if isDirectory.boolValue {
      throw failure("\(path): cannot read the \(what): it is a directory")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw failure("\(path): cannot read the \(what): it cannot be opened (permissions?)")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw failure("\(path): cannot read the \(what): it is not UTF-8 text")
    }
    return text
  }
}
