import FeelScene

/// Runs a scene and measures it: the engine streams into a `MetricsRecorder`, frame by frame.
///
/// The run stops early once the animator has paused and no time rule is still to fire
/// (`SceneSimulation.isAtRest`): from then on nothing can wake it, so every later frame equals
/// the last one and cannot change any metric.
public enum SceneMeasurement {
  /// The metrics of `scene` (which must be the scene `plan` was resolved against, or one that
  /// differs from it only in values). `options`: UIKit's engine except in tests.
  public static func measure(
    _ scene: Scene, _ plan: MeasurePlan, options: EngineOptions = .uikit
  ) -> MetricsResult {
    measureRun(scene, plan, options: options).result
  }

  /// The metrics and the number of frames simulated (≤ `scene.frameCount`).
  public static func measureRun(
    _ scene: Scene, _ plan: MeasurePlan, options: EngineOptions = .uikit
  ) -> (result: MetricsResult, framesSimulated: Int) {
    measureRun(SceneSimulation(scene, options: options), plan)
  }

  /// The recorder for a run of `scene`.
  private static func recorder(_ scene: Scene, _ plan: MeasurePlan) -> MetricsRecorder {
    MetricsRecorder(
      frameRate_hz: scene.frameRate_hz, band_pt: plan.band_pt, target_pt: plan.target(in: scene),
      hopDirection: plan.hopDirection(in: scene))
  }

  /// Frame 0: the scene as written (as `feel run` prints it).
  private static func recordStart(
    _ sim: SceneSimulation, _ plan: MeasurePlan, into recorder: inout MetricsRecorder
  ) {
    recorder.record(
      frame: 0, state: sim.scene.items[plan.item].initialState, contactBegan: false,
      snapPresent: plan.snap.map { sim.animator.present.contains($0) } ?? false,
      running: sim.isRunning)
  }

  /// `measureRun` of a simulation not yet advanced.
  public static func measureRun(_ simulation: SceneSimulation, _ plan: MeasurePlan) -> (
    result: MetricsResult, framesSimulated: Int
  ) {
    var sim = simulation
    let scene = sim.scene
    var recorder = recorder(scene, plan)
    let item = plan.item
    let snap = plan.snap
    let contactPrefix = "item \(plan.itemID) boundary "
    let single = scene.items.count == 1
    recordStart(sim, plan, into: &recorder)
    let frames = scene.frameCount
    while sim.frame < frames {
      let events = sim.advance()
      var contact = false
      for event in events where event.kind == .contactBegan {
        if single || event.detail.hasPrefix(contactPrefix) { contact = true }
      }
      recorder.record(
        frame: sim.frame, state: sim.state(ofItem: item), contactBegan: contact,
        snapPresent: snap.map { sim.animator.present.contains($0) } ?? false,
        running: sim.isRunning)
      // Paused with no time rule still to fire: every later frame repeats this one.
      if sim.isAtRest { break }
    }
    return (recorder.result, sim.frame)
  }

  /// `measureRun` of up to `LaneBatch.width` simulations not yet advanced, all with the same
  /// non-nil `laneSignature`, stepped together in one `LaneBatch`: the same results, bit for
  /// bit, as measuring each alone. (Such scenes have one item, no boundary and no rule: no
  /// contact, and the snap, if any, is present from frame 0 on.)
  public static func measureLanes(_ sims: [SceneSimulation], _ plan: MeasurePlan) -> [(
    result: MetricsResult, framesSimulated: Int
  )] {
    var recorders = sims.map { recorder($0.scene, plan) }
    for lane in sims.indices { recordStart(sims[lane], plan, into: &recorders[lane]) }
    let snapPresent = sims.map { sim in plan.snap.map { sim.animator.present.contains($0) } ?? false
    }
    var batch = LaneBatch(
      sims.map(\.animator), frameCounts: sims.map(\.scene.frameCount),
      dt_s: sims[0].frameDuration_s)
    while true {
      let advanced = batch.advanceFrame()
      if advanced.isEmpty { break }
      for lane in advanced {
        recorders[lane].record(
          frame: batch.frame[lane], state: batch.state(lane: lane), contactBegan: false,
          snapPresent: snapPresent[lane], running: batch.isRunning(lane: lane))
      }
    }
    return sims.indices.map { (recorders[$0].result, batch.frame[$0]) }
  }
}
