/// A request's target (`/api/run?token=…`): its path, and its query's parameters with their
/// `%XX` escapes and `+` decoded.
struct RequestTarget {
  /// The path, as sent (no decoding: the server's paths need none).
  let path: String
  private let query: Substring

  init(_ target: String) {
    if let mark = target.firstIndex(of: "?") {
      path = String(target[..<mark])
      query = target[target.index(after: mark)...]
    } else {
      path = target
      query = ""
    }
  }

  /// The first value of the parameter `name`, decoded; nil without one (or if it is not
  /// valid UTF-8 once decoded).
  func query(_ name: String) -> String? {
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard Self.decoded(parts[0]) == name else { continue }
      return parts.count == 2 ? Self.decoded(parts[1]) : ""
    }
    return nil
  }

  /// `text` with `+` as a space and `%XX` as the byte XX; nil if the bytes are not UTF-8.
  static func decoded(_ text: Substring) -> String? {
    var bytes: [UInt8] = []
    var utf8 = text.utf8[...]
    while let byte = utf8.popFirst() {
      if byte == UInt8(ascii: "+") {
        bytes.append(UInt8(ascii: " "))
      } else if byte == UInt8(ascii: "%"), utf8.count >= 2,
        let high = hexValue(utf8[utf8.startIndex]),
        let low = hexValue(utf8[utf8.index(after: utf8.startIndex)])
      {
        bytes.append(high << 4 | low)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
