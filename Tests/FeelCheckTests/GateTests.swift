import FeelCheck
import FeelControl
import FeelEngine
import FeelScene
import FeelSweep
import FeelTestSupport
import Foundation
import Testing

/// The gate itself, against the committed baselines (golden data, recorded on purpose with
/// `feel check --record`): today's engine matches them; an engine whose snap springs run at
/// 4.4 Hz instead of UIKit's 4 Hz (the test-only hook `EngineOptions.snapFrequencyOverride_hz`)
/// drifts; a change far inside the tolerances does not.
///
/// The subjects are the Castro and tempo dial presets (trajectories, as
/// experiments/controls/castro.toml and tempo-dial.toml list them) and experiment 1, snap damping ×
/// release distance (a metric CSV of 3,599 points, a few seconds in a debug build). Its
/// settle times reach well over a second, so a 10 % stiffer spring moves them by frames; the
/// phone-width experiment's short settles (≈ 0.15 s after the contact swap) would not show it
/// beyond one frame, which is why it is not the one used here.
/// With `FEEL_RECORD=1` every test here re-records the baselines and fails.
@Suite struct GateTests {
  static let experimentName = "snap-damping-release"

  /// The presets and the experiment, loaded as `feel check` loads them.
  static func subjects() throws -> [CheckSubject] {
    var subjects: [CheckSubject] = []
    let path = "experiments/\(experimentName).toml"
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    let experiment = try ExperimentReader.parse(text, file: path)
    let sceneFile = "experiments/" + experiment.scene
    subjects.append(
      try CheckSubject(
        experiment: experimentName, experiment, scene: loadScene(sceneFile), sceneFile: sceneFile))
    // No presets would leave the gate's preset half untested: fail instead.
    let presets = try presetNames()
    try #require(!presets.isEmpty, "the committed control files list presets")
    for name in presets {
      subjects.append(CheckSubject(preset: name, try loadScene("experiments/scenes/\(name).toml")))
    }
    return subjects
  }

  /// The presets of the committed control files (Castro's, then the tempo dial's), by name. A
  /// control file that cannot be read or parsed throws (its error names the file and line), so
  /// the test asking fails instead of losing that control's presets.
  static func presetNames() throws -> [String] {
    try ["castro", "tempo-dial"].flatMap { name throws -> [String] in
      let path = "experiments/controls/\(name).toml"
      let text = try String(
        contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
      return try ControlReader.parse(text, file: path).presets.map(\.name)
    }
  }

  static func baselineFile(_ subject: CheckSubject) -> String {
    "experiments/baselines/" + subject.baselineFileName
  }

  static func baselineText(_ subject: CheckSubject) throws -> String {
    try String(
      contentsOf: repositoryRoot.appendingPathComponent(baselineFile(subject)), encoding: .utf8)
  }

  /// Today's output for every subject, by name, computed once for all the tests; a subject
  /// that cannot be loaded is kept as the error, which every test using it throws.
  static let todaysCSVs: Result<[String: String], any Error> = Result {
    Dictionary(uniqueKeysWithValues: try subjects().map { ($0.name, $0.currentCSV(threads: 2)) })
  }

  /// Today's output for the subject named `name`.
  static func todaysCSV(_ name: String) throws -> String {
    try #require(try todaysCSVs.get()[name], "no subject named \(name)")
  }

  /// The check of every subject against its committed baseline with `options`.
  static func check(_ options: EngineOptions) throws -> CheckReport {
    try CheckReport(
      results: subjects().map { subject in
        let current =
          options == .uikit
          ? try todaysCSV(subject.name) : subject.currentCSV(threads: 2, options: options)
        return try subject.compare(
          baseline: baselineText(subject), file: baselineFile(subject), current: current)
      })
  }

  @Test func todaysEngineMatchesTheCommittedBaselines() throws {
    if GoldenRecording.failIfRecording() { return }
    let report = try Self.check(.uikit)
    #expect(!report.hasDrift, "\(report.text())")
    let baselines = 1 + (try Self.presetNames().count)
    #expect(report.verdict == "feel check: \(baselines) baselines, 0 drifted")
  }

  @Test func snapAt4point4HzDrifts() throws {
    if GoldenRecording.failIfRecording() { return }
    let report = try Self.check(EngineOptions(snapFrequencyOverride_hz: 4.4))
    #expect(report.hasDrift)
    // Every subject with a snap drifts: the release from t = 0, the tap hints after the contact
    // swap, the touch-driven presets after the drag-ended rule or the contact swap. The tempo
    // dial's presets have none and do not.
    let presetNames = try Self.presetNames()
    let snapped = try presetNames.filter { name in
      try loadScene("experiments/scenes/\(name).toml").behaviors.contains {
        if case .snap = $0.kind { true } else { false }
      }
    }
    #expect(snapped.count >= 8)
    #expect(snapped.count < presetNames.count)
    #expect(report.drifted.map(\.name) == [Self.experimentName] + snapped)
    let count = 1 + presetNames.count
    #expect(report.verdict == "feel check: \(count) baselines, \(1 + snapped.count) drifted")
    let lines = report.table(maxRows: 5)
    #expect(lines.count == 7)  // header, five rows, "… and K more"
    #expect(lines.last!.hasPrefix("… and "))
    // A stiffer spring brings the released bar home sooner: x differs beyond 0.01 pt.
    let release = try #require(report.results.first { $0.name == "castro-release-right-80" })
    #expect(release.drifts.contains { $0.column == "x_pt" && $0.size > 10 })
    // and the settle times of experiment 1 move by more than a frame.
    let snap = try #require(report.results.first { $0.name == Self.experimentName })
    #expect(snap.drifts.contains { $0.column == "settle_time_s" && $0.size > 1 })
  }

  @Test func snapAt4point0000001HzStaysWithinTolerance() throws {
    if GoldenRecording.failIfRecording() { return }
    let report = try Self.check(EngineOptions(snapFrequencyOverride_hz: 4.000_000_1))
    #expect(!report.hasDrift, "\(report.text())")
  }

  /// Moving one committed value by a tenth of its tolerance is no drift; by one and a half
  /// tolerances it is exactly one drift, at that value.
  @Test func perturbedBaselineDriftsOnlyBeyondItsTolerance() throws {
    if GoldenRecording.failIfRecording() { return }
    let subjects = try Self.subjects()
    let release = try #require(subjects.first { $0.name == "castro-release-right-80" })
    let snap = try #require(subjects.first { $0.name == Self.experimentName })
    // Frame 30 of the release (line 32: the header, then frame 0 on line 2).
    try expectPerturbation(
      release, line: 32, column: "x_pt", tolerance: CheckTolerances.hundredthOfAPoint,
      at: "frame 30 bar")
    try expectPerturbation(
      release, line: 32, column: "angle_rad", tolerance: CheckTolerances.tenThousandthOfARadian,
      at: "frame 30 bar")
    // Castro's constants in experiment 1: damping 0.35, released 80 pt away.
    let lines = try Self.baselineText(snap).split(separator: "\n")
    let line = try #require(lines.firstIndex { $0.hasPrefix("0.35,80,") }) + 1
    for (column, tolerance) in [
      ("overshoot_pt", CheckTolerances.twentiethOfAPoint),
      ("settle_time_s", CheckTolerances.oneFrame),
      ("peak_speed_pt_s", CheckTolerances.hundredthOfAPointPerFrame),
    ] {
      try expectPerturbation(
        snap, line: line, column: column, tolerance: tolerance, at: "damping=0.35 release_pt=80")
    }
  }

  func expectPerturbation(
    _ subject: CheckSubject, line: Int, column: String, tolerance: CheckTolerance, at: String
  ) throws {
    let baseline = try Self.baselineText(subject)
    let current = try Self.todaysCSV(subject.name)
    let value = try #require(Double(cell(baseline, line: line, column: column)))
    for (factor, drifts) in [(0.1, false), (-0.1, false), (1.5, true), (-1.5, true)] {
      let moved = String(value + factor * tolerance.value)
      let text = replacing(baseline, line: line, column: column, with: moved)
      let result = try subject.compare(baseline: text, file: "perturbed", current: current)
      if drifts {
        #expect(labels(result.drifts) == ["\(column)@\(at)"], "\(factor) × \(tolerance)")
        #expect(abs(result.drifts.first!.size - 1.5) < 1e-6)
      } else {
        #expect(result.drifts.isEmpty, "\(factor) × \(tolerance)")
      }
    }
  }
}
