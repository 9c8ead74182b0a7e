/// The fill rule (`fill-rule`).
public enum SVGFillRule: String, Sendable, Hashable {
  case nonzero, evenodd
}

/// The stroke's line cap (`stroke-linecap`).
public enum SVGLineCap: String, Sendable, Hashable {
  case butt, round, square
}

/// The stroke's line join (`stroke-linejoin`).
public enum SVGLineJoin: String, Sendable, Hashable {
  case miter, round, bevel
}

/// How one drawn path is painted, resolved: inherited values filled in, `currentColor`
/// replaced, colour alpha folded into the opacities, the stroke width in output units.
/// The defaults are SVG's initial values.
public struct SVGPaintStyle: Sendable, Hashable {
  /// The fill colour (sRGB); nil for `none`.
  public var fill: SVGColor? = .black
  public var fillRule: SVGFillRule = .nonzero
  /// `fill-opacity` times the fill colour's alpha, 0...1.
  public var fillOpacity: Double = 1
  /// The stroke colour; nil for `none` (or a zero width).
  public var stroke: SVGColor?
  /// The stroke width in output units (pt): `stroke-width` times the transforms' scale.
  public var strokeWidth_pt: Double = 1
  public var lineCap: SVGLineCap = .butt
  public var lineJoin: SVGLineJoin = .miter
  /// `stroke-miterlimit`: the longest miter, in stroke widths (≥ 1).
  public var miterLimit: Double = 4
  /// `stroke-opacity` times the stroke colour's alpha, 0...1.
  public var strokeOpacity: Double = 1
  /// The element's `opacity` times every ancestor group's, 0...1: applies to the fill and
  /// stroke together (drawn into one layer).
  public var opacity: Double = 1

  public init() {}

  /// Whether anything is painted.
  public var isPainted: Bool { fill != nil || stroke != nil }
}
