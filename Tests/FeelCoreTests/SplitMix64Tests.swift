import FeelCore
import Testing

/// FeelLab's one seeded generator against the published reference values.
@Suite struct SplitMix64Tests {
  @Test("SplitMix64 gives the published reference values (Vigna's splitmix64.c)")
  func splitMix() {
    // The first six outputs for seed 1477776061723855037, as rand_xoshiro's test `reference`
    // (rust-random/rngs, rand_xoshiro/src/splitmix64.rs) lists them, produced by Sebastiano
    // Vigna's reference C code (https://prng.di.unimi.it/splitmix64.c).
    var random = SplitMix64(state: 1_477_776_061_723_855_037)
    let published: [UInt64] = [
      1_985_237_415_132_408_290, 2_979_275_885_539_914_483, 13_511_426_838_097_143_398,
      8_488_337_342_461_049_707, 15_141_737_807_933_549_159, 17_093_170_987_380_407_015,
    ]
    #expect((0..<published.count).map { _ in random.next() } == published)
    // A stream's state starts at seed XOR the finaliser of (stream + increment): stream 0's
    // first output is then the finaliser of that state plus the increment.
    var stream = SplitMix64(seed: 5, stream: 0)
    #expect(stream.state == 5 ^ SplitMix64.mix(SplitMix64.increment))
    let state = stream.state
    #expect(stream.next() == SplitMix64.mix(state &+ 0x9E37_79B9_7F4A_7C15))
  }
}
