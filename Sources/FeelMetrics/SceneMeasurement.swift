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
    var sim = SceneSimulation(scene, options: options)
    var recorder = MetricsRecorder(
      frameRate_hz: scene.frameRate_hz, band_pt: plan.band_pt, target_pt: plan.target(in: scene),
      hopDirection: plan.hopDirection(in: scene))
    let item = plan.item
    let snap = plan.snap
    let contactPrefix = "item \(plan.itemID) boundary "
    let single = scene.items.count == 1
    // Frame 0 is the scene as written (as `feel run` prints it).
    recorder.record(
      frame: 0, state: scene.items[item].initialState, contactBegan: false,
      snapPresent: snap.map { sim.animator.present.contains($0) } ?? false,
      running: sim.isRunning)
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
}
