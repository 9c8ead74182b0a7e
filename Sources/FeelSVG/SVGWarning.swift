/// Something the reader skipped or could not draw as a browser would.
public struct SVGWarning: Sendable, Hashable, CustomStringConvertible {
  /// The line of the element's start tag (1-based).
  public var line: Int
  /// The element's name (`text`).
  public var element: String
  public var message: String

  /// "line 12: <text> skipped: text is not supported (convert it to outlines)".
  public var description: String { "line \(line): <\(element)> \(message)" }
}
