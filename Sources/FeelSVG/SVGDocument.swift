/// What `SVGReader` makes of an SVG file: every drawn shape as a normalised path (absolute
/// M, L, C, Z, every transform applied) with its paint, in document order.
public struct SVGDocument: Sendable, Hashable {
  /// The frame the coordinates are in: the root's `viewBox` (user units), or (0, 0, w, h)
  /// after `--scale`/`--fit`.
  public var viewBox: SVGRect
  public var paths: [SVGDrawnPath]
  /// What was skipped or drawn differently from a browser, in document order.
  public var warnings: [SVGWarning]

  public init(viewBox: SVGRect, paths: [SVGDrawnPath], warnings: [SVGWarning]) {
    self.viewBox = viewBox
    self.paths = paths
    self.warnings = warnings
  }
}

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

  public init(
    element: String, index: Int, line: Int, id: String?, style: SVGPaintStyle,
    commands: [PathCommand]
  ) {
    self.element = element
    self.index = index
    self.line = line
    self.id = id
    self.style = style
    self.commands = commands
  }
}

/// Something the reader skipped or could not draw as a browser would.
public struct SVGWarning: Sendable, Hashable, CustomStringConvertible {
  /// The line of the element's start tag (1-based).
  public var line: Int
  /// The element's name (`text`).
  public var element: String
  public var message: String

  public init(line: Int, element: String, message: String) {
    self.line = line
    self.element = element
    self.message = message
  }

  /// "line 12: <text> skipped: text is not supported (convert it to outlines)".
  public var description: String { "line \(line): <\(element)> \(message)" }
}

/// Why an SVG file cannot be converted: where, and what was expected there.
///
/// `description` is the message after the file name:
///
///     path 2, offset 17: expected a number after 'c', got 'x'
///     line 3, column 9: malformed XML: an end tag that does not match its start tag
///     line 4: <rect> 'width', offset 0: expected a length (a number, unit optional), got 'a'
public struct SVGReadError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Where: "path 2", "polygon 1", "line 4: <rect> 'width'", "line 3, column 9".
  public var place: String
  /// The value's syntax error, if that is what is wrong.
  public var syntax: SVGSyntaxError?
  /// Otherwise, what is wrong.
  public var message: String

  public init(place: String, syntax: SVGSyntaxError) {
    self.place = place
    self.syntax = syntax
    self.message = syntax.description
  }

  public init(place: String, message: String) {
    self.place = place
    self.syntax = nil
    self.message = message
  }

  public var description: String {
    syntax.map { "\(place), \($0)" } ?? "\(place): \(message)"
  }

  /// The value around the offending character with a caret under it (two lines), when the
  /// error is in a value.
  public var context: String? { syntax?.context() }
}

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
