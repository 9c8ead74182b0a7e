/// A line segment boundary from v1 to v2 (m, world frame: boundaries live on a static body
/// at the origin), with a skin of `radius` (m).
public struct EdgeShape: Sendable, Equatable {
  public var v1: Vec2
  public var v2: Vec2
  public var radius: Float

  @inlinable func vertex(_ i: Int) -> Vec2 { i == 0 ? v1 : v2 }
}
