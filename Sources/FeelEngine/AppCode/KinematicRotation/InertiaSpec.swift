/// FeelLab's `inertia` behavior (docs/tempo-dial.md; not UIKit's): the "Click" author's coast.
/// Once per display frame, with v the coast's speed: v′ = decay·v; if |v′| ≤ `stopSpeed_rad_s`
/// the coast ends (no turn that frame), else the item turns by v / frame_rate and v becomes v′.
/// The starting speed is clamped to ±`maxSpeed_rad_s`; below `minSpeed_rad_s` there is no
/// coast. While it coasts the item is moved kinematically: it has no body.
public struct InertiaSpec: Sendable, Equatable {
  /// Where the starting speed comes from when a drag-ended rule with `release_velocity` adds
  /// the behavior (any other time: the item's own angular velocity).
  public enum Estimator: String, Sendable, Equatable, CaseIterable {
    /// The recognizer's angular release velocity: least squares over the velocity window
    /// (docs/touches.md).
    case release
    /// The author's: the latest angle step over the latest move interval, 0 when that interval
    /// is `restReset_s` or longer (the finger rested before lifting).
    case author
  }

  /// Speed factor per display frame (non-dimensional, 0 ≤ decay < 1).
  public var decay: Double
  /// The starting speed is clamped to ±this (rad/s, ≥ 0).
  public var maxSpeed_rad_s: Double
  /// A starting speed below this (in magnitude) starts no coast (rad/s, ≥ 0).
  public var minSpeed_rad_s: Double
  /// The coast ends once the next speed is no more than this (rad/s, ≥ 0).
  public var stopSpeed_rad_s: Double
  public var estimator: Estimator

  /// The author's estimator: a finger that did not move for this long before lifting leaves
  /// no speed (s): his inertia timer (0.05 s, his public demo, rdsquared09/CircularScrollInertia,
  /// RDDRotationControlSurface.m), restarted at every move, wipes the recorded step.
  public static let restReset_s = 0.05

  /// The scene file's defaults are the scene schema's (FeelScene's `SceneSchema.inertia`).
  public init(
    decay: Double, maxSpeed_rad_s: Double, minSpeed_rad_s: Double, stopSpeed_rad_s: Double,
    estimator: Estimator
  ) {
    self.decay = decay
    self.maxSpeed_rad_s = maxSpeed_rad_s
    self.minSpeed_rad_s = minSpeed_rad_s
    self.stopSpeed_rad_s = stopSpeed_rad_s
    self.estimator = estimator
  }

  /// The coast's speed for a starting speed `omega_rad_s` (rad/s): clamped to ±max; nil (no
  /// coast) when its magnitude is below the minimum, as the author's `v >= MIN_VELOCITY`.
  public func startSpeed(_ omega_rad_s: Double) -> Double? {
    let v = min(max(omega_rad_s, -maxSpeed_rad_s), maxSpeed_rad_s)
    guard abs(v) >= minSpeed_rad_s, v != 0 else { return nil }
    return v
  }

  /// How far a coast at speed `v_rad_s` still turns (rad) if nothing stops it, at `dt_s` per
  /// frame: v·dt·(1 + decay + decay² + …) = v·dt / (1 − decay) (the stop speed cuts a tail
  /// below stop_speed·dt / (1 − decay)).
  public func remainingTurn_rad(speed v_rad_s: Double, dt_s: Double) -> Double {
    v_rad_s * dt_s / (1 - decay)
  }
}
