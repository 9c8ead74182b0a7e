/// The secret every request carries (docs/studio.md, "Security"): 32 random bytes (256 bits)
/// from the system's generator, written in hex, new at every start unless `--token` or
/// `FEEL_SERVE_TOKEN` gives one (for scripts).
enum ServeToken {
  /// The characters a given token may use: those a URL's query and a cookie carry unescaped.
  static let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

  /// A new token: 64 hex digits (256 random bits).
  static func random() -> String {
    var generator = SystemRandomNumberGenerator()
    let digits = Array("0123456789abcdef")
    var text = ""
    for _ in 0..<4 {
      let word = generator.next() as UInt64
      for shift in stride(from: 60, through: 0, by: -4) {
        text.append(digits[Int((word >> UInt64(shift)) & 0xF)])
      }
    }
    return text
  }

  /// What is wrong with a given token, if anything.
  static func problem(with token: String) -> String? {
    if token.isEmpty { return "a non-empty token" }
    if !token.allSatisfy(allowed.contains) {
      return "a token of letters, digits, '-', '.', '_' and '~' (it goes into a URL and a cookie)"
    }
    return nil
  }

  /// Compares in time that depends only on the lengths, not on where the texts first differ.
  static func matches(_ given: Substring, _ token: String) -> Bool {
    let a = Array(given.utf8)
    let b = Array(token.utf8)
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for i in 0..<a.count { difference |= a[i] ^ b[i] }
    return difference == 0
  }
}
