/// Error messages are one line each (`feel` prints one per problem, and tests and scripts read
/// them line by line), yet they quote what a file holds, which may be anything: a string value
/// with a line break, an escape sequence, a Unicode line separator. `oneLine` writes those
/// characters as escapes (`\n`, `\t`, `\u{1B}`), so the message stays one line of plain text.
public enum MessageText {
  /// `text` with control characters (C0, DEL, C1) and U+2028/U+2029 escaped.
  public static func oneLine(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where needsEscape(scalar):
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
      || scalar.value == 0x2029
  }
}
