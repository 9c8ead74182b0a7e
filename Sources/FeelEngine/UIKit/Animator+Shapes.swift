import Foundation

/// What the animator makes a body from: an item (its box, ellipse or path) or a group (one
/// fixture per member at its offset). Behaviors name "entities": item i is entity i, group g
/// is entity `items.count + g`; each has its own body slot in the world.
struct EntityShape: Sendable {
  /// The fixtures' shapes in the body's frame (m) and the item each stands for, in the order
  /// they are made: the first (an item's only one), then a group's others (apart, so that an
  /// item's shape is no array).
  var first: (shape: FixtureShape, item: Int)
  var more: [(shape: FixtureShape, item: Int)] = []
  /// Half extents of the item's bounds (or the group's union of bounds) (m): what a snap's
  /// anchors are placed from.
  var halfWidth: Float
  var halfHeight: Float
  /// The item's box (its mass from the full box, as UIKit computes it, even for the iOS 7
  /// profile's inset box); nil for other shapes and for groups.
  var fullBox: BoxShape?
}

/// A group as the animator keeps it: its members and their offsets from its centre.
struct GroupLayout: Sendable {
  /// Member items.
  var items: [Int]
  /// Each member's centre minus the group's at the start (pt): UIKit's offsets.
  var offsets_pt: [Point]
  /// The middle of the union of the members' rectangles at the start (pt).
  var center_pt: Point
  /// The union's size (pt).
  var size_pt: Point

  init(items memberItems: [Int], of all: [ItemDefinition]) {
    items = memberItems
    var lower = Point(Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude)
    var upper = Point(-Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude)
    for i in memberItems {
      let c = all[i].center_pt
      let s = all[i].size_pt
      lower = Point(min(lower.x, c.x - s.x / 2), min(lower.y, c.y - s.y / 2))
      upper = Point(max(upper.x, c.x + s.x / 2), max(upper.y, c.y + s.y / 2))
    }
    center_pt = Point((lower.x + upper.x) / 2, (lower.y + upper.y) / 2)
    size_pt = Point(upper.x - lower.x, upper.y - lower.y)
    let center = center_pt
    offsets_pt = memberItems.map {
      Point(all[$0].center_pt.x - center.x, all[$0].center_pt.y - center.y)
    }
  }
}

extension EntityShape {
  /// An item's shape for the profile: its box (modern: full size with Box2D's 1 pt skin;
  /// iOS 7: inset by 1 pt with a 0.001 m skin), a circle or an ellipse's polygon, or its path.
  init(item i: Int, _ item: ItemDefinition, profile: Profile) {
    let hw = metres(fromPoints: item.size_pt.x) * 0.5
    let hh = metres(fromPoints: item.size_pt.y) * 0.5
    halfWidth = hw
    halfHeight = hh
    fullBox = nil
    let shape: FixtureShape
    switch item.bounds {
    case .rectangle:
      fullBox = BoxShape(halfWidth: hw, halfHeight: hh, radius: 0)
      switch profile {
      case .modern:
        // Box2D's SetAsBox: the polygon radius as skin.
        shape = .box(BoxShape(halfWidth: hw, halfHeight: hh, radius: Box2DSettings.polygonRadius_m))
      case .ios7:
        let inset = EngineConstants.ios7ItemInset_m
        let least = EngineConstants.ios7MinimumHalfExtent_m
        shape = .box(
          BoxShape(
            halfWidth: max(hw - inset, least), halfHeight: max(hh - inset, least),
            radius: EngineConstants.ios7ItemSkin_m))
      }
    case .ellipse where item.size_pt.x == item.size_pt.y:
      shape = .circle(CircleShape(radius: hw))
    case .ellipse:
      shape = .polygon(
        PolygonShape(
          vertices: ItemOutline.ellipse(size_pt: item.size_pt), radius: ItemOutline.polygonRadius_m)
      )
    case .path(let points):
      shape = .polygon(
        PolygonShape(vertices: ItemOutline.path(points), radius: ItemOutline.polygonRadius_m))
    }
    first = (shape, i)
  }

  /// A group's compound shape: each member's shape moved to its offset from the group's
  /// centre, axis-aligned (the members' own rotations are not used), in member order.
  init(group: GroupLayout, members: [EntityShape]) {
    var parts: [(shape: FixtureShape, item: Int)] = []
    for (k, member) in members.enumerated() {
      let offset = metres(fromPoints: group.offsets_pt[k])
      let item = group.items[k]
      let shape: FixtureShape
      switch member.first.shape {
      case .box(let b):
        shape = .polygon(
          PolygonShape(
            halfWidth: b.vertex(2).x, halfHeight: b.vertex(2).y, center: offset, radius: b.radius))
      case .polygon(let p):
        shape = .polygon(PolygonShape(vertices: p.vertices.map { $0 + offset }, radius: p.radius))
      case .circle(let c):
        shape = .circle(CircleShape(center: c.center + offset, radius: c.radius))
      }
      parts.append((shape, item))
    }
    first = parts[0]
    more = Array(parts.dropFirst())
    halfWidth = metres(fromPoints: group.size_pt.x) * 0.5
    halfHeight = metres(fromPoints: group.size_pt.y) * 0.5
    fullBox = nil
  }

  /// How many fixtures the body has.
  var fixtureCount: Int { 1 + more.count }

  /// Fixture k of a new body, with the resolved material.
  func fixture(_ k: Int, _ p: ResolvedItemProperties) -> Fixture {
    let part = k == 0 ? first : more[k - 1]
    return Fixture(
      shape: part.shape, item: part.item, density: Float(p.density),
      friction: Float(p.friction), restitution: Float(p.elasticity))
  }

  /// The body's box when it is one centred box (the item's shape), nil otherwise.
  var box: BoxShape? {
    guard more.isEmpty, case .box(let box) = first.shape else { return nil }
    return box
  }

  /// The mass a body of this shape gets at `density` (UIKit's kg per 100² pt²): an item's box
  /// from the full box (the form every committed scene has always used), anything else as
  /// Box2D's ResetMassData sums it (`Body.apply`).
  @inline(__always) func mass(density: Double, fixedRotation: Bool) -> EntityMass {
    if let box = fullBox {
      return EntityMass(
        box: box.massData(density: Float(density)), parts: BodyMass(mass: 0, inertia: 0),
        fixedRotation: fixedRotation)
    }
    // Box2D sums a body's fixtures newest first.
    var parts = [first.shape.shapeMass(density: Float(density))]
    for part in more { parts.insert(part.shape.shapeMass(density: Float(density)), at: 0) }
    return EntityMass(
      box: nil, parts: BodyMass(parts: parts, fixedRotation: fixedRotation),
      fixedRotation: fixedRotation)
  }
}

/// An entity's mass as `EntityShape.mass` works it out, plain values for `Body.apply`.
struct EntityMass: Sendable {
  /// An item box's mass (m and I about its centre).
  var box: MassData?
  /// The fixtures' sum, when there is no box.
  var parts: BodyMass
  var fixedRotation: Bool
}

extension Body {
  /// Gives the body its mass: an item's box when the body is dynamic; otherwise the parts'
  /// sum (none for a static body).
  mutating func apply(_ m: EntityMass) {
    if let box = m.box, type == .dynamic {
      setMass(box, fixedRotation: m.fixedRotation)
    } else {
      setMass(m.parts)
    }
  }
}

extension Animator {
  /// A group member's state from its group's body (pt, rad): the body's origin plus the
  /// member's offset turned by the body's angle; the group's velocities.
  @inline(__always) func memberState(_ i: Int, inGroup entity: Int, body b: Body) -> ItemState {
    let g = entity - items.count
    let k = groupLayouts[g].items.firstIndex(of: i)!
    let state = Self.itemState(c: b.origin, a: b.sweep.a, v: b.v, w: b.w)
    return Self.memberState(state, offset_pt: groupLayouts[g].offsets_pt[k])
  }

  /// A member at `offset_pt` of a group in `group`'s state.
  static func memberState(_ group: ItemState, offset_pt o: Point) -> ItemState {
    let a = group.angle_rad
    let c = group.center_pt
    return ItemState(
      center_pt: Point(c.x + (o.x * cos(a) - o.y * sin(a)), c.y + (o.x * sin(a) + o.y * cos(a))),
      angle_rad: a, velocity_pt_s: group.velocity_pt_s,
      angularVelocity_rad_s: group.angularVelocity_rad_s)
  }

  /// The state of entity `e` (item or group) as UIKit reads it back.
  func entityState(_ e: Int) -> ItemState {
    guard world.hasBody[e] else { return parked[e] }
    let b = world.bodies[e]
    return Self.itemState(c: b.origin, a: b.sweep.a, v: b.v, w: b.w)
  }

  /// After a group's body left the world: the group and its members keep where it left them,
  /// at rest.
  mutating func parkMembers(ofGroup entity: Int) {
    let g = entity - items.count
    var s = parked[entity]
    s.velocity_pt_s = Point(0, 0)
    s.angularVelocity_rad_s = 0
    parked[entity] = s
    for (k, i) in groupLayouts[g].items.enumerated() where !world.hasBody[i] {
      parked[i] = Self.memberState(s, offset_pt: groupLayouts[g].offsets_pt[k])
    }
  }
}
