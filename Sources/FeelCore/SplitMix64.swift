/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014): FeelLab's one seeded generator. The synthetic touch corpus
/// (`SyntheticCorpus`) draws from it, the fuzzers (FeelFuzz, feel-svg-fuzz) mutate inputs with
/// it, and randomised tests (Tests/FeelTestSupport re-exports it) check the same cases every
/// run.
/// Integer arithmetic only, so a seed gives the same numbers on every machine; nothing here
/// uses Foundation's or the system's randomness.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  /// The state: the last value added to, before mixing. Any value is a valid seed.
  public var state: UInt64

  public init(state: UInt64) { self.state = state }

  /// The generator of stream `stream` of `seed`: its state starts at `seed` XOR the SplitMix64
  /// finaliser of the stream number, so neighbouring streams do not overlap as they would if
  /// their states differed by multiples of the increment.
  public init(seed: UInt64, stream: UInt64) {
    state = seed ^ Self.mix(stream &+ Self.increment)
  }

  /// The golden-ratio increment (2⁶⁴ / φ, odd).
  public static let increment: UInt64 = 0x9E37_79B9_7F4A_7C15

  /// SplitMix64's finaliser: a bijection of 64-bit words with good avalanche.
  public static func mix(_ x: UInt64) -> UInt64 {
    var z = x
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  public mutating func next() -> UInt64 {
    state &+= Self.increment
    return Self.mix(state)
  }

  /// A uniform number in [0, 1): the top 53 bits times 2⁻⁵³ (exact in a Double).
  public mutating func unit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }
}
