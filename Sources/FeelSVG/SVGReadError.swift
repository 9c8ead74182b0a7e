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
