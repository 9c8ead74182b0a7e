/// A rigid transform: a translation p (m) and a rotation q.
public struct Transform: Sendable, Equatable {
  public var p: Vec2
  public var q: Rotation

  @inlinable package init(p: Vec2, q: Rotation) {
    self.p = p
    self.q = q
  }
  public static let identity = Transform(p: .zero, q: .identity)

  /// The frame of a body whose centre of mass `c` (m, world) sits at `localCenter` in the
  /// body's frame: p = c − q·localCenter (Box2D's SynchronizeTransform). A body whose centre
  /// of mass is its origin (an item's box) takes p = c itself, bit for bit.
  @inline(__always) init(centreOfMass c: Vec2, angle: Float, localCenter: Vec2) {
    q = Rotation(angle_rad: angle)
    p = localCenter == .zero ? c : c - q.apply(localCenter)
  }

  /// Local point to world.
  @inlinable func apply(_ v: Vec2) -> Vec2 {
    Vec2((q.c * v.x - q.s * v.y) + p.x, (q.s * v.x + q.c * v.y) + p.y)
  }
  /// World point to local.
  @inlinable func applyInverse(_ v: Vec2) -> Vec2 {
    let px = v.x - p.x
    let py = v.y - p.y
    return Vec2(q.c * px + q.s * py, -q.s * px + q.c * py)
  }
  /// self⁻¹ · b: b expressed in this frame.
  @inlinable func inverseTimes(_ b: Transform) -> Transform {
    Transform(p: q.applyInverse(b.p - p), q: q.inverseTimes(b.q))
  }
}
