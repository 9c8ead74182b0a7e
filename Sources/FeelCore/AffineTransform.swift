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

  /// CGAffineTransformMakeScale(sx, sy).
  public init(scaleX sx: Double, y sy: Double) {
    self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// CGPointApplyAffineTransform: where `p` goes.
  public func apply(_ p: Point) -> Point {
    Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
  }

  /// The determinant of the linear part (area scale; negative for a mirror).
  public var determinant: Double { a * d - b * c }

  /// The largest singular value of the linear part: how much it stretches a length at most.
  public var largestStretch: Double {
    // Scaled by the largest entry first, so that no square overflows.
    let m = max(abs(a), abs(b), abs(c), abs(d))
    guard m > 0 else { return 0 }
    guard m.isFinite else { return .infinity }
    let (a, b, c, d) = (a / m, b / m, c / m, d / m)
    let sum = a * a + b * b + c * c + d * d
    let det = a * d - b * c
    let root = max(sum * sum - 4 * det * det, 0).squareRoot()
    return m * ((sum + root) / 2).squareRoot()
  }

  /// Whether the linear part scales every direction alike (rotation, uniform scale, mirror),
  /// so that a stroke width maps to one width; to 1e-9 relative.
  public var isSimilarity: Bool {
    let columnX = a * a + b * b
    let columnY = c * c + d * d
    let scale = max(columnX, columnY, .leastNormalMagnitude)
    return abs(columnX - columnY) <= 1e-9 * scale && abs(a * c + b * d) <= 1e-9 * scale
  }

  /// The factor a similarity scales lengths by, √|det|; for other transforms, the geometric
  /// mean of the two stretches.
  public var lengthScale: Double { abs(determinant).squareRoot() }

  /// All six numbers finite.
  public var isFinite: Bool {
    a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
  }
}
