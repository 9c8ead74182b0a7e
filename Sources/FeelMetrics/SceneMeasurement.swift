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
    let single = scene.items.count == 1
    recordStart(sim, plan, into: &recorder)
    let frames = scene.frameCount
    while sim.frame < frames {
      let events = sim.advance()
      var contact = false
      for event in events where event.kind == .contactBegan {
        if single || event.isContactBegan(ofItem: plan.itemID) { contact = true }
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

  /// The metrics of many scenes (each as `measureRun` measures it, bit for bit): the scenes
  /// made by `simulation(0..<count)`, not yet advanced, run by `SceneRuns` (in SIMD lanes where
  /// they qualify, unless `lanes` is false). Every scene must be one `plan` was resolved
  /// against, or differ from it only in values.
  public static func measureMany(
    count: Int, _ plan: MeasurePlan, lanes: Bool = true, simulation: (Int) -> SceneSimulation
  ) -> [MetricsResult] {
    SceneRuns.run(count: count, lanes: lanes, simulation: simulation) { Observer($0, plan) }
      .map(\.recorder.result)
  }

  /// A `MetricsRecorder` fed by `SceneRuns`, as `measureRun` feeds it.
  struct Observer: SceneRunObserver {
    var recorder: MetricsRecorder
    let plan: MeasurePlan
    let single: Bool
    /// Whether the snap behavior was in the animator after the latest frame.
    var snapPresent = false

    /// Records frame 0 of `simulation`.
    init(_ simulation: SceneSimulation, _ plan: MeasurePlan) {
      recorder = SceneMeasurement.recorder(simulation.scene, plan)
      self.plan = plan
      single = simulation.scene.items.count == 1
      snapPresent = plan.snap.map { simulation.animator.present.contains($0) } ?? false
      SceneMeasurement.recordStart(simulation, plan, into: &recorder)
    }

    mutating func scalarFrame(_ simulation: SceneSimulation, events: [SceneEvent]) {
      var contact = false
      for event in events where event.kind == .contactBegan {
        if single || event.isContactBegan(ofItem: plan.itemID) { contact = true }
      }
      snapPresent = plan.snap.map { simulation.animator.present.contains($0) } ?? false
      recorder.record(
        frame: simulation.frame, state: simulation.state(ofItem: plan.item),
        contactBegan: contact, snapPresent: snapPresent, running: simulation.isRunning)
    }

    mutating func laneFrame(_ frame: Int, item: ItemState, running: Bool) {
      recorder.record(
        frame: frame, state: item, contactBegan: false, snapPresent: snapPresent,
        running: running)
    }
  }
}
