import FeelControl
import FeelNotebook
import FeelScene
import FeelSweep
import Foundation

/// What a notebook shows, read from disk: the experiments (each checked against its base scene
/// as `feel sweep` checks it, with its control file and the control's glyphs), the page's files
/// and skins, and the charts `make plots` drew. `feel notebook` writes the built notebook into a
/// folder; feel-serve serves it from memory. Bad input throws a `FeelError` naming the file.
public struct NotebookInputs: Sendable {
  /// The experiments, in the order given, each with a unique id (its file's name, `-2`… after
  /// a repeat), its control and glyphs, and its charts. `feel notebook --solve` adds questions.
  public var experiments: [NotebookExperiment]
  /// The charts of no single experiment (the controls' trajectory and export charts).
  public var otherCharts: [NotebookChart]
  /// The page's files (the FeelNotebook resources of this build).
  public let assets: URL
  /// The skins the page has (`js/skin-NAME.js`).
  public let skins: [String]
  private let chartFiles: ChartFiles

  /// Reads `experimentFiles` (none: every experiments/*.toml of the working folder, unless
  /// `orAll` is false) and finds their charts in the folder `charts`.
  public init(experimentFiles given: [String], charts: String, orAll: Bool = true)
    throws(FeelError)
  {
    guard let assets = NotebookAssets.directory else {
      throw FeelError(
        "the notebook's page files (FeelNotebook resources) are missing from this build")
    }
    self.assets = assets
    // The skins: every js/skin-NAME.js of the page's resources.
    let skins = NotebookAssets.skins(
      amongFiles: (try? FileManager.default.contentsOfDirectory(
        atPath: assets.appendingPathComponent("js").path)) ?? [])
    self.skins = skins
    var inputs: [NotebookExperiment] = []
    var ids = Set<String>()
    // Each control's glyphs, converted once (by control file).
    var glyphs: [String: [NotebookGlyph]] = [:]
    for file in orAll ? try Self.experimentFiles(given) : given {
      // The grid may be of any size: the notebook stores a bounded subset of it.
      let sweep = try InputFile.sweep(file, force: true).sweep
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
    chartFiles = ChartFiles(folder: charts)
    for index in inputs.indices {
      inputs[index].charts = chartFiles.charts(for: inputs[index].id)
    }
    otherCharts = chartFiles.charts(except: inputs.map(\.id))
    experiments = inputs
  }

  /// The experiment files given, else every experiments/*.toml.
  public static func experimentFiles(_ given: [String]) throws(FeelError) -> [String] {
    if !given.isEmpty { return given }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "experiments")) ?? []
    let files = names.filter { $0.hasSuffix(".toml") }.sorted().map { "experiments/\($0)" }
    if files.isEmpty {
      throw FeelError(
        "no experiments: expected EXPERIMENT files, or experiments/*.toml in the current folder")
    }
    return files
  }

  /// The built notebook: its generated files (index.html, the data scripts), the page's files
  /// to copy from `assets`, the charts to copy (source path, path in the notebook), and what
  /// was stored of each experiment.
  public struct Built: Sendable {
    public var files: [NotebookFile]
    public var pageFiles: [String]
    public var charts: [(source: String, target: String)]
    public var reports: [NotebookReport]
  }

  /// The page's files to copy from `assets` (known before the notebook is built).
  public var pageFiles: [String] { NotebookAssets.files(skins: skins) }

  /// The charts to copy: (source path, path in the notebook) (known before it is built).
  public var chartCopies: [(source: String, target: String)] {
    chartFiles.copies(for: experiments.flatMap(\.charts) + otherCharts)
  }

  /// Builds the notebook (every frame computed here; `options.threads` worker threads).
  public func build(_ options: NotebookOptions) -> Built {
    let built = NotebookBuilder.build(experiments, charts: otherCharts, options: options)
    return Built(
      files: built.files, pageFiles: pageFiles, charts: chartCopies, reports: built.reports)
  }
}

/// The charts `make plots` drew: CHARTS/NAME.png and NAME.svg. A chart named after an
/// experiment file (`snap-damping-release`, or `snap-damping-release-…`) belongs to it; the
/// others (the controls' trajectory and export charts) go at the top of the page.
public struct ChartFiles: Sendable {
  /// Chart names (file name without extension) → the extensions found, png before svg.
  private var found: [String: Set<String>] = [:]
  private let folder: String

  public init(folder: String) {
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

  public func charts(for id: String) -> [NotebookChart] {
    found.keys.filter { $0 == id || $0.hasPrefix(id + "-") }.sorted().map(chart)
  }

  public func charts(except ids: [String]) -> [NotebookChart] {
    found.keys.filter { name in !ids.contains { name == $0 || name.hasPrefix($0 + "-") } }
      .sorted().map(chart)
  }

  /// Source file → path in the notebook, for every chart given.
  public func copies(for charts: [NotebookChart]) -> [(source: String, target: String)] {
    charts.flatMap { chart in
      ["png", "svg"].compactMap { ext -> (String, String)? in
        guard found[chart.name]?.contains(ext) == true else { return nil }
        let source = (folder as NSString).appendingPathComponent("\(chart.name).\(ext)")
        return (source, "charts/\(HTMLText.slug(chart.name)).\(ext)")
      }
    }
  }
}
