/// The broad phase (Box2D's b2BroadPhase and b2ContactManager::AddPair): proxies moved since
/// the last search are tested against every other proxy's fat box; the overlapping pairs are
/// sorted by their proxy ids and each one that should collide becomes a contact, put first in
/// the list. Also where bodies change type or masks (Box2D's SetType and Refilter).
extension World {
  /// Creates contacts for fat boxes that began to overlap, in Box2D's order: pairs sorted by
  /// proxy ids, each new contact put first.
  mutating func findNewContacts() {
    pairs.clear()
    for moved in movedFixtures {
      guard hasBody[moved.body] else { continue }
      let fat = fixtures[fixture(moved.body, moved.fixture)].fatAABB
      let proxyID = fixtures[fixture(moved.body, moved.fixture)].proxyID
      for e in edges.indices {
        guard let edge = edges[e], edge.fatAABB.overlaps(fat) else { continue }
        pairs.append(
          ProxyPair(a: .edge(e), b: .fixture(moved), key: pairKey(edge.proxyID, proxyID)))
      }
      if bodyOrder.count < 2 { continue }
      for other in bodyOrder where other != moved.body {
        for f in 0..<bodies[other].fixtureCount
        where fixtures[fixture(other, f)].fatAABB.overlaps(fat) {
          let otherRef = FixtureRef(body: other, fixture: f)
          let otherID = fixtures[fixture(other, f)].proxyID
          pairs.append(
            otherID < proxyID
              ? ProxyPair(a: .fixture(otherRef), b: .fixture(moved), key: pairKey(otherID, proxyID))
              : ProxyPair(a: .fixture(moved), b: .fixture(otherRef), key: pairKey(otherID, proxyID))
          )
        }
      }
    }
    for e in movedEdges {
      guard let edge = edges[e] else { continue }
      for slot in bodyOrder {
        for f in 0..<bodies[slot].fixtureCount
        where edge.fatAABB.overlaps(fixtures[fixture(slot, f)].fatAABB) {
          pairs.append(
            ProxyPair(
              a: .edge(e), b: .fixture(FixtureRef(body: slot, fixture: f)),
              key: pairKey(edge.proxyID, fixtures[fixture(slot, f)].proxyID)))
        }
      }
    }
    movedFixtures.clear()
    movedEdges.clear()
    if pairs.isEmpty { return }
    pairs.sort { $0.key < $1.key }
    var previous: UInt64? = nil
    for pair in pairs {
      if pair.key == previous { continue }
      previous = pair.key
      addPair(pair)
    }
  }

  /// Box2D's AddPair for a pair of proxies (an edge first, or the fixture with the smaller
  /// proxy id): no contact within one body, none twice, none without a dynamic body, none the
  /// masks forbid. Box2D's registry puts a polygon before a circle.
  private mutating func addPair(_ pair: ProxyPair) {
    switch (pair.a, pair.b) {
    case (.edge(let e), .fixture(let f)), (.fixture(let f), .edge(let e)):
      guard let edge = edges[e], bodies[f.body].type == .dynamic,
        edge.masks.collides(with: bodies[f.body].masks),
        !contacts.contains(where: { $0.edge == e && $0.body == f.body && $0.fixture == f.fixture })
      else { return }
      guard let contact = newContact(edge: e, body: f.body, fixture: f.fixture) else { return }
      contacts.insert(contact, at: 0)
      bodies[f.body].setAwake(true)
    case (.fixture(var a), .fixture(var b)):
      guard a.body != b.body else { return }
      if fixtures[fixture(a.body, a.fixture)].shape.typeOrder
        < fixtures[fixture(b.body, b.fixture)].shape.typeOrder
      {
        swap(&a, &b)
      }
      guard bodies[a.body].type == .dynamic || bodies[b.body].type == .dynamic,
        kindJointPairs.isEmpty || !kindJointPairs.contains(pairKey(a.body, b.body)),
        bodies[a.body].masks.collides(with: bodies[b.body].masks),
        !contacts.contains(where: { c in
          c.isPair
            && ((c.bodyA == a.body && c.fixtureA == a.fixture && c.body == b.body
              && c.fixture == b.fixture)
              || (c.bodyA == b.body && c.fixtureA == b.fixture && c.body == a.body
                && c.fixture == a.fixture))
        })
      else { return }
      let fa = fixtures[fixture(a.body, a.fixture)]
      let fb = fixtures[fixture(b.body, b.fixture)]
      let contact = Contact(
        edge: -1, body: b.body, fixture: b.fixture, bodyA: a.body, fixtureA: a.fixture,
        friction: (fa.friction * fb.friction).squareRoot(),
        restitution: max(fa.restitution, fb.restitution))
      contacts.insert(contact, at: 0)
      pairContactCount += 1
      bodies[a.body].setAwake(true)
      bodies[b.body].setAwake(true)
    case (.edge, .edge):
      return  // two static shapes
    }
  }

  /// A contact between an edge and a body's fixture as the broad phase creates it (materials
  /// mixed, no manifold yet).
  package func newContact(edge e: Int, body slot: Int, fixture f: Int = 0) -> Contact? {
    guard let edge = edges[e], hasBody[slot] else { return nil }
    let fixture = fixtures[fixture(slot, f)]
    return Contact(
      edge: e, body: slot, fixture: f,
      friction: (edge.friction * fixture.friction).squareRoot(),
      restitution: max(edge.restitution, fixture.restitution))
  }

  /// Refits a moved body's fat boxes over its sweep (start to end of the sub-step).
  @inline(__always)
  mutating func synchronize(_ slot: Int) {
    guard hasBody[slot] else { return }
    let sweep = bodies[slot].sweep
    let xf1 = Transform(centreOfMass: sweep.c0, angle: sweep.a0, localCenter: sweep.localCenter)
    let xf2 = bodies[slot].xf
    if let box = bodies[slot].box {
      // An item's box, the common case: no switch per bound.
      let swept = box.aabb(xf1).union(box.aabb(xf2))
      if let fat = BroadPhase.moved(
        fixtures[fixture(slot, 0)].fatAABB, to: swept, displacement: xf2.p - xf1.p)
      {
        fixtures[fixture(slot, 0)].fatAABB = fat
        movedFixtures.append(FixtureRef(body: slot, fixture: 0))
      }
      return
    }
    for f in 0..<bodies[slot].fixtureCount {
      let shape = fixtures[fixture(slot, f)].shape
      let swept = shape.aabb(xf1).union(shape.aabb(xf2))
      if let fat = BroadPhase.moved(
        fixtures[fixture(slot, f)].fatAABB, to: swept, displacement: xf2.p - xf1.p)
      {
        fixtures[fixture(slot, f)].fatAABB = fat
        movedFixtures.append(FixtureRef(body: slot, fixture: f))
      }
    }
  }

  /// After sub-steps run elsewhere (SIMD lanes): the pair search they included is done.
  package mutating func pairSearchDone() {
    movedFixtures.clear()
    movedEdges.clear()
    hasNewProxies = false
  }

  /// Drops contacts because a body or a boundary left the world. Their end is not reported:
  /// that happens only when behaviors are removed, between frames, and the collision
  /// behavior that would hear of it has gone with its item or its boundary.
  mutating func removeContacts(where predicate: (Contact) -> Bool) {
    contacts.removeAll(where: predicate)
    pairContactCount = contacts.reduce(0) { $0 + ($1.isPair ? 1 : 0) }
  }

  /// Re-mixes contact materials after a body's fixtures changed material.
  mutating func refreshMaterials(_ slot: Int) {
    guard hasBody[slot] else { return }
    for i in contacts.indices where contacts[i].involves(slot) {
      let c = contacts[i]
      let fb = fixtures[fixture(c.body, c.fixture)]
      let frictionA: Float
      let restitutionA: Float
      if c.isPair {
        let fa = fixtures[fixture(c.bodyA, c.fixtureA)]
        frictionA = fa.friction
        restitutionA = fa.restitution
      } else {
        guard let edge = edges[c.edge] else { continue }
        frictionA = edge.friction
        restitutionA = edge.restitution
      }
      contacts[i].friction = (frictionA * fb.friction).squareRoot()
      contacts[i].restitution = max(restitutionA, fb.restitution)
    }
  }

  /// Sets a body's collision masks (a collision behavior added or removed). When they change,
  /// its contacts are checked again at the next update and its proxies join the next pair
  /// search (Box2D's Refilter).
  mutating func setMasks(_ slot: Int, _ masks: CollisionMasks) {
    guard hasBody[slot], bodies[slot].masks != masks else { return }
    bodies[slot].masks = masks
    refilter(slot)
  }

  /// Makes a body static or dynamic, as Box2D 2.2.1's SetType does: the mass reset by
  /// `resetMass` (none for a static body), a static body stopped where it is, the body woken,
  /// its forces cleared, its contacts re-filtered (a contact with a boundary or another static
  /// body goes at the next update; the others stay, with their impulses).
  mutating func setType(_ slot: Int, _ type: BodyType, resetMass: (inout Body) -> Void) {
    guard hasBody[slot], bodies[slot].type != type else { return }
    bodies[slot].type = type
    resetMass(&bodies[slot])
    if type == .static {
      bodies[slot].v = .zero
      bodies[slot].w = 0
      bodies[slot].sweep.a0 = bodies[slot].sweep.a
      bodies[slot].sweep.c0 = bodies[slot].sweep.c
      synchronize(slot)
    }
    bodies[slot].setAwake(true)
    bodies[slot].force = .zero
    bodies[slot].torque = 0
    refilter(slot)
  }

  /// Flags the body's contacts for filtering and touches its proxies.
  private mutating func refilter(_ slot: Int) {
    for i in contacts.indices where contacts[i].involves(slot) {
      contacts[i].needsFiltering = true
    }
    for f in 0..<bodies[slot].fixtureCount {
      movedFixtures.append(FixtureRef(body: slot, fixture: f))
    }
  }

  /// Whether a contact's two sides should still collide (Box2D's filter check).
  func shouldCollide(_ c: Contact) -> Bool {
    let b = bodies[c.body]
    if c.isPair {
      let a = bodies[c.bodyA]
      return (a.type == .dynamic || b.type == .dynamic)
        && (kindJointPairs.isEmpty || !kindJointPairs.contains(pairKey(c.bodyA, c.body)))
        && a.masks.collides(with: b.masks)
    }
    guard let edge = edges[c.edge] else { return false }
    return b.type == .dynamic && edge.masks.collides(with: b.masks)
  }
}

/// The key of an unordered pair of proxy ids, body slots or items: the smaller number in the
/// high 32 bits, so that sorting the keys sorts the pairs as Box2D's broad phase does.
func pairKey(_ a: Int, _ b: Int) -> UInt64 {
  UInt64(min(a, b)) << 32 | UInt64(max(a, b))
}

/// A broad-phase proxy: a boundary edge or a body's fixture.
enum ProxyRef: Sendable {
  case edge(Int)
  case fixture(FixtureRef)
}

/// A candidate contact from the broad phase, sorted by its proxy ids; `a` has the smaller id.
struct ProxyPair: Sendable {
  var a: ProxyRef
  var b: ProxyRef
  var key: UInt64
}
