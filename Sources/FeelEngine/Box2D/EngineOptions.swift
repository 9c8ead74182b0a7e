/// Engine variations that exist only to compare FeelLab with other Box2D builds. UIKit's
/// behaviour is the default; nothing a designer runs changes these.
public struct EngineOptions: Sendable, Equatable {
  /// How a body is moved back along its sweep to a time of impact.
  public var sweepAdvance: SweepAdvanceForm
  /// Test-only: a snap spring frequency (Hz) other than UIKit's 4 Hz, so a test can prove
  /// that the feel regression gate notices a changed engine. Nil in every real run.
  public var snapFrequencyOverride_hz: Double?

  public init(
    sweepAdvance: SweepAdvanceForm = .incremental, snapFrequencyOverride_hz: Double? = nil
  ) {
    self.sweepAdvance = sweepAdvance
    self.snapFrequencyOverride_hz = snapFrequencyOverride_hz
  }

  /// UIKit's engine (Box2D 2.3.0).
  public static let uikit = EngineOptions()
  /// The Box2D inside pybox2d 2.3.10, the reference engine of the differential tests.
  public static let pybox2d = EngineOptions(sweepAdvance: .blended)
}

/// Two float32 forms of c0 ← c0 + β(c − c0). They differ in the last bit, which can decide
/// whether a time-of-impact position solve stops after one more iteration (≈ 0.05 pt).
public enum SweepAdvanceForm: String, Sendable, Equatable, CaseIterable {
  /// `c0 += β(c − c0)`: Box2D 2.3.0, the generation UIKit matches.
  case incremental
  /// `c0 = (1 − β)c0 + βc`: the older form pybox2d 2.3.10 still compiles.
  case blended
}
