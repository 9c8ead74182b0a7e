/// A rectangle of an SVG coordinate system (user units): a `viewBox`.
public struct SVGRect: Sendable, Hashable {
  /// The top-left corner (user units).
  public var x: Double
  public var y: Double
  /// The size (user units).
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}
