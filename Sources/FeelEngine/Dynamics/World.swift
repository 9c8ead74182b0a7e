/// How a body's velocity decays each sub-step.
public enum DampingLaw: Sendable, Equatable {
  /// v *= 1 / (1 + h·c) (Box2D 2.3, UIKit on iOS 8 and later).
  case rational
  /// v *= clamp(1 − h·c, 0, 1) (iOS 7.0).
  case clamped
}

/// The Box2D-like layer: bodies (one slot per item), distance joints, boundary edges and their
/// contacts, stepped by `step(h:)` with sequential impulses and continuous collision against
/// boundaries. Everything is in engine units (m, s, rad, kg). A value type: copying a world
/// and stepping the copy leaves the original untouched.
struct World: Sendable {
  /// Body slots, one per item; `hasBody[slot]` says whether the item has a body now (a slot
  /// without one keeps a stale value that nothing reads).
  private(set) var bodies: [Body]
  private(set) var hasBody: [Bool]
  /// Slots with a body, newest first: Box2D's body list, the order islands are seeded in.
  private var bodyOrder: [Int] = []
  /// Joints in solve order; change them through `addJoints` and `removeJoints`.
  private(set) var joints: [DistanceJoint] = []
  /// For each body slot, its joints' indices in solve order (rebuilt when joints change).
  private var jointsOfBody: [[Int]] = []
  private var jointInIsland: [Bool] = []
  /// Whether `jointsOfBody` and `jointInIsland` match the joints (rebuilt at the next step
  /// after the joints change; a world whose steps all run in SIMD lanes never needs them).
  private var jointsIndexed = true
  /// Whether some joint joins two items (then islands need a graph search).
  private var jointsLinkBodies = false
  var edges: [Edge?] = []
  /// Contacts, newest first.
  var contacts: [Contact] = []
  var dampingLaw: DampingLaw
  var options: EngineOptions
  /// False when the owner knows no boundary can ever be added (a scene without collision
  /// behaviors): the broad phase's fat boxes are then never read, so they are not kept.
  var mayHaveBoundaries = true
  var velocityIterations = EngineConstants.velocityIterations
  var positionIterations = EngineConstants.positionIterations
  /// Inverse of the previous sub-step (1/s), for scaling warm-start impulses.
  var invDt0: Float = 0
  /// Contact began/ended reports, in order, until the owner takes them.
  var events: [ContactEvent] = []
  /// Broad phase: proxy ids in creation order, proxies moved since the last pair search.
  private var nextProxyID = 0
  private var movedBodies: [Int] = []
  private var movedEdges: [Int] = []
  /// Proxies were added since the last pair search: the next step searches first.
  private(set) var hasNewProxies = false
  private var pairs: [ProxyPair] = []
  private var solvedBodies: [Int] = []

  // Scratch, kept to avoid allocation in the step.
  private var solver: [SolverBody] = []
  private var constraints: [ContactConstraint] = []
  private var islandBodies: [Int] = []
  private var islandJoints: [Int] = []
  private var islandContacts: [Int] = []
  private var visited: [Bool] = []
  private var stack: [Int] = []

  init(bodySlots: Int, dampingLaw: DampingLaw, options: EngineOptions = .uikit) {
    bodies = Array(
      repeating: Body(
        position: .zero, angle: 0, velocity: .zero, angularVelocity: 0,
        shape: BoxShape(halfWidth: 1, halfHeight: 1, radius: 0),
        mass: MassData(mass: 1, inertia: 1),
        material: BodyMaterial(
          friction: 0, restitution: 0, linearDamping: 0, angularDamping: 0, fixedRotation: false)),
      count: bodySlots)
    hasBody = Array(repeating: false, count: bodySlots)
    self.dampingLaw = dampingLaw
    self.options = options
    // The solver's scratch (`solver`, `visited`) is made by the first step.
  }

  // MARK: - Bodies, edges and joints

  mutating func createBody(_ slot: Int, _ body: Body) {
    destroyBody(slot)
    var b = body
    b.fatAABB = b.shape.aabb(b.xf).fattened(by: Box2DSettings.aabbExtension_m)
    b.proxyID = nextProxyID
    nextProxyID += 1
    bodies[slot] = b
    hasBody[slot] = true
    bodyOrder.insert(slot, at: 0)
    movedBodies.append(slot)
    hasNewProxies = true
  }

  mutating func destroyBody(_ slot: Int) {
    guard hasBody[slot] else { return }
    removeContacts { $0.body == slot }
    removeJoints { $0.bodyA == slot || $0.bodyB == slot }
    hasBody[slot] = false
    bodyOrder.removeAll { $0 == slot }
  }

  /// Puts joints first in the solve order (the newest behavior's joints are solved first).
  mutating func addJoints(_ new: [DistanceJoint]) {
    joints.insert(contentsOf: new, at: 0)
    jointsIndexed = false
  }

  /// Sets a joint's accumulated impulse (N·s), for warm starting.
  mutating func setImpulse(ofJoint j: Int, _ impulse: Float) {
    joints[j].impulse = impulse
  }

  mutating func removeJoints(where predicate: (DistanceJoint) -> Bool) {
    if joints.isEmpty { return }
    joints.removeAll(where: predicate)
    jointsIndexed = false
  }

  /// Moves the static ground point of the joints `owner` made (m), as Box2D's SetTransform
  /// moves a static anchor body; their impulses stay for warm starting. Returns body A of a
  /// moved joint, or nil when no joint of `owner` is on the ground or none moved.
  mutating func moveGround(ofJointsOwnedBy owner: Int, to p: Vec2) -> Int? {
    var moved: Int?
    for j in joints.indices
    where joints[j].owner == owner && joints[j].bodyB == nil && joints[j].groundPosition != p {
      joints[j].groundPosition = p
      moved = joints[j].bodyA
    }
    return moved
  }

  /// Rebuilds each body's joint list and the solver's scratch before a step, if needed.
  private mutating func prepareToSolve() {
    if solver.count != bodies.count {
      solver = Array(repeating: SolverBody(), count: bodies.count)
      visited = Array(repeating: false, count: bodies.count)
    }
    if jointsIndexed { return }
    jointsIndexed = true
    jointsOfBody = Array(repeating: [], count: bodies.count)
    for (j, joint) in joints.enumerated() {
      jointsOfBody[joint.bodyA].append(j)
      if let b = joint.bodyB { jointsOfBody[b].append(j) }
    }
    jointInIsland = Array(repeating: false, count: joints.count)
    jointsLinkBodies = joints.contains { $0.bodyB != nil }
  }

  /// Adds a boundary edge; returns its index.
  @discardableResult mutating func addEdge(_ edge: Edge) -> Int {
    let index = edges.count
    var e = edge
    e.fatAABB = e.shape.aabb.fattened(by: Box2DSettings.aabbExtension_m)
    e.proxyID = nextProxyID
    nextProxyID += 1
    edges.append(e)
    movedEdges.append(index)
    hasNewProxies = true
    return index
  }

  /// Creates contacts for fat boxes that began to overlap, in Box2D's order: pairs sorted by
  /// proxy ids, each new contact put first.
  private mutating func findNewContacts() {
    pairs.clear()
    for slot in movedBodies {
      guard hasBody[slot] else { continue }
      let body = bodies[slot]
      for e in edges.indices {
        guard let edge = edges[e], edge.bodies.contains(slot), edge.fatAABB.overlaps(body.fatAABB)
        else { continue }
        pairs.append(ProxyPair(edge: e, body: slot, key: pairKey(edge.proxyID, body.proxyID)))
      }
    }
    for e in movedEdges {
      guard let edge = edges[e] else { continue }
      for slot in edge.bodies {
        guard hasBody[slot], edge.fatAABB.overlaps(bodies[slot].fatAABB) else { continue }
        let body = bodies[slot]
        pairs.append(ProxyPair(edge: e, body: slot, key: pairKey(edge.proxyID, body.proxyID)))
      }
    }
    movedBodies.clear()
    movedEdges.clear()
    if pairs.isEmpty { return }
    pairs.sort { $0.key < $1.key }
    var previous: (Int, Int)? = nil
    for pair in pairs {
      if let p = previous, p == (pair.edge, pair.body) { continue }
      previous = (pair.edge, pair.body)
      if contacts.contains(where: { $0.edge == pair.edge && $0.body == pair.body }) { continue }
      addContact(edge: pair.edge, body: pair.body)
    }
  }

  private func pairKey(_ a: Int, _ b: Int) -> UInt64 {
    UInt64(min(a, b)) << 32 | UInt64(max(a, b))
  }

  /// Refits a moved body's fat box over its sweep (start to end of the sub-step).
  private mutating func synchronize(_ slot: Int) {
    guard hasBody[slot] else { return }
    let b = bodies[slot]
    let xf1 = Transform(p: b.sweep.c0, q: Rotation(angle_rad: b.sweep.a0))
    let swept = b.shape.aabb(xf1).union(b.shape.aabb(b.xf))
    if let fat = BroadPhase.moved(b.fatAABB, to: swept, displacement: b.xf.p - xf1.p) {
      bodies[slot].fatAABB = fat
      movedBodies.append(slot)
    }
  }

  mutating func removeEdges(owner: Int) {
    for e in edges.indices where edges[e]?.owner == owner {
      removeContacts { $0.edge == e }
      edges[e] = nil
    }
  }

  private mutating func addContact(edge e: Int, body slot: Int) {
    guard let contact = newContact(edge: e, body: slot) else { return }
    contacts.insert(contact, at: 0)
  }

  /// A contact as the broad phase creates it (materials mixed, no manifold yet).
  func newContact(edge e: Int, body slot: Int) -> Contact? {
    guard let edge = edges[e], hasBody[slot] else { return nil }
    let body = bodies[slot]
    return Contact(
      edge: e, body: slot, friction: (edge.friction * body.friction).squareRoot(),
      restitution: max(edge.restitution, body.restitution))
  }

  /// After sub-steps run elsewhere (SIMD lanes): the pair search they included is done.
  mutating func pairSearchDone() {
    movedBodies.clear()
    movedEdges.clear()
    hasNewProxies = false
  }

  /// Drops contacts because a body or a boundary left the world. Their end is not reported:
  /// that happens only when behaviors are removed, between frames, and the collision
  /// behavior that would hear of it has gone with its item or its boundary.
  private mutating func removeContacts(where predicate: (Contact) -> Bool) {
    contacts.removeAll(where: predicate)
  }

  /// Re-mixes contact materials after a body's material changed.
  mutating func refreshMaterials(_ slot: Int) {
    guard hasBody[slot] else { return }
    let body = bodies[slot]
    for i in contacts.indices where contacts[i].body == slot {
      guard let edge = edges[contacts[i].edge] else { continue }
      contacts[i].friction = (edge.friction * body.friction).squareRoot()
      contacts[i].restitution = max(edge.restitution, body.restitution)
    }
  }

  /// True while some body is awake.
  var isAwake: Bool {
    for slot in bodies.indices where hasBody[slot] && bodies[slot].awake { return true }
    return false
  }

  /// The item's body, if it has one.
  func body(_ slot: Int) -> Body? { hasBody[slot] ? bodies[slot] : nil }

  /// Changes the item's body in place (nothing happens if it has none).
  mutating func modifyBody(_ slot: Int, _ change: (inout Body) -> Void) {
    if hasBody[slot] { change(&bodies[slot]) }
  }

  // MARK: - Step

  /// Advances the world by one sub-step of h seconds: contacts updated, islands solved,
  /// then time of impact against boundaries resolved.
  mutating func step(h: Float) {
    let invDt: Float = h > 0 ? 1 / h : 0
    let dtRatio = invDt0 * h
    if hasNewProxies {
      findNewContacts()
      hasNewProxies = false
    }
    collide()
    if h > 0 {
      solve(h: h, dtRatio: dtRatio)
      solveTOI(h: h)
      invDt0 = invDt
    }
  }

  /// Destroys contacts whose fat boxes parted and updates the rest (awake bodies only).
  private mutating func collide() {
    var i = 0
    while i < contacts.count {
      let slot = contacts[i].body
      guard hasBody[slot], bodies[slot].awake, let edge = edges[contacts[i].edge] else {
        i += 1
        continue
      }
      if !edge.fatAABB.overlaps(bodies[slot].fatAABB) {
        if contacts[i].touching {
          events.append(ContactEvent(kind: .ended, item: slot, boundary: edge.name))
        }
        contacts.remove(at: i)
        continue
      }
      contacts[i].update(edge: edge, body: &bodies[slot], events: &events)
      i += 1
    }
  }

  /// Builds each island of awake bodies (joined by joints between items) and solves it.
  private mutating func solve(h: Float, dtRatio: Float) {
    prepareToSolve()
    for i in visited.indices { visited[i] = false }
    solvedBodies.clear()
    for seed in bodyOrder {
      guard bodies[seed].awake, !visited[seed] else { continue }
      islandContacts.clear()
      if !jointsLinkBodies {
        // No joint joins two items: the island is this body, its contacts and its joints
        // (the body's own joint list, shared rather than copied).
        if islandBodies.count == 1 {
          islandBodies[0] = seed
        } else {
          islandBodies = [seed]
        }
        bodies[seed].setAwake(true)
        for c in contacts.indices
        where contacts[c].body == seed && contacts[c].enabled && contacts[c].touching {
          islandContacts.append(c)
        }
        islandJoints = jointsOfBody.isEmpty ? [] : jointsOfBody[seed]
        solveIsland(h: h, dtRatio: dtRatio)
        solvedBodies.append(seed)
        continue
      }
      islandBodies.clear()
      islandJoints = []
      stack.clear()
      stack.append(seed)
      visited[seed] = true
      while let slot = stack.popLast() {
        islandBodies.append(slot)
        bodies[slot].setAwake(true)
        for c in contacts.indices
        where contacts[c].body == slot && contacts[c].enabled && contacts[c].touching {
          islandContacts.append(c)
        }
        if jointsOfBody.isEmpty { continue }
        for j in jointsOfBody[slot] where !jointInIsland[j] {
          jointInIsland[j] = true
          islandJoints.append(j)
          let other = joints[j].bodyA == slot ? joints[j].bodyB : joints[j].bodyA
          if let other, !visited[other] {
            visited[other] = true
            stack.append(other)
          }
        }
      }
      solveIsland(h: h, dtRatio: dtRatio)
      for j in islandJoints { jointInIsland[j] = false }
      for slot in islandBodies { solvedBodies.append(slot) }
    }
    if mayHaveBoundaries {
      for slot in solvedBodies { synchronize(slot) }
      findNewContacts()
    }
  }

  private mutating func solveIsland(h: Float, dtRatio: Float) {
    // Integrate velocities: gravity, forces, damping.
    for slot in islandBodies {
      bodies[slot].sweep.c0 = bodies[slot].sweep.c
      bodies[slot].sweep.a0 = bodies[slot].sweep.a
      solver[slot] = Self.integrateVelocity(bodies[slot], h: h, law: dampingLaw)
    }
    buildConstraints(warmStarting: true, dtRatio: dtRatio)
    let bodyList = islandBodies
    let jointList = islandJoints
    let iterations = (velocity: velocityIterations, position: positionIterations)
    let positionSolved = solver.withUnsafeMutableBufferPointer { s in
      joints.withUnsafeMutableBufferPointer { j in
        constraints.withUnsafeMutableBufferPointer { k in
          IslandSolver.solve(
            bodies: bodyList, joints: jointList, s: s, j: j, k: k, h: h, dtRatio: dtRatio,
            iterations: iterations)
        }
      }
    }
    // Keep the impulses for warm starting the next sub-step.
    for k in constraints {
      for p in 0..<k.pointCount {
        contacts[k.contact].manifold[p].normalImpulse = k[p].normalImpulse
        contacts[k.contact].manifold[p].tangentImpulse = k[p].tangentImpulse
      }
    }
    for slot in islandBodies { takeSolverState(slot) }
    // Sleep: the island sleeps once every body in it has been slow for long enough.
    var minSleepTime = Float.greatestFiniteMagnitude
    let angularTolerance2 = Box2DSettings.angularSleepToleranceSquared
    let linearTolerance2 = Box2DSettings.linearSleepToleranceSquared
    for slot in islandBodies {
      let v = bodies[slot].v
      let w = bodies[slot].w
      if w * w > angularTolerance2 || dot(v, v) > linearTolerance2 {
        bodies[slot].sleepTime = 0
        minSleepTime = 0
      } else {
        bodies[slot].sleepTime += h
        minSleepTime = min(minSleepTime, bodies[slot].sleepTime)
      }
    }
    if minSleepTime >= Box2DSettings.timeToSleep_s && positionSolved {
      for slot in islandBodies { bodies[slot].setAwake(false) }
    }
  }

  /// The solver's view of a body after v += h·(g + F/m) and damping (rational or clamped).
  private static func integrateVelocity(_ b: Body, h: Float, law: DampingLaw) -> SolverBody {
    var v = b.v
    var w = b.w
    v += h * (b.gravity + b.invMass * b.force)
    w += h * b.invI * b.torque
    switch law {
    case .rational:
      v *= 1 / (1 + h * b.linearDamping)
      w *= 1 / (1 + h * b.angularDamping)
    case .clamped:
      v *= min(max(1 - h * b.linearDamping, 0), 1)
      w *= min(max(1 - h * b.angularDamping, 0), 1)
    }
    return SolverBody(
      c: b.sweep.c, a: b.sweep.a, q: b.xf.q, v: v, w: w, invMass: b.invMass, invI: b.invI)
  }

  private mutating func buildConstraints(warmStarting: Bool, dtRatio: Float) {
    constraints.clear()
    for c in islandContacts {
      let contact = contacts[c]
      constraints.append(
        ContactConstraint(
          contactIndex: c, contact: contact, edge: edges[contact.edge]!,
          body: bodies[contact.body], warmStarting: warmStarting, dtRatio: dtRatio))
    }
  }

  // MARK: - Continuous collision

  /// Finds the earliest time of impact of any awake body against a boundary within the
  /// sub-step, moves the body back to it, resolves the contact there and lets it move on
  /// for the rest of the sub-step; repeats until no impact is left.
  private mutating func solveTOI(h: Float) {
    for i in bodies.indices where hasBody[i] { bodies[i].sweep.alpha0 = 0 }
    for c in contacts.indices {
      contacts[c].toiValid = false
      contacts[c].toiCount = 0
      contacts[c].toi = 1
    }
    while true {
      var minContact: Int? = nil
      var minAlpha: Float = 1
      for c in contacts.indices {
        if !contacts[c].enabled || contacts[c].toiCount > Box2DSettings.maxSubSteps { continue }
        var alpha: Float = 1
        if contacts[c].toiValid {
          alpha = contacts[c].toi
        } else {
          let slot = contacts[c].body
          guard hasBody[slot], bodies[slot].awake, let edge = edges[contacts[c].edge]
          else { continue }
          let body = bodies[slot]
          let alpha0 = body.sweep.alpha0
          let ground = BodySweep(c0: .zero, c: .zero, a0: 0, a: 0, alpha0: alpha0)
          let output = timeOfImpact(
            proxyA: DistanceProxy(edge: edge.shape), sweepA: ground,
            proxyB: DistanceProxy(box: body.shape), sweepB: body.sweep)
          if output.state == .touching {
            alpha = min(alpha0 + (1 - alpha0) * output.t, 1)
          }
          contacts[c].toi = alpha
          contacts[c].toiValid = true
        }
        if alpha < minAlpha {
          minContact = c
          minAlpha = alpha
        }
      }
      guard let ci = minContact, !(Box2DSettings.toiLastAlpha < minAlpha) else { return }

      let slot = contacts[ci].body
      let backup = bodies[slot].sweep
      bodies[slot].advance(to: minAlpha, form: options.sweepAdvance)
      contacts[ci].update(edge: edges[contacts[ci].edge]!, body: &bodies[slot], events: &events)
      contacts[ci].toiValid = false
      contacts[ci].toiCount += 1
      if !contacts[ci].enabled || !contacts[ci].touching {
        contacts[ci].enabled = false
        bodies[slot].sweep = backup
        bodies[slot].synchronizeTransform()
        continue
      }
      bodies[slot].setAwake(true)
      islandContacts.clear()
      islandContacts.append(ci)
      for c in contacts.indices where c != ci && contacts[c].body == slot {
        contacts[c].update(edge: edges[contacts[c].edge]!, body: &bodies[slot], events: &events)
        if contacts[c].enabled && contacts[c].touching { islandContacts.append(c) }
      }
      solveTOIIsland(slot: slot, h: (1 - minAlpha) * h)
      for c in contacts.indices where contacts[c].body == slot { contacts[c].toiValid = false }
      synchronize(slot)
      findNewContacts()
    }
  }

  private mutating func solveTOIIsland(slot: Int, h: Float) {
    let b = bodies[slot]
    solver[slot] = SolverBody(
      c: b.sweep.c, a: b.sweep.a, q: b.xf.q, v: b.v, w: b.w, invMass: b.invMass, invI: b.invI)
    buildConstraints(warmStarting: false, dtRatio: 1)
    let velocityIterations = self.velocityIterations
    let safe = solver.withUnsafeMutableBufferPointer { s in
      constraints.withUnsafeMutableBufferPointer { k in
        IslandSolver.solveTOI(
          body: slot, s: s, k: k, h: h, velocityIterations: velocityIterations)
      }
    }
    // Leap of faith to the new safe state.
    bodies[slot].sweep.c0 = safe.c
    bodies[slot].sweep.a0 = safe.a
    takeSolverState(slot)
  }

  /// The body takes the solver's position and velocity at the end of a sub-step.
  private mutating func takeSolverState(_ slot: Int) {
    let sb = solver[slot]
    bodies[slot].sweep.c = sb.c
    bodies[slot].sweep.a = sb.a
    bodies[slot].v = sb.v
    bodies[slot].w = sb.w
    bodies[slot].synchronizeTransform()
  }
}

/// A candidate contact from the broad phase, sorted by its proxy ids.
private struct ProxyPair {
  var edge: Int
  var body: Int
  var key: UInt64
}

extension Array {
  /// Empties the array and keeps its storage; does nothing (not even a uniqueness check)
  /// when it is already empty, which is the common case on the step's hot path.
  @inlinable mutating func clear() {
    if !isEmpty { removeAll(keepingCapacity: true) }
  }
}
