/// A point in an SVG coordinate system: user units (pt for FeelLab's glyphs), x to the right,
/// y down.
public struct SVGPoint: Sendable, Hashable, CustomStringConvertible {
  /// Horizontal coordinate (user units).
  public var x: Double
  /// Vertical coordinate (user units, down).
  public var y: Double

  public init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = SVGPoint(0, 0)

  public static func + (a: SVGPoint, b: SVGPoint) -> SVGPoint { SVGPoint(a.x + b.x, a.y + b.y) }
  public static func - (a: SVGPoint, b: SVGPoint) -> SVGPoint { SVGPoint(a.x - b.x, a.y - b.y) }
  public static func * (k: Double, p: SVGPoint) -> SVGPoint { SVGPoint(k * p.x, k * p.y) }

  /// Distance to `other` (user units).
  public func distance(to other: SVGPoint) -> Double {
    ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
  }

  /// Both coordinates finite (not infinite, not NaN).
  public var isFinite: Bool { x.isFinite && y.isFinite }

  public var description: String { "(\(x), \(y))" }
}
