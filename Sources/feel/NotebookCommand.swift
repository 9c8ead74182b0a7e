import ArgumentParser
import FeelCommandSupport
import FeelControl
import FeelNotebook
import FeelScene
import FeelSweep
import Foundation

/// `feel notebook`: the tuning notebook, a static page that replays every stored grid point.
struct NotebookCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "notebook",
    abstract: "Write the tuning notebook: a page that replays the experiments' motion.",
    discussion: """
      Writes DIR/index.html, DIR/notebook.css, DIR/js/*.js (the page's scripts), DIR/data/*.js \
      (one script per experiment, assigning to a global) and DIR/charts/ (copies of the \
      experiments' gnuplot PNG and SVG files, if `make plots` drew them). Open index.html from \
      disk: the page needs no server and no network. Every frame is computed here by the \
      engine; the page only draws.

      Grids of more than --max-points points are stored coarser: every k-th value on each \
      axis, with its last value and the base scene's; the page says which. The page's charts \
      and targets panel get every grid point's metrics up to --max-grid-points points. The \
      export panel's SwiftUI, Core Animation, Compose and CSS tabs get feel export's report \
      of the stored points, up to --max-export-points of them per experiment (every k-th \
      stored value on each axis beyond). Each \
      --solve question (feel solve's arguments as one argument, as the Makefile's SOLVES \
      write them) is answered with feel solve's grid pass and refinement and shown with its \
      experiment. The folder is written beside DIR and renamed into place when complete.
      """
  )

  @Argument(help: "Experiment files (TOML). Default: every experiments/*.toml.")
  var experiments: [String] = []

  @Option(name: .shortAndLong, help: ArgumentHelp("The notebook folder.", valueName: "dir"))
  var output = "out/notebook"

  @Option(help: ArgumentHelp("Where `make plots` drew the charts.", valueName: "dir"))
  var charts = "out/plots"

  @Option(
    help: ArgumentHelp(
      "Most grid points of one experiment stored with their motion; bigger grids keep every k-th value on each axis.",
      valueName: "n"))
  var maxPoints = NotebookOptions.defaultMaxStoredPoints

  @Option(
    help: ArgumentHelp(
      "Most grid points of one experiment whose metrics the charts and targets panel get; bigger grids keep every k-th value on each axis.",
      valueName: "n"))
  var maxGridPoints = NotebookOptions.defaultMaxGridPoints

  @Option(
    help: ArgumentHelp(
      "Most stored points of one experiment that get feel export's report (the export panel's spring and CSS tabs).",
      valueName: "n"))
  var maxExportPoints = NotebookOptions.defaultMaxExportPoints

  @Option(
    name: .customLong("solve"),
    help: ArgumentHelp(
      "A question to answer with feel solve and show with its experiment: feel solve's arguments as one argument, e.g. \"experiments/x.toml --where 'overshoot_pt <= 3' --minimize settle_time_s\" (repeat for more).",
      valueName: "question"))
  var questions: [String] = []

  @OptionGroup var common: CommonOptions

  func validate() throws {
    try FeelError.validating { () throws(FeelError) in
      guard maxPoints >= 1 else {
        throw FeelError("--max-points: expected a number ≥ 1, got \(maxPoints)")
      }
      guard maxGridPoints >= 1 else {
        throw FeelError("--max-grid-points: expected a number ≥ 1, got \(maxGridPoints)")
      }
      guard maxExportPoints >= 0 else {
        throw FeelError("--max-export-points: expected a number ≥ 0, got \(maxExportPoints)")
      }
      guard !output.isEmpty, output != "/", output != "." else {
        throw FeelError("--output: expected a folder to (re)create, got \"\(output)\"")
      }
    }
  }

  func run() throws {
    let start = Date()
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory),
      !isDirectory.boolValue
    {
      throw FeelError("\(output): exists and is not a folder; expected a folder to (re)create")
    }
    // Any step that takes over a second says so on standard error (docs/notebook.md).
    let progress = StepProgress(enabled: !common.quiet, prefix: "feel notebook: ")
    progress.step("reading the experiments")
    var notebook = try NotebookInputs(experimentFiles: experiments, charts: charts)
    for text in questions {
      progress.step("answering --solve \"\(text)\"")
      let (index, question) = try answer(text, experiments: notebook.experiments.map(\.file))
      notebook.experiments[index].questions.append(question)
    }
    var options = NotebookOptions(
      maxStoredPoints: maxPoints, maxGridPoints: maxGridPoints,
      maxExportPoints: maxExportPoints, threads: common.workers,
      version: FeelLabVersion.current, skins: notebook.skins)
    options.progress = { progress.step($0) }
    let built = notebook.build(options)
    progress.step("writing \(output)")
    try write(
      built.files, assets: notebook.assets, pageFiles: built.pageFiles, charts: built.charts)
    progress.step(nil)
    if !common.quiet {
      let total = built.reports.reduce(0) { $0 + $1.dataBytes }
      for report in built.reports {
        let stored =
          !report.hasExplorer
          ? "\(report.gridPoints) points in a summary (no motion to store)"
          : report.storedPoints == report.gridPoints
            ? "all \(report.gridPoints) points"
            : "\(report.storedPoints) of \(report.gridPoints) points (every "
              + report.strides.map(String.init).joined(separator: "×") + ")"
        let charted =
          report.chartPoints == report.gridPoints
          ? "" : ", metrics of \(report.chartPoints) points"
        let exported =
          !report.hasExplorer || report.exportPoints == report.storedPoints
          ? "" : ", feel export at \(report.exportPoints) points"
        FileHandle.standardError.write(
          Data(
            "feel notebook: \(report.id): \(stored)\(charted)\(exported), \(megabytes(report.dataBytes))\n"
              .utf8))
      }
      let seconds = String(format: "%.1f", Date().timeIntervalSince(start))
      FileHandle.standardError.write(
        Data(
          "feel notebook: \(megabytes(total)) of data in \(seconds) s -> \(output)/index.html\n"
            .utf8))
    }
  }

  private func megabytes(_ bytes: Int) -> String {
    String(format: "%.2f MB", Double(bytes) / 1_000_000)
  }

  /// Writes the notebook into a new folder beside `output`, then swaps it into place.
  private func write(
    _ files: [NotebookFile], assets: URL, pageFiles: [String],
    charts: [(source: String, target: String)]
  ) throws {
    let fm = FileManager.default
    let destination = URL(fileURLWithPath: output).standardizedFileURL
    let parent = destination.deletingLastPathComponent()
    let pid = ProcessInfo.processInfo.processIdentifier
    let temporary = parent.appendingPathComponent(".\(destination.lastPathComponent).tmp-\(pid)")
    let previous = parent.appendingPathComponent(".\(destination.lastPathComponent).old-\(pid)")
    do {
      try fm.createDirectory(at: parent, withIntermediateDirectories: true)
      try? fm.removeItem(at: temporary)
      try fm.createDirectory(
        at: temporary.appendingPathComponent("data"), withIntermediateDirectories: true)
      for file in files {
        try Data(file.contents.utf8).write(to: temporary.appendingPathComponent(file.path))
      }
      for name in pageFiles {
        let target = temporary.appendingPathComponent(name)
        try fm.createDirectory(
          at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try fm.copyItem(at: assets.appendingPathComponent(name), to: target)
      }
      let chartSources = charts
      if !chartSources.isEmpty {
        try fm.createDirectory(
          at: temporary.appendingPathComponent("charts"), withIntermediateDirectories: true)
        for (source, target) in chartSources {
          try fm.copyItem(
            at: URL(fileURLWithPath: source), to: temporary.appendingPathComponent(target))
        }
      }
      var isDirectory: ObjCBool = false
      if fm.fileExists(atPath: destination.path, isDirectory: &isDirectory) {
        guard isDirectory.boolValue else {
          try? fm.removeItem(at: temporary)
          throw FeelError("\(output): exists and is not a folder; expected a folder to (re)create")
        }
        try fm.moveItem(at: destination, to: previous)
      }
      try fm.moveItem(at: temporary, to: destination)
      try? fm.removeItem(at: previous)
    } catch let error as FeelError {
      throw error
    } catch {
      try? fm.removeItem(at: temporary)
      throw FeelError("\(output): cannot write the notebook (\(error.localizedDescription))")
    }
  }
}
