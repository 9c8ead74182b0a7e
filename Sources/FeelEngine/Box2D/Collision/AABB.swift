/// An axis-aligned bounding box (m).
package struct AABB: Sendable, Equatable {
  package var lower: Vec2
  package var upper: Vec2

  package init(lower: Vec2, upper: Vec2) {
    self.lower = lower
    self.upper = upper
  }

  /// Whether `other` lies inside this box.
  func contains(_ other: AABB) -> Bool {
    lower.x <= other.lower.x && lower.y <= other.lower.y && other.upper.x <= upper.x
      && other.upper.y <= upper.y
  }

  func overlaps(_ other: AABB) -> Bool {
    let d1 = other.lower - upper
    let d2 = lower - other.upper
    if d1.x > 0 || d1.y > 0 { return false }
    if d2.x > 0 || d2.y > 0 { return false }
    return true
  }

  func union(_ other: AABB) -> AABB {
    AABB(
      lower: Vec2(min(lower.x, other.lower.x), min(lower.y, other.lower.y)),
      upper: Vec2(max(upper.x, other.upper.x), max(upper.y, other.upper.y)))
  }

  /// Grown by `margin` on every side.
  func fattened(by margin: Float) -> AABB {
    let r = Vec2(margin, margin)
    return AABB(lower: lower - r, upper: upper + r)
  }
}

extension ConvexPolygon {
  /// Bounds of the polygon and its skin at a transform (Box2D's b2PolygonShape::ComputeAABB).
  func aabb(_ xf: Transform) -> AABB {
    var lower = xf.apply(vertex(0))
    var upper = lower
    for i in 1..<count {
      let v = xf.apply(vertex(i))
      lower = Vec2(min(lower.x, v.x), min(lower.y, v.y))
      upper = Vec2(max(upper.x, v.x), max(upper.y, v.y))
    }
    return AABB(lower: lower, upper: upper).fattened(by: radius)
  }
}

extension EdgeShape {
  /// Bounds of the segment and its skin (edges live in the world frame).
  var aabb: AABB {
    AABB(
      lower: Vec2(min(v1.x, v2.x), min(v1.y, v2.y)),
      upper: Vec2(max(v1.x, v2.x), max(v1.y, v2.y))
    ).fattened(by: radius)
  }
}

/// The broad phase's fat bounding boxes (Box2D's dynamic tree leaves): a shape's box grown by
/// `Box2DSettings.aabbExtension_m`, and for a moving body stretched along its motion by
/// `Box2DSettings.aabbMultiplier` × its displacement, so that a contact (and its place in the
/// solve order) exists from the time the two fat boxes first overlap until they part.
enum BroadPhase {
  /// The new fat box for a body whose swept box is `aabb` after moving by `displacement`, or
  /// nil when the old fat box still contains it.
  static func moved(_ fat: AABB, to aabb: AABB, displacement: Vec2) -> AABB? {
    if fat.contains(aabb) { return nil }
    var b = aabb.fattened(by: Box2DSettings.aabbExtension_m)
    let d = Box2DSettings.aabbMultiplier * displacement
    if d.x < 0 { b.lower.x += d.x } else { b.upper.x += d.x }
    if d.y < 0 { b.lower.y += d.y } else { b.upper.y += d.y }
    return b
  }
}
