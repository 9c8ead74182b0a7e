/// A 2-D value with x to the right and y down, as UIKit and SVG lay them out: a point in pt
/// (or pt/s, or a unitless direction) as scene files give it, or a point in an SVG's user
/// units (pt for FeelLab's glyphs).
public struct Point: Sendable, Equatable, Hashable {
  public var x: Double
  public var y: Double
  public init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = Point(0, 0)

  public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
  public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
  public static func * (k: Double, p: Point) -> Point { Point(k * p.x, k * p.y) }

  /// Distance to `other` (same units).
  public func distance(to other: Point) -> Double {
    ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
  }

  /// Both coordinates finite (not infinite, not NaN).
  public var isFinite: Bool { x.isFinite && y.isFinite }
}
