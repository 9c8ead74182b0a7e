import FeelMetrics
import FeelNotebook
import FeelScene
import FeelSweep
import FeelTestSupport
import Foundation
import Testing

/// A committed experiment, checked as `feel sweep` checks it.
private func sweep(_ file: String) throws -> ParameterGrid {
  let url = repositoryRoot.appendingPathComponent(file)
  let experiment = try ExperimentReader.parse(String(contentsOf: url, encoding: .utf8), file: file)
  let sceneFile = url.deletingLastPathComponent().appendingPathComponent(experiment.scene)
  let scene = try SceneReader.parse(
    String(contentsOf: sceneFile, encoding: .utf8), file: sceneFile.path)
  return try ParameterGrid(experiment, scene: scene, sceneFile: sceneFile.path)
}

@Suite("The notebook's view of a sweep")
struct SweepAdapterTests {
  @Test("Experiment 1: axes, Castro's values preferred, scenes and metrics as feel sweep's")
  func snapDampingRelease() throws {
    let sweep = try sweep("experiments/snap-damping-release.toml")
    let notebook = NotebookExperiment(sweep: sweep, id: "snap-damping-release")
    #expect(notebook.title == sweep.experiment.title)
    #expect(notebook.axes.map(\.name) == ["damping", "release_pt"])
    #expect(notebook.axes.map(\.count) == [59, 61])
    #expect(notebook.pointCount == sweep.count)
    // damping 0.05 + 12 × 0.025 = 0.35; release 10 + 12 × 2.5 = 40 (the base scene's 200 − 160)
    #expect(notebook.axes[0].preferred == 12)
    #expect(notebook.axes[0].value(12) == NotebookAxisValue(label: "0.35", number: 0.35))
    #expect(notebook.axes[1].preferred == 12)
    #expect(notebook.axes[1].paths == ["item.bar.center.0 = 160 + 1 × value"])
    #expect(notebook.metrics.map(\.column) == sweep.metrics.map(\.column))
    for coordinates in [[0, 0], [12, 12], [58, 60], [3, 41]] {
      let index = coordinates[0] * 61 + coordinates[1]
      let scene = notebook.scene(coordinates)
      #expect(scene == sweep.scene(at: index))
      let result = sweep.measure(at: index)
      #expect(notebook.measure(scene).values == sweep.metrics.map { result[$0] })
    }
  }

  @Test("A list experiment's metrics carry the CSV header's definitions: the list's settle time")
  func listDefinitions() throws {
    let sweep = try sweep("experiments/list-damping-frequency.toml")
    let notebook = NotebookExperiment(sweep: sweep, id: "list")
    let header = SweepCSV.header(sweep)
    let settle = try #require(notebook.metrics.first { $0.column == "settle_time_s" })
    #expect(settle.definition.contains("last frame a scroll moved the list"))
    #expect(!settle.definition.contains("snap phase"))
    // The page and the CSV read the text from one place.
    for metric in notebook.metrics {
      #expect(header.contains("# column \(metric.column): \(metric.definition)\n"))
    }
  }

  @Test("Empty metrics carry feel sweep's reason")
  func reasons() throws {
    let sweep = try sweep("experiments/tap-hint-push-gravity.toml")
    let notebook = NotebookExperiment(sweep: sweep, id: "tap")
    // the strongest push against the weakest gravity: the bar never comes back to the wall
    let coordinates = [notebook.axes[0].count - 1, 0]
    let index = coordinates[0] * notebook.axes[1].count
    let result = sweep.measure(at: index)
    let measurement = notebook.measure(notebook.scene(coordinates))
    #expect(measurement.values.contains { $0 == nil })
    for (m, metric) in sweep.metrics.enumerated() {
      #expect(
        measurement.reasons[m] == result.reason(metric).map { "\($0.rawValue): \($0.explanation)" })
    }
  }

  @Test("Experiment 5: the profile axis holds names; the base scene's profile is preferred")
  func profiles() throws {
    let sweep = try sweep("experiments/profile-modern-ios7.toml")
    let notebook = NotebookExperiment(sweep: sweep, id: "profile-modern-ios7")
    let profile = try #require(notebook.axes.last)
    #expect(profile.count == 2)
    #expect(profile.value(1) == NotebookAxisValue(label: "ios7", number: nil))
    #expect(profile.preferred == 0)
  }

  @Test("The wall offset axis: x = −offset, so 10 pt is preferred")
  func wall() throws {
    let sweep = try sweep("experiments/wall-offset-damping.toml")
    let notebook = NotebookExperiment(sweep: sweep, id: "wall")
    #expect(notebook.axes[0].value(notebook.axes[0].preferred ?? -1).number == 10)
  }
}
