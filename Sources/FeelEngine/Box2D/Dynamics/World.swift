/// How a body's velocity decays each sub-step.
public enum DampingLaw: Sendable, Equatable {
  /// v *= 1 / (1 + h·c) (Box2D 2.3, UIKit on iOS 8 and later).
  case rational
  /// v *= clamp(1 − h·c, 0, 1) (iOS 7.0).
  case clamped
}

extension DampingLaw {
  /// Damps a body's velocity v (m/s) and angular velocity w (rad/s) over one sub-step of h s,
  /// with its linear and angular damping coefficients (1/s), by this law.
  func damp(v: inout Vec2, w: inout Float, h: Float, linear: Float, angular: Float) {
    switch self {
    case .rational:
      v *= 1 / (1 + h * linear)
      w *= 1 / (1 + h * angular)
    case .clamped:
      v *= min(max(1 - h * linear, 0), 1)
      w *= min(max(1 - h * angular, 0), 1)
    }
  }
}

/// The Box2D-like layer: bodies (a slot per item, and one per item group), distance joints,
/// boundary edges and the contacts between all of them, stepped by `step(h:)` with
/// sequential impulses and continuous collision. Everything is in engine units (m, s, rad,
/// kg). A value type: copying a world and stepping the copy leaves the original untouched.
/// The broad phase and contact bookkeeping are in World+BroadPhase.swift and
/// World+Contacts.swift, continuous collision in World+TOI.swift.
package struct World: Sendable {
  /// Body slots; `hasBody[slot]` says whether the slot has a body now (a slot without one
  /// keeps a stale value that nothing reads).
  package var bodies: [Body]
  package var hasBody: [Bool]
  /// Every body's fixtures (shapes, materials, broad-phase proxies): a body's are a run of
  /// `Body.fixtureCount` from `Body.firstFixture`, in the order made (`fixture(_:_:)`). One
  /// array for all, so that reading a fixture's field copies nothing else.
  package var fixtures: [Fixture] = []
  /// Slots with a body, newest first: Box2D's body list, the order islands are seeded in.
  var bodyOrder: [Int] = []
  /// Joints in solve order; change them through `addJoints` and `removeJoints`.
  package private(set) var joints: [DistanceJoint] = []
  /// The joints of iOS 9's attachment kinds (weld, revolute, prismatic, rope), newest first;
  /// change them through `addKindJoint` and `removeJoints`.
  package private(set) var kindJoints: [KindJoint] = []
  /// When each joint was made (a counter), so that a body's distance and kind joints are
  /// solved together newest first, as Box2D's one joint list is.
  private var jointSerials: [Int] = []
  private var kindJointSerials: [Int] = []
  private var nextJointSerial = 0
  /// Scratch of `prepareToSolve`: every joint (distance j as id j, kind k as ~k) by serial.
  private var jointOrder: [(serial: Int, id: Int, a: Int, b: Int?)] = []
  /// Pairs of bodies (`pairKey`) joined by a kind joint: they do not collide.
  var kindJointPairs: Set<UInt64> = []
  /// For each body slot, its joints' indices in solve order (rebuilt when joints change).
  private var jointsOfBody: [[Int]] = []
  private var jointInIsland: [Bool] = []
  private var kindJointInIsland: [Bool] = []
  /// Whether `jointsOfBody` and `jointInIsland` match the joints (rebuilt at the next step
  /// after the joints change; a world whose steps all run in SIMD lanes never needs them).
  private var jointsIndexed = true
  /// Whether some joint joins two items (then islands need a graph search).
  private var jointsLinkBodies = false
  package var edges: [Edge?] = []
  /// Field behaviors in the order added (at most 32), their bodies in `fieldBodies`; a
  /// body in none integrates as before (World+Fields.swift). Change them through `addField`
  /// and `removeFields(owner:)`, which keep the masks below.
  var fields: [WorldField] = []
  /// For each of `fields`, the body slots it acts on (its items, or groups).
  var fieldBodies: [[Int]] = []
  /// For each body slot, the fields acting on it: bit i for `fields[i]` (UIKit's 32-field
  /// limit makes a 32-bit mask exact). Empty until the first field is added.
  var fieldMasks: [UInt32] = []
  /// The bits of `fields` that are velocity fields.
  var velocityFieldBits: UInt32 = 0
  /// The world's time after the sub-step being solved (s): the sub-steps' lengths summed in
  /// double, as UIKit's physics world keeps its clock (the noise fields read it).
  var time_s: Double = 0
  /// Each edge's name and reported items (apart, so that `Edge` stays plain values).
  var edgeReports: [EdgeReport?] = []
  /// Contacts, newest first.
  package var contacts: [Contact] = []
  /// How many contacts are between two bodies (zero in every scene without item–item
  /// collisions, which then keep the one-body islands).
  var pairContactCount = 0
  /// Item pairs whose contacts are reported (`pairKey`): some collision behavior holds both.
  var reportedPairs: Set<UInt64> = []
  var dampingLaw: DampingLaw
  var options: EngineOptions
  /// False when the owner knows no boundary or second body can ever collide (a scene without
  /// collision behaviors): the broad phase's fat boxes are then never read, so they are not
  /// kept.
  var mayHaveBoundaries = true
  var velocityIterations = EngineConstants.velocityIterations
  var positionIterations = EngineConstants.positionIterations
  /// Inverse of the previous sub-step (1/s), for scaling warm-start impulses.
  package var invDt0: Float = 0
  /// Contact began/ended reports, in order, until the owner takes them.
  var events: [ContactEvent] = []
  /// Broad phase: proxy ids in creation order, proxies moved since the last pair search.
  var nextProxyID = 0
  var movedFixtures: [FixtureRef] = []
  var movedEdges: [Int] = []
  /// Proxies were added since the last pair search: the next step searches first.
  package var hasNewProxies = false
  var pairs: [ProxyPair] = []
  private var solvedBodies: [Int] = []

  // Scratch, kept to avoid allocation in the step.
  var solver: [SolverBody] = []
  var constraints: [ContactConstraint] = []
  var islandBodies: [Int] = []
  private var islandJoints: [Int] = []
  var islandContacts: [Int] = []
  /// The boundaries' grounds in a time-of-impact island.
  var islandGrounds: [Int] = []
  private var visited: [Bool] = []
  private var contactInIsland: [Bool] = []
  private var stack: [Int] = []

  init(bodySlots: Int, dampingLaw: DampingLaw, options: EngineOptions = .uikit) {
    bodies = Array(repeating: Self.emptySlot, count: bodySlots)
    hasBody = Array(repeating: false, count: bodySlots)
    self.dampingLaw = dampingLaw
    self.options = options
    // The solver's scratch (`solver`, `visited`) is made by the first step.
  }

  /// What a slot without a body holds.
  private static let emptySlot = Body(
    position: .zero, angle: 0, velocity: .zero, angularVelocity: 0, box: nil,
    mass: MassData(mass: 1, inertia: 1),
    material: BodyMaterial(
      friction: 0, restitution: 0, linearDamping: 0, angularDamping: 0, fixedRotation: false))

  /// Makes this world the one `init(bodySlots:dampingLaw:options:)` makes, in its own storage:
  /// every property as a new world has it, every array emptied with its room kept, so that a
  /// sweep's next grid point allocates nothing here (`Animator.restart`). A property added to
  /// the world is reset here too: SimulationRestartTests compares a restarted world with a new
  /// one, property by property.
  mutating func restart(bodySlots: Int, dampingLaw: DampingLaw, options: EngineOptions) {
    bodies.refill(repeating: Self.emptySlot, count: bodySlots)
    hasBody.refill(repeating: false, count: bodySlots)
    fixtures.clear()
    bodyOrder.clear()
    joints.clear()
    kindJoints.clear()
    jointSerials.clear()
    kindJointSerials.clear()
    nextJointSerial = 0
    jointOrder.clear()
    kindJointPairs = []
    jointsOfBody.clear()
    jointInIsland.clear()
    kindJointInIsland.clear()
    jointsIndexed = true
    jointsLinkBodies = false
    edges.clear()
    fields.clear()
    fieldBodies.clear()
    fieldMasks.clear()
    velocityFieldBits = 0
    time_s = 0
    edgeReports.clear()
    contacts.clear()
    pairContactCount = 0
    reportedPairs = []
    self.dampingLaw = dampingLaw
    self.options = options
    mayHaveBoundaries = true
    velocityIterations = EngineConstants.velocityIterations
    positionIterations = EngineConstants.positionIterations
    invDt0 = 0
    events.clear()
    nextProxyID = 0
    movedFixtures.clear()
    movedEdges.clear()
    hasNewProxies = false
    pairs.clear()
    solvedBodies.clear()
    solver.clear()
    constraints.clear()
    islandBodies.clear()
    islandJoints.clear()
    islandContacts.clear()
    islandGrounds.clear()
    visited.clear()
    contactInIsland.clear()
    stack.clear()
  }

  // MARK: - Bodies, edges and joints

  /// Puts `body` in `slot` with `count` fixtures, the k-th made by `fixture(k)` (its proxy
  /// added). The slot's run of `fixtures` is reused when it has room.
  mutating func createBody(
    _ slot: Int, _ body: Body, fixtureCount count: Int, fixture: (Int) -> Fixture
  ) {
    destroyBody(slot)
    var body = body
    let old = bodies[slot]
    let reuse = old.fixtureRoom >= count
    body.firstFixture = reuse ? old.firstFixture : fixtures.count
    body.fixtureRoom = reuse ? old.fixtureRoom : count
    body.fixtureCount = count
    for f in 0..<count {
      var made = fixture(f)
      made.fatAABB = made.shape.aabb(body.xf).fattened(by: Box2DSettings.aabbExtension_m)
      made.proxyID = nextProxyID
      nextProxyID += 1
      if reuse { fixtures[body.firstFixture + f] = made } else { fixtures.append(made) }
      movedFixtures.append(FixtureRef(body: slot, fixture: f))
    }
    bodies[slot] = body
    hasBody[slot] = true
    bodyOrder.insert(slot, at: 0)
    hasNewProxies = true
  }

  /// Where fixture `f` of the body in `slot` is in `fixtures`.
  @inline(__always)
  package func fixture(_ slot: Int, _ f: Int) -> Int { bodies[slot].firstFixture + f }

  mutating func destroyBody(_ slot: Int) {
    guard hasBody[slot] else { return }
    removeContacts { $0.involves(slot) }
    removeJoints { $0.bodyA == slot || $0.bodyB == slot }
    removeKindJoints { $0.bodyA == slot || $0.bodyB == slot }
    hasBody[slot] = false
    bodyOrder.removeAll { $0 == slot }
  }

  /// Puts joints first in the solve order (the newest behavior's joints are solved first).
  mutating func addJoints(_ new: [DistanceJoint]) {
    joints.insert(contentsOf: new, at: 0)
    // The first of `new` is solved first: it gets the highest serial.
    jointSerials.insert(
      contentsOf: (nextJointSerial..<nextJointSerial + new.count).reversed(), at: 0)
    nextJointSerial += new.count
    jointsIndexed = false
  }

  /// Puts an attachment kind's joint first in the solve order. Contacts between its two
  /// bodies are re-filtered: a kind joint lets them pass through each other (Box2D's
  /// collideConnected false).
  mutating func addKindJoint(_ joint: KindJoint) {
    kindJoints.insert(joint, at: 0)
    kindJointSerials.insert(nextJointSerial, at: 0)
    nextJointSerial += 1
    jointsIndexed = false
    if let b = joint.bodyB {
      kindJointPairs.insert(pairKey(joint.bodyA, b))
      for i in contacts.indices
      where contacts[i].isPair && contacts[i].involves(joint.bodyA) && contacts[i].involves(b) {
        contacts[i].needsFiltering = true
      }
    }
  }

  mutating func removeKindJoints(where predicate: (KindJoint) -> Bool) {
    if kindJoints.isEmpty { return }
    Self.remove(&kindJoints, &kindJointSerials, where: predicate)
    kindJointPairs = Set(kindJoints.compactMap { j in j.bodyB.map { pairKey(j.bodyA, $0) } })
    jointsIndexed = false
  }

  /// Removes the joints `predicate` picks and their serials, in place, the rest in order.
  private static func remove<J>(
    _ joints: inout [J], _ serials: inout [Int], where predicate: (J) -> Bool
  ) {
    var kept = 0
    for j in joints.indices where !predicate(joints[j]) {
      joints.swapAt(kept, j)
      serials.swapAt(kept, j)
      kept += 1
    }
    joints.removeLast(joints.count - kept)
    serials.removeLast(serials.count - kept)
  }

  /// Sets a joint's accumulated impulse (N·s), for warm starting.
  package mutating func setImpulse(ofJoint j: Int, _ impulse: Float) {
    joints[j].impulse = impulse
  }

  mutating func removeJoints(where predicate: (DistanceJoint) -> Bool) {
    if joints.isEmpty { return }
    Self.remove(&joints, &jointSerials, where: predicate)
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

  /// Changes every distance joint `owner` made in place (the app setting an attachment's
  /// length, frequency or damping, or a snap's damping); impulses stay for warm starting.
  mutating func modifyJoints(ownedBy owner: Int, _ change: (inout DistanceJoint) -> Void) {
    for j in joints.indices where joints[j].owner == owner { change(&joints[j]) }
  }

  /// Box2D's b2Body::SetTransform with the angle kept: the body's origin moves to `position`
  /// (m), its sweep restarts there, its fixtures' boxes follow, and the next step searches for
  /// new contacts first (Box2D's FindNewContacts). Velocities and the awake flag are kept.
  mutating func setTransform(_ slot: Int, position: Vec2) {
    guard hasBody[slot] else { return }
    bodies[slot].xf.p = position
    let c = bodies[slot].xf.apply(bodies[slot].sweep.localCenter)
    bodies[slot].sweep.c = c
    bodies[slot].sweep.c0 = c
    bodies[slot].sweep.a0 = bodies[slot].sweep.a
    guard mayHaveBoundaries else { return }  // no fat box is ever read: none is kept
    synchronize(slot)
    hasNewProxies = true
  }

  /// Rebuilds each body's joint list and the solver's scratch before a step, if needed.
  private mutating func prepareToSolve() {
    if solver.count != bodies.count + 1 {
      solver.refill(repeating: SolverBody(), count: bodies.count + 1)
      visited.refill(repeating: false, count: bodies.count)
    }
    if jointsIndexed { return }
    jointsIndexed = true
    if jointsOfBody.count == bodies.count {
      for slot in jointsOfBody.indices { jointsOfBody[slot].clear() }
    } else {
      jointsOfBody = Array(repeating: [], count: bodies.count)
    }
    jointInIsland.refill(repeating: false, count: joints.count)
    kindJointInIsland.refill(repeating: false, count: kindJoints.count)
    jointsLinkBodies =
      joints.contains { $0.bodyB != nil } || kindJoints.contains { $0.bodyB != nil }
    jointOrder.clear()
    jointOrder.reserveCapacity(joints.count + kindJoints.count)
    for (j, joint) in joints.enumerated() {
      jointOrder.append((jointSerials[j], j, joint.bodyA, joint.bodyB))
    }
    for (k, joint) in kindJoints.enumerated() {
      jointOrder.append((kindJointSerials[k], ~k, joint.bodyA, joint.bodyB))
    }
    // The distance joints alone are in serial order already.
    if !kindJoints.isEmpty { jointOrder.sort { $0.serial > $1.serial } }
    for n in jointOrder.indices {
      jointsOfBody[jointOrder[n].a].append(jointOrder[n].id)
      if let b = jointOrder[n].b { jointsOfBody[b].append(jointOrder[n].id) }
    }
  }

  /// A new static ground body at the origin for the boundary edges added next; returns its
  /// number, the index its first edge will have (that edge keeps the ground's alpha0).
  mutating func addGround() -> Int { edges.count }

  /// Adds a boundary edge; returns its index.
  @discardableResult mutating func addEdge(_ edge: Edge, _ report: EdgeReport) -> Int {
    let index = edges.count
    var e = edge
    e.fatAABB = e.shape.aabb.fattened(by: Box2DSettings.aabbExtension_m)
    e.proxyID = nextProxyID
    nextProxyID += 1
    edges.append(e)
    edgeReports.append(report)
    movedEdges.append(index)
    hasNewProxies = true
    return index
  }

  mutating func removeEdges(owner: Int) {
    for e in edges.indices where edges[e]?.owner == owner {
      removeContacts { $0.edge == e }
      edges[e] = nil
      edgeReports[e] = nil
    }
  }

  /// True while some dynamic body is awake.
  @inline(__always) var isAwake: Bool {
    for slot in bodies.indices
    where hasBody[slot] && bodies[slot].awake && bodies[slot].type == .dynamic {
      return true
    }
    return false
  }

  /// The body in a slot, if it has one.
  func body(_ slot: Int) -> Body? { hasBody[slot] ? bodies[slot] : nil }

  /// Changes the body in place (nothing happens if the slot has none).
  package mutating func modifyBody(_ slot: Int, _ change: (inout Body) -> Void) {
    if hasBody[slot] { change(&bodies[slot]) }
  }

  // MARK: - Step

  /// Advances the world by one sub-step of h seconds: contacts updated, islands solved,
  /// then times of impact resolved.
  mutating func step(h: Float) {
    let invDt: Float = h > 0 ? 1 / h : 0
    let dtRatio = invDt0 * h
    if hasNewProxies {
      findNewContacts()
      hasNewProxies = false
    }
    collide()
    if h > 0 {
      time_s += Double(h)
      solve(h: h, dtRatio: dtRatio)
      solveTOI(h: h)
      invDt0 = invDt
    }
  }

  /// Builds each island of awake bodies (joined by joints between items, or by contacts
  /// between them) and solves it.
  private mutating func solve(h: Float, dtRatio: Float) {
    prepareToSolve()
    solvedBodies.clear()
    let linked = jointsLinkBodies || pairContactCount > 0
    if linked && contactInIsland.count < contacts.count {
      contactInIsland.refill(repeating: false, count: contacts.count)
    } else if linked {
      for c in contacts.indices { contactInIsland[c] = false }
    }
    for o in bodyOrder.indices {
      let seed = bodyOrder[o]
      guard bodies[seed].awake, bodies[seed].type == .dynamic, !visited[seed] else { continue }
      islandContacts.clear()
      if !linked {
        // No joint or contact joins two bodies: the island is this (awake) body, its contacts
        // and its joints (its own list, lent by a swap; no lists means no joint was made yet).
        islandBodies.clear()
        islandBodies.append(seed)
        for c in contacts.indices
        where contacts[c].body == seed && contacts[c].enabled && contacts[c].touching {
          islandContacts.append(c)
        }
        if !jointsOfBody.isEmpty { swap(&islandJoints, &jointsOfBody[seed]) }
        solveIsland(h: h, dtRatio: dtRatio)
        if !jointsOfBody.isEmpty { swap(&islandJoints, &jointsOfBody[seed]) }
        solvedBodies.append(seed)
        continue
      }
      // A depth-first search over the contacts and joints, as Box2D builds its islands: a
      // body's contacts newest first, then its joints; static bodies join an island but do
      // not carry it further.
      islandBodies.clear()
      islandJoints = []
      stack.clear()
      stack.append(seed)
      visited[seed] = true
      while let slot = stack.popLast() {
        islandBodies.append(slot)
        bodies[slot].setAwake(true)
        if bodies[slot].type == .static { continue }
        for c in contacts.indices where !contactInIsland[c] && contacts[c].involves(slot) {
          guard contacts[c].enabled && contacts[c].touching else { continue }
          contactInIsland[c] = true
          islandContacts.append(c)
          guard contacts[c].isPair else { continue }
          let other = contacts[c].body == slot ? contacts[c].bodyA : contacts[c].body
          if !visited[other] {
            visited[other] = true
            stack.append(other)
          }
        }
        if jointsOfBody.isEmpty { continue }
        for j in jointsOfBody[slot] where !(j >= 0 ? jointInIsland[j] : kindJointInIsland[~j]) {
          let (a, b): (Int, Int?)
          if j >= 0 {
            jointInIsland[j] = true
            (a, b) = (joints[j].bodyA, joints[j].bodyB)
          } else {
            kindJointInIsland[~j] = true
            (a, b) = (kindJoints[~j].bodyA, kindJoints[~j].bodyB)
          }
          islandJoints.append(j)
          let other = a == slot ? b : a
          if let other, !visited[other] {
            visited[other] = true
            stack.append(other)
          }
        }
      }
      solveIsland(h: h, dtRatio: dtRatio)
      for n in islandJoints.indices {
        let j = islandJoints[n]
        if j >= 0 { jointInIsland[j] = false } else { kindJointInIsland[~j] = false }
      }
      for n in islandBodies.indices {
        let slot = islandBodies[n]
        if bodies[slot].type == .static {
          visited[slot] = false  // a static body may join other islands
        } else {
          solvedBodies.append(slot)
        }
      }
    }
    // Every body is unvisited again for the next sub-step (static ones were, island by island).
    if linked { for n in solvedBodies.indices { visited[solvedBodies[n]] = false } }
    if mayHaveBoundaries {
      for n in solvedBodies.indices { synchronize(solvedBodies[n]) }
      findNewContacts()
    }
  }

  private mutating func solveIsland(h: Float, dtRatio: Float) {
    solver[identitySlot] = SolverBody()
    // Integrate velocities: gravity, forces, damping. (The loops over the island's lists go
    // by index: `for x in list` would retain and release the list's storage every sub-step.)
    for n in islandBodies.indices {
      let slot = islandBodies[n]
      bodies[slot].sweep.c0 = bodies[slot].sweep.c
      bodies[slot].sweep.a0 = bodies[slot].sweep.a
      if bodies[slot].type == .static {
        solver[slot] = Self.staticSolverBody(bodies[slot])
      } else if !fields.isEmpty, isInField(slot) {
        solver[slot] = integrateVelocityInFields(slot, h: h)
      } else {
        solver[slot] = Self.integrateVelocity(bodies[slot], h: h, law: dampingLaw)
      }
    }
    // Most islands have no contact and nothing to build: no call, no clear.
    if !(islandContacts.isEmpty && constraints.isEmpty) {
      buildConstraints(warmStarting: true, dtRatio: dtRatio)
    }
    let iterations = (velocity: velocityIterations, position: positionIterations)
    // The island's lists, moved out for the solve and back (a copy retains and releases each).
    let bodyList = islandBodies.take()
    let jointList = islandJoints.take()
    let positionSolved = solver.withUnsafeMutableBufferPointer { s in
      joints.withUnsafeMutableBufferPointer { j in
        kindJoints.withMutableElements { kinds in
          constraints.withMutableElements { k in
            IslandSolver.solve(
              bodies: bodyList, joints: jointList, s: s, j: j, kinds: kinds, k: k, h: h,
              dtRatio: dtRatio, iterations: iterations)
          }
        }
      }
    }
    islandBodies = consume bodyList
    islandJoints = consume jointList
    // Keep the impulses for warm starting the next sub-step.
    for n in constraints.indices {
      let k = constraints[n]
      for p in 0..<k.pointCount {
        contacts[k.contact].manifold[p].normalImpulse = k[p].normalImpulse
        contacts[k.contact].manifold[p].tangentImpulse = k[p].tangentImpulse
      }
    }
    // Each body takes its state; the island sleeps once all its bodies were slow long enough.
    var minSleepTime = Float.greatestFiniteMagnitude
    let angularTolerance2 = Box2DSettings.angularSleepToleranceSquared
    let linearTolerance2 = Box2DSettings.linearSleepToleranceSquared
    for n in islandBodies.indices where bodies[islandBodies[n]].type == .dynamic {
      let slot = islandBodies[n]
      takeSolverState(slot)
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
      for n in islandBodies.indices { bodies[islandBodies[n]].setAwake(false) }
    }
  }

  /// The solver's view of a body after v += h·(g + F/m) and damping (rational or clamped).
  private static func integrateVelocity(_ b: Body, h: Float, law: DampingLaw) -> SolverBody {
    var v = b.v
    var w = b.w
    v += h * (b.gravity + b.invMass * b.force)
    w += h * b.invI * b.torque
    law.damp(v: &v, w: &w, h: h, linear: b.linearDamping, angular: b.angularDamping)
    return SolverBody(
      c: b.sweep.c, a: b.sweep.a, q: b.xf.q, v: v, w: w, invMass: b.invMass, invI: b.invI)
  }

  /// The solver's view of a static body: where it is, no velocity, no inverse mass.
  static func staticSolverBody(_ b: Body) -> SolverBody {
    SolverBody(c: b.sweep.c, a: b.sweep.a, q: b.xf.q, v: .zero, w: 0, invMass: 0, invI: 0)
  }

  mutating func buildConstraints(warmStarting: Bool, dtRatio: Float) {
    constraints.clear()
    for n in islandContacts.indices {
      let c = islandContacts[n]
      let contact = contacts[c]
      let bodyB = contact.body
      let radiusB =
        bodies[bodyB].box?.radius ?? fixtures[fixture(bodyB, contact.fixture)].shape.radius
      var b = ContactSide(
        slot: bodyB, invMass: 0, invI: 0, radius: radiusB,
        localCenter: bodies[bodyB].sweep.localCenter)
      if contact.respondsB {
        b.invMass = bodies[bodyB].invMass
        b.invI = bodies[bodyB].invI
      }
      let a: ContactSide
      if contact.isPair {
        let bodyA = contact.bodyA
        a = ContactSide(
          slot: bodyA, invMass: contact.respondsA ? bodies[bodyA].invMass : 0,
          invI: contact.respondsA ? bodies[bodyA].invI : 0,
          radius: fixtures[fixture(bodyA, contact.fixtureA)].shape.radius,
          localCenter: bodies[bodyA].sweep.localCenter)
      } else {
        // A boundary's ground: the identity slot, a static body at the origin.
        a = ContactSide(
          slot: identitySlot, invMass: 0, invI: 0, radius: edges[contact.edge]!.shape.radius,
          localCenter: .zero)
      }
      constraints.append(
        ContactConstraint(
          contactIndex: c, contact: contact, a: a, b: b, warmStarting: warmStarting,
          dtRatio: dtRatio))
    }
  }

  /// The solver slot of every boundary's ground: past the bodies' slots, a static body at the
  /// origin at rest with zero inverse mass and inertia (`SolverBody()`, Box2D v3's identity
  /// body state), set again before each island is solved.
  var identitySlot: Int { bodies.count }

  /// The body takes the solver's position and velocity at the end of a sub-step.
  @inline(__always)
  mutating func takeSolverState(_ slot: Int) {
    let sb = solver[slot]
    bodies[slot].sweep.c = sb.c
    bodies[slot].sweep.a = sb.a
    bodies[slot].v = sb.v
    bodies[slot].w = sb.w
    bodies[slot].synchronizeTransform()
  }
}

/// One fixture of one body: a broad-phase proxy.
struct FixtureRef: Sendable, Equatable {
  var body: Int
  var fixture: Int
}
