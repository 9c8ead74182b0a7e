/// A scene being played frame by frame: the animator plus the scene's rules, which queue
/// behavior changes when their event occurs and apply them after that frame's step
/// (removals first, then additions).
public struct SceneSimulation: Sendable {
  public private(set) var scene: Scene
  public internal(set) var animator: Animator
  /// Display frames simulated so far.
  public private(set) var frame = 0
  /// The time rules still to fire, in file order (none of the rules is read every frame).
  private var timeRulesLeft: [Int] = []
  /// Whether some rule adds a collision behavior (a boundary may appear later).
  private var rulesAddCollision = false
  /// Whether the scene has rules that fire when the animator pauses.
  public private(set) var hasPauseRules = false
  /// The touches, their recognizers and the drag behaviors they drive; nil without touches.
  var touches: SceneTouches?
  /// Whether the touches keep the animator running: some touch is down or still has samples
  /// to come. Kept, not computed every frame: a read through the optional copies the touches.
  var touchesKeepRunning = false
  /// Whether the touches drive scroll behaviors (kept for the same reason).
  var hasScrolls = false
  /// Scenes with touches that record it (`recordsBeforeStep`), once a frame has run: the items
  /// and behaviors as they stood after the latest frame's touches were delivered, before its
  /// step (what the touch rules changed); nil otherwise.
  public internal(set) var beforeStep: BeforeStep?
  /// Whether `advance()` records `beforeStep`: its readers (metrics, export) set it before the
  /// first frame; `restart` keeps it. Playing without it (`feel run`, the server) skips a
  /// snapshot of every item and behavior per frame, 6-15 % of a touch scene's instructions.
  public var recordsBeforeStep = false
  /// Whether the animator was running after the latest frame (the `running` column).
  public private(set) var isRunning = false

  /// Builds the animator for a validated scene (see `SceneReader`) and adds the behaviors
  /// that start at t = 0, in file order. `liveTouches`: touches may be added while it runs
  /// (`addLiveTouch`), so it keeps its touch bookkeeping even before the first.
  public init(_ scene: Scene, options: EngineOptions = .uikit, liveTouches: Bool = false) {
    self.scene = scene
    animator = Animator(profile: scene.profile, items: [], behaviors: [], options: options)
    restart(scene, options: options, liveTouches: liveTouches)
  }

  /// Makes this simulation the one `init(scene, options: options)` makes, in its own storage:
  /// its animator, its world and their tables emptied with their room kept and filled again,
  /// so that a sweep's grid points reuse one simulation rather than each making and destroying
  /// its own (`SimulationPool`).
  public mutating func restart(_ scene: Scene, options: EngineOptions = .uikit) {
    restart(scene, options: options, liveTouches: false)
  }

  /// `restart` for the scene `configure` makes of this simulation's own, changed where it
  /// stands (a sweep's next grid point: only the axes' values change).
  public mutating func restart(
    options: EngineOptions = .uikit, configuring configure: (inout Scene) -> Void
  ) {
    configure(&scene)
    restartFromScene(options: options, liveTouches: false)
  }

  private mutating func restart(_ scene: Scene, options: EngineOptions, liveTouches: Bool) {
    self.scene = scene
    restartFromScene(options: options, liveTouches: liveTouches)
  }

  /// Everything but the scene made again from the scene, in this simulation's storage.
  private mutating func restartFromScene(options: EngineOptions, liveTouches: Bool) {
    let scene = self.scene
    frame = 0
    func itemIndex(_ id: String) -> Int? { Self.itemIndex(id, in: scene) }
    let groups = scene.groups.map { g in
      GroupDefinition(
        id: g.id, items: g.items.compactMap { id in scene.items.firstIndex { $0.id == id } })
    }
    animator.restart(
      profile: scene.profile, items: scene.items, referenceSize_pt: scene.referenceSize_pt,
      options: options, groups: groups
    ) { behaviors in
      if behaviors.count != scene.behaviors.count {
        behaviors = scene.behaviors.map { BehaviorDefinition(items: [], kind: $0.kind) }
      }
      // Each behavior's members in place: its items, then an attachment's other item.
      scene.behaviors.forEachAddress { b, behavior in
        behaviors[b].kind = behavior.pointee.kind
        behaviors[b].items.clear()
        // A scroll moves its cells as app code does (`moveScrolls`): in the animator it holds
        // no item, so it makes and keeps no body.
        if case .scroll = behavior.pointee.kind { return }
        for id in behavior.pointee.items {
          if let i = itemIndex(id) { behaviors[b].items.append(i) }
        }
        if case .attachment(let spec) = behavior.pointee.kind, case .item(let other) = spec.target,
          let o = itemIndex(other)
        {
          behaviors[b].items.append(o)
        }
      }
    }
    timeRulesLeft.clear()
    for r in scene.rules.indices {
      if case .time = scene.rules[r].on { timeRulesLeft.append(r) }
    }
    hasPauseRules = scene.rules.contains { $0.on == .pause }
    rulesAddCollision = scene.rules.contains { rule in
      rule.add.contains { id in
        guard let b = Self.behaviorIndex(id, in: scene), case .collision = scene.behaviors[b].kind
        else { return false }
        return true
      }
    }
    let starting = scene.behaviors.indices.filter { scene.behaviors[$0].start }
    animator.apply(removing: [], adding: starting)
    touches = nil
    beforeStep = nil
    if !scene.touches.isEmpty || liveTouches {
      touches = SceneTouches(scene, itemIndex: itemIndex)
    }
    touchesKeepRunning = touches.map { !$0.timeline.isFinished } ?? false
    hasScrolls = touches.map { !$0.scrolls.isEmpty } ?? false
    isRunning =
      animator.isRunning || touchesKeepRunning
      || kinematicRotationKeepsRunning || scrollKeepsRunning
  }

  /// The index of an item, or of a group (after the items'). Scenes have a handful of items:
  /// a linear search beats building a dictionary for every run of a sweep.
  static func itemIndex(_ id: String, in scene: Scene) -> Int? {
    if let i = scene.items.firstIndex(where: { $0.id == id }) { return i }
    return scene.groups.firstIndex { $0.id == id }.map { scene.items.count + $0 }
  }

  /// The first behavior with this id.
  static func behaviorIndex(_ id: String, in scene: Scene) -> Int? {
    scene.behaviors.firstIndex { $0.id == id }
  }

  /// Queues the behaviors `rule` removes and adds (those its ids name), as its event fires it.
  func queue(_ rule: SceneRule, removals: inout [Int], additions: inout [Int]) {
    for id in rule.remove {
      if let b = Self.behaviorIndex(id, in: scene) { removals.append(b) }
    }
    for id in rule.add {
      if let b = Self.behaviorIndex(id, in: scene) { additions.append(b) }
    }
  }

  /// Whether a kinematic rotation behavior moves an item (asked of the animator only when it
  /// has such behaviors: the call copies the animator).
  @inline(__always) var kinematicRotationKeepsRunning: Bool {
    animator.hasKinematicRotations && animator.kinematicRotationKeepsRunning
  }

  /// Seconds per display frame.
  public var frameDuration_s: Double { 1 / scene.frameRate_hz }

  /// Time at the end of the current frame (s).
  public var t_s: Double { Double(frame) / scene.frameRate_hz }

  /// True once nothing can change any more: the animator is paused and no time rule is
  /// still to fire, so every later frame repeats this one.
  public var isAtRest: Bool {
    !animator.isRunning && !touchesKeepRunning && !kinematicRotationKeepsRunning
      && !scrollKeepsRunning && timeRulesLeft.isEmpty
  }

  public func state(ofItem i: Int) -> ItemState { animator.state(ofItem: i) }

  /// Non-nil when the scene, at its current frame, can continue in a `LaneGroup` of this
  /// signature (see `Animator.laneSignature`): the scene has no kinematic rotation behaviors
  /// (`inertia`, `detent`), every touch has lifted (all its samples delivered), no time rule is
  /// still to fire, and the animator qualifies. In a lane no contact begins or ends, so no
  /// contact rule can fire; the lane hands the scene back when it pauses
  /// (`resume(from:lane:frame:paused:)`) if pause rules may fire then.
  public var laneSignature: LaneGroup.Signature? {
    // Kinematic rotations move items without bodies: the scalar path. Touches are delivered,
    // and their rules fire, between frames: the scalar path until the last sample is in. After
    // that a frame's touch bookkeeping changes nothing the step reads (it only refreshes
    // `beforeStep`, which the next scalar frame captures again), so the scene may enter a lane,
    // unless it has pause rules: a lane hands such a scene back on the paused frame itself,
    // whose `beforeStep` only the scalar path has.
    if animator.hasKinematicRotations || !timeRulesLeft.isEmpty || scrollKeepsRunning {
      return nil
    }
    if touches != nil, touchesKeepRunning || hasPauseRules { return nil }
    return animator.laneSignature(
      frameDuration_s: frameDuration_s, broadPhase: rulesAddCollision)
  }

  /// Takes back the scene after frames run in a lane of `group` (from which the caller then
  /// unloads it): `frame` is the number of frames the scene has now run. `paused`: the lane's
  /// last frame ended with the animator pausing, and the scene's rules still have to hear of
  /// it (returns that frame's events, as `advance()` would have); otherwise the scene is at
  /// the start of a frame (the lane ran up to there or was rolled back to there) and nothing
  /// is returned.
  public mutating func resume(from group: LaneGroup, lane: Int, frame: Int, paused: Bool)
    -> [SceneEvent]
  {
    group.restore(lane: lane, into: &animator)
    self.frame = frame
    guard paused else {
      isRunning = animator.isRunning
      return []
    }
    var report = FrameReport()
    report.paused = true
    var events: [SceneEvent] = []
    finishFrame(report, wasRunning: true, events: &events)
    return events
  }

  /// Advances one display frame, then fires the rules its events trigger. Returns the
  /// frame's events.
  ///
  /// With touches, the samples due by the frame's time are delivered first, before its step
  /// (`deliverTouches`): drags move, touch events fire, their rules apply at once.
  @discardableResult public mutating func advance() -> [SceneEvent] {
    let wasRunning = keepsRunning()
    var events: [SceneEvent] = []
    if touches != nil {
      deliverTouches(frame: frame + 1, into: &events)
      if hasScrolls { moveScrolls(frame: frame + 1) }
      if recordsBeforeStep { captureBeforeStep() }
    }
    let report = animator.advanceFrame(dt_s: frameDuration_s)
    frame += 1
    finishFrame(report, wasRunning: wasRunning, events: &events)
    return events
  }

  /// Whether the animator runs or something else keeps the scene running (`isAtRest` without
  /// the time rules). Mutating, so that each flag is read in place: the getters, on a copy of
  /// the simulation or of the animator, copied it every frame.
  private mutating func keepsRunning() -> Bool {
    if animator.isRunning || touchesKeepRunning { return true }
    if animator.hasKinematicRotations && animator.kinematicRotationKeepsRunning { return true }
    return hasScrolls && inTouches { touches in touches.scrolls.contains { $0.isDecelerating } }
  }

  /// A contact's partner as scene files name it.
  private func partnerName(_ partner: ContactEvent.Partner) -> SceneEvent.ContactPartner {
    switch partner {
    case .boundary(let id): .boundary(id)
    case .item(let i): .item(scene.items[i].id)
    }
  }

  /// The second half of `advance()`, once the animator has run frame `frame`: the frame's
  /// events (appended to `events`, those of the touches delivered before its step), the rules
  /// they fire, the pause.
  private mutating func finishFrame(
    _ report: FrameReport, wasRunning: Bool, events: inout [SceneEvent]
  ) {
    // Most frames have no contact and no time rule left: unless the animator pauses, no rule
    // fires, and the queues below (each an array released at the end) are not needed.
    if report.contacts.isEmpty && timeRulesLeft.isEmpty {
      let running = keepsRunning()
      if !wasRunning || running {
        isRunning = running
        return
      }
    }
    let t = t_s
    var removals: [Int] = []
    var additions: [Int] = []
    func fire(_ r: Int, because reason: SceneEvent.Reason) {
      let rule = scene.rules[r]
      queue(rule, removals: &removals, additions: &additions)
      events.append(
        SceneEvent(
          frame: frame, t_s: t,
          subject: .rule(
            number: r + 1, reason: reason, remove: rule.remove, add: rule.add, picked: nil,
            set: applySet(of: rule))))
    }
    // The frame's contacts as UIKit delivers them after its step: every began (each firing
    // its rules) before every ended, each kind in the order the sub-steps found them.
    for contact in report.contacts where contact.kind == .began {
      let item = scene.items[contact.item].id
      let partner = partnerName(contact.partner)
      events.append(
        SceneEvent(
          frame: frame, t_s: t, subject: .contact(began: true, item: item, partner: partner)))
      for (r, rule) in scene.rules.enumerated() {
        guard case .contact(let boundary, let other) = rule.on else { continue }
        switch partner {
        case .boundary(let id) where other == nil && (boundary == nil || boundary == id):
          fire(r, because: .contact(boundary: id))
        case .item(let id) where other == nil && boundary == nil:
          fire(r, because: .contact(boundary: id))
        case .item(let id) where other == id || other == item:
          fire(r, because: .contact(boundary: other == id ? id : item))
        default: break
        }
      }
    }
    for contact in report.contacts where contact.kind == .ended {
      let item = scene.items[contact.item].id
      events.append(
        SceneEvent(
          frame: frame, t_s: t,
          subject: .contact(began: false, item: item, partner: partnerName(contact.partner))))
    }
    var n = 0
    while n < timeRulesLeft.count {
      let r = timeRulesLeft[n]
      guard case .time(let at) = scene.rules[r].on, t >= at - timeEpsilon_s else {
        n += 1
        continue
      }
      timeRulesLeft.remove(at: n)
      fire(r, because: .time(at_s: at))
    }
    if !removals.isEmpty || !additions.isEmpty {
      animator.apply(removing: removals, adding: additions)
      if touches != nil { syncDrags(dragBeganOf: nil) }
      removals.removeAll()
      additions.removeAll()
    }
    // The animator pauses when, after the step and the rules it triggered, no body is awake
    // (or no item has a body) and no touch keeps it running. Pause rules run then; the frame
    // still reads as paused even if they start it again.
    let running = keepsRunning()
    isRunning = running
    if wasRunning && !running {
      events.append(SceneEvent(frame: frame, t_s: t, subject: .pause))
      for (r, rule) in scene.rules.enumerated() where rule.on == .pause {
        fire(r, because: .pause)
      }
      if !removals.isEmpty || !additions.isEmpty {
        animator.apply(removing: removals, adding: additions)
        if touches != nil { syncDrags(dragBeganOf: nil) }
      }
      isRunning = false
    }
  }
}

extension SceneSimulation {
  /// Sets what `rule` sets (`set`) on its behavior, at once, as the app's handler assigns
  /// the properties (docs/scene-format.md, "Changing a behavior during a run"); the values
  /// set, for the rule's event, or nil when the rule sets nothing.
  mutating func applySet(of rule: SceneRule) -> SceneEvent.SetValues? {
    guard let id = rule.setBehavior, let b = Self.behaviorIndex(id, in: scene) else { return nil }
    return SceneEvent.SetValues(behavior: id, change: animator.apply(rule.change, to: b))
  }
}

/// Slack when comparing a frame's time with a time rule's `at` (s): a rule at 0.2 s fires on
/// frame 12 at 60 Hz although 12/60 rounds below 0.2.
let timeEpsilon_s = 1e-9
