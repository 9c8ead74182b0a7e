/// The notebook's compact trajectory text: one channel (x, y or angle over frames) as
/// quantised integers, delta-encoded, zigzag-mapped and written as base-64 varints.
///
/// - Quantisation: `round(value × scale)` (x and y: 1/100 pt; angle: 1/100 000 rad), so a
///   decoded value is within half a unit of the engine's (0.005 pt).
/// - The first integer is written as is, then each frame's difference from the one before.
/// - Zigzag: 0, −1, 1, −2, 2 … → 0, 1, 2, 3, 4 …
/// - Each non-negative integer is written low bits first, 5 bits per character of
///   `alphabet`; a character's 6th bit (value 32) says another follows.
/// - Trailing zero differences are left out: a channel shorter than the frame count holds its
///   last value (a constant channel is a single number).
///
/// The alphabet is letters, digits, `-` and `_`: safe inside any JS string and HTML.
/// The page's js/codec.js decodes the same format (`decodeChannel`), with the alphabet, the
/// scales and `payloadBits` that `feel notebook` writes into the page.
public enum TrajectoryCodec {
  public static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  /// Bits of the integer each character carries (its low bits); the next bit up
  /// (`continuation`) says another character follows.
  public static let payloadBits = 5
  static let payloadMask = (1 << payloadBits) - 1
  static let continuation = 1 << payloadBits

  /// Quantisation of positions: units per point (1/100 pt).
  public static let positionScale = 100.0
  /// Quantisation of angles: units per radian (1/100 000 rad).
  public static let angleScale = 100_000.0

  /// Encodes values already quantised to integers.
  public static func encode(_ values: [Int64]) -> String {
    var end = values.count
    while end > 1 && values[end - 1] == values[end - 2] { end -= 1 }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(end * 2)
    var previous: Int64 = 0
    for value in values[..<end] {
      let delta = value &- previous
      previous = value
      var zigzag = UInt64(bitPattern: (delta << 1) ^ (delta >> 63))
      repeat {
        let low = Int(zigzag & UInt64(payloadMask))
        zigzag >>= UInt64(payloadBits)
        bytes.append(alphabet[zigzag == 0 ? low : low | continuation])
      } while zigzag != 0
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Quantises then encodes.
  public static func encode(_ values: [Double], scale: Double) -> String {
    encode(values.map(quantise(scale: scale)))
  }

  public static func quantise(scale: Double) -> (Double) -> Int64 {
    { Int64((($0 * scale).rounded(.toNearestOrAwayFromZero))) }
  }

  /// Decodes `count` integers (the inverse of `encode`); nil if the text is malformed.
  public static func decode(_ text: String, count: Int) -> [Int64]? {
    var index: [UInt8: Int] = [:]
    for (i, c) in alphabet.enumerated() { index[c] = i }
    var values: [Int64] = []
    var previous: Int64 = 0
    var accumulator: UInt64 = 0
    var shift: UInt64 = 0
    for byte in text.utf8 {
      guard let digit = index[byte], shift < 64 else { return nil }
      accumulator |= UInt64(digit & payloadMask) << shift
      if digit & continuation != 0 {
        shift += UInt64(payloadBits)
        continue
      }
      let delta = Int64(bitPattern: accumulator >> 1) ^ -Int64(bitPattern: accumulator & 1)
      previous &+= delta
      values.append(previous)
      accumulator = 0
      shift = 0
    }
    guard shift == 0, values.count <= count, count == 0 || !values.isEmpty else { return nil }
    while values.count < count { values.append(values.last ?? 0) }
    return values
  }
}
