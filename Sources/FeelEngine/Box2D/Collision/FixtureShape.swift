/// The shape of one fixture of a body, in the body's frame (m): an item's centred box (the
/// common case, kept in a form the collision routines read without arrays), any convex polygon
/// (an ellipse's outline, a `path`, a group member's box at its offset) or a circle.
enum FixtureShape: Sendable {
  case box(BoxShape)
  case polygon(PolygonShape)
  case circle(CircleShape)

  /// Skin thickness (m).
  var radius: Float {
    switch self {
    case .box(let b): b.radius
    case .polygon(let p): p.radius
    case .circle(let c): c.radius
    }
  }

  /// Bounds of the shape and its skin at a transform (Box2D's ComputeAABB).
  func aabb(_ xf: Transform) -> AABB {
    switch self {
    case .box(let b): return b.aabb(xf)
    case .polygon(let p): return p.aabb(xf)
    case .circle(let c):
      let p = xf.p + xf.q.apply(c.center)
      return AABB(
        lower: Vec2(p.x - c.radius, p.y - c.radius), upper: Vec2(p.x + c.radius, p.y + c.radius))
    }
  }

  /// Mass, centre and inertia about the body's origin at `density` (kg/m²).
  func shapeMass(density: Float) -> ShapeMass {
    switch self {
    case .box(let b): b.shapeMass(density: density)
    case .polygon(let p): p.shapeMass(density: density)
    case .circle(let c): c.shapeMass(density: density)
    }
  }

  /// Box2D's shape type order (circle 0, edge 1, polygon 2): a contact puts the shape of
  /// the registered type first (a polygon before a circle; an edge before anything).
  var typeOrder: Int {
    switch self {
    case .circle: 0
    case .box, .polygon: 2
    }
  }

  /// The vertices (m, body frame) of a box or polygon; a circle's centre.
  var outline: [Vec2] {
    switch self {
    case .box(let b): (0..<4).map { b.vertex($0) }
    case .polygon(let p): p.vertices
    case .circle(let c): [c.center]
    }
  }
}
