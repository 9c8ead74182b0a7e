import FeelMetrics
import FeelNotebook
import FeelScene
import FeelSweep
import FeelTestSupport
import Foundation
import Testing

/// A recognizer experiment in the notebook: a summary in the page (tables, drawn traces) and a
/// grid explorer (the grid's charts and targets) with a data script of the grid's metrics only,
/// no explorer of motion, while a scene experiment beside it keeps its explorer.
@Suite("The notebook's summary of a recognizer experiment")
struct CorpusSummaryTests {
  /// Two recorded traces read at UIKit's defaults: a tap that moves 12 pt (read as a drag), a
  /// hold lifted at 0.3 s (read as a tap). On the grid, slop 5 pt reads the tap as a drag and
  /// 15 pt as a tap; both read the hold as a tap.
  static func sweep() throws -> ParameterGrid {
    let text = """
      title = "Recognizer <slop>"
      metrics = ["tap_as_drag_rate", "hold_missed_count"]
      [corpus]
      folder = "c"
      [[axis]]
      name = "slop_pt"
      path = "recognizer.slop"
      values = [5, 15]
      """
    let experiment = try ExperimentReader.parse(text, file: "r.toml")
    let files = [
      CorpusSpec.File(
        name: "tap-1.csv", shownPath: "c/tap-1.csv",
        text: "t_s,x_pt,y_pt\n0,100,100\n0.05,112,100\n0.1,112,100\n"),
      CorpusSpec.File(
        name: "hold-1.csv", shownPath: "c/hold-<1>.csv",
        text: "t_s,x_pt,y_pt\n0,50,50\n0.3,50,51\n"),
    ]
    let corpus = try experiment.corpus!.corpus(files: files, folderShown: "c")
    return try ParameterGrid(experiment, corpus: corpus)
  }

  @Test("the page shows the summary and a grid explorer; its data script holds the grid's metrics")
  func summaryPage() throws {
    let corpus = NotebookExperiment(sweep: try Self.sweep(), id: "recognizer")
    let summary = try #require(corpus.summary)
    // The metrics at UIKit's defaults: the one tap read as a drag; the one hold missed.
    #expect(summary.tables[0].caption == "At slop 10 pt, hold 0.5 s, UIKit's defaults")
    #expect(
      summary.tables[0].rows == [
        ["tap_as_drag_rate", "1", "0–1"], ["hold_missed_count", "1", "traces"],
      ])
    #expect(summary.tables[1].rows[0] == ["tap", "0", "1", "0", "1"])
    #expect(summary.tables[1].rows[2] == ["hold", "1", "0", "0", "1"])
    #expect(summary.tables[2].rows.map { $0[1] } == ["1", "0", "1"])
    // The first misread of each kind: the tap (drag-began on its second sample, 12 pt away)
    // and the hold (lifted at 0.3 s).
    #expect(
      summary.drawings.map(\.title) == [
        "c/tap-1.csv: tap read as drag", "c/hold-<1>.csv: hold read as tap",
      ])
    #expect(summary.drawings[0].marked == 1)
    #expect(
      summary.drawings[0].caption.contains("drag-began at 0.050 s, 12.0 pt from the touch-down"))

    let release = try releaseSweep()
    let (files, reports) = NotebookBuilder.build(
      [corpus, NotebookExperiment(sweep: release, id: "release")],
      options: NotebookOptions(maxStoredPoints: 4))
    #expect(
      files.map(\.path) == [
        "index.html", "data/notebook.js", "data/recognizer.js", "data/release.js",
      ])
    #expect(reports.map(\.hasExplorer) == [false, true])
    #expect(reports[0].chartPoints == 2)
    let html = files[0].contents
    let section = try #require(
      html.components(separatedBy: "<section class=\"experiment\"").dropFirst().first)
    #expect(!section.contains("class=\"explorer\""))
    #expect(section.contains("<div class=\"grid-explorer\" data-experiment=\"recognizer\">"))
    #expect(section.contains("<table class=\"metrics summary-table\">"))
    #expect(section.contains("<svg viewBox="))
    #expect(section.contains("c/hold-&lt;1&gt;.csv"))
    #expect(!section.contains("hold-<1>"))
    #expect(section.contains("no motion to replay"))
    #expect(html.contains("<div class=\"explorer\" data-experiment=\"release\">"))
    // The page lists both; the recognizer's entry says it is a summary.
    let manifest = files[1].contents
    #expect(manifest.contains("\"recognizer\"") && manifest.contains("\"release\""))
    #expect(manifest.contains("\"summary\":true"))

    // The grid's metrics: every point, as feel sweep's CSV prints them (the tap read as a drag
    // at 5 pt, not at 15 pt; the hold missed at both), no motion.
    let script = files[2].contents
    let data = try assignedObject(script)
    #expect(data["summary"] as? Bool == true)
    #expect(data["points"] is NSNull)
    let grid = try #require(data["grid"] as? [String: Any])
    #expect(grid["points"] as? Int == 2)
    let metrics = try #require(grid["metrics"] as? [String])
    let decoded = try metrics.map { try #require(GridMetricCodec.decode($0)) }
    #expect(decoded.map { $0.map(\.number) } == [[1, 0], [1, 1]])
  }

  func releaseSweep() throws -> ParameterGrid {
    let text = """
      title = "Release"
      scene = "s.toml"
      metrics = ["overshoot_pt"]
      [[axis]]
      name = "damping"
      path = "behavior.scrub-snap.damping"
      values = [0.35, 0.5]
      """
    let e = try ExperimentReader.parse(text, file: "e.toml")
    return try ParameterGrid(
      e, scene: try loadScene("experiments/scenes/castro-release-right-40.toml"),
      sceneFile: "s.toml")
  }
}
