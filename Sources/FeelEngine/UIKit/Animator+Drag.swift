/// When a behavior in the animator is suspended because its item is held (`Animator.isActing`).
enum BehaviorSuspension: Sendable {
  /// A drag: it is what holds the item, never suspended.
  case never
  /// A kinematic rotation (inertia, detent): it waits only while a drag holds the item.
  case whileDragged
  /// Every other behavior: suspended while anything holds the item (a drag, a coast, a
  /// detent).
  case whileHeld

  init(_ kind: BehaviorKind) {
    if case .drag = kind {
      self = .never
    } else {
      self = kind.isKinematicRotation ? .whileDragged : .whileHeld
    }
  }
}

/// What the animator keeps for drag behaviors (docs/drags.md, "Drag behaviors").
struct AnimatorDrags: Sendable {
  /// For each item, the follow and rotate drags in the animator holding it.
  var holds: [Int]
  /// While `Animator.apply(removing:adding:startingNewBodiesWith:)` runs: the motion the
  /// bodies it makes start with (a finger's release velocity); nil: at rest.
  var startMotion: BodyStartMotion?

  init(itemCount: Int) {
    holds = Array(repeating: 0, count: itemCount)
  }
}

extension Animator {
  /// `apply(removing:adding:)`, with the bodies it makes starting with `motion` instead of at
  /// rest: a drag-ended rule with `release_velocity = true`.
  public mutating func apply(
    removing removals: [Int], adding additions: [Int],
    startingNewBodiesWith motion: BodyStartMotion?
  ) {
    drags.startMotion = motion
    apply(removing: removals, adding: additions)
    drags.startMotion = nil
  }

  /// Whether behavior `b` acts now: it is in the animator and, unless it is a drag, none of its
  /// items is held by a kinematic drag (a held item's other behaviors are suspended).
  @inline(__always) public func isActing(_ b: Int) -> Bool {
    present.contains(b) && actsIfPresent(b)
  }

  /// `isActing(b)` for a behavior known to be in the animator.
  @inline(__always) func actsIfPresent(_ b: Int) -> Bool {
    switch suspensions[b] {
    case .never:
      return true
    case .whileDragged:
      for item in behaviors[b].items where drags.holds[item] > 0 { return false }
    case .whileHeld:
      for item in behaviors[b].items where isHeld(item) { return false }
    }
    return true
  }

  /// A drag behavior left the animator: its hold on the item ends (the caller makes the body
  /// again if other behaviors still use the item); its joint went with it.
  mutating func dropDrag(_ b: Int, item: Int, _ spec: DragSpec) {
    if spec.isKinematic { drags.holds[item] -= 1 }
  }

  /// The item's state as it was last set while it had no body: where a drag left it, where its
  /// last body left it, or as the scene gives it. A body made since starts there.
  @inline(__always) public func parkedState(ofItem item: Int) -> ItemState { parked[item] }

  /// Places an item held by a kinematic drag (centre in pt, angle in rad); it reads as at rest.
  /// Does nothing to an item that is not held.
  public mutating func place(heldItem item: Int, center_pt: Point, angle_rad: Double) {
    guard isHeld(item) else { return }
    parked[item] = ItemState(
      center_pt: center_pt, angle_rad: angle_rad, velocity_pt_s: Point(0, 0),
      angularVelocity_rad_s: 0)
  }

  /// An attachment drag (`b`) starts acting: a distance joint of length 0 from the point of its
  /// item under the finger to a static anchor at the finger (pt), made as Box2D's
  /// b2DistanceJointDef.Initialize(body, anchor, p, p) makes it (the item's anchor is the
  /// finger's point in the body's frame; the anchor body sits at the finger). Like adding a
  /// behavior, it wakes the body and the animator. Returns false (nothing made) when the drag
  /// is not in the animator, is not an attachment, already has its joint, or its item has no
  /// body.
  @discardableResult public mutating func attachDrag(_ b: Int, finger_pt: Point) -> Bool {
    guard present.contains(b), case .drag(let spec) = behaviors[b].kind,
      case .attachment(let frequency_hz, let damping) = spec.mode,
      !world.joints.contains(where: { $0.owner == b }),
      let body = world.body(behaviors[b].items[0])
    else { return false }
    let item = behaviors[b].items[0]
    let p = Vec2(Float(0.01 * finger_pt.x), Float(0.01 * finger_pt.y))
    let joint = DistanceJoint(
      bodyA: item, bodyB: nil, groundPosition: p, localAnchorA: body.xf.applyInverse(p),
      localAnchorB: .zero, length: distance(p, p), frequency_hz: Float(frequency_hz),
      dampingRatio: Float(damping), owner: b)
    world.addJoints([joint])
    world.modifyBody(item) { $0.setAwake(true) }
    isRunning = world.isAwake
    return true
  }

  /// Moves an attachment drag's anchor to the finger (pt): Box2D's SetTransform of the static
  /// anchor body. The joint and its warm-start impulse stay. If the anchor moved (its float32
  /// metres changed), the item's body wakes, and a paused animator with it (FeelLab's stated
  /// assumption: no Apple measurement says otherwise). Returns whether it moved.
  @discardableResult public mutating func moveDragAnchor(_ b: Int, to finger_pt: Point) -> Bool {
    let p = Vec2(Float(0.01 * finger_pt.x), Float(0.01 * finger_pt.y))
    guard let item = world.moveGround(ofJointsOwnedBy: b, to: p) else { return false }
    world.modifyBody(item) { $0.setAwake(true) }
    isRunning = world.isAwake
    return true
  }

  /// Where an attachment drag's anchor stands (pt, float32 metres × 100); nil without a joint.
  public func dragAnchor(_ b: Int) -> Point? {
    guard let joint = world.joints.first(where: { $0.owner == b && $0.bodyB == nil }) else {
      return nil
    }
    return Point(Double(100 * joint.groundPosition.x), Double(100 * joint.groundPosition.y))
  }
}
