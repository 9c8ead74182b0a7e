/// Contact updates (Box2D's b2ContactManager::Collide and b2Contact::Update): each awake
/// contact's manifold recomputed, impulses carried over to points with the same features,
/// touching changes reported, and UIKit's response rule applied (a contact that pushes no
/// dynamic side is disabled, but still reported).
extension World {
  /// Destroys contacts whose fat boxes parted (or that the masks no longer allow) and updates
  /// the rest (those with an awake dynamic body).
  mutating func collide() {
    var i = 0
    while i < contacts.count {
      if contacts[i].needsFiltering {
        if !shouldCollide(contacts[i]) {
          reportEnd(contacts[i])
          removeContact(at: i)
          continue
        }
        contacts[i].needsFiltering = false
      }
      // Side A's fat box when the contact is updated: a boundary's while body B is awake, a
      // body's while A or B is dynamic and awake; otherwise the contact is left as it is.
      let b = contacts[i].body
      var fatA: AABB?
      if contacts[i].isPair {
        let a = contacts[i].bodyA
        let activeA = bodies[a].awake && bodies[a].type == .dynamic
        let activeB = bodies[b].awake && bodies[b].type == .dynamic
        if activeA || activeB { fatA = fixtures[fixture(a, contacts[i].fixtureA)].fatAABB }
      } else if bodies[b].awake {
        fatA = edges[contacts[i].edge]?.fatAABB
      }
      guard let fatA else {
        i += 1
        continue
      }
      if !fatA.overlaps(fixtures[fixture(b, contacts[i].fixture)].fatAABB) {
        reportEnd(contacts[i])
        removeContact(at: i)
        continue
      }
      updateContact(i)
      i += 1
    }
  }

  mutating func removeContact(at i: Int) {
    if contacts[i].isPair { pairContactCount -= 1 }
    contacts.remove(at: i)
  }

  /// A contact that was touching has gone: reports its end (if it is reported).
  private mutating func reportEnd(_ c: Contact) {
    guard c.touching else { return }
    report(.ended, c)
  }

  private mutating func report(_ kind: ContactEvent.Kind, _ c: Contact) {
    let item = fixtures[fixture(c.body, c.fixture)].item
    if c.isPair {
      let itemA = fixtures[fixture(c.bodyA, c.fixtureA)].item
      guard reportedPairs.contains(pairKey(itemA, item)) else { return }
      events.append(ContactEvent(kind: kind, item: itemA, partner: .item(item)))
    } else {
      guard let report = edgeReports[c.edge], report.items.contains(item) else { return }
      events.append(ContactEvent(kind: kind, item: item, partner: .boundary(report.name)))
    }
  }

  /// Recomputes contact `i`'s manifold at the current transforms, carrying impulses over to
  /// points with the same features, reports touching changes and decides whether the contact
  /// pushes (UIKit's masks: a contact whose dynamic sides all ignore the other is disabled).
  mutating func updateContact(_ i: Int) {
    let old = contacts[i].manifold
    contacts[i].enabled = true
    let wasTouching = contacts[i].touching
    let c = (
      isPair: contacts[i].isPair, edge: contacts[i].edge, body: contacts[i].body,
      fixture: contacts[i].fixture, bodyA: contacts[i].bodyA, fixtureA: contacts[i].fixtureA
    )
    var manifold: Manifold
    if c.isPair {
      manifold = Self.collide(
        fixtures[fixture(c.bodyA, c.fixtureA)].shape, bodies[c.bodyA].xf,
        fixtures[fixture(c.body, c.fixture)].shape, bodies[c.body].xf)
    } else {
      // Read in place: copying the edge or the body would retain their arrays and strings.
      manifold = Self.collide(
        edge: edges[c.edge]!.shape, fixtures[fixture(c.body, c.fixture)].shape, bodies[c.body].xf)
    }
    let touching = manifold.pointCount > 0
    for p in 0..<manifold.pointCount {
      var point = manifold[p]
      point.normalImpulse = 0
      point.tangentImpulse = 0
      for j in 0..<old.pointCount where old[j].id.key == point.id.key {
        point.normalImpulse = old[j].normalImpulse
        point.tangentImpulse = old[j].tangentImpulse
        break
      }
      manifold[p] = point
    }
    contacts[i].manifold = manifold
    contacts[i].touching = touching
    if touching != wasTouching {
      bodies[c.body].setAwake(true)
      if c.isPair { bodies[c.bodyA].setAwake(true) }
    }
    if touching != wasTouching { report(touching ? .began : .ended, contacts[i]) }
    if touching { applyResponse(i) }
  }

  /// UIKit's PreSolve: which dynamic sides the contact pushes; none disables it.
  private mutating func applyResponse(_ i: Int) {
    let c = contacts[i]
    let masksB = bodies[c.body].masks
    if c.isPair {
      let masksA = bodies[c.bodyA].masks
      let respondsA = bodies[c.bodyA].type == .dynamic && masksA.responds(to: masksB)
      let respondsB = bodies[c.body].type == .dynamic && masksB.responds(to: masksA)
      contacts[i].respondsA = respondsA
      contacts[i].respondsB = respondsB
      if !respondsA && !respondsB { contacts[i].enabled = false }
    } else if !masksB.responds(to: edges[c.edge]!.masks) {
      contacts[i].enabled = false
    }
  }

  /// The manifold between a boundary (world frame) and a body's shape at `xfB`.
  static func collide(edge: EdgeShape, _ shape: FixtureShape, _ xfB: Transform) -> Manifold {
    switch shape {
    case .box(let box): collideEdgePolygon(edge: edge, xfA: .identity, polygon: box, xfB: xfB)
    case .polygon(let polygon):
      collideEdgePolygon(edge: edge, xfA: .identity, polygon: polygon, xfB: xfB)
    case .circle(let circle):
      collideEdgeCircle(edge: edge, xfA: .identity, circle: circle, xfB: xfB)
    }
  }

  /// The manifold between two bodies' shapes (Box2D's contact registry: polygon–polygon,
  /// polygon–circle, circle–circle; A is never a circle when B is a polygon).
  static func collide(_ a: FixtureShape, _ xfA: Transform, _ b: FixtureShape, _ xfB: Transform)
    -> Manifold
  {
    switch (a, b) {
    case (.box(let pa), .box(let pb)): collidePolygons(pa, xfA, pb, xfB)
    case (.box(let pa), .polygon(let pb)): collidePolygons(pa, xfA, pb, xfB)
    case (.polygon(let pa), .box(let pb)): collidePolygons(pa, xfA, pb, xfB)
    case (.polygon(let pa), .polygon(let pb)): collidePolygons(pa, xfA, pb, xfB)
    case (.box(let pa), .circle(let cb)): collidePolygonCircle(pa, xfA, cb, xfB)
    case (.polygon(let pa), .circle(let cb)): collidePolygonCircle(pa, xfA, cb, xfB)
    case (.circle(let ca), .circle(let cb)): collideCircles(ca, xfA, cb, xfB)
    case (.circle, .box), (.circle, .polygon):
      preconditionFailure("a circle is never shape A against a polygon")
    }
  }
}
