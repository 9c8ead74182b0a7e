/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014): the seeded generator of the synthetic touch corpus (`SyntheticCorpus`).
/// Integer arithmetic only, so a seed gives the same numbers on every machine; nothing here
/// uses Foundation's or the system's randomness.
struct SplitMix64: Sendable {
  private(set) var state: UInt64

  init(state: UInt64) { self.state = state }

  /// The generator of stream `stream` of `seed`: its state starts at `seed` XOR the SplitMix64
  /// finaliser of the stream number, so neighbouring streams do not overlap as they would if
  /// their states differed by multiples of the increment.
  init(seed: UInt64, stream: UInt64) {
    state = seed ^ Self.mix(stream &+ Self.increment)
  }

  /// The golden-ratio increment (2⁶⁴ / φ, odd).
  static let increment: UInt64 = 0x9E37_79B9_7F4A_7C15

  /// SplitMix64's finaliser: a bijection of 64-bit words with good avalanche.
  static func mix(_ x: UInt64) -> UInt64 {
    var z = x
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func next() -> UInt64 {
    state &+= Self.increment
    return Self.mix(state)
  }

  /// A uniform number in [0, 1): the top 53 bits times 2⁻⁵³ (exact in a Double).
  mutating func unit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }
}
