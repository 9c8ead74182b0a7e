import Foundation

/// An affine transform as SVG writes it, `matrix(a b c d e f)`:
/// x' = a·x + c·y + e, y' = b·x + d·y + f (e, f in user units).
public struct SVGTransform: Sendable, Hashable {
  public var a: Double
  public var b: Double
  public var c: Double
  public var d: Double
  public var e: Double
  public var f: Double

  public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.e = e
    self.f = f
  }

  public static let identity = SVGTransform(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)

  /// `translate(tx ty)` (user units).
  public static func translation(_ tx: Double, _ ty: Double) -> SVGTransform {
    SVGTransform(a: 1, b: 0, c: 0, d: 1, e: tx, f: ty)
  }

  /// `scale(sx sy)`.
  public static func scale(_ sx: Double, _ sy: Double) -> SVGTransform {
    SVGTransform(a: sx, b: 0, c: 0, d: sy, e: 0, f: 0)
  }

  /// `rotate(angle)`: counter-clockwise on paper with y up, clockwise on screen (y down).
  public static func rotation(degrees angle_deg: Double) -> SVGTransform {
    let angle_rad = angle_deg * .pi / 180
    let (s, c) = (sin(angle_rad), cos(angle_rad))
    return SVGTransform(a: c, b: s, c: -s, d: c, e: 0, f: 0)
  }

  /// `skewX(angle)`: x' = x + tan(angle)·y.
  public static func skewX(degrees angle_deg: Double) -> SVGTransform {
    SVGTransform(a: 1, b: 0, c: tan(angle_deg * .pi / 180), d: 1, e: 0, f: 0)
  }

  /// `skewY(angle)`: y' = y + tan(angle)·x.
  public static func skewY(degrees angle_deg: Double) -> SVGTransform {
    SVGTransform(a: 1, b: tan(angle_deg * .pi / 180), c: 0, d: 1, e: 0, f: 0)
  }

  /// `outer * inner`: the transform that applies `inner` first, then `outer` (the matrix
  /// product, as SVG nests a group's transform around its children's).
  public static func * (outer: SVGTransform, inner: SVGTransform) -> SVGTransform {
    SVGTransform(
      a: outer.a * inner.a + outer.c * inner.b,
      b: outer.b * inner.a + outer.d * inner.b,
      c: outer.a * inner.c + outer.c * inner.d,
      d: outer.b * inner.c + outer.d * inner.d,
      e: outer.a * inner.e + outer.c * inner.f + outer.e,
      f: outer.b * inner.e + outer.d * inner.f + outer.f)
  }

  /// The image of `p`.
  public func apply(_ p: SVGPoint) -> SVGPoint {
    SVGPoint(a * p.x + c * p.y + e, b * p.x + d * p.y + f)
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
    a.isFinite && b.isFinite && c.isFinite && d.isFinite && e.isFinite && f.isFinite
  }
}
