/// How `SVGReader` sizes and flattens; the defaults are `feel svg`'s.
public struct SVGReadOptions: Sendable, Hashable {
  /// Output coordinates: the view box's, scaled, or fitted into a box.
  public var sizing: SVGSizing = .viewBox
  /// The largest distance between an arc and its cubics, in output units (pt).
  public var arcTolerance_pt = 0.01
  /// The most commands a file may produce (a guard against arcs of astronomical radius).
  public var maximumCommands = 1_000_000

  public init(sizing: SVGSizing = .viewBox) {
    self.sizing = sizing
  }
}

/// The output frame.
public enum SVGSizing: Sendable, Hashable {
  /// The root's user units (its `viewBox`).
  case viewBox
  /// The view box scaled by the factor, its origin moved to (0, 0).
  case scale(Double)
  /// The view box scaled uniformly to fit a box of this size (pt), centred (SVG's default
  /// `xMidYMid meet`).
  case fit(width_pt: Double, height_pt: Double)
}
