import FeelCommandSupport

/// The reading of the two messages a drag sends 120 times a second, `touch` and `advance`, in
/// one pass over their bytes instead of through Foundation's `JSONDecoder`, whose keyed decoding
/// was most of the server's CPU per tick: a second way to read, kept because it earned its keep
/// in numbers (docs/server-measurements.md, "Measured").
///
/// It reads only the plainest JSON: one object whose members are plain strings (ASCII or valid
/// UTF-8, no escapes) and numbers, every key known and given once, each of its kind, the numbers
/// normal or zero. Anything else (an escape, a `true`, a key given twice, a number that rounds to
/// zero or to infinity, any doubt) returns nil and goes the general way (`LiveMessage.parseAny`,
/// Foundation's reader), which reads it or says what is wrong. So this way never reads a message
/// differently from the general way, only sooner; FeelServeTests check that on the drag's
/// messages and on 3,000 mutated ones.
enum LiveMessageFastPath {
  static func parse(_ bytes: [UInt8]) -> LiveMessage? {
    bytes.withUnsafeBufferPointer { buffer in
      var scanner = FlatObject(bytes: buffer)
      guard let members = scanner.members() else { return nil }
      return message(members)
    }
  }

  /// A member's value as the scanner read it.
  private enum Value {
    case string(String)
    case number(Double)
  }

  private static func message(_ members: [(key: String, value: Value)]) -> LiveMessage? {
    func value(_ key: String) -> Value? { members.first { $0.key == key }?.value }
    func string(_ key: String) -> String? {
      if case .string(let s)? = value(key) { s } else { nil }
    }
    func number(_ key: String) -> Double? {
      if case .number(let x)? = value(key) { x } else { nil }
    }
    guard let type = string("type"), type == "touch" || type == "advance",
      let allowed = LiveMessage.keys[type],
      members.allSatisfy({ allowed.contains($0.key) })
    else { return nil }
    if type == "advance" {
      return number("to_t_s").map { .advance(to_t_s: $0) }
    }
    guard members.count == allowed.count,
      let id = string("id"), let phase = string("phase").flatMap(LiveSession.Phase.init),
      let t = number("t_s"), let x = number("x_pt"), let y = number("y_pt")
    else { return nil }
    return .touch(id: id, phase: phase, t_s: t, x_pt: x, y_pt: y)
  }

  /// One pass over `{ "key": value, … }`; nil at anything outside the plain subset above.
  private struct FlatObject {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0

    /// The most members a drag's message has (a touch's six); more is not a drag message.
    static let maxMembers = 6
    /// The longest number read here (a double's shortest text is at most 24 bytes); a longer
    /// one goes the general way.
    static let maxNumberBytes = 32

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func members() -> [(key: String, value: Value)]? {
      var members: [(key: String, value: Value)] = []
      skipSpace()
      guard take(UInt8(ascii: "{")) else { return nil }
      skipSpace()
      if take(UInt8(ascii: "}")) { return end() ? members : nil }
      while true {
        guard members.count < Self.maxMembers, let key = string() else { return nil }
        // A key given twice: the general way says which one counts.
        guard !members.contains(where: { $0.key == key }) else { return nil }
        skipSpace()
        guard take(UInt8(ascii: ":")) else { return nil }
        skipSpace()
        guard let value = value() else { return nil }
        members.append((key, value))
        skipSpace()
        if take(UInt8(ascii: ",")) {
          skipSpace()
          continue
        }
        guard take(UInt8(ascii: "}")) else { return nil }
        return end() ? members : nil
      }
    }

    private mutating func end() -> Bool {
      skipSpace()
      return at == bytes.count
    }

    private mutating func skipSpace() {
      while at < bytes.count,
        bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x0D || bytes[at] == 0x09
      {
        at += 1
      }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
      guard at < bytes.count, bytes[at] == byte else { return false }
      at += 1
      return true
    }

    private mutating func value() -> Value? {
      guard at < bytes.count else { return nil }
      if bytes[at] == UInt8(ascii: "\"") { return string().map { .string($0) } }
      return number().map { .number($0) }
    }

    /// A string without escapes or control characters; its bytes valid UTF-8.
    private mutating func string() -> String? {
      guard take(UInt8(ascii: "\"")) else { return nil }
      let start = at
      var ascii = true
      while at < bytes.count {
        let byte = bytes[at]
        if byte == UInt8(ascii: "\"") {
          let slice = UnsafeBufferPointer(rebasing: bytes[start..<at])
          at += 1
          return ascii
            ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
        }
        if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
        if byte >= 0x80 { ascii = false }
        at += 1
      }
      return nil
    }

    /// A number of JSON's grammar (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`)
    /// whose value is a normal double or an exact zero.
    private mutating func number() -> Double? {
      let start = at
      var nonzeroDigit = false
      func digits() -> Int {
        var count = 0
        while at < bytes.count, bytes[at] >= UInt8(ascii: "0"), bytes[at] <= UInt8(ascii: "9") {
          at += 1
          count += 1
        }
        return count
      }
      func mantissaDigits() -> Int {
        let from = at
        let count = digits()
        if bytes[from..<at].contains(where: { $0 != UInt8(ascii: "0") }) { nonzeroDigit = true }
        return count
      }
      _ = take(UInt8(ascii: "-"))
      if take(UInt8(ascii: "0")) {
        // A leading zero stands alone: "01" is not JSON.
      } else {
        guard at < bytes.count, bytes[at] >= UInt8(ascii: "1"), bytes[at] <= UInt8(ascii: "9")
        else { return nil }
        _ = mantissaDigits()
      }
      if take(UInt8(ascii: ".")) {
        guard mantissaDigits() > 0 else { return nil }
      }
      if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
        if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
        guard digits() > 0 else { return nil }
      }
      guard at - start <= Self.maxNumberBytes,
        let x = Double(
          String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self))
      else { return nil }
      // Rounded to infinity, or below the normal range (Foundation's reader refuses some such
      // numbers): the general way's to judge.
      guard x.isFinite, x == 0 ? !nonzeroDigit : x.magnitude >= Double.leastNormalMagnitude
      else { return nil }
      return x
    }
  }
}
