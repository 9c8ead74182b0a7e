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

  /// Appends `s` quoted and escaped to `out`. Runs of bytes that need no escape are copied
  /// whole (an answer of `/api/run` carries a CSV of hundreds of kilobytes).
  public static func append(_ s: String, to out: inout String, scriptSafe: Bool = false) {
    out += "\""
    var s = s
    s.withUTF8 { bytes in
      var start = 0
      var i = 0
      while i < bytes.count {
        let byte = bytes[i]
        var escape: String?
        var width = 1
        switch byte {
        case 0x22: escape = "\\\""
        case 0x5C: escape = "\\\\"
        case 0x0A: escape = "\\n"
        case 0x0D: escape = "\\r"
        case 0x09: escape = "\\t"
        case 0x3C where scriptSafe, 0x3E where scriptSafe, 0x26 where scriptSafe:
          escape = "\\u" + hex4(UInt32(byte))
        case 0xE2 where scriptSafe:
          // U+2028 and U+2029: E2 80 A8 and E2 80 A9.
          if i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] & 0xFE == 0xA8 {
            escape = "\\u" + hex4(0x2000 | UInt32(bytes[i + 2] & 0x2F))
            width = 3
          }
        default:
          if byte < 0x20 || byte == 0x7F { escape = "\\u" + hex4(UInt32(byte)) }
        }
        guard let escape else {
          i += 1
          continue
        }
        if start < i {
          out += String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        }
        out += escape
        i += width
        start = i
      }
      if start < bytes.count {
        out += String(
          decoding: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]), as: UTF8.self)
      }
    }
    out += "\""
  }

  private static func hex4(_ v: UInt32) -> String {
    let digits = Array("0123456789abcdef")
    return String((0..<4).reversed().map { digits[Int((v >> (UInt32($0) * 4)) & 0xF)] })
  }
}
