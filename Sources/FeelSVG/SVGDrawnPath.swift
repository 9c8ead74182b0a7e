/// One drawn shape.
public struct SVGDrawnPath: Sendable, Hashable {
  /// The element it came from: `path`, `rect`, `circle`, `ellipse`, `line`, `polyline`,
  /// `polygon`.
  public var element: String
  /// Its number among the elements of that name, in document order (1-based): "path 2".
  public var index: Int
  /// The line its start tag begins on (1-based).
  public var line: Int
  /// Its `id` attribute, if any.
  public var id: String?
  public var style: SVGPaintStyle
  /// Absolute coordinates in the document's `viewBox` frame (output units).
  public var commands: [PathCommand]
}
