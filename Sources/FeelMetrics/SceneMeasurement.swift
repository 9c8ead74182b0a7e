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

  /// The recorder for a run of `scene`; `rest_pt`: where the item comes to rest, the target
  /// when the plan has none (`MeasurePlan.measuresRestTarget`).
  private static func recorder(_ scene: Scene, _ plan: MeasurePlan, rest_pt: Point?)
    -> MetricsRecorder
  {
    let target = plan.target(in: scene)
    return MetricsRecorder(
      frameRate_hz: scene.frameRate_hz, band_pt: plan.band_pt, target_pt: target ?? rest_pt,
      hopDirection: plan.hopDirection(in: scene), commitAfter_s: plan.commitAfter_s,
      isRestTarget: target == nil, fields: FieldHold.fields(on: plan.itemID, in: scene))
  }

  /// Frame 0: the scene as written (as `feel run` prints it). Without a snap (measured against a
  /// given target or its rest pose), a scene without touches is in its settling phase from
  /// frame 0 on.
  private static func recordStart(
    _ sim: SceneSimulation, _ plan: MeasurePlan, into recorder: inout MetricsRecorder
  ) {
    recorder.record(
      frame: 0, state: sim.scene.items[plan.item].initialState, contactBegan: false,
      snapPresent: plan.snap.map { sim.animator.isActing($0) } ?? sim.scene.touches.isEmpty,
      running: sim.isRunning)
  }

  /// The rotation recorder for a run of `scene`, its coast started at frame 0 from the item's
  /// angle and angular velocity as written (a drag restarts it at its lift).
  private static func rotationRecorder(_ scene: Scene, _ plan: MeasurePlan) -> RotationRecorder {
    var rotation = RotationRecorder(
      frameRate_hz: scene.frameRate_hz, band_rad: plan.angleBand_rad(in: scene),
      rimRadius_pt: plan.rimRadius_pt(in: scene), detent: plan.detentSpec(in: scene))
    let initial = scene.items[plan.item].initialState
    rotation.startCoast(
      atFrame: 0, angle_rad: initial.angle_rad, omega_rad_s: initial.angularVelocity_rad_s)
    return rotation
  }

  /// Where the measured item comes to rest in a run of `simulation` (not yet advanced): its
  /// centre once the animator has paused for good, if it has by the end of the run; else nil.
  public static func restPose(_ simulation: SceneSimulation, _ plan: MeasurePlan) -> Point? {
    var sim = simulation
    while sim.frame < sim.scene.frameCount && !sim.isAtRest { sim.advance() }
    return sim.isRunning ? nil : sim.state(ofItem: plan.item).center_pt
  }

  /// `measureRun` of a simulation not yet advanced. With no snap and no given target, the scene
  /// is run twice: first to find where the item comes to rest, then measured against it.
  public static func measureRun(_ simulation: SceneSimulation, _ plan: MeasurePlan) -> (
    result: MetricsResult, framesSimulated: Int
  ) {
    let rest = plan.measuresRestTarget ? restPose(simulation, plan) : nil
    var sim = simulation
    sim.recordsBeforeStep = true
    var observer = Observer(sim, plan, rest_pt: rest)
    let frames = sim.scene.frameCount
    while sim.frame < frames {
      let events = sim.advance()
      observer.scalarFrame(sim, events: events)
      // Paused with no time rule still to fire: every later frame repeats this one.
      if sim.isAtRest { break }
    }
    return (observer.result, sim.frame)
  }

  /// Where the item comes to rest in `simulation`'s scene with detent `b` never engaging (its
  /// engage_below set to 0), run past the scene's duration if need be, up to
  /// `aimHorizon_s`: the angle (rad) after the last frame, and whether it was at rest. This is
  /// where the flick aimed (`aimed_label`).
  static func restWithoutDetent(_ b: Int, of simulation: SceneSimulation, item: Int) -> (
    angle_rad: Double, atRest: Bool
  ) {
    var scene = simulation.scene
    guard case .detent(var spec) = scene.behaviors[b].kind else { return (0, false) }
    spec.engageBelow_rad_s = 0
    scene.behaviors[b].kind = .detent(spec)
    let frames = max(scene.frameCount, Int((aimHorizon_s * scene.frameRate_hz).rounded()))
    var sim = SceneSimulation(scene, options: simulation.animator.engineOptions)
    while sim.frame < frames && !sim.isAtRest { sim.advance() }
    return (sim.state(ofItem: item).angle_rad, sim.isAtRest)
  }

  /// How long the run without the detent may go on to find where the flick aimed (s): the
  /// author's coast from 2000°/s stops after 552 frames (9.2 s), a UIKit disc sleeps sooner.
  public static let aimHorizon_s = 60.0

  /// The metrics of many scenes (each as `measureRun` measures it, bit for bit): the scenes
  /// made by `simulation(0..<count)`, not yet advanced, run by `SceneRuns` (in SIMD lanes where
  /// they qualify, unless `lanes` is false). Every scene must be one `plan` was resolved
  /// against, or differ from it only in values. Measured against their rest poses (no snap, no
  /// given target), the scenes are run twice, as `measureRun` runs them: first to find where
  /// each comes to rest.
  public static func measureMany(
    count: Int, _ plan: MeasurePlan, lanes: Bool = true, simulation: (Int) -> SceneSimulation
  ) -> [MetricsResult] {
    var pool = SimulationPool()
    return measureMany(count: count, plan, lanes: lanes, pool: &pool) {
      $1.insert(simulation($0))
    }
  }

  /// `measureMany(count:_:lanes:simulation:)` of the scenes `scene(0..<count)`, each run in a
  /// simulation of `pool` restarted for it (a thread measuring a sweep's grid keeps one pool).
  public static func measureMany(
    count: Int, _ plan: MeasurePlan, lanes: Bool = true, scene: (Int) -> Scene,
    options: EngineOptions = .uikit, pool: inout SimulationPool
  ) -> [MetricsResult] {
    measureMany(count: count, plan, lanes: lanes, pool: &pool) {
      $1.start(scene($0), options: options)
    }
  }

  /// `measureMany` with each scene's simulation placed in `pool` by `start(scene, &pool)` (its
  /// slot).
  public static func measureMany(
    count: Int, _ plan: MeasurePlan, lanes: Bool, pool: inout SimulationPool,
    start: (Int, inout SimulationPool) -> Int
  ) -> [MetricsResult] {
    var rests: [Point?] = []
    if plan.measuresRestTarget {
      rests = SceneRuns.run(count: count, lanes: lanes, pool: &pool, start: start) {
        RestObserver($0, plan)
      }.map(\.rest_pt)
    }
    var scene = 0
    return SceneRuns.run(count: count, lanes: lanes, pool: &pool, start: start) { simulation in
      defer { scene += 1 }
      return Observer(simulation, plan, rest_pt: rests.isEmpty ? nil : rests[scene])
    }.map(\.result)
  }

  /// Where the measured item comes to rest, watched as `restPose` watches it.
  struct RestObserver: SceneRunObserver {
    let item: Int
    /// The item's centre and whether the animator ran, after the latest frame.
    var center_pt: Point
    var running: Bool

    init(_ simulation: borrowing SceneSimulation, _ plan: MeasurePlan) {
      item = plan.item
      center_pt = simulation.state(ofItem: plan.item).center_pt
      running = simulation.isRunning
    }

    /// The rest pose: the centre once the animator has paused for good; nil if it never did.
    var rest_pt: Point? { running ? nil : center_pt }

    mutating func scalarFrame(_ simulation: SceneSimulation, events: [SceneEvent]) {
      center_pt = simulation.state(ofItem: item).center_pt
      running = simulation.isRunning
    }

    mutating func laneFrame(_ frame: Int, item: ItemState, running: Bool) {
      center_pt = item.center_pt
      self.running = running
    }
  }

  /// A `MetricsRecorder` and a `RotationRecorder` fed frame by frame, by `measureRun` or by
  /// `SceneRuns`.
  struct Observer: SceneRunObserver {
    var recorder: MetricsRecorder
    var rotation: RotationRecorder
    /// Where the flick aimed: the rest without the plan's detent (`restWithoutDetent`).
    let aim: (angle_rad: Double, atRest: Bool)?
    /// Whether the animator ran after the latest frame.
    var running: Bool
    let plan: MeasurePlan
    let single: Bool
    /// The measured drag's touch, once its drag began (the first drag of any touch unless the
    /// plan names one).
    var dragTouch: String?
    /// Whether a push a rule adds is still to start the hint phase.
    var waitingForPush: Bool
    /// Whether the snap behavior acted after the latest frame (measured against the rest pose:
    /// whether the settling phase has started).
    var snapWasActing: Bool
    /// Without a snap (measured against a given target or the rest pose), a scene with touches
    /// settles from the frame its last touch lifts (counted here), as a snap added by a
    /// drag-ended rule starts at the release.
    let restPhase: Bool
    var touchesUp = 0
    var restPhaseStarted: Bool
    /// The multi-item metrics' recorder; nil when the plan measures no list (`no-list`).
    var list: ListRecorder?
    /// Whether a rule sets the point of the plan's snap (`set`): the target follows it.
    let snapSet: Bool

    /// Records frame 0 of `simulation` (not yet advanced); `rest_pt`: where the item comes to
    /// rest, the target when the plan has none.
    init(_ simulation: borrowing SceneSimulation, _ plan: MeasurePlan, rest_pt: Point?) {
      // A touch scene's metrics read `beforeStep`, which a simulation records only when asked.
      precondition(simulation.recordsBeforeStep, "set recordsBeforeStep before measuring")
      let scene = simulation.scene
      recorder = SceneMeasurement.recorder(scene, plan, rest_pt: rest_pt)
      self.plan = plan
      single = scene.items.count == 1
      waitingForPush = !plan.laterPushes.isEmpty
      snapWasActing = plan.snap.map { simulation.animator.isActing($0) } ?? false
      restPhase = plan.snap == nil
      snapSet =
        plan.snap.map { snap in
          scene.rules.contains {
            $0.setBehavior == scene.behaviors[snap].id && $0.change.point_pt != nil
          }
        } ?? false
      restPhaseStarted = restPhase && scene.touches.isEmpty
      if plan.snap == nil { snapWasActing = restPhaseStarted }
      SceneMeasurement.recordStart(simulation, plan, into: &recorder)
      if !plan.listItems.isEmpty {
        list = ListRecorder(
          items: plan.listItems, anchors_pt: plan.listAnchors(in: scene), band_pt: plan.band_pt,
          frameRate_hz: scene.frameRate_hz)
        list!.record(frame: 0, scrollMoved: false) { scene.items[$0].center_pt }
      }
      rotation = SceneMeasurement.rotationRecorder(scene, plan)
      // (A run of its own: only when the rotation metrics are recorded.)
      aim = (plan.recordsRotation ? plan.detent : nil).map {
        SceneMeasurement.restWithoutDetent($0, of: simulation, item: plan.item)
      }
      running = simulation.isRunning
    }

    /// The metrics after the latest frame.
    var result: MetricsResult {
      var result = recorder.result
      if let list {
        list.write(into: &result)
      } else {
        result.leaveEmpty(.maxLag_pt, because: .noList)
        result.leaveEmpty(.spread_pt, because: .noList)
      }
      guard plan.recordsRotation else { return result }
      if plan.turnsItem {
        rotation.write(into: &result, running: running, aim: aim)
      } else {
        for m in RotationRecorder.metrics { result.leaveEmpty(m, because: .noTurn) }
      }
      return result
    }

    mutating func scalarFrame(_ sim: SceneSimulation, events: [SceneEvent]) {
      let scene = sim.scene
      let item = plan.item
      let snap = plan.snap
      var contact = false
      for event in events {
        switch event.kind {
        case .touch(.touchUp):
          touchesUp += 1
        case .touch(.touchDown) where plan.touchID == nil && sim.hasItemGestures:
          // Without a measured touch, the last one that went down on the measured item.
          if let touch = event.touch, sim.item(touchedBy: touch) == item {
            dragTouch = nil
            recorder.forgetDrag()
          }
        case .contactBegan:
          if single || event.isContactBegan(ofItem: plan.itemID) { contact = true }
        case .touch(.dragBegan)
        where dragTouch == nil && (plan.touchID ?? event.touch) == event.touch
          && (plan.touchID != nil || !sim.hasItemGestures
            || event.touch.map { sim.item(touchedBy: $0) == item } ?? false):
          dragTouch = event.touch
          recorder.recordDragBegan(frame: sim.frame)
          rotation.dragBegan()
        case .touch(.dragEnded) where event.touch == dragTouch:
          recorder.recordDragEnded(
            frame: sim.frame, velocity_pt_s: event.velocity_pt_s ?? Point(0, 0))
          // The coast starts from the lift: the item as the drag left it, before the step.
          let lift = sim.beforeStep?.states[item].angle_rad ?? sim.state(ofItem: item).angle_rad
          rotation.startCoast(
            atFrame: sim.frame - 1, angle_rad: lift, omega_rad_s: event.omega_rad_s ?? 0)
        default:
          break
        }
      }
      // Touch rules act before the frame's step: a push or the snap they add starts its phase
      // at the previous frame, from where the item was then (the tap, the lift point).
      if let before = sim.beforeStep {
        // A drag-ended rule may have picked the snap's point (`nearest`): the phase starts
        // towards it, and starts again if it moved while the snap acted.
        let picked = plan.snapPoint(in: sim.animator)
        if let snap, before.acting[snap],
          !snapWasActing || picked.map({ $0 != recorder.target_pt }) ?? false
        {
          recorder.startSnapPhase(
            atFrame: sim.frame - 1, from: before.states[item].center_pt, towards: picked)
        }
        if restPhase, !restPhaseStarted, touchesUp == scene.touches.count {
          restPhaseStarted = true
          recorder.startSnapPhase(atFrame: sim.frame - 1, from: before.states[item].center_pt)
        }
        if waitingForPush, let push = plan.laterPushes.first(where: { before.acting[$0] }) {
          waitingForPush = false
          if let direction = plan.hopDirection(of: push, in: scene) {
            recorder.startHint(
              direction: direction, atFrame: sim.frame - 1, from: before.states[item].center_pt)
          }
        }
      }
      let state = sim.state(ofItem: item)
      if waitingForPush, let push = plan.laterPushes.first(where: { sim.animator.isActing($0) }) {
        waitingForPush = false
        if let direction = plan.hopDirection(of: push, in: scene) {
          recorder.startHint(direction: direction, atFrame: sim.frame, from: state.center_pt)
        }
      }
      let snapActing = snap.map { sim.animator.isActing($0) } ?? restPhaseStarted
      // A rule's `set` may have moved the snap's point (a touch rule's before the step, handled
      // above; a time, contact or pause rule's after it, so from the next frame on). Not acting
      // yet, the snap is measured at the new point once it acts; acting, its phase starts again
      // from this frame (after recording it against the point it was stepped towards).
      let moved =
        snapSet
        ? plan.snapPoint(in: sim.animator).flatMap { $0 != recorder.target_pt ? $0 : nil } : nil
      if let moved, !snapActing { recorder.moveTarget(to: moved) }
      recorder.record(
        frame: sim.frame, state: state, contactBegan: contact, snapPresent: snapActing,
        running: sim.isRunning)
      if let moved, snapActing {
        recorder.startSnapPhase(atFrame: sim.frame, from: state.center_pt, towards: moved)
      }
      if plan.recordsRotation { rotation.record(frame: sim.frame, angle_rad: state.angle_rad) }
      list?.record(frame: sim.frame, scrollMoved: sim.scrollMoved) {
        sim.state(ofItem: $0).center_pt
      }
      running = sim.isRunning
      snapWasActing = snapActing
    }

    /// A lane's frame: no event, no rule, no touch, no dial behavior, the behaviors of the
    /// previous frame (so no push or snap starts acting).
    mutating func laneFrame(_ frame: Int, item: ItemState, running: Bool) {
      recorder.record(
        frame: frame, state: item, contactBegan: false, snapPresent: snapWasActing,
        running: running)
      if plan.recordsRotation { rotation.record(frame: frame, angle_rad: item.angle_rad) }
      // A lane holds a scene of one item, no scroll moving it: the list is that item.
      list?.record(frame: frame, scrollMoved: false) { _ in item.center_pt }
      self.running = running
    }
  }
}
