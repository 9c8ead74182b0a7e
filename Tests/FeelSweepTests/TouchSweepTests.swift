import FeelMetrics
import FeelScene
import FeelSweep
import FeelTestSupport
import Testing

/// Sweeping touches: generated traces' values and the recognizer's constants as scene paths,
/// with the drag metrics decided from the simulated events.
@Suite("Sweeps over touches")
struct TouchSweepTests {
  static let swipe = "experiments/scenes/castro-swipe-right.toml"

  func sweep(_ axes: String, metrics: String, extra: String = "") throws -> ParameterGrid {
    let text = """
      title = "t"
      scene = "s.toml"
      metrics = \(metrics)
      \(extra)
      \(axes)
      """
    let e = try ExperimentReader.parse(text, file: "e.toml")
    return try ParameterGrid(e, scene: try loadScene(Self.swipe), sceneFile: Self.swipe)
  }

  @Test("touch and recognizer paths set the scene's values")
  func paths() throws {
    var scene = try loadScene(Self.swipe)
    let values: [(String, Double)] = [
      ("touch.finger.drag.duration", 0.4), ("touch.finger.drag.to.0", 120),
      ("touch.finger.drag.from.1", 30), ("touch.finger.drag.at", 0.25),
      ("recognizer.slop", 4), ("recognizer.hold", 0.3), ("recognizer.velocity_window", 0.05),
    ]
    for (text, value) in values {
      let path = try ScenePath(text, in: scene)
      path.set(value, in: &scene)
      #expect(path.number(in: scene) == value, "\(text)")
    }
    #expect(
      scene.touches[0].trace
        == .drag(
          TouchDrag(at_s: 0.25, from_pt: Point(200, 30), to_pt: Point(120, 25), duration_s: 0.4)))
    #expect(scene.recognizer == RecognizerSettings(slop_pt: 4, hold_s: 0.3, velocityWindow_s: 0.05))
    #expect(ScenePath.all(in: scene).contains("touch.finger.drag.to.0"))
  }

  @Test("out-of-range touch values and traces a sweep cannot vary are refused")
  func refused() throws {
    let bad = """
      [[axis]]
      name = "d"
      path = "touch.finger.drag.duration"
      values = [0.1, 0]
      """
    #expect(throws: ExperimentError.self) {
      try sweep(bad, metrics: "[\"committed\"]")
    }
    let written = try loadScene(Self.swipe)
    var samples = written
    samples.touches[0].trace = .samples([TouchSample(0, 1, 1)])
    #expect(throws: ScenePath.Problem.self) {
      try ScenePath("touch.finger.samples", in: samples)
    }
    #expect(throws: ScenePath.Problem.self) {
      try ScenePath("touch.finger.tap.point.0", in: written)
    }
  }

  @Test("a swipe's duration decides its commit, as the frames of its events say")
  func commitOverDuration() throws {
    let durations = [0.1, 0.15, 0.2, 0.25, 0.3, 0.5]
    let s = try sweep(
      """
      [[axis]]
      name = "duration_s"
      path = "touch.finger.drag.duration"
      values = [\(durations.map { "\($0)" }.joined(separator: ", "))]
      """,
      metrics: "[\"committed\", \"drag_duration_s\", \"release_velocity_pt_s\"]")
    for (index, duration) in durations.enumerated() {
      // The closed form: the finger moves 40 pt at constant speed from t = 0; sample j (at
      // j / 60 s) is delivered before frame max(j, 1); the drag begins on the first sample
      // more than 10 pt from the first; the lift at `duration` is delivered before frame
      // ⌈60 × duration⌉.
      let rate = 60.0
      var began = 1
      while 40 * (Double(began) / rate) / duration <= 10 { began += 1 }
      let lift = Int((duration * rate - 1e-9).rounded(.up))
      let expected = Double(lift - began) / rate
      let r = s.measure(at: index)
      expectClose(r[.dragDuration_s], expected, .doubleRoundoff, "drag duration at \(duration) s")
      #expect(r[.committed] == (expected >= 0.2 - 1e-9 ? 1 : 0), "committed at \(duration) s")
      expectClose(r[.releaseVelocity_pt_s], 40 / duration, .fitRoundoff, "release velocity")
    }
  }

  @Test("an experiment's [measure] commit_after overrides the scene's")
  func commitAfterOverride() throws {
    let s = try sweep(
      """
      [[axis]]
      name = "duration_s"
      path = "touch.finger.drag.duration"
      values = [0.15]
      """,
      metrics: "[\"committed\"]", extra: "[measure]\ncommit_after = 0.05")
    // The swipe's drag lasts 6 frames (0.1 s): committed against 0.05 s, not against 0.2 s.
    #expect(s.measure(at: 0)[.committed] == 1)
    #expect(s.plan.commitAfter_s == 0.05)
  }
}

extension Tolerance {
  static let fitRoundoff = Tolerance("least-squares round-off", 1e-9, .relative)
}
