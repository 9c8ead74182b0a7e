import Foundation

extension SceneSimulation {
  /// Whether the scene has gestures that belong to items (a drag without `touch`, a touch
  /// rule with `item`): its touches are hit-tested at touch-down.
  public var hasItemGestures: Bool { touches?.hitTests ?? false }

  /// The item touch `id` went down on for the items' gestures (hit-tested, one touch at a
  /// time per item); nil before its touch-down, off every item, or without item gestures.
  public func item(touchedBy id: String) -> Int? {
    guard let touches, let i = touches.ids.firstIndex(of: id) else { return nil }
    return touches.onItem[i]
  }

  /// The `touch:ID` rows of the current frame: each touch down at some time during it (from
  /// the frame its touch-down was delivered before to the frame of its lift), at the finger's
  /// latest delivered position.
  public var touchRows: [(id: String, point_pt: Point)] {
    guard let touches else { return [] }
    var rows: [(id: String, point_pt: Point)] = []
    for i in touches.ids.indices {
      guard let down = touches.downFrame[i], down <= frame,
        touches.liftFrame[i].map({ frame <= $0 }) ?? true,
        let latest = touches.timeline.latest(i)
      else { continue }
      rows.append((touches.ids[i], latest.point_pt))
    }
    return rows
  }

  /// Delivers everything due by frame `k`'s time, before its step: each sample first moves
  /// what its touch's drags move, then its events fire in order, each event's rules applied at
  /// once (docs/touches.md, "Timing").
  mutating func deliverTouches(frame k: Int, into events: inout [SceneEvent]) {
    if !animator.started { animator.startClock() }
    if recordsBeforeStep { animator.writeHasBody(into: &touches!.hadBody) }
    let t = Double(k) / scene.frameRate_hz
    // Most frames deliver nothing: what deliveries need is read at the first one (each
    // `touches!` reads the optional's tag out of line; 2.5 % of a Castro touch scene's work).
    var delivered = false
    while let delivery = touches!.timeline.deliverNext(through: t) {
      if !delivered {
        // The poses hit-tests read, taken before the frame's first delivery moves anything
        // (only a touch that has not gone down yet is hit-tested).
        if inTouches({ $0.hitTests && $0.downFrame.contains(nil) }) { takeSteppedStates() }
        delivered = true
      }
      let i = delivery.touch
      if let j = delivery.sample {
        if j == 0 { touches!.downFrame[i] = k }
        if touches!.timeline.isLift(i, j) { touches!.liftFrame[i] = k }
        moveDrags(of: i, to: touches!.timeline.traces[i][j])
      }
      for kind in delivery.events {
        touchEvent(kind, of: i, frame: k, t: t, into: &events)
      }
    }
    // Only a delivery (or a live touch or sample, which set it themselves) finishes them.
    if delivered { touchesKeepRunning = inTouches { !$0.timeline.isFinished } }
  }

  /// `body` on the touches in place: a plain read (`touches!.hitTests`) copies all of the
  /// touches first, retaining each of their arrays, every frame.
  mutating func inTouches<R>(_ body: (inout SceneTouches) -> R) -> R { body(&touches!) }

  /// Records `beforeStep` (in place: no allocation after the first frame). An item whose body a
  /// touch rule just made stands where the view stood (its parked centre and angle) with the
  /// velocities its new body starts with (at rest, or the release velocity a `release_velocity`
  /// rule handed it).
  mutating func captureBeforeStep() {
    // Taken out of `self` so that its arrays stay unique while the animator fills them.
    var before =
      beforeStep
      ?? BeforeStep(
        states: Array(repeating: ItemState.unset, count: scene.items.count),
        acting: Array(repeating: false, count: scene.behaviors.count), running: false)
    beforeStep = nil
    animator.writeStates(into: &before.states, hadBody: inTouches { $0.hadBody })
    animator.writeActing(into: &before.acting)
    before.running = animator.isRunning
    beforeStep = before
  }

  /// One touch event: reported, then its rules fired and applied at once.
  private mutating func touchEvent(
    _ kind: TouchEventKind, of i: Int, frame k: Int, t: Double, into events: inout [SceneEvent]
  ) {
    let id = touches!.ids[i]
    // A touch event comes with others and its rules' (a few at once): one allocation for them,
    // not one per doubling.
    if events.isEmpty { events.reserveCapacity(4) }
    if kind == .dragBegan {
      // Drags of this touch already in the animator start acting: the item catches up.
      syncDrags(dragBeganOf: i)
    }
    var motion: BodyStartMotion?
    var velocity: Point?
    var omega: Double?
    if kind == .dragEnded {
      let v = touches!.timeline.recognizers[i].releaseVelocity_pt_s
      velocity = v
      let run = touches!.drags.first { $0.touch == i && $0.acting }
      // The angular release velocity of the first rotate drag of this touch that is acting.
      var lastStep = 0.0
      if let tracker = touches!.drags.first(where: {
        $0.touch == i && $0.acting && $0.tracker != nil
      }
      )?.tracker {
        omega = tracker.angularVelocity(window_s: touches!.velocityWindow_s)
        lastStep = tracker.lastStepAngularVelocity(restReset_s: InertiaSpec.restReset_s)
      }
      motion = releaseMotion(run, velocity: v, omega: omega ?? 0)
      motion?.lastStepAngularVelocity_rad_s = lastStep
    }
    events.append(
      SceneEvent(
        frame: k, t_s: t,
        subject: .touch(
          kind: kind, id: id, velocity_pt_s: velocity,
          omega_rad_s: omega)))
    if kind == .touchDown, touches!.hitTests { touches!.onItem[i] = hitItem(of: i) }
    if kind == .touchDown, animator.hasKinematicRotations { kinematicRotationTouchDown(of: i) }
    if !touches!.scrolls.isEmpty, let finger = touches!.timeline.latest(i) {
      if kind == .touchDown { scrollTouchDown(of: i, at: finger.point_pt) }
      if kind == .touchUp { scrollTouchUp(of: i, at: finger.point_pt, frame: k) }
    }
    fireTouchRules(kind, of: i, motion: motion, frame: k, t: t, into: &events)
    // The item's drags in the animator once the touch-down's rules have applied take it.
    if kind == .touchDown, touches!.onItem[i] != nil { syncDrags(dragBeganOf: nil, down: i) }
    if kind == .tap || kind == .touchUp { kinematicRotationTouchEnded(kind, of: i) }
    if kind == .touchUp {
      for d in touches!.drags.indices where touches!.drags[d].touch == i {
        touches!.drags[d].acting = false
        if touches!.drags[d].isItemGesture { touches!.drags[d].touch = nil }
      }
    }
  }

  /// The items' poses after the last step, before this frame's deliveries move any.
  private mutating func takeSteppedStates() {
    let count = scene.items.count
    if touches!.steppedStates.count != count {
      touches!.steppedStates = Array(repeating: .unset, count: count)
    }
    for item in 0..<count { touches!.steppedStates[item] = animator.state(ofItem: item) }
  }

  /// The item touch `i` went down on for the item's gestures: the last declared item whose
  /// rectangle, as the last step left it, holds the touch-down point (the top view), unless
  /// another touch that went down on it is still down (its pan recognizer is busy): nil.
  private func hitItem(of i: Int) -> Int? {
    guard let down = touches!.timeline.recognizers[i].touchDown?.point_pt,
      let top = scene.items.indices.last(where: {
        Self.contains(down, item: scene.items[$0], state: touches!.steppedStates[$0])
      })
    else { return nil }
    for j in touches!.onItem.indices
    where j != i && touches!.onItem[j] == top && touches!.timeline.isDown(j) {
      return nil
    }
    return top
  }

  /// Touch `i` went down: on every item whose rectangle (as it stands, rotated) holds the
  /// point, its kinematic rotation behaviors react as an app's touchesBegan does (a coast
  /// stops, detents let go and wait for the lift; the tempo dial's, docs/tempo-dial.md).
  private mutating func kinematicRotationTouchDown(of i: Int) {
    guard let down = touches!.timeline.recognizers[i].touchDown?.point_pt else { return }
    for item in scene.items.indices
    where Self.contains(down, item: scene.items[item], state: animator.state(ofItem: item)) {
      touches!.downOnItems[i].append(item)
      animator.kinematicRotationTouchDown(item: item)
    }
  }

  /// A tap (after its rules): the detents of the items it went down on turn the tapped label
  /// to the pointer. The touch-up (after its rules): those items' detents stop waiting.
  private mutating func kinematicRotationTouchEnded(_ kind: TouchEventKind, of i: Int) {
    let items = touches!.downOnItems[i]
    guard !items.isEmpty, let down = touches!.timeline.recognizers[i].touchDown?.point_pt else {
      return
    }
    for item in items {
      if kind == .tap {
        animator.kinematicRotationTap(item: item, at: down)
      } else {
        animator.kinematicRotationTouchUp(item: item)
      }
    }
    if kind == .touchUp { touches!.downOnItems[i].removeAll() }
  }

  /// Whether `point_pt` lies in the item's rectangle as it stands (centre, angle; edges
  /// included), as UIKit hit-tests a transformed view.
  static func contains(_ point_pt: Point, item: SceneItem, state: ItemState) -> Bool {
    let dx = point_pt.x - state.center_pt.x
    let dy = point_pt.y - state.center_pt.y
    let c = cos(state.angle_rad)
    let s = sin(state.angle_rad)
    let u = c * dx + s * dy
    let v = -s * dx + c * dy
    return abs(u) <= item.size_pt.x / 2 && abs(v) <= item.size_pt.y / 2
  }

  /// The rules on this event of touch `i` (its touch, if they name one; its touch-down point
  /// inside their `within`), queued as contact rules are (within a rule, removals before
  /// additions) and applied together at once. A drag-ended rule with `release_velocity` hands
  /// the bodies they make `motion`.
  private mutating func fireTouchRules(
    _ kind: TouchEventKind, of i: Int, motion: BodyStartMotion?, frame k: Int, t: Double,
    into events: inout [SceneEvent]
  ) {
    let id = touches!.ids[i]
    let down = touches!.timeline.recognizers[i].touchDown?.point_pt ?? Point(0, 0)
    var removals: [Int] = []
    var additions: [Int] = []
    var handOver = false
    for r in touches!.rules {
      // The trigger read in place: a rule (its arrays and change) is copied only if it fires.
      guard case .touch(let on, let touch, let within) = scene.rules[r].on, on == kind,
        touch.map({ $0 == id }) ?? true, within.map({ $0.contains(down) }) ?? true,
        scene.rules[r].touchItem.map({ touches!.onItem[i] == Self.itemIndex($0, in: scene) })
          ?? true
      else { continue }
      let rule = scene.rules[r]
      queue(rule, removals: &removals, additions: &additions)
      handOver = handOver || rule.releaseVelocity
      // A drag-ended rule may set a snap's point first: the app picks it at the release.
      let picked = rule.pick.flatMap { pickSnapPoint($0, motion: motion) }
      let set = applySet(of: rule)
      events.append(
        SceneEvent(
          frame: k, t_s: t,
          subject: .rule(
            number: r + 1, reason: .touch(kind: kind, id: id),
            remove: rule.remove, add: rule.add, picked: picked, set: set)))
    }
    guard !removals.isEmpty || !additions.isEmpty else { return }
    animator.apply(
      removing: removals, adding: additions, startingNewBodiesWith: handOver ? motion : nil)
    syncDrags(dragBeganOf: kind == .dragBegan ? i : nil)
  }

  /// Sets the point of `pick`'s snap to the candidate nearest where the release would carry
  /// its item: the item's centre as the drag left it, projected by the velocity the release
  /// hands over (`motion`: the finger's, along a follow drag's axis, or a rotate drag's turn at
  /// the centre), whether or not the rule hands it to a body (docs/drags.md, "Picking a target at
  /// the release"). Nil without a release (not a drag-ended event).
  private mutating func pickSnapPoint(_ pick: SnapPick, motion: BodyStartMotion?)
    -> SceneEvent.PickedPoint?
  {
    guard let motion, let b = Self.behaviorIndex(pick.snap, in: scene),
      let item = scene.items.firstIndex(where: { $0.id == scene.behaviors[b].items[0] })
    else { return nil }
    let center = animator.state(ofItem: item).center_pt
    let point = pick.pick(center_pt: center, velocity_pt_s: motion.velocity(at: center))
    animator.setSnapPoint(b, to: point)
    return SceneEvent.PickedPoint(snap: pick.snap, point_pt: point)
  }

  /// The motion bodies made by a release-velocity rule start with: the finger's velocity along
  /// a follow drag's axis; a rotate drag's angular velocity, about its pivot; the finger's
  /// velocity otherwise.
  private func releaseMotion(_ run: DragRun?, velocity v: Point, omega: Double) -> BodyStartMotion {
    guard let run else { return BodyStartMotion(velocity_pt_s: v) }
    switch run.spec.mode {
    case .follow(let axis):
      return BodyStartMotion(velocity_pt_s: Self.along(axis, v))
    case .rotate:
      return BodyStartMotion(
        velocity_pt_s: Point(0, 0), angularVelocity_rad_s: omega,
        pivot_pt: run.tracker?.pivot_pt)
    case .attachment:
      return BodyStartMotion(velocity_pt_s: v)
    }
  }

  /// Drag behaviors start acting when they are in the animator while their touch drags, and
  /// stop when they leave it. `dragBeganOf`: the touch whose drag-began is being delivered
  /// (its drags measure the finger from touch-down, so that the item catches up). An item's
  /// drag (no `touch`) takes a touch that went down on its item while it is in the animator
  /// (`down`: the touch whose touch-down was just delivered) or whose drag-began's rules added
  /// it, and lets it go when it leaves the animator or the touch lifts.
  mutating func syncDrags(dragBeganOf began: Int?, down: Int? = nil) {
    for d in touches!.drags.indices {
      let present = animator.present.contains(touches!.drags[d].behavior)
      if touches!.drags[d].isItemGesture {
        if !present && !touches!.drags[d].acting {
          touches!.drags[d].touch = nil
        } else if present && touches!.drags[d].touch == nil,
          let i = down ?? began, touches!.onItem[i] == touches!.drags[d].item
        {
          touches!.drags[d].touch = i
        }
      }
      let run = touches!.drags[d]
      guard let touch = run.touch else { continue }
      if run.acting && !present {
        touches!.drags[d].acting = false
        if run.isItemGesture { touches!.drags[d].touch = nil }
      } else if !run.acting && present && touches!.timeline.recognizers[touch].isDragging
        && (touches!.timeline.isDown(touch) || began == touch)
      {
        // A drag that begins on the lift sample still catches up before drag-ended.
        startDrag(d, atDragBegan: began == touch)
      }
    }
  }

  /// Drag `d` starts acting: it takes the item's centre and angle (and a rotate drag its
  /// pivot), then moves the item to the finger; an attachment drag grabs the item's point under
  /// the finger.
  private mutating func startDrag(_ d: Int, atDragBegan: Bool) {
    var run = touches!.drags[d]
    guard let touch = run.touch else { return }
    let timeline = touches!.timeline
    let recognizer = timeline.recognizers[touch]
    guard let finger = timeline.latest(touch), let down = recognizer.touchDown else { return }
    let state = animator.state(ofItem: run.item)
    run.acting = true
    run.startCenter_pt = state.center_pt
    run.startAngle_rad = state.angle_rad
    switch run.spec.mode {
    case .follow:
      run.reference_pt = atDragBegan ? down.point_pt : finger.point_pt
    case .rotate(let pivot, let deadZone):
      var tracker = RotationTracker(
        pivot_pt: pivot ?? state.center_pt, deadZone_pt: deadZone,
        capacity: timeline.traces[touch].count)
      // From touch-down at drag-began (the item catches up), else from now on.
      let from = atDragBegan ? 0 : recognizer.samples.count - 1
      for sample in recognizer.samples[from...] { tracker.receive(sample) }
      run.tracker = tracker
    case .attachment:
      animator.attachDrag(run.behavior, finger_pt: finger.point_pt)
    }
    touches!.drags[d] = run
    place(run, finger: finger.point_pt)
  }

  /// Each acting drag of touch `i` follows the new sample.
  private mutating func moveDrags(of i: Int, to sample: TouchSample) {
    for d in touches!.drags.indices where touches!.drags[d].touch == i && touches!.drags[d].acting {
      switch touches!.drags[d].spec.mode {
      case .attachment:
        animator.moveDragAnchor(touches!.drags[d].behavior, to: sample.point_pt)
      case .rotate:
        guard touches!.drags[d].tracker!.receive(sample) else { continue }
        place(touches!.drags[d], finger: sample.point_pt)
      case .follow:
        place(touches!.drags[d], finger: sample.point_pt)
      }
    }
  }

  /// Places the item of a kinematic drag: follow, its start centre + the finger's translation
  /// along the axis; rotate, turned about the pivot by the finger's turn.
  private mutating func place(_ run: DragRun, finger: Point) {
    switch run.spec.mode {
    case .follow(let axis):
      let move = Self.along(
        axis, Point(finger.x - run.reference_pt.x, finger.y - run.reference_pt.y))
      var center = Point(run.startCenter_pt.x + move.x, run.startCenter_pt.y + move.y)
      if !run.spec.limits.isEmpty {
        center = run.spec.limits.apply(center, dimension_pt: run.bandDimension_pt)
      }
      animator.place(heldItem: run.item, center_pt: center, angle_rad: run.startAngle_rad)
    case .rotate:
      guard let tracker = run.tracker else { return }
      let turn = tracker.turn_rad
      let c = tracker.pivot_pt
      let dx = run.startCenter_pt.x - c.x
      let dy = run.startCenter_pt.y - c.y
      let center =
        dx == 0 && dy == 0
        ? run.startCenter_pt
        : Point(c.x + dx * cos(turn) - dy * sin(turn), c.y + dx * sin(turn) + dy * cos(turn))
      animator.place(heldItem: run.item, center_pt: center, angle_rad: run.startAngle_rad + turn)
    case .attachment:
      break
    }
  }

  /// `v` along a follow drag's axis.
  static func along(_ axis: DragSpec.Axis, _ v: Point) -> Point {
    switch axis {
    case .x: Point(v.x, 0)
    case .y: Point(0, v.y)
    case .both: v
    }
  }
}

extension ItemState {
  /// What a pose array holds before it is first written (zero everywhere).
  static let unset = ItemState(
    center_pt: Point(0, 0), angle_rad: 0, velocity_pt_s: Point(0, 0), angularVelocity_rad_s: 0)
}
