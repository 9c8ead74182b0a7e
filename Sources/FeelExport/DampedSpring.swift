import Foundation

/// A damped harmonic oscillator on unit mass, the model every framework's spring shares:
/// x″ + 2ζω·x′ + ω²·x = 0, where x is the displacement from the target (pt) and t the time
/// since the motion started (s). Under-, critically and over-damped in one closed form that is
/// continuous in ζ (no branch jumps at ζ = 1).
public struct DampedSpring: Sendable, Equatable {
  /// Natural angular frequency ω (rad/s), > 0.
  public var omega_rad_s: Double
  /// Damping ratio ζ (non-dimensional, ≥ 0): < 1 under-damped, 1 critical, > 1 over-damped.
  public var dampingRatio: Double

  public init(omega_rad_s: Double, dampingRatio: Double) {
    self.omega_rad_s = omega_rad_s
    self.dampingRatio = dampingRatio
  }

  /// Stiffness on unit mass, k = ω² (1/s²).
  public var stiffness_per_s2: Double { omega_rad_s * omega_rad_s }
  /// Damping coefficient on unit mass, c = 2ζω (1/s).
  public var damping_per_s: Double { 2 * dampingRatio * omega_rad_s }
  /// Natural frequency f = ω/2π (Hz).
  public var frequency_hz: Double { omega_rad_s / (2 * .pi) }

  /// Displacement (pt) at `t_s` of the motion that starts at `x0_pt` with velocity `v0_pt_s`
  /// (dx/dt: negative while x0 > 0 moves towards the target).
  public func displacement(at t_s: Double, x0_pt: Double, v0_pt_s: Double) -> Double {
    let b = basis(at: t_s)
    return x0_pt * b.released + v0_pt_s * b.kicked
  }

  /// The two solutions the motion is a sum of, at `t_s`: `released` starts at 1 with no
  /// velocity, `kicked` starts at 0 with velocity 1 (so it is in seconds). With σ = ζω:
  /// kicked = e^(−σt)·S(t) and released = e^(−σt)·(C(t) + σ·S(t)), where C, S are cos(ω_d t),
  /// sin(ω_d t)/ω_d (ζ < 1, ω_d = ω√(1−ζ²)), 1, t (ζ = 1), cosh(a t), sinh(a t)/a (ζ > 1,
  /// a = ω√(ζ²−1)). S/t is evaluated as a series where ω_d·t or a·t is small, and the
  /// over-damped terms as decaying exponentials, so nothing cancels or overflows.
  public func basis(at t_s: Double) -> (released: Double, kicked: Double) {
    let t = t_s
    let omega = omega_rad_s
    let zeta = dampingRatio
    let sigma = zeta * omega
    let q = omega * omega * (1 - zeta * zeta)  // ω_d² (> 0 under-damped), −a² (over-damped)
    let decay = exp(-sigma * t)
    var c: Double  // e^(−σt)·C(t)
    var s: Double  // e^(−σt)·S(t)
    if q >= 0 {
      let y = q.squareRoot() * t
      c = decay * cos(y)
      s = decay * t * Self.sinc(y)
    } else {
      let a = (-q).squareRoot()
      let y = a * t
      if y < 1 {
        c = decay * cosh(y)
        s = decay * t * Self.sinhc(y)
      } else {
        let slow = exp((a - sigma) * t)
        let fast = exp(-(a + sigma) * t)
        c = (slow + fast) / 2
        s = (slow - fast) / (2 * a)
      }
    }
    return (c + sigma * s, s)
  }

  /// sin(y)/y, exact to double precision for small y.
  static func sinc(_ y: Double) -> Double {
    abs(y) < 1e-4 ? 1 - y * y / 6 : sin(y) / y
  }

  /// sinh(y)/y, exact to double precision for small y.
  static func sinhc(_ y: Double) -> Double {
    abs(y) < 1e-4 ? 1 + y * y / 6 : sinh(y) / y
  }
}
