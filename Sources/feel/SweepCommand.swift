import ArgumentParser
import FeelCommandSupport
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
      metrics to measure (docs/experiments.md, docs/metrics.md). The CSV has comment lines (# …) \
      saying what was run and what each column means, a header (axes, metrics with their \
      units, flags), then one row per grid point, the last axis varying fastest. Its bytes do \
      not depend on --threads. The file appears only when complete: rows go to a temporary \
      file in the same folder, renamed at the end. A timing line goes to standard error.

      To spread a large grid over several machines, run `feel sweep EXP --shard K/N` for every \
      K from 1 to N (each computes the K-th of N contiguous runs of rows, into a part file \
      labelled with what it is), then `feel sweep EXP --merge PART...` to join the parts into \
      the file the one-machine sweep writes, byte for byte. The merge refuses parts from \
      another experiment, grid, input file or FeelLab version, and missing, duplicated or \
      truncated parts (see docs/sweeps.md).

      --set PATH=VALUE fixes a scene value for the whole sweep and --axis NAME=FROM:TO:STEP \
      (or NAME=[v, …]) replaces an axis's values: the CSV is the one the experiment file \
      would give with them written in its [fixed] table and the axis. A --set of a path an \
      axis moves is ignored: the axis wins (docs/sweeps.md, "Changing an experiment without \
      editing the file").
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

  @Option(
    help: ArgumentHelp(
      "Compute only the K-th of N parts of the grid (K from 1 to N), for --merge. Default output: NAME.part-K-of-N.csv beside the sweep's.",
      valueName: "K/N"))
  var shard: String?

  @Option(
    parsing: .upToNextOption,
    help: ArgumentHelp(
      "Join the parts written with --shard K/N (every K from 1 to N, in any order) into the one-machine sweep's file.",
      valueName: "part"))
  var merge: [String] = []

  @Option(
    name: .customLong("set"),
    help: ArgumentHelp(
      "A scene value fixed for the whole sweep, by its experiment path, as if written in the experiment's [fixed] table (repeatable; ignored for a path an axis moves).",
      valueName: "path=value"))
  var settings: [String] = []

  @Option(
    name: .customLong("axis"),
    help: ArgumentHelp(
      "New values for an axis of the experiment: NAME=FROM:TO:STEP, NAME=[v, …] or NAME={ from = …, to = …, count = … } (repeatable).",
      valueName: "name=values"))
  var axes: [String] = []

  @OptionGroup var common: CommonOptions

  @Flag(help: "Run grids of more than 2,000,000 points.")
  var force = false

  func validate() throws {
    try FeelError.validating { () throws(FeelError) in
      if output?.isEmpty == true {
        throw FeelError("--output: expected a CSV file path or - for standard output, got \"\"")
      }
      if shard != nil && !merge.isEmpty {
        throw FeelError(
          "--shard, --merge: expected one of them (compute a part, or merge parts), got both")
      }
      _ = try shardToRun()
      if (shard != nil || !merge.isEmpty) && !(settings.isEmpty && axes.isEmpty) {
        throw FeelError(
          "--set, --axis: expected a sweep of the experiment as its file says when sharding or "
            + "merging (a part records the files it read, not the options), got "
            + (shard != nil ? "--shard" : "--merge"))
      }
      _ = try overrides()
    }
  }

  /// `--set` and `--axis`, parsed (checked against the experiment once it is read).
  func overrides() throws(FeelError) -> SweepOverrides {
    var overrides = SweepOverrides()
    for argument in settings { overrides.settings.append(try SceneInput.setting(argument)) }
    for argument in axes {
      do {
        overrides.axes.append(
          try SweepOverrides.AxisOverride(parsing: argument, shown: "--axis '\(argument)'"))
      } catch {
        throw FeelError(error.description)
      }
    }
    return overrides
  }

  /// `--shard K/N`, parsed; nil without it.
  func shardToRun() throws(FeelError) -> SweepShard? {
    guard let shard else { return nil }
    do {
      return try SweepShard(parsing: shard)
    } catch {
      throw FeelError(error)
    }
  }

  /// Where the CSV goes: `--output`, else the experiment's `output`, else out/data/NAME.csv.
  func destination(_ parsed: Experiment) -> String {
    output ?? parsed.output.map { InputFile.relative($0, to: experiment) }
      ?? "out/data/\(InputFile.baseName(experiment)).csv"
  }

  func run() throws {
    if !merge.isEmpty { return try runMerge() }
    let shard = try shardToRun()
    let log = shard.map { _ in InputLog() }
    let (parsed, sweep) = try InputFile.sweep(
      experiment, force: force, log: log, overrides: try overrides())
    let threads = common.workers
    var destination = destination(parsed)
    if let shard, output == nil { destination = Self.partPath(destination, shard) }
    let rows = shard?.rows(of: sweep.count) ?? 0..<sweep.count
    let start = Date()
    let progress = ProgressBar(enabled: !common.quiet && isatty(STDERR_FILENO) != 0)
    let csv = try OutputText(destination, what: shard == nil ? "the CSV" : "the part")
    do {
      if let shard, let log {
        try csv.write(SweepCSV.partHeader(sweep, shard: shard, inputs: log.inputs))
        try SweepRunner.run(
          rows.count, threads: threads, worker: { SimulationPool() },
          compute: { pool, range in
            sweep.rows(
              (range.lowerBound + rows.lowerBound)..<(range.upperBound + rows.lowerBound),
              pool: &pool)
          },
          emit: csv.write, progress: progress.update)
      } else {
        try SweepStream.write(
          sweep, threads: threads, emit: csv.write, progress: progress.update)
      }
      try csv.commit()
    } catch {
      csv.discard()
      let what = shard == nil ? "the CSV" : "the part"
      throw FeelError("\(destination): cannot write \(what) (\(error.localizedDescription))")
    }
    progress.finish()
    if !common.quiet {
      let seconds = Date().timeIntervalSince(start)
      let rate = Double(rows.count) / max(seconds, 1e-9)
      let line =
        "feel sweep: \(shard.map { "shard \($0) of the grid: " } ?? "")\(rows.count) points in \(String(format: "%.3f", seconds)) s "
        + "(\(String(format: "%.0f", rate)) points/s, \(threads) thread\(threads == 1 ? "" : "s"))"
        + (csv.isStandardOutput ? "" : " -> \(destination)")
      FileHandle.standardError.write(Data((line + "\n").utf8))
    }
  }
}
