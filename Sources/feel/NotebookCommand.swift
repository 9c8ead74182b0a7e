import ArgumentParser
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
    guard let assets = NotebookAssets.directory else {
      throw FeelError(
        "the notebook's page files (FeelNotebook resources) are missing from this build")
    }
    // The skins: every js/skin-NAME.js of the page's resources.
    let skins = NotebookAssets.skins(
      amongFiles: (try? FileManager.default.contentsOfDirectory(
        atPath: assets.appendingPathComponent("js").path)) ?? [])
    var inputs: [NotebookExperiment] = []
    var ids = Set<String>()
    // Each control's glyphs, converted once (by control file).
    var glyphs: [String: [NotebookGlyph]] = [:]
    for file in try experimentFiles() {
      let sweep = try loadSweep(file)
      let control = try InputFile.control(of: sweep.experiment)
      if let control, !skins.contains(control.skin.name) {
        throw FeelError(
          SourceLocation(file: control.file, line: control.skin.line, table: "[skin]", key: "name")
            .error(
              expected: "a skin of the notebook (\(skins.joined(separator: ", ")): "
                + "js/skin-NAME.js in Sources/FeelNotebook/Resources)",
              got: "\"\(control.skin.name)\"",
              suggestion: NameSuggestion.closest(to: control.skin.name, among: skins)
            ) as ControlError)
      }
      let base = HTMLText.slug(InputFile.baseName(file))
      var id = base
      var n = 2
      while ids.contains(id) {
        id = "\(base)-\(n)"
        n += 1
      }
      ids.insert(id)
      var experiment = NotebookExperiment(sweep: sweep, id: id)
      experiment.control = control
      if let control {
        if glyphs[control.file] == nil { glyphs[control.file] = try InputFile.glyphs(of: control) }
        experiment.controlGlyphs = glyphs[control.file] ?? []
      }
      inputs.append(experiment)
    }
    for text in questions {
      let (index, question) = try answer(text, experiments: inputs.map(\.file))
      inputs[index].questions.append(question)
    }
    let found = ChartFiles(folder: charts)
    for index in inputs.indices {
      inputs[index].charts = found.charts(for: inputs[index].id)
    }
    let others = found.charts(except: inputs.map(\.id))
    let built = NotebookBuilder.build(
      inputs, charts: others,
      options: NotebookOptions(
        maxStoredPoints: maxPoints, maxGridPoints: maxGridPoints,
        maxExportPoints: maxExportPoints, threads: common.workers,
        version: FeelLabVersion.current, skins: skins))
    try write(
      built.files, assets: assets, pageFiles: NotebookAssets.files(skins: skins),
      charts: found.copies(for: inputs.flatMap(\.charts) + others))
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

  /// The experiment files given, else every experiments/*.toml.
  private func experimentFiles() throws -> [String] {
    if !experiments.isEmpty { return experiments }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "experiments")) ?? []
    let files = names.filter { $0.hasSuffix(".toml") }.sorted().map { "experiments/\($0)" }
    if files.isEmpty {
      throw FeelError(
        "no experiments: expected EXPERIMENT files, or experiments/*.toml in the current folder")
    }
    return files
  }

  /// An experiment file checked against its base scene, as `feel sweep` checks it. The grid may
  /// be of any size: the notebook stores a bounded subset of it.
  private func loadSweep(_ file: String) throws(FeelError) -> ParameterGrid {
    try InputFile.sweep(file, force: true).sweep
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

/// The charts `make plots` drew: CHARTS/NAME.png and NAME.svg. A chart named after an
/// experiment file (`snap-damping-release`, or `snap-damping-release-…`) belongs to it; the
/// others (the controls' trajectory and export charts) go at the top of the page.
struct ChartFiles {
  /// Chart names (file name without extension) → the extensions found, png before svg.
  private var found: [String: Set<String>] = [:]
  private let folder: String

  init(folder: String) {
    self.folder = folder
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    for name in names {
      let ext = (name as NSString).pathExtension.lowercased()
      guard ext == "png" || ext == "svg" else { continue }
      found[(name as NSString).deletingPathExtension, default: []].insert(ext)
    }
  }

  private func chart(_ name: String) -> NotebookChart {
    let exts = found[name] ?? []
    let file = HTMLText.slug(name)
    return NotebookChart(
      name: name, png: exts.contains("png") ? "charts/\(file).png" : nil,
      svg: exts.contains("svg") ? "charts/\(file).svg" : nil)
  }

  func charts(for id: String) -> [NotebookChart] {
    found.keys.filter { $0 == id || $0.hasPrefix(id + "-") }.sorted().map(chart)
  }

  func charts(except ids: [String]) -> [NotebookChart] {
    found.keys.filter { name in !ids.contains { name == $0 || name.hasPrefix($0 + "-") } }
      .sorted().map(chart)
  }

  /// Source file → path in the notebook, for every chart given.
  func copies(for charts: [NotebookChart]) -> [(source: String, target: String)] {
    charts.flatMap { chart in
      ["png", "svg"].compactMap { ext -> (String, String)? in
        guard found[chart.name]?.contains(ext) == true else { return nil }
        let source = (folder as NSString).appendingPathComponent("\(chart.name).\(ext)")
        return (source, "charts/\(HTMLText.slug(chart.name)).\(ext)")
      }
    }
  }
}
