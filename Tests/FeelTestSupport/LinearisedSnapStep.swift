import FeelScene
import Foundation

/// One sub-step of a snapped item that cannot rotate, moving along x, linearised: the soft
/// constraint of the snap's two horizontal joints (Catto, "Soft Constraints", GDC 2011) with
/// k = mω², c = 2mζω, γ = 1/(h(c + h·k)), bias = C·h·k·γ, solved to convergence for the two
/// joints together, then x += h·v. It maps (x, v) to
///
///     v' = (1 − a)·v − a·h·k·γ·x,   x' = x + h·v',   a = (2/m) / (2/m + γ),
///
/// which does not depend on the mass m (c and k scale with m, γ with 1/m). A closed form from
/// the published equations, independent of the engine's code; the engine's and the metrics'
/// tests measure the engine against it.
public struct LinearisedSnapStep: Sendable {
  /// Sub-step (s).
  public let h_s: Double
  /// a (dimensionless): the fraction of the velocity the joints remove per sub-step.
  let a: Double
  /// a·h·k·γ (1/s): how much velocity one sub-step adds per unit of displacement.
  let pull_1_s: Double

  /// The step for a snap damping ratio ζ, UIKit's 4 Hz springs and 1/120 s sub-steps unless
  /// given.
  public init(
    damping zeta: Double, frequency_hz: Double = SnapDefaults.frequency_hz, h_s: Double = 1.0 / 120
  ) {
    let m = 1.0  // the map does not depend on the mass
    let omega = 2 * Double.pi * frequency_hz
    let k = m * omega * omega
    let c = 2 * m * zeta * omega
    let gamma = 1 / (h_s * (c + h_s * k))
    self.h_s = h_s
    a = (2 / m) / (2 / m + gamma)
    pull_1_s = a * h_s * k * gamma
  }

  /// x after `n` sub-steps from (x0, 0), by iterating the map (x in any length unit).
  public func x(from x0: Double, substeps n: Int) -> Double {
    var x = x0
    var v = 0.0
    for _ in 0..<n {
      v = (1 - a) * v - pull_1_s * x
      x += h_s * v
    }
    return x
  }

  /// Natural frequency (Hz) and damping ratio (dimensionless) of the map, from its complex
  /// eigenvalues z = e^(s·h), s = −ζω_n ± iω_n√(1 − ζ²).
  public var modes: (f_hz: Double, zeta: Double) {
    // x' = m11·x + m12·v ; v' = m21·x + m22·v
    let m11 = 1 - h_s * pull_1_s
    let m12 = h_s * (1 - a)
    let m21 = -pull_1_s
    let m22 = 1 - a
    let trace = m11 + m22
    let det = m11 * m22 - m12 * m21
    let re = trace / 2
    let im = (det - re * re).squareRoot()
    let sRe = log((re * re + im * im).squareRoot()) / h_s
    let sIm = atan2(im, re) / h_s
    let omegaN = (sRe * sRe + sIm * sIm).squareRoot()
    return (omegaN / (2 * Double.pi), -sRe / omegaN)
  }
}
