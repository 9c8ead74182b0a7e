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
  /// Body slots, one per item; nil while the item has no body.
  var bodies: [Body?]
  /// Joints in solve order.
  var joints: [DistanceJoint] = []
  var edges: [Edge?] = []
  /// Contacts, newest first.
  var contacts: [Contact] = []
  var dampingLaw: DampingLaw
  var options: EngineOptions
  var velocityIterations = EngineConstants.velocityIterations
  var positionIterations = EngineConstants.positionIterations
  /// Inverse of the previous sub-step (1/s), for scaling warm-start impulses.
  private var invDt0: Float = 0
  /// Contact began/ended reports, in order, until the owner takes them.
  var events: [ContactEvent] = []
  /// Broad phase: proxy ids in creation order, proxies moved since the last pair search.
  private var nextProxyID = 0
  private var movedBodies: [Int] = []
  private var movedEdges: [Int] = []
  private var hasNewProxies = false
  private var pairs: [ProxyPair] = []
  private var solvedBodies: [Int] = []

  // Scratch, kept to avoid allocation in the step.
  private var solver = SolverBodies()
  private var constraints: [ContactConstraint] = []
  private var islandBodies: [Int] = []
  private var islandJoints: [Int] = []
  private var islandContacts: [Int] = []
  private var visited: [Bool] = []
  private var stack: [Int] = []

  init(bodySlots: Int, dampingLaw: DampingLaw, options: EngineOptions = .uikit) {
    bodies = Array(repeating: nil, count: bodySlots)
    self.dampingLaw = dampingLaw
    self.options = options
    solver.resize(bodySlots)
    visited = Array(repeating: false, count: bodySlots)
  }

  // MARK: - Bodies, edges and joints

  mutating func createBody(_ slot: Int, _ body: Body) {
    destroyBody(slot)
    var b = body
    b.fatAABB = b.shape.aabb(b.xf).fattened(by: BroadPhase.margin)
    b.proxyID = nextProxyID
    nextProxyID += 1
    bodies[slot] = b
    movedBodies.append(slot)
    hasNewProxies = true
  }

  mutating func destroyBody(_ slot: Int) {
    guard bodies[slot] != nil else { return }
    removeContacts { $0.body == slot }
    joints.removeAll { $0.bodyA == slot || $0.bodyB == slot }
    bodies[slot] = nil
  }

  /// Adds a boundary edge; returns its index.
  @discardableResult mutating func addEdge(_ edge: Edge) -> Int {
    let index = edges.count
    var e = edge
    e.fatAABB = e.shape.aabb.fattened(by: BroadPhase.margin)
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
    pairs.removeAll(keepingCapacity: true)
    for slot in movedBodies {
      guard let body = bodies[slot] else { continue }
      for e in edges.indices {
        guard let edge = edges[e], edge.bodies.contains(slot), edge.fatAABB.overlaps(body.fatAABB)
        else { continue }
        pairs.append(ProxyPair(edge: e, body: slot, key: pairKey(edge.proxyID, body.proxyID)))
      }
    }
    for e in movedEdges {
      guard let edge = edges[e] else { continue }
      for slot in edge.bodies {
        guard let body = bodies[slot], edge.fatAABB.overlaps(body.fatAABB) else { continue }
        pairs.append(ProxyPair(edge: e, body: slot, key: pairKey(edge.proxyID, body.proxyID)))
      }
    }
    movedBodies.removeAll(keepingCapacity: true)
    movedEdges.removeAll(keepingCapacity: true)
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
    guard let b = bodies[slot] else { return }
    let xf1 = Transform(p: b.sweep.c0, q: Rotation(angle_rad: b.sweep.a0))
    let swept = b.shape.aabb(xf1).union(b.shape.aabb(b.xf))
    if let fat = BroadPhase.moved(b.fatAABB, to: swept, displacement: b.xf.p - xf1.p) {
      bodies[slot]!.fatAABB = fat
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
    guard let edge = edges[e], let body = bodies[slot] else { return }
    let contact = Contact(
      edge: e, body: slot, friction: (edge.friction * body.friction).squareRoot(),
      restitution: max(edge.restitution, body.restitution))
    contacts.insert(contact, at: 0)
  }

  private mutating func removeContacts(where predicate: (Contact) -> Bool) {
    for c in contacts where predicate(c) && c.touching {
      if let edge = edges[c.edge] {
        events.append(ContactEvent(kind: .ended, item: c.body, boundary: edge.name))
      }
    }
    contacts.removeAll(where: predicate)
  }

  /// Re-mixes contact materials after a body's material changed.
  mutating func refreshMaterials(_ slot: Int) {
    guard let body = bodies[slot] else { return }
    for i in contacts.indices where contacts[i].body == slot {
      guard let edge = edges[contacts[i].edge] else { continue }
      contacts[i].friction = (edge.friction * body.friction).squareRoot()
      contacts[i].restitution = max(edge.restitution, body.restitution)
    }
  }

  /// True while some body is awake.
  var isAwake: Bool { bodies.contains { $0?.awake == true } }

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
      guard let body = bodies[slot], body.awake, let edge = edges[contacts[i].edge] else {
        i += 1
        continue
      }
      if !edge.fatAABB.overlaps(body.fatAABB) {
        if contacts[i].touching {
          events.append(ContactEvent(kind: .ended, item: slot, boundary: edge.name))
        }
        contacts.remove(at: i)
        continue
      }
      contacts[i].update(edge: edge, body: &bodies[slot]!, events: &events)
      i += 1
    }
  }

  /// Builds each island of awake bodies (joined by joints between items) and solves it.
  private mutating func solve(h: Float, dtRatio: Float) {
    for i in visited.indices { visited[i] = false }
    solvedBodies.removeAll(keepingCapacity: true)
    for seed in bodies.indices {
      guard let b = bodies[seed], b.awake, !visited[seed] else { continue }
      islandBodies.removeAll(keepingCapacity: true)
      islandJoints.removeAll(keepingCapacity: true)
      islandContacts.removeAll(keepingCapacity: true)
      stack.removeAll(keepingCapacity: true)
      stack.append(seed)
      visited[seed] = true
      while let slot = stack.popLast() {
        islandBodies.append(slot)
        bodies[slot]!.setAwake(true)
        for c in contacts.indices
        where contacts[c].body == slot && contacts[c].enabled && contacts[c].touching {
          islandContacts.append(c)
        }
        for j in joints.indices where joints[j].bodyA == slot || joints[j].bodyB == slot {
          if islandJoints.contains(j) { continue }
          islandJoints.append(j)
          let other = joints[j].bodyA == slot ? joints[j].bodyB : joints[j].bodyA
          if let other, !visited[other] {
            visited[other] = true
            stack.append(other)
          }
        }
      }
      solveIsland(h: h, dtRatio: dtRatio)
      solvedBodies += islandBodies
    }
    for slot in solvedBodies { synchronize(slot) }
    findNewContacts()
  }

  private mutating func solveIsland(h: Float, dtRatio: Float) {
    // Integrate velocities: gravity, forces, damping.
    for slot in islandBodies {
      var b = bodies[slot]!
      b.sweep.c0 = b.sweep.c
      b.sweep.a0 = b.sweep.a
      var v = b.v
      var w = b.w
      v += h * (b.gravity + b.invMass * b.force)
      w += h * b.invI * b.torque
      switch dampingLaw {
      case .rational:
        v *= 1 / (1 + h * b.linearDamping)
        w *= 1 / (1 + h * b.angularDamping)
      case .clamped:
        v *= min(max(1 - h * b.linearDamping, 0), 1)
        w *= min(max(1 - h * b.angularDamping, 0), 1)
      }
      solver.c[slot] = b.sweep.c
      solver.a[slot] = b.sweep.a
      solver.v[slot] = v
      solver.w[slot] = w
      solver.invMass[slot] = b.invMass
      solver.invI[slot] = b.invI
      bodies[slot] = b
    }
    buildConstraints(warmStarting: true, dtRatio: dtRatio)
    for k in constraints.indices { constraints[k].initializeVelocity(solver) }
    for k in constraints.indices { constraints[k].warmStart(&solver) }
    for j in islandJoints {
      joints[j].initVelocityConstraints(&solver, h: h, dtRatio: dtRatio, warmStarting: true)
    }
    for _ in 0..<velocityIterations {
      for j in islandJoints { joints[j].solveVelocityConstraints(&solver) }
      for k in constraints.indices { constraints[k].solveVelocity(&solver) }
    }
    // Keep the impulses for warm starting the next sub-step.
    for k in constraints {
      for p in 0..<k.pointCount {
        contacts[k.contact].manifold[p].normalImpulse = k[p].normalImpulse
        contacts[k.contact].manifold[p].tangentImpulse = k[p].tangentImpulse
      }
    }
    for slot in islandBodies { integratePositions(slot, h: h) }
    var positionSolved = false
    for _ in 0..<positionIterations {
      var minSeparation: Float = 0
      for k in constraints {
        minSeparation = min(
          minSeparation, k.solvePosition(&solver, baumgarte: baumgarte, movable: true))
      }
      let contactsOkay = minSeparation >= -3 * linearSlop
      var jointsOkay = true
      for j in islandJoints {
        let ok = joints[j].solvePositionConstraints(&solver)
        jointsOkay = jointsOkay && ok
      }
      if contactsOkay && jointsOkay {
        positionSolved = true
        break
      }
    }
    for slot in islandBodies {
      bodies[slot]!.sweep.c = solver.c[slot]
      bodies[slot]!.sweep.a = solver.a[slot]
      bodies[slot]!.v = solver.v[slot]
      bodies[slot]!.w = solver.w[slot]
      bodies[slot]!.synchronizeTransform()
    }
    // Sleep: the island sleeps once every body in it has been slow for long enough.
    var minSleepTime = Float.greatestFiniteMagnitude
    for slot in islandBodies {
      var b = bodies[slot]!
      if b.w * b.w > SleepTolerance.angularSquared || dot(b.v, b.v) > SleepTolerance.linearSquared {
        b.sleepTime = 0
        minSleepTime = 0
      } else {
        b.sleepTime += h
        minSleepTime = min(minSleepTime, b.sleepTime)
      }
      bodies[slot] = b
    }
    if minSleepTime >= SleepTolerance.timeToSleep_s && positionSolved {
      for slot in islandBodies { bodies[slot]!.setAwake(false) }
    }
  }

  private mutating func buildConstraints(warmStarting: Bool, dtRatio: Float) {
    constraints.removeAll(keepingCapacity: true)
    for c in islandContacts {
      let contact = contacts[c]
      constraints.append(
        ContactConstraint(
          contactIndex: c, contact: contact, edge: edges[contact.edge]!,
          body: bodies[contact.body]!, warmStarting: warmStarting, dtRatio: dtRatio))
    }
  }

  /// x += h·v with Box2D's per-step limits on translation (2 m) and rotation (π/2).
  private mutating func integratePositions(_ slot: Int, h: Float) {
    var v = solver.v[slot]
    var w = solver.w[slot]
    let translation = h * v
    if dot(translation, translation) > maxTranslation * maxTranslation {
      let ratio = maxTranslation / translation.length
      v *= ratio
    }
    let rotation = h * w
    if rotation * rotation > maxRotation * maxRotation {
      let ratio = maxRotation / abs(rotation)
      w *= ratio
    }
    solver.c[slot] += h * v
    solver.a[slot] += h * w
    solver.v[slot] = v
    solver.w[slot] = w
  }

  // MARK: - Continuous collision

  /// Finds the earliest time of impact of any awake body against a boundary within the
  /// sub-step, moves the body back to it, resolves the contact there and lets it move on
  /// for the rest of the sub-step; repeats until no impact is left.
  private mutating func solveTOI(h: Float) {
    for i in bodies.indices where bodies[i] != nil { bodies[i]!.sweep.alpha0 = 0 }
    for c in contacts.indices {
      contacts[c].toiValid = false
      contacts[c].toiCount = 0
      contacts[c].toi = 1
    }
    while true {
      var minContact: Int? = nil
      var minAlpha: Float = 1
      for c in contacts.indices {
        if !contacts[c].enabled || contacts[c].toiCount > maxSubSteps { continue }
        var alpha: Float = 1
        if contacts[c].toiValid {
          alpha = contacts[c].toi
        } else {
          guard let body = bodies[contacts[c].body], body.awake,
            let edge = edges[contacts[c].edge]
          else { continue }
          let alpha0 = body.sweep.alpha0
          let ground = Sweep(c0: .zero, c: .zero, a0: 0, a: 0, alpha0: alpha0)
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
      guard let ci = minContact, !(1 - 10 * Float.ulpOfOne < minAlpha) else { return }

      let slot = contacts[ci].body
      let backup = bodies[slot]!.sweep
      bodies[slot]!.advance(to: minAlpha, form: options.sweepAdvance)
      contacts[ci].update(edge: edges[contacts[ci].edge]!, body: &bodies[slot]!, events: &events)
      contacts[ci].toiValid = false
      contacts[ci].toiCount += 1
      if !contacts[ci].enabled || !contacts[ci].touching {
        contacts[ci].enabled = false
        bodies[slot]!.sweep = backup
        bodies[slot]!.synchronizeTransform()
        continue
      }
      bodies[slot]!.setAwake(true)
      islandContacts.removeAll(keepingCapacity: true)
      islandContacts.append(ci)
      for c in contacts.indices where c != ci && contacts[c].body == slot {
        contacts[c].update(edge: edges[contacts[c].edge]!, body: &bodies[slot]!, events: &events)
        if contacts[c].enabled && contacts[c].touching { islandContacts.append(c) }
      }
      solveTOIIsland(slot: slot, h: (1 - minAlpha) * h)
      for c in contacts.indices where contacts[c].body == slot { contacts[c].toiValid = false }
      synchronize(slot)
      findNewContacts()
    }
  }

  private mutating func solveTOIIsland(slot: Int, h: Float) {
    let b = bodies[slot]!
    solver.c[slot] = b.sweep.c
    solver.a[slot] = b.sweep.a
    solver.v[slot] = b.v
    solver.w[slot] = b.w
    solver.invMass[slot] = b.invMass
    solver.invI[slot] = b.invI
    buildConstraints(warmStarting: false, dtRatio: 1)
    for _ in 0..<toiPositionIterations {
      var minSeparation: Float = 0
      for k in constraints {
        minSeparation = min(
          minSeparation, k.solvePosition(&solver, baumgarte: toiBaumgarte, movable: true))
      }
      if minSeparation >= -1.5 * linearSlop { break }
    }
    // Leap of faith to the new safe state.
    bodies[slot]!.sweep.c0 = solver.c[slot]
    bodies[slot]!.sweep.a0 = solver.a[slot]
    for k in constraints.indices { constraints[k].initializeVelocity(solver) }
    for _ in 0..<velocityIterations {
      for k in constraints.indices { constraints[k].solveVelocity(&solver) }
    }
    integratePositions(slot, h: h)
    bodies[slot]!.sweep.c = solver.c[slot]
    bodies[slot]!.sweep.a = solver.a[slot]
    bodies[slot]!.v = solver.v[slot]
    bodies[slot]!.w = solver.w[slot]
    bodies[slot]!.synchronizeTransform()
  }
}

/// Largest motion in one sub-step: 2 m and π/2 rad.
let maxTranslation: Float = 2
let maxRotation: Float = 0.5 * pi32
/// Time-of-impact events per contact per sub-step.
let maxSubSteps = 8
let toiPositionIterations = 20

/// A body falls asleep after moving slower than these for `timeToSleep_s`.
enum SleepTolerance {
  /// (m/s)² — 1 pt/s.
  static let linearSquared: Float = 0.01 * 0.01
  /// (rad/s)² — 2°/s.
  static let angularSquared: Float = (2 / 180 * pi32) * (2 / 180 * pi32)
  static let timeToSleep_s: Float = 0.5
}

/// A candidate contact from the broad phase, sorted by its proxy ids.
private struct ProxyPair {
  var edge: Int
  var body: Int
  var key: UInt64
}
