/// UIKit's collision groups (measured on UIKit: kern0x1b/charon, UIDynamicAnimator.md §7.1,
/// §7.2; docs/shapes.md, "Collisions between items"): each collision behavior
/// in the animator takes g = ++counter when it is added (--counter when it goes: a counter,
/// not an allocator, so a later behavior may reuse live bits) and two mask bits from it, the
/// item bit 1 << (2g mod 32) and the boundary bit 1 << (2g + 1 mod 32). Its items carry the
/// item bit as category, its boundaries the boundary bit; its mode picks the bits they
/// collide with.
struct AnimatorCollisions: Sendable {
  /// UIKit's counter of collision behaviors in the animator.
  var counter = 0
  /// The group number each behavior in the animator took (0: none, or not a collision
  /// behavior); empty until the first collision behavior enters.
  var groupOf: [Int] = []

  /// The item and boundary bits of group g.
  static func bits(group g: Int) -> (item: UInt32, boundary: UInt32) {
    (UInt32(1) << UInt32((2 * g) & 31), UInt32(1) << UInt32((2 * g + 1) & 31))
  }

  /// A side's masks once a behavior of group g and `mode` takes it (`boundary`: one of the
  /// behavior's boundaries): the group's bits replaced, not added to, in the collision and
  /// contact masks; the side's own bit in its category.
  static func on(
    _ m: CollisionMasks, group g: Int, mode: CollisionMode, boundary: Bool
  ) -> CollisionMasks {
    let (item, edge) = bits(group: g)
    let both = item | edge
    let own = boundary ? edge : item
    let modeMask: UInt32
    switch mode {
    case .items: modeMask = item
    case .boundaries: modeMask = edge
    case .everything: modeMask = both
    }
    let collision = (m.collision & ~both) | modeMask
    return CollisionMasks(
      category: (m.category & ~both) | own, collision: collision, contact: collision)
  }

  /// A side's masks once the behavior of group g lets it go.
  static func off(_ m: CollisionMasks, group g: Int) -> CollisionMasks {
    let (item, edge) = bits(group: g)
    let both = item | edge
    let collision = m.collision & ~both
    return CollisionMasks(category: m.category & ~both, collision: collision, contact: collision)
  }
}

/// What UIKit keeps in an item's (or group's) body object besides the Box2D body: its masks
/// (0 until a collision behavior takes it), iOS 9's `anchored` and `charge` (kept when their
/// item behavior goes). All go with the body.
struct BodyObject: Sendable, Equatable {
  var masks = CollisionMasks.none
  var anchored = false
  var charge = 0.0
}

extension Animator {
  /// The items an entity stands for: the item itself, or a group's members.
  func memberItems(_ entity: Int) -> [Int] {
    entity < items.count ? [entity] : groupLayouts[entity - items.count].items
  }

  /// A collision behavior enters: it takes its group, its items take its bits, and its
  /// boundaries are made (each on a ground of its own; the reference view's four bounds on
  /// one), with the group's boundary bit.
  mutating func addCollision(_ b: Int, entities: [Int], _ spec: CollisionSpec) {
    collisions.counter += 1
    let g = collisions.counter
    if collisions.groupOf.isEmpty {
      collisions.groupOf.refill(repeating: 0, count: behaviors.count)
    }
    collisions.groupOf[b] = g
    for e in entities {
      bodyObjects[e].masks = AnimatorCollisions.on(
        bodyObjects[e].masks, group: g, mode: spec.mode, boundary: false)
      world.setMasks(e, bodyObjects[e].masks)
    }
    let edgeMasks = AnimatorCollisions.on(.none, group: g, mode: spec.mode, boundary: true)
    let reported = groupLayouts.isEmpty ? entities : entities.flatMap { memberItems($0) }
    func edge(_ from: Point, _ to: Point, ground: Int) -> Edge {
      Edge(
        shape: EdgeShape(
          v1: metres(fromPoints: from), v2: metres(fromPoints: to),
          radius: Box2DSettings.polygonRadius_m),
        owner: b, masks: edgeMasks, ground: ground, friction: Float(BoundaryDefaults.friction),
        restitution: Float(BoundaryDefaults.elasticity))
    }
    for boundary in spec.boundaries {
      // A path's edges share their boundary's ground, as UIKit's one chain body.
      let ground = world.addGround()
      for (from, to) in boundary.segments_pt {
        world.addEdge(
          edge(from, to, ground: ground), EdgeReport(name: boundary.id, items: reported))
      }
    }
    if spec.referenceBounds, let size = referenceSize_pt {
      let ground = world.addGround()
      // Insets a sweep drives past the bounds' size leave an empty side: no edge for it.
      for (from, to) in spec.referenceBoundsEdges_pt(size_pt: size) where from != to {
        world.addEdge(
          edge(from, to, ground: ground), EdgeReport(name: referenceBoundsName, items: reported))
      }
    }
    // Room for a contact of every edge with every fixture now: no step allocates for them.
    let room = world.edges.count * world.fixtures.count
    world.contacts.reserveCapacity(room)
    world.pairs.reserveCapacity(room)
    refreshReportedPairs()
  }

  /// A collision behavior leaves: the counter goes down, its items lose its bits, its
  /// boundaries go.
  mutating func removeCollision(_ b: Int, entities: [Int]) {
    guard b < collisions.groupOf.count, collisions.groupOf[b] != 0 else { return }
    let g = collisions.groupOf[b]
    collisions.groupOf[b] = 0
    collisions.counter -= 1
    for e in entities {
      bodyObjects[e].masks = AnimatorCollisions.off(bodyObjects[e].masks, group: g)
      world.setMasks(e, bodyObjects[e].masks)
    }
    world.removeEdges(owner: b)
    refreshReportedPairs()
  }

  /// The item pairs whose contacts are reported: those some collision behavior in the
  /// animator holds both of (UIKit reports an item–item contact to every behavior holding
  /// both, whatever its mode; FeelLab reports it once).
  mutating func refreshReportedPairs() {
    var pairs = Set<UInt64>()
    for b in present {
      guard case .collision = behaviors[b].kind else { continue }
      // One item alone makes no pair (the common case, no array made for it).
      if groupLayouts.isEmpty && behaviors[b].items.count < 2 { continue }
      let members = behaviors[b].items.flatMap { memberItems($0) }
      for i in members.indices {
        for j in members.indices where j > i && members[i] != members[j] {
          pairs.insert(pairKey(members[i], members[j]))
        }
      }
    }
    world.reportedPairs = pairs
  }

  /// UIKit's masks of an entity's body (category, collision, contact), for `feel inspect`.
  public func masks(ofEntity e: Int) -> CollisionMasks { bodyObjects[e].masks }
}
