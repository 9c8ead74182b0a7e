import FeelEngine
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// The two time-stepping profiles against docs/uikit-dynamics-model.md, "Time stepping".
@Suite struct ProfileTests {
  func substepsPerFrame(_ profile: Profile, frames: Int, frameRate_hz: Double = 60) -> [Int] {
    let scene = Scene(
      profile: profile, frameRate_hz: frameRate_hz,
      items: [SceneItem(id: "box", size_pt: Point(10, 10), center_pt: Point(0, 0))],
      behaviors: [SceneBehavior(id: "g", items: ["box"], kind: .gravity(GravitySpec()))])
    var animator = SceneSimulation(scene).animator
    return (0..<frames).map { _ in animator.advanceFrame(dt_s: 1 / frameRate_hz).substeps }
  }

  /// Modern: float32(1/120) compared against a double accumulator, so the first 60 Hz frame
  /// runs one sub-step and the following ones two; at 120 Hz the first frame runs none.
  @Test func modernSubsteps() {
    let at60 = substepsPerFrame(.modern, frames: 600)
    #expect(at60[0] == 1)
    #expect(at60.dropFirst().allSatisfy { $0 == 2 })
    let at120 = substepsPerFrame(.modern, frames: 240, frameRate_hz: 120)
    #expect(at120[0] == 0)
    #expect(at120.dropFirst().allSatisfy { $0 == 1 })
  }

  /// iOS 7: 0.004 s sub-steps, four per 1/60 s frame and five on about every sixth frame
  /// (the loop's strict `total > 0.004` and float rounding shift one now and then), so
  /// 250 sub-steps per second of frames, give or take the one left in the accumulator.
  @Test func ios7Substeps() {
    let counts = substepsPerFrame(.ios7, frames: 600)
    #expect(Set(counts).isSubset(of: [4, 5]))
    let fives = counts.indices.filter { counts[$0] == 5 }
    #expect((99...100).contains(fives.count), "about one frame in six runs five sub-steps")
    for (a, b) in zip(fives, fives.dropFirst()) {
      #expect((5...7).contains(b - a), "fives \(a) and \(b) are about six frames apart")
    }
    let total = counts.reduce(0, +)
    #expect(abs(total - 2500) <= 1, "250 sub-steps per second, got \(total) in 10 s")
  }

  /// iOS 7 damps with v *= clamp(1 − h·c, 0, 1): a falling item's speed after n sub-steps is
  /// the geometric sum h·g·Σ r^k, r = 1 − h·c, k = 1…n.
  @Test func ios7ClampDampingFreeFall() {
    let c = 0.8
    let h = 0.004
    let g = 1000.0
    let scene = Scene(
      profile: .ios7, duration_s: 1,
      items: [SceneItem(id: "box", size_pt: Point(40, 30), center_pt: Point(0, 0))],
      behaviors: [
        SceneBehavior(id: "g", items: ["box"], kind: .gravity(GravitySpec())),
        SceneBehavior(
          id: "p", items: ["box"],
          kind: .item(ItemPropertiesSpec(resistance: c, angularResistance: 0))),
      ])
    var sim = SceneSimulation(scene)
    var n = 0
    for _ in 0..<30 { n += sim.animator.advanceFrameCounting(sim: &sim) }
    let r = 1 - h * c
    let v = h * g * r * (1 - pow(r, Double(n))) / (1 - r)
    let check = closeness(sim.state(ofItem: 0).velocity_pt_s.y, v, .float32Accumulation, "vy_pt_s")
    #expect(check.ok, Comment(rawValue: check.message))
  }
}

extension Animator {
  /// Advances the simulation one frame and returns the sub-steps it ran.
  fileprivate func advanceFrameCounting(sim: inout SceneSimulation) -> Int {
    let before = sim.animator.substepsRun
    sim.advance()
    return sim.animator.substepsRun - before
  }
}
