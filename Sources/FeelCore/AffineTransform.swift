import Foundation

/// CoreGraphics' CGAffineTransform, which Linux lacks: the same six fields and the same
/// conventions, so that numbers computed here are the ones an iOS app's transforms hold.
///
/// A point (x, y) maps to (a·x + c·y + tx, b·x + d·y + ty): the row vector [x y 1] times
///
///     | a  b  0 |
///     | c  d  0 |
///     | tx ty 1 |
///
/// Points and lengths in pt, angles in rad; with UIKit's y down, a positive angle turns
/// clockwise on screen.
public struct AffineTransform: Sendable, Equatable, Hashable {
  public var a: Double
  public var b: Double
  public var c: Double
  public var d: Double
  public var tx: Double
  public var ty: Double

  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// CGAffineTransformIdentity.
  public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// CGAffineTransformMakeRotation(angle): a = cos, b = sin, c = −sin, d = cos.
  public init(rotationAngle angle_rad: Double) {
    let cosine = cos(angle_rad)
    let sine = sin(angle_rad)
    self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
  }

  /// CGAffineTransformMakeTranslation(tx, ty).
  public init(translationX tx_pt: Double, y ty_pt: Double) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: tx_pt, ty: ty_pt)
  }

  /// CGAffineTransformConcat(self, then): `self` first, then `then` (the matrix product
  /// self × then, as CoreGraphics multiplies row vectors).
  public func concatenating(_ then: AffineTransform) -> AffineTransform {
    AffineTransform(
      a: a * then.a + b * then.c,
      b: a * then.b + b * then.d,
      c: c * then.a + d * then.c,
      d: c * then.b + d * then.d,
      tx: tx * then.a + ty * then.c + then.tx,
      ty: tx * then.b + ty * then.d + then.ty)
  }

  /// CGPointApplyAffineTransform: where the point (x, y) goes (pt).
  public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
    (a * x + c * y + tx, b * x + d * y + ty)
  }
}
