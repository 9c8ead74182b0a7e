/// Something that happened in a frame of a scene run, for `feel run --events`.
public struct SceneEvent: Sendable, Equatable {
  public enum Kind: String, Sendable, Equatable {
    case contactBegan = "contact-began"
    case contactEnded = "contact-ended"
    case ruleFired = "rule-fired"
    case pause
    case touchDown = "touch-down"
    case dragBegan = "drag-began"
    case hold
    case tap
    case dragEnded = "drag-ended"
    case touchUp = "touch-up"
  }
  public var frame: Int
  public var t_s: Double
  public var kind: Kind
  /// Human-readable detail: item and boundary, or which rule and what it changed, or
  /// `touch ID` (and for drag-ended `velocity VX VY`, and `omega W` for a rotate drag).
  public var detail: String
  /// A touch event's touch id.
  public var touch: String? = nil
  /// A drag-ended event's release velocity (pt/s).
  public var velocity_pt_s: Point? = nil
  /// A drag-ended event's angular release velocity (rad/s), when a rotate drag was acting.
  public var omega_rad_s: Double? = nil
}

/// A scene being played frame by frame: the animator plus the scene's rules, which queue
/// behavior changes when their event occurs and apply them after that frame's step
/// (removals first, then additions).
public struct SceneSimulation: Sendable {
  public let scene: Scene
  public internal(set) var animator: Animator
  /// Display frames simulated so far.
  public private(set) var frame = 0
  let behaviorIndex: [String: Int]
  private var timeRuleFired: [Bool]
  /// The touches, their recognizers and the drag behaviors they drive; nil without touches.
  var touches: SceneTouches?
  /// Scenes with touches: the items and behaviors as they stood after the latest frame's
  /// touches were delivered, before its step (what the touch rules changed); nil otherwise.
  public internal(set) var beforeStep: BeforeStep?
  /// Whether the animator was running after the latest frame (the `running` column).
  public private(set) var isRunning: Bool

  /// Builds the animator for a validated scene (see `SceneReader`) and adds the behaviors
  /// that start at t = 0, in file order.
  public init(_ scene: Scene, options: EngineOptions = .uikit) {
    self.scene = scene
    let itemIndex = Dictionary(
      scene.items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    var index: [String: Int] = [:]
    for (i, b) in scene.behaviors.enumerated() where index[b.id] == nil { index[b.id] = i }
    behaviorIndex = index
    let items = scene.items
    let behaviors = scene.behaviors.map { b -> BehaviorDefinition in
      var members = b.items.compactMap { itemIndex[$0] }
      if case .attachment(let spec) = b.kind, case .item(let other) = spec.target,
        let o = itemIndex[other]
      {
        members.append(o)
      }
      return BehaviorDefinition(items: members, kind: b.kind)
    }
    animator = Animator(
      profile: scene.profile, items: items, behaviors: behaviors,
      referenceSize_pt: scene.referenceSize_pt, options: options)
    timeRuleFired = Array(repeating: false, count: scene.rules.count)
    let starting = scene.behaviors.indices.filter { scene.behaviors[$0].start }
    animator.apply(removing: [], adding: starting)
    if !scene.touches.isEmpty {
      touches = SceneTouches(scene, itemIndex: itemIndex)
      let animator = self.animator
      beforeStep = BeforeStep(
        states: scene.items.indices.map { animator.state(ofItem: $0) },
        acting: scene.behaviors.indices.map { animator.isActing($0) },
        running: animator.isRunning)
    }
    isRunning =
      animator.isRunning || !(touches?.timeline.isFinished ?? true) || animator.dialKeepsRunning
  }

  /// Seconds per display frame.
  public var frameDuration_s: Double { 1 / scene.frameRate_hz }

  /// Time at the end of the current frame (s).
  public var t_s: Double { Double(frame) / scene.frameRate_hz }

  /// True once nothing can change any more: the animator is paused and no time rule is
  /// still to fire, so every later frame repeats this one.
  public var isAtRest: Bool {
    !animator.isRunning && !touchesKeepRunning && !animator.dialKeepsRunning
      && !timeRuleFired.indices.contains { r in
        if case .time = scene.rules[r].on { return !timeRuleFired[r] }
        return false
      }
  }

  public func state(ofItem i: Int) -> ItemState { animator.state(ofItem: i) }

  /// Non-nil when the scene can run in a `LaneBatch` (see `Animator.laneSignature`): not yet
  /// advanced, no rules, every behavior in the animator from t = 0.
  public var laneSignature: LaneBatch.Signature? {
    guard frame == 0, scene.rules.isEmpty, scene.touches.isEmpty,
      scene.behaviors.allSatisfy(\.start)
    else { return nil }
    return animator.laneSignature(dt_s: frameDuration_s)
  }

  /// Advances one display frame, then fires the rules its events trigger. Returns the
  /// frame's events.
  ///
  /// With touches, the samples due by the frame's time are delivered first, before its step
  /// (`deliverTouches`): drags move, touch events fire, their rules apply at once.
  @discardableResult public mutating func advance() -> [SceneEvent] {
    let wasRunning = animator.isRunning || touchesKeepRunning || animator.dialKeepsRunning
    var events: [SceneEvent] = []
    if touches != nil {
      deliverTouches(frame: frame + 1, into: &events)
      captureBeforeStep()
    }
    let report = animator.advanceFrame(dt_s: frameDuration_s)
    frame += 1
    let t = t_s
    var removals: [Int] = []
    var additions: [Int] = []
    func fire(_ r: Int, because reason: String) {
      let rule = scene.rules[r]
      removals += rule.remove.compactMap { behaviorIndex[$0] }
      additions += rule.add.compactMap { behaviorIndex[$0] }
      var detail = "rule \(r + 1) (\(reason))"
      if !rule.remove.isEmpty { detail += " remove " + rule.remove.joined(separator: " ") }
      if !rule.add.isEmpty { detail += " add " + rule.add.joined(separator: " ") }
      events.append(SceneEvent(frame: frame, t_s: t, kind: .ruleFired, detail: detail))
    }
    // The frame's contacts as UIKit delivers them after its step: every began (each firing
    // its rules) before every ended, each kind in the order the sub-steps found them.
    for contact in report.contacts where contact.kind == .began {
      let item = scene.items[contact.item].id
      let detail = "item \(item) boundary \(contact.boundary)"
      events.append(SceneEvent(frame: frame, t_s: t, kind: .contactBegan, detail: detail))
      for (r, rule) in scene.rules.enumerated() {
        if case .contact(let boundary) = rule.on, boundary == nil || boundary == contact.boundary {
          fire(r, because: "contact \(contact.boundary)")
        }
      }
    }
    for contact in report.contacts where contact.kind == .ended {
      let item = scene.items[contact.item].id
      let detail = "item \(item) boundary \(contact.boundary)"
      events.append(SceneEvent(frame: frame, t_s: t, kind: .contactEnded, detail: detail))
    }
    for (r, rule) in scene.rules.enumerated() {
      if case .time(let at) = rule.on, !timeRuleFired[r], t >= at - timeEpsilon_s {
        timeRuleFired[r] = true
        fire(r, because: "time \(at)")
      }
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
    let running = animator.isRunning || touchesKeepRunning || animator.dialKeepsRunning
    isRunning = running
    if wasRunning && !running {
      events.append(SceneEvent(frame: frame, t_s: t, kind: .pause, detail: "animator paused"))
      for (r, rule) in scene.rules.enumerated() where rule.on == .pause {
        fire(r, because: "pause")
      }
      if !removals.isEmpty || !additions.isEmpty {
        animator.apply(removing: removals, adding: additions)
        if touches != nil { syncDrags(dragBeganOf: nil) }
      }
      isRunning = false
    }
    return events
  }
}

/// Slack when comparing a frame's time with a time rule's `at` (s): a rule at 0.2 s fires on
/// frame 12 at 60 Hz although 12/60 rounds below 0.2.
let timeEpsilon_s = 1e-9
