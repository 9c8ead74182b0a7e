import Foundation

/// The motion of m·x″ + c·x′ + k·x = 0 from x(0) = x0, x′(0) = v0, written from the roots of
/// m·r² + c·r + k = 0, independently of FeelExport's `DampedSpring` (which uses a form
/// continuous in ζ): the tests generate each framework's spring with it.
struct ReferenceSpring {
  var mass: Double
  var stiffness: Double
  var damping: Double

  func x(_ t: Double, x0: Double, v0: Double) -> Double {
    let m = mass
    let c = damping
    let k = stiffness
    let alpha = -c / (2 * m)
    let disc = c * c - 4 * m * k
    if abs(disc) <= 1e-12 * c * c {
      // Critical: a repeated root.
      return (x0 + (v0 - alpha * x0) * t) * exp(alpha * t)
    }
    if disc < 0 {
      let beta = (-disc).squareRoot() / (2 * m)
      return exp(alpha * t) * (x0 * cos(beta * t) + (v0 - alpha * x0) / beta * sin(beta * t))
    }
    let r1 = (-c + disc.squareRoot()) / (2 * m)
    let r2 = (-c - disc.squareRoot()) / (2 * m)
    let b = (v0 - r1 * x0) / (r2 - r1)
    let a = x0 - b
    return a * exp(r1 * t) + b * exp(r2 * t)
  }

  /// Samples at `rate_hz` over `seconds` from t = 0.
  func samples(x0: Double, v0: Double, rate_hz: Double = 60, seconds: Double = 2) -> (
    t: [Double], x: [Double]
  ) {
    let n = Int((seconds * rate_hz).rounded())
    let t = (0...n).map { Double($0) / rate_hz }
    return (t, t.map { x($0, x0: x0, v0: v0) })
  }
}
