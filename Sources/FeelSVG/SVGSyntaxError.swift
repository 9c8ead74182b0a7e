/// A malformed attribute value (path data, points, a transform list, a view box, a length):
/// where in the value it goes wrong and what was expected there.
///
/// `description` is the part after the element: "offset 17: expected a number after 'c', got
/// 'x'"; `context` shows the text around the offset with a caret under it.
public struct SVGSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The offending character's offset in the value (0-based, in characters).
  public var offset: Int
  /// What the grammar allows there: "a number after 'c'".
  public var expected: String
  /// The character found instead, nil at the end of the value.
  public var got: String?
  /// The whole value, for `context`.
  public var text: String

  public var description: String {
    let found = got.map { "'\($0)'" } ?? "the end of the data"
    return "offset \(offset): expected \(expected), got \(found)"
  }

  /// Two lines: the value around the offset (at most `radius` characters either side, line
  /// breaks shown as spaces, cuts marked "…"), and a caret under the offending character.
  public func context(radius: Int = 24) -> String {
    let characters = Array(text.unicodeScalars)
    let low = max(0, offset - radius)
    let high = min(characters.count, offset + radius + 1)
    var shown = ""
    if low > 0 { shown += "…" }
    let prefix = shown.count
    for scalar in characters[low..<high] {
      let value = scalar.value
      shown.unicodeScalars.append(value < 0x20 || value == 0x7F ? " " : scalar)
    }
    if high < characters.count { shown += "…" }
    let caret = String(repeating: " ", count: prefix + offset - low) + "^"
    return shown + "\n" + caret
  }
}
