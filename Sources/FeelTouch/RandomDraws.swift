import FeelCore

/// The distributions the synthetic touch corpus draws from (docs/touches.md, "The synthetic
/// corpus"), on SplitMix64 and `PortableMath` only, so every draw is the same on every machine.
extension SplitMix64 {
  /// Uniform on [range.lowerBound, range.upperBound).
  mutating func uniform(_ range: ClosedRange<Double>) -> Double {
    range.lowerBound + (range.upperBound - range.lowerBound) * unit()
  }

  /// Log-uniform on [a, b] (a > 0): its logarithm is uniform, so each factor of 2 in the range
  /// is equally likely. Mean (b − a) / ln(b / a).
  mutating func logUniform(_ range: ClosedRange<Double>) -> Double {
    let a = range.lowerBound
    let b = range.upperBound
    if a == b { return a }
    return a * PortableMath.exp(unit() * PortableMath.log(b / a))
  }

  /// True with probability `p`.
  mutating func chance(_ p: Double) -> Bool { unit() < p }

  /// Two independent standard normal numbers: Marsaglia's polar method (a point uniform in the
  /// unit disc, scaled by √(−2 ln s / s)).
  mutating func normalPair() -> (Double, Double) {
    while true {
      let u = 2 * unit() - 1
      let v = 2 * unit() - 1
      let s = u * u + v * v
      if s > 0 && s < 1 {
        let f = (-2 * PortableMath.log(s) / s).squareRoot()
        return (u * f, v * f)
      }
    }
  }

  /// A direction uniform on the circle: a point uniform in the unit disc (not at its centre),
  /// normalised.
  mutating func direction() -> (x: Double, y: Double) {
    while true {
      let u = 2 * unit() - 1
      let v = 2 * unit() - 1
      let s = u * u + v * v
      if s > 1e-12 && s < 1 {
        let r = s.squareRoot()
        return (u / r, v / r)
      }
    }
  }
}
