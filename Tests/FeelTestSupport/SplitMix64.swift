/// The tests' seeded generator is FeelLab's one SplitMix64 (FeelTouch), re-exported so that a
/// test importing FeelTestSupport has it: randomised tests check the same cases every run.
/// It is checked against the published reference values in Tests/FeelTouchTests.
@_exported import struct FeelTouch.SplitMix64
