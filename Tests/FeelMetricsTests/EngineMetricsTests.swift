import FeelMetrics
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// The metrics of real engine runs: the snap in its small-amplitude regime against the
/// closed-form solution of the linearised sub-step, and the Castro scenes against values read
/// directly off their trajectories and events.
@Suite struct EngineMetricsTests {
  /// Small motion (2 pt, a 0.05 pt band): overshoot, crossings and settle time as the
  /// linearised snap sub-step (`LinearisedSnapStep`) gives them at the display frames (frame n
  /// is after 2n − 1 sub-steps at 60 Hz).
  @Test(arguments: [0.1, 0.3, 0.6])
  func smallAmplitudeSnapMatchesTheLinearisedStep(damping: Double) throws {
    let release = 2.0
    let band = 0.05
    let scene = snappedBarScene(release_pt: release, damping: damping)
    let plan = try MeasurePlan(scene, SceneMeasure(band_pt: band))
    let result = SceneMeasurement.measure(scene, plan)

    let step = LinearisedSnapStep(damping: damping)
    let frames = (0...180).map { n in
      step.x(from: release, substeps: n == 0 ? 0 : 2 * n - 1)
    }
    let overshoot = max(0, -(frames.min() ?? 0))
    if overshoot > 0 {
      expectClose(
        result[.overshoot_pt], overshoot, .discreteLinearisation,
        "overshoot_pt, damping \(damping)")
    } else {
      #expect(result[.overshoot_pt] ?? -1 < release * 1e-3, "no visible overshoot")
    }
    expectSettling(result, frames: frames, band: band, "damping \(damping)")
  }

  /// The settle time and the crossings beyond the band of `result` against the closed form's
  /// frames (the phase's start first).
  func expectSettling(
    _ result: MetricsResult, frames: [Double], band: Double, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let lastOutside = frames.indices.last { abs(frames[$0]) > band } ?? 0
    expectClose(
      result[.settleTime_s], Double(lastOutside) / 60, .oneFrame, "settle_time_s, \(what)",
      sourceLocation: sourceLocation)
    var side = 1
    var crossings = 0
    for x in frames where abs(x) > band {
      let s = x > 0 ? 1 : -1
      if s != side { crossings += 1 }
      side = s
    }
    #expect(
      result[.oscillations] == Double(crossings), "oscillations, \(what)",
      sourceLocation: sourceLocation)
  }

  /// A rule that sets the snap's point (`set`) moves the target: the bar rests at its point,
  /// a time rule moves the point 2 pt along x, and the phase from that frame on is the small
  /// release's, measured against the new point: settle time and crossings as the linearised
  /// sub-step gives them from the frame the point moved (two sub-steps per frame, the animator
  /// running), the target the point set.
  @Test(arguments: [0.1, 0.3, 0.6])
  func aSnapPointSetByARuleIsTheTarget(damping: Double) throws {
    let moved = 2.0
    let band = 0.05
    var scene = snappedBarScene(release_pt: 0, damping: damping, duration_s: 4)
    var change = BehaviorChange()
    change.point_pt = Point(160 + moved, 25)
    scene.rules = [SceneRule(on: .time(at_s: 0.1), setBehavior: "snap", change: change)]
    let plan = try MeasurePlan(scene, SceneMeasure(band_pt: band))
    let result = SceneMeasurement.measure(scene, plan)
    #expect(result.target_pt == Point(160 + moved, 25))
    let step = LinearisedSnapStep(damping: damping)
    let frames = (0...200).map { n in step.x(from: moved, substeps: 2 * n) }
    expectSettling(result, frames: frames, band: band, "after the set, damping \(damping)")
  }

  /// The same overshoot against the continuous closed form exp(−ζπ/√(1−ζ²)) with the
  /// linearised step's own ζ (its eigenvalues): the frames sample the trough up to half a
  /// frame away from it.
  @Test(arguments: [0.1, 0.3])
  func smallAmplitudeOvershootNearTheContinuousClosedForm(damping: Double) throws {
    let release = 2.0
    let scene = snappedBarScene(release_pt: release, damping: damping)
    let plan = try MeasurePlan(scene, SceneMeasure(band_pt: 0.05))
    let result = SceneMeasurement.measure(scene, plan)
    // ζ of the map from its eigenvalues z = e^(sh).
    let zeta = LinearisedSnapStep(damping: damping).modes.zeta
    let expected = release * exp(-zeta * Double.pi / (1 - zeta * zeta).squareRoot())
    expectClose(result[.overshoot_pt], expected, .framePeakSampling, "overshoot_pt vs ζ \(zeta)")
  }

  /// Stopping at the pause changes nothing: the same metrics as recording every frame of the
  /// scene's duration.
  @Test(arguments: [
    "experiments/scenes/castro-release-right-40.toml",
    "experiments/scenes/castro-release-left-160.toml",
    "experiments/scenes/castro-tap-hint-left.toml",
    "experiments/scenes/castro-tap-hint-right.toml",
    "experiments/scenes/apple-snap.toml",
  ])
  func earlyStopMatchesTheFullRun(path: String) throws {
    let scene = try loadScene(path)
    let plan = try MeasurePlan(scene)
    let early = SceneMeasurement.measureRun(scene, plan)

    var sim = SceneSimulation(scene)
    var recorder = MetricsRecorder(
      frameRate_hz: scene.frameRate_hz, band_pt: plan.band_pt, target_pt: plan.target(in: scene),
      hopDirection: plan.hopDirection(in: scene))
    let present = { (sim: SceneSimulation) in
      plan.snap.map { sim.animator.present.contains($0) } ?? false
    }
    var rotation = RotationRecorder(
      frameRate_hz: scene.frameRate_hz, band_rad: plan.angleBand_rad(in: scene),
      rimRadius_pt: plan.rimRadius_pt(in: scene), detent: nil)
    let initial = scene.items[plan.item].initialState
    rotation.startCoast(
      atFrame: 0, angle_rad: initial.angle_rad, omega_rad_s: initial.angularVelocity_rad_s)
    recorder.record(
      frame: 0, state: initial, contactBegan: false, snapPresent: present(sim),
      running: sim.isRunning)
    for _ in 0..<scene.frameCount {
      let contact = sim.advance().contains { $0.kind == .contactBegan }
      recorder.record(
        frame: sim.frame, state: sim.state(ofItem: plan.item), contactBegan: contact,
        snapPresent: present(sim), running: sim.isRunning)
      rotation.record(frame: sim.frame, angle_rad: sim.state(ofItem: plan.item).angle_rad)
    }
    var full = recorder.result
    // One item, no scroll, no [measure] items: no list to measure (`no-list`).
    full.leaveEmpty(.maxLag_pt, because: .noList)
    full.leaveEmpty(.spread_pt, because: .noList)
    if plan.turnsItem {
      rotation.write(into: &full, running: sim.isRunning, aim: nil)
    } else {
      // Nothing turns a bar or a snapped box by design: no coast to measure (`no-turn`).
      for m in Metric.allCases where m.group == .rotation { full.leaveEmpty(m, because: .noTurn) }
    }
    #expect(early.result == full, "\(path)")
    #expect(early.framesSimulated <= scene.frameCount)
  }

  /// A time rule still to fire keeps the run going past a pause: here the bar rests on its snap
  /// point (the animator pauses on frame 31), then a push added at 1 s moves it again.
  @Test func aPendingTimeRuleOutlivesThePause() throws {
    var scene = snappedBarScene(release_pt: 0, damping: 0.35)
    scene.behaviors.append(
      SceneBehavior(
        id: "kick", items: ["bar"], start: false,
        kind: .push(PushSpec(mode: .instantaneous, magnitude: 1))))
    scene.rules = [SceneRule(on: .time(at_s: 1), add: ["kick"])]
    let pause = try #require(pauseFrame(scene), "the resting bar pauses first")
    #expect(pause < 60)
    let run = SceneMeasurement.measureRun(scene, try MeasurePlan(scene))
    #expect(run.framesSimulated > 60, "not stopped at the first pause")
    let speed = try #require(run.result[.peakSpeed_pt_s])
    #expect(speed > 10, "the kick at 1 s was simulated (the bar was at rest before)")
    let paused = try #require(run.result[.pauseTime_s])
    #expect(paused > 1, "pause_time_s is the last pause, after the kick")
  }

  /// The release scenes stop well before their 3 s: the point of the early stop.
  @Test func releaseStopsAtThePause() throws {
    let scene = try loadScene("experiments/scenes/castro-release-right-40.toml")
    let run = SceneMeasurement.measureRun(scene, try MeasurePlan(scene))
    let pause = try #require(pauseFrame(scene))
    #expect(run.framesSimulated == pause)
    #expect(run.result[.pauseTime_s] == Double(pause) / 60)
  }

  /// The Castro tap hint's metrics, read off its trajectory and events here.
  @Test(arguments: [("left", 1.0), ("right", -1.0)])
  func castroTapHint(side: String, pushSign: Double) throws {
    let scene = try loadScene("experiments/scenes/castro-tap-hint-\(side).toml")
    let result = SceneMeasurement.measure(scene, try MeasurePlan(scene))

    var sim = SceneSimulation(scene)
    var xs = [scene.items[0].center_pt]
    var contact: Int?
    for _ in 0..<scene.frameCount {
      let events = sim.advance()
      if contact == nil, events.contains(where: { $0.kind == .contactBegan }) {
        contact = sim.frame
      }
      xs.append(sim.state(ofItem: 0).center_pt)
    }
    let touch = try #require(contact, "the Castro hint touches its wall")
    #expect(result[.touched] == 1)
    #expect(result[.contactTime_s] == Double(touch) / 60)
    let hop = xs[0...touch].map { pushSign * ($0.x - 160) }.max()!
    #expect(result[.hop_pt] == hop)
    // The snap starts from rest at the wall, opposite the push; it overshoots along the push.
    let release = 160 - xs[touch].x
    #expect(abs(release) > 5, "the wall is 10 pt out: the snap starts about 8 pt from home")
    let overshoot = xs[touch...].map { pushSign * ($0.x - 160) }.max()!
    expectClose(result[.overshoot_pt], max(0, overshoot), .doubleRoundoff, "overshoot_pt")
    let lastOutside = xs.indices.last { k in
      k >= touch && hypot(xs[k].x - 160, xs[k].y - 25) > 0.5
    }!
    #expect(result[.settleFrames] == Double(lastOutside - touch))
    #expect(result[.hintTotal_s] == Double(lastOutside) / 60)
  }
}
