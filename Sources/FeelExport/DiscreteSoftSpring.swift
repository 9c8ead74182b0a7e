import FeelScene
import Foundation

/// The spring an attachment (a Box2D 2.3 soft distance joint) really is once stepped: the
/// closed form of the engine's sub-step on the item's displacement x along the joint (from
/// rest length) and its velocity v, for an item hanging by its centre from a fixed anchor.
///
/// One sub-step of h (docs/export.md derives it), with ω = 2πf, k = m·ω², c = 2mζω,
/// γ = 1/(h(c + h·k)), bias = x·h·k·γ and r the item's velocity factor (UIKit: 1/(1 + h·c_res)):
///
///     v₁ = r·v                                  (integrate velocities: resistance)
///     v₂ = v₁ − (v₁ + bias)/(1 + m·γ)           (the soft constraint: one joint, solved
///        = (v₁ − h·ω²·x) / (1 + 2ζωh + ω²h²)      exactly by its first iteration)
///     x′ = x + h·v₂                              (integrate positions)
///
/// a linear map (x, v) → M·(x, v), independent of the mass, with
///
///     M = [ 1 − h²ω²/D   h·r/D ]      D = 1 + 2ζωh + ω²h²,   det M = r/D
///         [ −h·ω²/D      r/D   ]
///
/// Its eigenvalues λ = e^(s·h) give the continuous spring with the same motion at every
/// sub-step: s = ln λ / h = −ζ′ω′ ± iω′√(1 − ζ′²). Two sub-steps per 60 Hz frame only square
/// λ, so the display frames see the same ω′ and ζ′.
public struct DiscreteSoftSpring: Sendable, Equatable {
  /// The joint's frequency (Hz).
  public var frequency_hz: Double
  /// The joint's damping ratio.
  public var dampingRatio: Double
  /// The item's linear resistance (1/s).
  public var resistance_per_s: Double
  /// The sub-step (s): 1/120 in UIKit's modern profile.
  public var substep_s: Double
  /// The profile, for the resistance law (modern: v·1/(1 + h·c); ios7: v·clamp(1 − h·c, 0, 1)).
  public var profile: Profile

  public init(
    frequency_hz: Double, dampingRatio: Double, resistance_per_s: Double,
    profile: Profile = .modern
  ) {
    self.frequency_hz = frequency_hz
    self.dampingRatio = dampingRatio
    self.resistance_per_s = resistance_per_s
    self.profile = profile
    substep_s =
      profile == .modern
      ? Double(EngineConstants.modernSubstep_s) : EngineConstants.ios7Substep_s
  }

  /// The velocity factor r of one sub-step's resistance.
  public var velocityFactor: Double {
    let hc = substep_s * resistance_per_s
    return profile == .modern ? 1 / (1 + hc) : min(max(1 - hc, 0), 1)
  }

  /// M, row by row: (m11, m12, m21, m22), acting on (x, v).
  public var map: (m11: Double, m12: Double, m21: Double, m22: Double) {
    let h = substep_s
    let w = 2 * Double.pi * frequency_hz
    let d = 1 + 2 * dampingRatio * w * h + w * w * h * h
    let r = velocityFactor
    return (1 - h * h * w * w / d, h * r / d, -h * w * w / d, r / d)
  }

  /// The continuous spring whose motion equals the stepped one at every sub-step: ω′ = |s|,
  /// ζ′ = −Re s/|s| from the eigenvalues; nil if an eigenvalue is not a positive real or a
  /// complex pair (a step too coarse for the spring).
  public var effective: DampedSpring? {
    let m = map
    let h = substep_s
    let trace = m.m11 + m.m22
    let det = m.m11 * m.m22 - m.m12 * m.m21
    let half = trace / 2
    let discriminant = half * half - det
    if discriminant < 0 {
      // λ = √det·e^(±iθ): s = (ln √det ± iθ)/h.
      let re = log(det) / 2 / h
      let im = atan2((-discriminant).squareRoot(), half) / h
      let omega = (re * re + im * im).squareRoot()
      return DampedSpring(omega_rad_s: omega, dampingRatio: -re / omega)
    }
    let l1 = half + discriminant.squareRoot()
    let l2 = half - discriminant.squareRoot()
    guard l1 > 0, l2 > 0 else { return nil }
    // Two real decays s1, s2 = −ζ′ω′ ± ω′√(ζ′² − 1): ω′² = s1·s2, 2ζ′ω′ = −(s1 + s2).
    let s1 = log(l1) / h
    let s2 = log(l2) / h
    let omega = (s1 * s2).squareRoot()
    return DampedSpring(omega_rad_s: omega, dampingRatio: -(s1 + s2) / (2 * omega))
  }
}
