import FeelMetrics
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// A card hanging from a fixed anchor on an attachment spring under UIKit's default gravity
/// (1000 pt/s² down): no snap and no given target, so the target metrics are measured against
/// where it comes to rest (`rest-target`, docs/metrics.md).
private func hangingCard(frequency_hz: Double, damping: Double, duration_s: Double = 4) throws
  -> Scene
{
  try SceneText(duration: duration_s, "title = \"A card hanging on a spring\"", "frame_rate = 60")
    .item("card", size: [100, 60], center: [160, 140])
    .behavior("gravity", "gravity", items: ["card"])
    .behavior(
      "hang", "attachment", items: ["card"], "anchor = [160, 40]", "length = 100",
      "frequency = \(frequency_hz)", "damping = \(damping)"
    )
    .scene(file: "hanging-card.toml")
}

/// The centre of item 0 at every frame of a full run (no early stop), and the frame after
/// which the animator last paused (nil if it runs at the end).
private func trajectory(_ scene: Scene) -> (centres: [Point], pause: Int?, touchUps: [Int]) {
  var sim = SceneSimulation(scene)
  var centres = [scene.items[0].center_pt]
  var pause: Int?
  var touchUps: [Int] = []
  for _ in 0..<scene.frameCount {
    let events = sim.advance()
    touchUps += events.filter { $0.kind == .touch(.touchUp) }.map(\.frame)
    centres.append(sim.state(ofItem: 0).center_pt)
    pause = sim.isRunning ? nil : (pause ?? sim.frame)
  }
  return (centres, pause, touchUps)
}

private func distance(_ a: Point, _ b: Point) -> Double {
  ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}

extension Tolerance {
  /// Box2D puts a body to sleep once its speed has stayed under 1 pt/s (b2_linearSleepTolerance)
  /// for 0.5 s, so a spring rests within (1 pt/s) / ω of its static equilibrium: 0.08 pt at
  /// 2 Hz, plus float32 rounding.
  static let sleepNearEquilibrium = Tolerance("asleep near the equilibrium (pt)", 0.08, .absolute)
}

@Suite("Metrics against the rest pose (rest-target)")
struct RestTargetTests {
  @Test("The hanging card rests at the spring's static equilibrium, and is measured against it")
  func hangingCardAtEquilibrium() throws {
    let scene = try hangingCard(frequency_hz: 2, damping: 0.3)
    let plan = try MeasurePlan(scene)
    #expect(plan.measuresRestTarget)
    #expect(plan.target(in: scene) == nil)
    let result = SceneMeasurement.measure(scene, plan)
    let rest = try #require(result.restTarget_pt)
    // Static equilibrium of a soft distance joint: the spring stretches by g / ω² below its
    // rest length (m ω² · stretch = m g).
    let omega = 2 * Double.pi * 2
    expectClose(rest.y, 40 + 100 + 1000 / (omega * omega), .sleepNearEquilibrium, "rest y")
    #expect(rest.x == 160)
    let flags = result.flags(for: Metric.allCases)
    #expect(flags.contains(.restTarget))
    #expect(!flags.contains(.noTarget))
    #expect(result.reason(.settleTime_s) == nil)
  }

  @Test(
    "Settle time, overshoot and crossings read off the trajectory against its last pose",
    arguments: [(2.0, 0.3), (3.0, 0.1), (1.0, 0.7)])
  func metricsFromTheTrajectory(frequency_hz: Double, damping: Double) throws {
    let scene = try hangingCard(frequency_hz: frequency_hz, damping: damping)
    let result = SceneMeasurement.measure(scene, try MeasurePlan(scene))
    let (centres, pause, _) = trajectory(scene)
    #expect(pause != nil, "the card comes to rest within the run")
    let rest = try #require(centres.last)
    #expect(result.restTarget_pt == rest)
    let band = SceneMeasure.defaultBand_pt
    let lastOutside = centres.indices.last { distance(centres[$0], rest) > band } ?? 0
    #expect(result[.settleFrames] == Double(lastOutside))
    expectClose(result[.settleTime_s], Double(lastOutside) / 60, .doubleRoundoff, "settle_time_s")
    // The release direction: from the rest pose towards the start (straight up here).
    let start = centres[0]
    let d = distance(start, rest)
    let u = Point((start.x - rest.x) / d, (start.y - rest.y) / d)
    let along = centres.map { ($0.x - rest.x) * u.x + ($0.y - rest.y) * u.y }
    let overshoot = max(0, -(along.min() ?? 0))
    expectClose(result[.overshoot_pt], overshoot, .doubleRoundoff, "overshoot_pt")
    var side = 1
    var crossings = 0
    for a in along where abs(a) > band {
      let s = a > 0 ? 1 : -1
      if s != side { crossings += 1 }
      side = s
    }
    #expect(result[.oscillations] == Double(crossings))
  }

  @Test("An item that never comes to rest has no target: no-target, no rest-target")
  func neverAtRest() throws {
    // Undamped, the card keeps swinging: the animator never pauses within 2 s.
    let scene = try hangingCard(frequency_hz: 2, damping: 0, duration_s: 2)
    #expect(trajectory(scene).pause == nil)
    let result = SceneMeasurement.measure(scene, try MeasurePlan(scene))
    #expect(result.restTarget_pt == nil)
    #expect(result.reason(.settleTime_s) == .noTarget)
    #expect(result.reason(.overshoot_pt) == .noTarget)
    #expect(!result.flags().contains(.restTarget))
  }

  @Test("A snap or a given target is never replaced by the rest pose")
  func snapOrGivenTargetWins() throws {
    let castro = try loadScene("experiments/scenes/castro-release-right-80.toml")
    let result = SceneMeasurement.measure(castro, try MeasurePlan(castro))
    #expect(result.restTarget_pt == nil)
    #expect(!result.flags().contains(.restTarget))
    let card = try hangingCard(frequency_hz: 2, damping: 0.3)
    let given = try MeasurePlan(card, SceneMeasure(target_pt: Point(160, 146)))
    #expect(!given.measuresRestTarget)
    #expect(SceneMeasurement.measure(card, given).restTarget_pt == nil)
  }

  @Test("Only the target metrics carry the rest-target note")
  func noteOnTargetMetricsOnly() throws {
    let scene = try hangingCard(frequency_hz: 2, damping: 0.3)
    let result = SceneMeasurement.measure(scene, try MeasurePlan(scene))
    #expect(result.flags(for: [.settleTime_s]) == [.restTarget])
    #expect(result.flags(for: [.pauseTime_s, .peakSpeed_pt_s]) == [])
  }

  @Test("A touch-driven scene settles from its last lift: the card dropped by an attachment drag")
  func attachmentDragSettlesFromTheLift() throws {
    let scene = try loadScene("experiments/scenes/attachment-drag.toml")
    let result = SceneMeasurement.measure(scene, try MeasurePlan(scene))
    let (centres, pause, touchUps) = trajectory(scene)
    #expect(pause != nil)
    let lift = try #require(touchUps.last)
    let rest = try #require(centres.last)
    #expect(result.restTarget_pt == rest)
    // The phase starts at the frame before the lift's (the touch-up is delivered before frame
    // `lift`'s step), as a snap added by a drag-ended rule does.
    let start = lift - 1
    let band = SceneMeasure.defaultBand_pt
    let lastOutside = centres.indices.last { distance(centres[$0], rest) > band } ?? start
    #expect(result[.settleFrames] == Double(max(lastOutside, start) - start))
  }

  @Test("In SIMD lanes the rest-target metrics are those of single runs, bit for bit")
  func lanesMatchSingleRuns() throws {
    let scenes = try [(2.0, 0.3), (2.5, 0.2), (1.5, 0.5), (3.0, 0.05)].map {
      try hangingCard(frequency_hz: $0.0, damping: $0.1)
    }
    let plan = try MeasurePlan(scenes[0])
    let sims = scenes.map { SceneSimulation($0) }
    let signature = try #require(sims[0].laneSignature)
    #expect(sims.allSatisfy { $0.laneSignature == signature })
    let lanes = SceneMeasurement.measureMany(count: scenes.count, plan, lanes: true) { sims[$0] }
    for (scene, lane) in zip(scenes, lanes) {
      let single = SceneMeasurement.measureRun(scene, plan)
      #expect(lane == single.result)
      #expect(lane.restTarget_pt != nil)
    }
  }
}
