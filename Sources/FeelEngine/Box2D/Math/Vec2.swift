import Foundation

/// A 2-D vector in float32, as the engine works in (metres, m/s, newtons).
///
/// Every operation is written in the same order of float operations as the published
/// algorithms, so results are reproducible bit for bit: no fused multiply-adds.
public struct Vec2: Sendable, Equatable, Hashable {
  public var x: Float
  public var y: Float

  @inlinable public init(_ x: Float, _ y: Float) {
    self.x = x
    self.y = y
  }

  public static let zero = Vec2(0, 0)

  @inlinable public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
  @inlinable public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
  @inlinable public static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
  @inlinable public static func * (s: Float, a: Vec2) -> Vec2 { Vec2(s * a.x, s * a.y) }
  @inlinable public static func += (a: inout Vec2, b: Vec2) {
    a.x += b.x
    a.y += b.y
  }
  @inlinable public static func -= (a: inout Vec2, b: Vec2) {
    a.x -= b.x
    a.y -= b.y
  }
  @inlinable public static func *= (a: inout Vec2, s: Float) {
    a.x *= s
    a.y *= s
  }

  /// Whether a component is −0.
  @inline(__always) var hasNegativeZero: Bool {
    x.bitPattern == (-Float.zero).bitPattern || y.bitPattern == (-Float.zero).bitPattern
  }

  /// Euclidean length.
  @inlinable public var length: Float { (x * x + y * y).squareRoot() }
  @inlinable public var lengthSquared: Float { x * x + y * y }

  /// Normalises in place and returns the former length; a vector shorter than
  /// `Float.ulpOfOne` is left unchanged and 0 is returned.
  @inlinable @discardableResult public mutating func normalize() -> Float {
    let len = length
    if len < Float.ulpOfOne { return 0 }
    let inv: Float = 1 / len
    x *= inv
    y *= inv
    return len
  }
}

@inlinable func dot(_ a: Vec2, _ b: Vec2) -> Float { a.x * b.x + a.y * b.y }
/// z-component of a × b.
@inlinable func cross(_ a: Vec2, _ b: Vec2) -> Float { a.x * b.y - a.y * b.x }
/// a × (0, 0, s): the vector rotated clockwise and scaled.
@inlinable func cross(_ a: Vec2, _ s: Float) -> Vec2 { Vec2(s * a.y, -s * a.x) }
/// (0, 0, s) × a.
@inlinable func cross(_ s: Float, _ a: Vec2) -> Vec2 { Vec2(-s * a.y, s * a.x) }
@inlinable func distance(_ a: Vec2, _ b: Vec2) -> Float { (a - b).length }

/// π as Box2D writes it, `3.14159265359f`: the float nearest π (0x40490FDB). Swift's
/// `Float.pi` is rounded toward zero (0x40490FDA), one ulp lower, which would move spring
/// stiffness and angle normalisation by that ulp.
public let pi32: Float = 3.14159265359
