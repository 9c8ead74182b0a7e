import FeelMetrics
import FeelScene
import FeelSweep
import FeelTestSupport
import Testing

/// Sweeping the dial's keys (docs/experiments.md, "Paths"): the inertia's decay in [0, 1), the
/// detent's count a whole number; values reach the scene each point runs.
@Suite struct DialSweepTests {
  static let scenePath = "experiments/scenes/dial-detent-release.toml"

  func sweep(_ axis: String) throws -> Sweep {
    let text = """
      title = "t"
      scene = "s.toml"
      metrics = ["landed_label", "rim_per_label_pt"]
      [[axis]]
      name = "a"
      \(axis)
      """
    let e = try ExperimentReader.parse(text, file: "e.toml")
    return try Sweep(e, scene: try loadScene(Self.scenePath), sceneFile: Self.scenePath)
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
}
