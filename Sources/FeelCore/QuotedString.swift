/// Double-quoted string literals for the text formats FeelLab writes: JSON, TOML basic strings
/// and JavaScript. One escaper serves all three: `\"`, `\\`, `\n`, `\r`, `\t` and `\uXXXX`
/// for other control characters are valid in each.
public enum QuotedString {
  /// `s` quoted and escaped. `scriptSafe` also escapes `<`, `>`, `&`, U+2028 and U+2029, so
  /// the literal can sit inside an HTML script element and be read as JavaScript.
  public static func quoted(_ s: String, scriptSafe: Bool = false) -> String {
    var out = ""
    append(s, to: &out, scriptSafe: scriptSafe)
    return out
  }

  /// Appends `s` quoted and escaped to `out`.
  public static func append(_ s: String, to out: inout String, scriptSafe: Bool = false) {
    out += "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "<" where scriptSafe, ">" where scriptSafe, "&" where scriptSafe,
        "\u{2028}" where scriptSafe, "\u{2029}" where scriptSafe:
        out += "\\u" + hex4(scalar.value)
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          out += "\\u" + hex4(scalar.value)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    out += "\""
  }

  private static func hex4(_ v: UInt32) -> String {
    let digits = Array("0123456789abcdef")
    return String((0..<4).reversed().map { digits[Int((v >> (UInt32($0) * 4)) & 0xF)] })
  }
}
