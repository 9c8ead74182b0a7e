import FeelMetrics
import FeelScene
import FeelSweep
import FeelTestSupport
import Testing

/// Sweeping the dial's keys (docs/experiments.md, "Paths"): the inertia's decay in [0, 1), the
/// detent's count a whole number; values reach the scene each point runs.
@Suite struct DialSweepTests {
  static let scenePath = "experiments/scenes/dial-detent-release.toml"

  func sweep(_ axis: String, metrics: String = #""landed_label", "rim_per_label_pt""#) throws
    -> ParameterGrid
  {
    let text = """
      title = "t"
      scene = "s.toml"
      metrics = [\(metrics)]
      [[axis]]
      name = "a"
      \(axis)
      """
    let e = try ExperimentReader.parse(text, file: "e.toml")
    return try ParameterGrid(e, scene: try loadScene(Self.scenePath), sceneFile: Self.scenePath)
  }

  func message(_ axis: String) -> String? {
    do {
      _ = try sweep(axis)
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test func countMustBeWhole() {
    let text = message("path = \"behavior.settle.count\"\nvalues = [12, 12.5]")
    #expect(text?.contains("a whole number ≥ 1") == true, "\(text ?? "accepted")")
  }

  @Test func decayMustBeUnderOne() {
    let text = message("path = \"behavior.coast.decay\"\nvalues = [0.97, 1]")
    #expect(text?.contains("a number in [0, 1)") == true, "\(text ?? "accepted")")
  }

  @Test func aMisspeltDetentKeyIsNamed() {
    let text = message("path = \"behavior.settle.cont\"\nvalues = [12]")
    #expect(text?.contains("did you mean 'behavior.settle.count'?") == true, "\(text ?? "")")
  }

  /// The count reaches the scene: rim travel per value is 2π·120/N.
  @Test func countReachesTheScene() throws {
    let sweep = try sweep("path = \"behavior.settle.count\"\nvalues = [6, 24]")
    for (index, n) in [6.0, 24.0].enumerated() {
      let result = SceneMeasurement.measure(sweep.scene(at: index), sweep.plan)
      expectClose(
        result[.rimPerLabel_pt], 2 * Double.pi * 120 / n, .doubleRoundoff, "rim per label, N=\(n)")
    }
  }

  /// A sweep that asks for no rotation metric records none (no angle kept per frame): they
  /// stay unset, neither value nor flag, and every other metric is what a run recording them
  /// all gives; one that asks for one records them.
  @Test func rotationIsRecordedOnlyWhenAskedFor() throws {
    let lean = try sweep(
      "path = \"behavior.settle.count\"\nvalues = [6, 24]",
      metrics: #""pause_time_s", "peak_speed_pt_s""#)
    #expect(!lean.plan.recordsRotation)
    #expect(try sweep("path = \"behavior.settle.count\"\nvalues = [6]").plan.recordsRotation)
    var full = lean.plan
    full.recordsRotation = true
    for index in 0..<lean.count {
      let scene = lean.scene(at: index)
      let without = SceneMeasurement.measure(scene, lean.plan)
      let with = SceneMeasurement.measure(scene, full)
      for metric in Metric.allCases {
        if metric.group == .rotation {
          #expect(without[metric] == nil && without.reason(metric) == nil, "\(metric)")
        } else {
          #expect(without[metric] == with[metric], "\(metric)")
          #expect(without.reason(metric) == with.reason(metric), "\(metric)")
        }
      }
      #expect(with[.landedLabel] != nil, "the full run measures the rotation")
    }
  }
}
