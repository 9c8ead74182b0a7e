/// What `SVGReader` makes of an SVG file: every drawn shape as a normalised path (absolute
/// M, L, C, Z, every transform applied) with its paint, in document order.
public struct SVGDocument: Sendable, Hashable {
  /// The frame the coordinates are in: the root's `viewBox` (user units), or (0, 0, w, h)
  /// after `--scale`/`--fit`.
  public var viewBox: SVGRect
  public var paths: [SVGDrawnPath]
  /// What was skipped or drawn differently from a browser, in document order.
  public var warnings: [SVGWarning]
}
