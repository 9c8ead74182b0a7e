import Foundation

/// How long a spring takes to settle, as FeelLab defines it for CASpringAnimation's
/// `settlingDuration` (docs/export.md): the last time its displacement is farther than ε·|x0|
/// from the target (ε = 0.001), after which every later value stays within it. That is the
/// definition SwiftUI documents for `Spring(settlingDuration:dampingRatio:epsilon:)` ("how
/// small all subsequent values need to be"); Core Animation does not publish its own.
public enum SettlingDuration {
  /// Settling duration (s) of the motion of `spring` from `x0_pt` with velocity `v0_pt_s`.
  public static func of(
    _ spring: DampedSpring, x0_pt: Double, v0_pt_s: Double,
    epsilon: Double = ExportDefaults.settlingEpsilon
  ) -> Double {
    let limit = epsilon * abs(x0_pt)
    guard limit > 0 else { return 0 }
    let omega = spring.omega_rad_s
    let zeta = spring.dampingRatio
    let sigma = zeta * omega
    // |x(t)| ≤ (|x0|(1 + σt) + |v0|·t)·e^(−ρt) for every ζ, with ρ = σ − ω√(ζ²−1) for ζ > 1
    // and ρ = σ otherwise (|cos|, |cosh·e^(−at)| ≤ 1 and |sin(ω_d t)/ω_d|, |sinh(at)/a| ≤ t·e^(at)).
    let rho = zeta > 1 ? omega * (zeta - (zeta * zeta - 1).squareRoot()) : sigma
    guard rho > 0 else { return .infinity }
    func bound(_ t: Double) -> Double {
      (abs(x0_pt) * (1 + sigma * t) + abs(v0_pt_s) * t) * exp(-rho * t)
    }
    // The bound falls for t past its peak; double until it is within the limit.
    var end = 1 / rho
    while bound(end) >= limit / 2 { end *= 2 }
    // Scan finely enough to see every oscillation (at least 40 samples per period), then
    // bisect the last crossing.
    let perPeriod = omega > 0 ? 2 * Double.pi / omega / 40 : end
    let n = min(2_000_000, max(4000, Int((end / perPeriod).rounded(.up))))
    let dt = end / Double(n)
    var last: Int?
    for i in 0...n
    where abs(spring.displacement(at: Double(i) * dt, x0_pt: x0_pt, v0_pt_s: v0_pt_s)) > limit {
      last = i
    }
    guard let last else { return 0 }
    var lo = Double(last) * dt
    var hi = lo + dt
    for _ in 0..<80 {
      let mid = (lo + hi) / 2
      if abs(spring.displacement(at: mid, x0_pt: x0_pt, v0_pt_s: v0_pt_s)) > limit {
        lo = mid
      } else {
        hi = mid
      }
    }
    return hi
  }
}
