import FeelEngine

extension Animator {
  /// Non-nil when the animator, at the current frame boundary, can continue in a `LaneGroup`
  /// of this signature: one item with a body, awake, held only by soft joints to fixed points
  /// (snaps, soft attachments to anchors), pushed (either mode), pulled by gravity, damped,
  /// and colliding with edges none of which it touches or is about to touch (nearer than the
  /// collider's radius plus the margin and two frames of its motion). `broadPhase`: an edge
  /// may be added later (a rule adds a collision behavior), so the body's fat box must be kept
  /// even when there is no edge now. `frameDuration_s`: the display frame (s).
  public func laneSignature(frameDuration_s dt_s: Double, broadPhase: Bool)
    -> LaneGroup.Signature?
  {
    guard items.count == 1, groups.isEmpty, isRunning, world.hasBody[0], world.bodies[0].awake,
      world.bodies[0].plainBox != nil
    else { return nil }
    for b in present {
      switch behaviors[b].kind {
      case .snap, .item, .gravity, .push: continue
      case .collision(let spec):
        // The lanes' boundaries always push the item: not in `items` mode.
        guard spec.mode != .items else { return nil }
      case .attachment(let spec):
        guard spec.kind == .distance, case .anchor = spec.target else { return nil }
      case .drag, .inertia, .detent, .field, .scroll: return nil
      }
    }
    guard world.kindJoints.isEmpty,
      !world.joints.contains(where: { $0.bodyB != nil || !($0.frequency_hz > 0) }),
      !world.contacts.contains(where: \.touching)
    else { return nil }
    var edges = 0
    for edge in world.edges {
      guard let edge else { continue }
      guard isClearForLanes(edge, frameDuration_s: dt_s) else { return nil }
      edges += 1
    }
    return LaneGroup.Signature(
      profile: profile, dt_s: dt_s, joints: world.joints.count, edges: edges,
      broadPhase: broadPhase || edges > 0)
  }

  /// Whether the body is far enough from the edge to enter a lane: beyond the collider's radius
  /// and the lanes' margin by two frames of motion at its current speed, with its pending
  /// impulses and the frame's accelerations (a guess; the lane's own checks are the proof).
  private func isClearForLanes(_ edge: Edge, frameDuration_s dt_s: Double) -> Bool {
    var lane = EdgeLanes()
    guard lane.set(lane: 0, edge) else { return false }
    let b = world.bodies[0]
    var speed = Double(b.v.length)
    forEachPendingImpulse { impulse, _, _ in speed += Double(b.invMass * impulse.length) }
    var acceleration = Double(b.gravity.length)
    forEachContinuousPush { force, _ in acceleration += Double(b.invMass * force.length) }
    let lookahead = 2 * dt_s * (speed + 2 * dt_s * acceleration)
    let box = b.plainBox!
    let hx = box.vertex(2).x
    let hy = box.vertex(2).y
    let (separation, margin) = lane.separation(
      cx: .init(repeating: b.sweep.c.x), cy: .init(repeating: b.sweep.c.y),
      qs: .init(repeating: b.xf.q.s), qc: .init(repeating: b.xf.q.c),
      hx: .init(repeating: hx), hy: .init(repeating: hy))
    let needed =
      Double(Box2DSettings.edgePolygonManifoldRadius_m + margin[0]) + lookahead
      + Double(EdgeLanes.margin_m)
    return Double(separation[0]) > needed
  }

  /// `body(force, push)` for each continuous push on item 0, in the order
  /// `applyContinuousPushes` applies them.
  func forEachContinuousPush(_ body: (Vec2, PushSpec) -> Void) {
    for b in present where continuousPushIndices.contains(b) {
      guard case .push(let push) = behaviors[b].kind else { continue }
      for item in behaviors[b].items where item == 0 { body(push.vector, push) }
    }
  }

  /// `body(impulse, push, behavior)` for each instantaneous push still to fire on item 0, in
  /// the order `fireInstantaneousPushes` fires them.
  func forEachPendingImpulse(_ body: (Vec2, PushSpec, Int) -> Void) {
    for b in present where pushActive[b] {
      guard case .push(let push) = behaviors[b].kind, push.mode == .instantaneous else { continue }
      for item in behaviors[b].items where item == 0 { body(push.vector, push, b) }
    }
  }
}

extension LaneGroup {
  /// Takes the animator's state at a frame boundary into a free lane (the group must not be
  /// full, and `animator.laneSignature` must equal the group's); returns the lane.
  public mutating func load(_ animator: Animator) -> Int {
    guard let lane = (0..<Self.width).first(where: { !occupiedLanes[$0] }) else {
      preconditionFailure("group full")
    }
    occupiedLanes[lane] = true
    count += 1
    let world = animator.world
    let b = world.bodies[0]
    state.cx[lane] = b.sweep.c.x
    state.cy[lane] = b.sweep.c.y
    state.a[lane] = b.sweep.a
    state.c0x[lane] = b.sweep.c0.x
    state.c0y[lane] = b.sweep.c0.y
    state.a0[lane] = b.sweep.a0
    state.vx[lane] = b.v.x
    state.vy[lane] = b.v.y
    state.w[lane] = b.w
    state.qs[lane] = b.xf.q.s
    state.qc[lane] = b.xf.q.c
    state.sleepTime[lane] = b.sleepTime
    state.invDt0[lane] = world.invDt0
    let fat = world.fixtures[world.fixture(0, 0)].fatAABB
    state.fatLx[lane] = fat.lower.x
    state.fatLy[lane] = fat.lower.y
    state.fatUx[lane] = fat.upper.x
    state.fatUy[lane] = fat.upper.y
    state.asleep[lane] = false
    state.newProxies[lane] = world.hasNewProxies
    state.stepped[lane] = false
    state.started[lane] = animator.started
    impulses[lane].clear()
    animator.forEachPendingImpulse { impulses[lane].append(($0, $1, $2)) }
    state.pendingImpulses[lane] = !impulses[lane].isEmpty
    state.contactClock[lane] = Int32(world.contacts.count)
    state.accumulator_s[lane] = animator.accumulator_s
    state.substeps[lane] = 0
    substepsAtLoad[lane] = animator.substepsRun
    invMass[lane] = b.invMass
    invI[lane] = b.invI
    gx[lane] = b.gravity.x
    gy[lane] = b.gravity.y
    linearDamping[lane] = b.linearDamping
    angularDamping[lane] = b.angularDamping
    let box = b.plainBox!
    hx[lane] = box.vertex(2).x
    hy[lane] = box.vertex(2).y
    radius[lane] = box.radius
    circumradius[lane] = (hx[lane] * hx[lane] + hy[lane] * hy[lane]).squareRoot()
    let h = substep_s
    for (j, joint) in world.joints.enumerated() {
      joints[j].set(lane: lane, joint)
      joints[j].fixSoftConstants(lane: lane, mA: b.invMass, h: h)
    }
    edgeIndices[lane].clear()
    for (e, edge) in world.edges.enumerated() {
      guard let edge else { continue }
      let k = edgeIndices[lane].count
      _ = edges[k].set(lane: lane, edge)
      // Contacts are newest first: the first gets the latest order.
      if let position = world.contacts.firstIndex(where: { $0.edge == e }) {
        edges[k].exists[lane] = true
        edges[k].order[lane] = Int32(world.contacts.count - position)
      } else {
        edges[k].exists[lane] = false
        edges[k].order[lane] = 0
      }
      edgeIndices[lane].append(e)
    }
    pushes[lane].clear()
    animator.forEachContinuousPush { pushes[lane].append(($0, $1)) }
    hasPushes[lane] = !pushes[lane].isEmpty
    return lane
  }

  /// Writes the lane's state back into the animator it was loaded from: from there the scalar
  /// path carries on exactly as if it had run the lane's frames (after a roll-back: up to the
  /// start of the frame rolled back).
  public func restore(lane: Int, into animator: inout Animator) {
    animator.accumulator_s = state.accumulator_s[lane]
    animator.substepsRun = substepsAtLoad[lane] + Int(state.substeps[lane])
    if state.started[lane] { animator.started = true }
    animator.isRunning = !state.asleep[lane]
    if !state.pendingImpulses[lane] {
      for push in impulses[lane] { animator.pushActive[push.behavior] = false }
    }
    // Until it steps, a lane changes nothing in the world.
    guard state.stepped[lane] else { return }
    let asleep = state.asleep[lane]
    animator.world.modifyBody(0) { b in
      b.sweep = BodySweep(
        c0: Vec2(state.c0x[lane], state.c0y[lane]), c: Vec2(state.cx[lane], state.cy[lane]),
        a0: state.a0[lane], a: state.a[lane], alpha0: 0)
      b.xf = Transform(p: b.sweep.c, q: Rotation(s: state.qs[lane], c: state.qc[lane]))
      b.v = Vec2(state.vx[lane], state.vy[lane])
      b.w = state.w[lane]
      b.sleepTime = state.sleepTime[lane]
      b.awake = !asleep
      b.force = .zero
      b.torque = 0
    }
    if signature.broadPhase {
      animator.world.fixtures[animator.world.fixture(0, 0)].fatAABB = AABB(
        lower: Vec2(state.fatLx[lane], state.fatLy[lane]),
        upper: Vec2(state.fatUx[lane], state.fatUy[lane]))
    }
    for j in joints.indices { animator.world.setImpulse(ofJoint: j, joints[j].impulse[lane]) }
    if !edges.isEmpty {
      var kept: [(order: Int32, edge: Int)] = []
      for k in edges.indices where edges[k].exists[lane] {
        kept.append((edges[k].order[lane], edgeIndices[lane][k]))
      }
      kept.sort { $0.order > $1.order }
      animator.world.contacts = kept.compactMap { item in
        guard var contact = animator.world.newContact(edge: item.edge, body: 0) else { return nil }
        // As World.solveTOI leaves a contact that had no impact.
        contact.toiValid = !asleep
        return contact
      }
    }
    animator.world.invDt0 = state.invDt0[lane]
    animator.world.pairSearchDone()
  }
}
