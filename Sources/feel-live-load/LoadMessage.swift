/// What the live load reads of the server's messages (compact JSON, as feel-serve writes it):
/// the `type`, and a frame's number or a still run's last frame. The rest is kept as text.
enum LoadMessage {
  /// The value of the first `"type":"…"` member.
  static func type(_ message: [UInt8]) -> String? {
    guard let start = valueStart(message, key: "type"), start < message.count,
      message[start] == UInt8(ascii: "\"")
    else { return nil }
    var end = start + 1
    while end < message.count, message[end] != UInt8(ascii: "\"") { end += 1 }
    return String(decoding: message[(start + 1)..<end], as: UTF8.self)
  }

  /// The integer value of the first `"key":` member.
  static func integer(_ message: [UInt8], key: String) -> Int? {
    guard var at = valueStart(message, key: key) else { return nil }
    var value = 0
    var digits = 0
    while at < message.count, (48...57).contains(message[at]) {
      value = value * 10 + Int(message[at] - 48)
      at += 1
      digits += 1
    }
    return digits > 0 ? value : nil
  }

  /// Whether the message shows frame `frame`: that frame, or a still run through it.
  static func reaches(_ message: [UInt8], kind: String?, frame: Int) -> Bool {
    switch kind {
    case "frame": integer(message, key: "frame") == frame
    case "still": (integer(message, key: "to_frame") ?? -1) >= frame
    default: false
    }
  }

  private static func valueStart(_ message: [UInt8], key: String) -> Int? {
    let pattern = Array("\"\(key)\":".utf8)
    guard message.count >= pattern.count else { return nil }
    var i = 0
    while i + pattern.count <= message.count {
      if message[i] == pattern[0], Array(message[i..<(i + pattern.count)]) == pattern {
        var at = i + pattern.count
        while at < message.count, message[at] == UInt8(ascii: " ") { at += 1 }
        return at
      }
      i += 1
    }
    return nil
  }
}
