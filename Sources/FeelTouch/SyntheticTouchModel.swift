/// The distributions of the synthetic touch corpus, each constant in one place with its unit
/// (docs/touches.md, "The synthetic corpus", gives the reasons and sources). Every value here is
/// FeelLab's assumption unless its comment names a source.
///
/// Every trace: touch-down at t = 0 at a point uniform in `startRegion`; sampled at one of the
/// corpus's touch rates, chosen evenly; sample k at k / rate plus a timing jitter uniform in
/// ±`timingJitter_s` (none on the touch-down), until the first sample at or after the trace's
/// duration, which is the lift; each sample moved by sensor noise, normal with
/// `sensorNoise_pt` per axis. The finger's pad drifts over the whole trace by a vector normal
/// with `drift_pt` per axis (or `wobble_pt` for a wobbly press, with `wobbleProbability`),
/// along the minimum-jerk profile 10u³ − 15u⁴ + 6u⁵ of the elapsed fraction u of the duration.
public struct SyntheticTouchModel: Sendable, Equatable {
  /// Where touch-downs fall (pt): a phone's screen, away from its edges. The recognizer only
  /// sees motion relative to the touch-down, so this only places drawings.
  public var startX_pt: ClosedRange<Double> = 20...300
  public var startY_pt: ClosedRange<Double> = 80...560
  /// Each sample after the touch-down is this much early or late at most (s), uniform.
  public var timingJitter_s = 0.001
  /// The digitiser's noise on each sample (pt, the standard deviation per axis).
  public var sensorNoise_pt = 0.15
  /// A steady press's drift from touch-down to lift (pt, the standard deviation per axis).
  public var drift_pt = 1.2
  /// How often a press wobbles (0–1), and its drift then (pt, per axis).
  public var wobbleProbability = 0.1
  public var wobble_pt = 4.0

  /// A tap's duration (s), log-uniform.
  public var tapDuration_s: ClosedRange<Double> = 0.05...0.3

  /// A drag's distance (pt), log-uniform, along a direction uniform on the circle.
  public var dragDistance_pt: ClosedRange<Double> = 12...240
  /// How long a drag's movement takes (s), log-uniform; the finger follows the minimum-jerk
  /// profile over it, so it starts and ends slowly.
  public var dragMoveDuration_s: ClosedRange<Double> = 0.15...1.5
  /// How often a drag rests before it moves (0–1), and how long (s), log-uniform.
  public var dragPauseProbability = 0.25
  public var dragPause_s: ClosedRange<Double> = 0.05...0.6

  /// A hold's duration (s), uniform.
  public var holdDuration_s: ClosedRange<Double> = 0.5...1.5
  /// How often a hold creeps (0–1), and at what constant speed (pt/s), log-uniform, in a
  /// direction uniform on the circle.
  public var holdCreepProbability = 0.25
  public var holdCreepSpeed_pt_s: ClosedRange<Double> = 2...20

  public init() {}

  /// FeelLab's model, as docs/touches.md documents it.
  public static let standard = SyntheticTouchModel()

  /// The minimum-jerk position profile (Flash and Hogan 1985) at elapsed fraction `u`,
  /// clamped to [0, 1]: 0 at the start, 1 at the end, zero speed at both.
  public static func minimumJerk(_ u: Double) -> Double {
    if u <= 0 { return 0 }
    if u >= 1 { return 1 }
    return u * u * u * (10 + u * (-15 + 6 * u))
  }
}
