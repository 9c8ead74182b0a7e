/// The defaults of FeelLab's two dial behaviors, `inertia` and `detent` (docs/tempo-dial.md),
/// each in one place. Neither is UIKit's: the inertia numbers are the "Click" metronome
/// author's (his public demo, rdsquared09/CircularScrollInertia, RDDRotationControlSurface.m:
/// DECELERATION_RATE, MAX_VELOCITY, MIN_VELOCITY, the 0.0001°/s stop and the 0.05 s timer);
/// the detent's are FeelLab's starting point for a tuner (the contract's example values).
public enum InertiaDefaults {
  /// Speed factor per display frame (non-dimensional): DECELERATION_RATE.
  public static let decay = 0.97
  /// The starting speed is clamped to ±this (rad/s): MAX_VELOCITY, 2000°/s.
  public static let maxSpeed_rad_s = 2000 * Double.pi / 180
  /// No coast at all when the starting speed is below this (rad/s): MIN_VELOCITY, 10°/s.
  public static let minSpeed_rad_s = 10 * Double.pi / 180
  /// The coast ends once the next speed is no more than this (rad/s): 0.0001°/s.
  public static let stopSpeed_rad_s = 0.0001 * Double.pi / 180
  /// The author's estimator: a finger that did not move for this long before lifting leaves
  /// no speed (s): his inertia timer, restarted at every move, wipes the recorded step.
  public static let restReset_s = 0.05
}

/// FeelLab's detent: its example constants and the landing rule (docs/tempo-dial.md,
/// "The detent's law").
public enum DetentDefaults {
  /// Rest angles: phase + 2πk/count (rad).
  public static let phase_rad = 0.0
  /// Natural frequency of the rotational spring (Hz).
  public static let frequency_hz = 4.0
  /// Damping ratio of the spring (non-dimensional).
  public static let damping = 0.7
  /// The spring takes over once the item turns slower than this (rad/s).
  public static let engageBelow_rad_s = 1.0
  /// The approach is finished (the item placed exactly on its rest angle) once the spring's
  /// undamped amplitude, √(x² + (v/ω_n)²), is at most this (rad): the spring would never take
  /// the item farther than this from the rest angle again, so the last placement moves it by
  /// less. 1e-4 rad is 0.012 pt at the rim of a 240 pt disc: invisible, and ten times inside
  /// the contract's 1e-3 rad.
  public static let landingAmplitude_rad = 1e-4
}
