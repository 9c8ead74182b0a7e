import Foundation

/// The detent's rotational spring, solved exactly: x″ + 2ζω x′ + ω² x = 0 with x the angle
/// from the rest angle (rad), ω = 2π·frequency (rad/s) and ζ the damping ratio. Advancing a
/// state (x, v) by t seconds uses the closed-form solution
///
///     x(t) = c(t)·x₀ + s(t)·(v₀ + ζω·x₀)
///     v(t) = c(t)·v₀ − s(t)·(ω²·x₀ + ζω·v₀)
///
/// with, for a = ζω,
///
///     ζ < 1:  c = e^(−at)·cos(ω_d t),   s = e^(−at)·sin(ω_d t) / ω_d,   ω_d = ω√(1 − ζ²)
///     ζ = 1:  c = e^(−ωt),              s = t·e^(−ωt)
///     ζ > 1:  c = e^(−at)·cosh(ω_h t),  s = e^(−at)·sinh(ω_h t) / ω_h,  ω_h = ω√(ζ² − 1)
///
/// (docs/tempo-dial.md derives it). Being the exact flow, it is stable at any frequency and
/// frame rate: a 1000 Hz detent lands in one frame, a 0.01 Hz one creeps, neither blows up.
/// The energy E = v²/2 + ω²x²/2 never grows (dE/dt = −2ζω v² ≤ 0), so the spring never takes
/// the item farther from the rest angle than √(x² + (v/ω)²): the landing rule rests on that.
public struct DampedRotation: Sendable, Equatable {
  /// c(t) and s(t) for the step, so that a frame costs four multiplications.
  public let c: Double
  public let s: Double
  /// ω (rad/s) and ζ.
  public let omega_rad_s: Double
  public let damping: Double

  /// The step of `dt_s` seconds for a spring of `frequency_hz` (> 0) and `damping` (≥ 0).
  public init(frequency_hz: Double, damping zeta: Double, dt_s t: Double) {
    let w = 2 * Double.pi * frequency_hz
    omega_rad_s = w
    damping = zeta
    if zeta < 1 {
      let wd = w * (1 - zeta * zeta).squareRoot()
      let decay = exp(-zeta * w * t)
      c = decay * cos(wd * t)
      s = decay * sin(wd * t) / wd
    } else if zeta == 1 {
      let decay = exp(-w * t)
      c = decay
      s = t * decay
    } else {
      // e^(−(a ∓ ω_h)t), with a − ω_h = ω / (ζ + √(ζ² − 1)) written without cancellation.
      let root = (zeta * zeta - 1).squareRoot()
      let wh = w * root
      let slow = exp(-w * t / (zeta + root))
      let fast = exp(-(zeta * w + wh) * t)
      c = 0.5 * (slow + fast)
      // sinh: e^(−(a−ω_h)t) − e^(−(a+ω_h)t) over 2ω_h, by expm1 while ω_h t is small (ζ near
      // 1), where the difference would cancel.
      let y = 2 * wh * t
      s = y < 1 ? fast * expm1(y) / (2 * wh) : (slow - fast) / (2 * wh)
    }
  }

  /// The state (angle from rest, rad; angular velocity, rad/s) one step later.
  public func advance(x: Double, v: Double) -> (x: Double, v: Double) {
    let a = damping * omega_rad_s
    return (c * x + s * (v + a * x), c * v - s * (omega_rad_s * omega_rad_s * x + a * v))
  }

  /// √(x² + (v/ω)²) (rad): the farthest the spring can take the item from rest from this
  /// state on (its energy never grows).
  public func amplitude(x: Double, v: Double) -> Double {
    let u = v / omega_rad_s
    return (x * x + u * u).squareRoot()
  }
}
