/// The tests' seeded generator is FeelLab's one SplitMix64 (FeelCore), re-exported so that a
/// test importing FeelTestSupport has it: randomised tests check the same cases every run.
/// It is no second implementation: Tests/FeelCoreTests checks it against the published
/// reference values.
@_exported import struct FeelCore.SplitMix64
