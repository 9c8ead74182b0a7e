/// JSON text for feel-serve's answers: objects of strings, written over UTF-8 bytes so that a
/// `feel run` CSV of tens of megabytes is escaped in one pass. The escapes are those of
/// FeelLab's other JSON (`QuotedString`): `\"`, `\\`, `\n`, `\r`, `\t`, `\u00XX` for the
/// other control characters; everything else as it is.
enum JSONText {
  /// `{"key": "value", …}` with a line break at the end.
  static func object(_ members: [(String, String)]) -> String {
    var bytes: [UInt8] = [UInt8(ascii: "{")]
    bytes.reserveCapacity(members.reduce(16) { $0 + $1.0.utf8.count + $1.1.utf8.count + 8 })
    for (index, (key, value)) in members.enumerated() {
      if index > 0 { bytes.append(contentsOf: ", ".utf8) }
      appendString(key, to: &bytes)
      bytes.append(contentsOf: ": ".utf8)
      appendString(value, to: &bytes)
    }
    bytes.append(contentsOf: "}\n".utf8)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The size of `object(members)` in bytes, without writing it.
  static func objectSize(_ members: [(String, String)]) -> Int {
    var size = 3 + max(0, members.count - 1) * 2
    for (key, value) in members { size += stringSize(key) + 2 + stringSize(value) }
    return size
  }

  /// Appends `text` as a JSON string literal.
  static func appendString(_ text: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
      case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
      case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
      case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
      case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
      case 0..<0x20, 0x7F:
        bytes.append(contentsOf: "\\u00".utf8)
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 0xF)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// The size of `text` as a JSON string literal.
  static func stringSize(_ text: String) -> Int {
    var size = 2
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x0A, 0x0D, 0x09: size += 2
      case 0..<0x20, 0x7F: size += 6
      default: size += 1
      }
    }
    return size
  }

  private static let hex = Array("0123456789abcdef".utf8)
}
