import Foundation

/// A rotation stored as sine and cosine of its angle (rad).
public struct Rotation: Sendable, Equatable {
  public var s: Float
  public var c: Float

  @inlinable public init(angle_rad: Float) {
    s = sinf(angle_rad)
    c = cosf(angle_rad)
  }
  @inlinable package init(s: Float, c: Float) {
    self.s = s
    self.c = c
  }
  public static let identity = Rotation(s: 0, c: 1)

  /// Rotates v.
  @inlinable package func apply(_ v: Vec2) -> Vec2 { Vec2(c * v.x - s * v.y, s * v.x + c * v.y) }
  /// Rotates v by the inverse rotation.
  @inlinable func applyInverse(_ v: Vec2) -> Vec2 { Vec2(c * v.x + s * v.y, -s * v.x + c * v.y) }
  /// self⁻¹ · r.
  @inlinable func inverseTimes(_ r: Rotation) -> Rotation {
    Rotation(s: c * r.s - s * r.c, c: c * r.c + s * r.s)
  }
}
