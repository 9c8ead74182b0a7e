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
      appendVarint(zigzag(value &- previous), to: &bytes)
      previous = value
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Zigzag: 0, −1, 1, −2, 2 … → 0, 1, 2, 3, 4 …
  public static func zigzag(_ n: Int64) -> UInt64 { UInt64(bitPattern: (n << 1) ^ (n >> 63)) }

  /// The inverse of `zigzag`.
  public static func unzigzag(_ u: UInt64) -> Int64 {
    Int64(bitPattern: u >> 1) ^ -Int64(bitPattern: u & 1)
  }

  /// Appends one non-negative integer: `payloadBits` bits per character, low bits first.
  public static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
    var rest = value
    repeat {
      let low = Int(rest & UInt64(payloadMask))
      rest >>= UInt64(payloadBits)
      bytes.append(alphabet[rest == 0 ? low : low | continuation])
    } while rest != 0
  }

  /// The non-negative integers of a text of varints; nil if it is malformed.
  public static func varints(_ text: String) -> [UInt64]? {
    var values: [UInt64] = []
    var accumulator: UInt64 = 0
    var shift: UInt64 = 0
    for byte in text.utf8 {
      guard let digit = digits[Int(byte)], shift < 64 else { return nil }
      accumulator |= UInt64(digit & payloadMask) << shift
      if digit & continuation != 0 {
        shift += UInt64(payloadBits)
        continue
      }
      values.append(accumulator)
      accumulator = 0
      shift = 0
    }
    return shift == 0 ? values : nil
  }

  /// Each byte's digit in `alphabet`, nil for bytes outside it.
  private static let digits: [Int?] = {
    var table = [Int?](repeating: nil, count: 256)
    for (i, c) in alphabet.enumerated() { table[Int(c)] = i }
    return table
  }()

  /// Quantises then encodes.
  public static func encode(_ values: [Double], scale: Double) -> String {
    encode(values.map(quantise(scale: scale)))
  }

  public static func quantise(scale: Double) -> (Double) -> Int64 {
    { Int64((($0 * scale).rounded(.toNearestOrAwayFromZero))) }
  }

  /// Decodes `count` integers (the inverse of `encode`); nil if the text is malformed.
  public static func decode(_ text: String, count: Int) -> [Int64]? {
    guard let deltas = varints(text) else { return nil }
    var values: [Int64] = []
    values.reserveCapacity(count)
    var previous: Int64 = 0
    for delta in deltas {
      previous &+= unzigzag(delta)
      values.append(previous)
    }
    guard values.count <= count, count == 0 || !values.isEmpty else { return nil }
    while values.count < count { values.append(values.last ?? 0) }
    return values
  }
}
