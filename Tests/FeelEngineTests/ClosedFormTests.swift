import FeelEngine
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// The engine against closed forms of its own integrator and of a damped spring.
@Suite struct ClosedFormTests {
  /// An item falling under a gravity behavior, with the given linear resistance (1/s).
  func fallingScene(resistance: Double, magnitude: Double) -> Scene {
    Scene(
      duration_s: 1,
      items: [SceneItem(id: "box", size_pt: Point(40, 30), center_pt: Point(0, 0))],
      behaviors: [
        SceneBehavior(id: "g", items: ["box"], kind: .gravity(GravitySpec(magnitude: magnitude))),
        SceneBehavior(
          id: "p", items: ["box"],
          kind: .item(ItemPropertiesSpec(resistance: resistance, angularResistance: 0))),
      ])
  }

  /// Semi-implicit Euler with UIKit's damping, summed exactly: after n sub-steps of h,
  /// v_k = r(v_{k−1} + h·g) with r = 1/(1 + h·c), and y_n = Σ h·v_k.
  func eulerFall(substeps n: Int, g: Double, c: Double) -> (y: Double, v: Double) {
    let h = 1.0 / 120
    let r = 1 / (1 + h * c)
    // Closed form of the recurrence: v_k = h·g·r·(1 − r^k)/(1 − r) (→ k·h·g as c → 0).
    func v(_ k: Int) -> Double {
      c == 0 ? Double(k) * h * g : h * g * r * (1 - pow(r, Double(k))) / (1 - r)
    }
    // Σ_{k=1..n} v_k in closed form.
    let y: Double
    if c == 0 {
      y = h * h * g * Double(n * (n + 1)) / 2
    } else {
      let geometric = r * (1 - pow(r, Double(n))) / (1 - r)
      y = h * (h * g * r / (1 - r)) * (Double(n) - geometric)
    }
    return (y, v(n))
  }

  /// Frame n at 60 Hz runs 2n − 1 sub-steps: one on the first frame, then two.
  func substeps(afterFrame n: Int) -> Int { 2 * n - 1 }

  @Test(arguments: [0.0, 0.1, 1.5])
  func freeFallMatchesSemiImplicitEuler(resistance: Double) throws {
    let frames = trajectory(fallingScene(resistance: resistance, magnitude: 1))
    let g = 1000.0  // pt/s²
    for n in [1, 2, 10, 60] {
      let expected = eulerFall(substeps: substeps(afterFrame: n), g: g, c: resistance)
      let s = frames[n][0]
      expectClose(
        s.center_pt.y, expected.y, .float32Accumulation, "y_pt at frame \(n), c \(resistance)")
      expectClose(
        s.velocity_pt_s.y, expected.v, .float32Accumulation,
        "vy_pt_s at frame \(n), c \(resistance)")
      // cos(π/2) ≈ 6e-17 is the only sideways pull.
      #expect(abs(s.center_pt.x) < 1e-9, "gravity straight down moves nothing sideways")
    }
  }

  /// A snapped item displaced a little along x oscillates at the rule of thumb's effective
  /// frequency (docs/uikit-dynamics-model.md, "Snap"), 4 Hz × √2 with rotation disabled or
  /// × √(2(w²+h²)/(w²+4h²)) with it, with a damping ratio scaled by the same factor plus
  /// about ω·h/2 of numerical damping.
  @Test(arguments: [(false, 0.1), (false, 0.3), (true, 0.1)])
  func snapSmallMotionFrequencyAndDamping(allowsRotation: Bool, damping: Double) throws {
    let w = 320.0  // pt: the bar of snappedBarScene
    let hgt = 50.0
    let factor =
      allowsRotation
      ? ((2 * (w * w + hgt * hgt)) / (w * w + 4 * hgt * hgt)).squareRoot() : 2.0.squareRoot()
    let fExpected = 4 * factor
    let omega = 2 * Double.pi * fExpected
    let zetaExpected = damping * factor + omega * (1.0 / 120) / 2

    // Sample x(t) at every sub-step: drive the animator at 120 Hz frames.
    var sim = SceneSimulation(
      snappedBarScene(
        release_pt: 5, damping: damping, allowsRotation: allowsRotation, duration_s: 1.5,
        frameRate_hz: 120))
    var xs: [Double] = [sim.state(ofItem: 0).center_pt.x - 160]
    for _ in 0..<180 {
      sim.advance()
      xs.append(sim.state(ofItem: 0).center_pt.x - 160)
    }
    // Damped frequency from successive downward zero crossings (interpolated).
    var crossings: [Double] = []
    for i in 1..<xs.count where xs[i - 1] > 0 && xs[i] <= 0 {
      crossings.append(Double(i - 1) + xs[i - 1] / (xs[i - 1] - xs[i]))
    }
    try #require(crossings.count >= 2, "at least one full oscillation")
    let period_s = (crossings[1] - crossings[0]) / 120
    let fDamped = 1 / period_s
    // Logarithmic decrement between the first two minima gives ζ.
    var minima: [Double] = []
    for i in 1..<(xs.count - 1) where xs[i] < xs[i - 1] && xs[i] <= xs[i + 1] && xs[i] < 0 {
      minima.append(xs[i])
    }
    try #require(minima.count >= 2, "two troughs")
    let delta = log(minima[0] / minima[1])
    let zeta = delta / (4 * Double.pi * Double.pi + delta * delta).squareRoot()
    let fNatural = fDamped / (1 - zeta * zeta).squareRoot()
    expectClose(fNatural, fExpected, .ruleOfThumbFrequency, "natural frequency (Hz)")
    expectClose(zeta, zetaExpected, .ruleOfThumbDamping, "damping ratio")
    if !allowsRotation {
      // Exactly, for the 1-D motion: the linearised soft-constraint step itself.
      let exact = LinearisedSnapStep(damping: damping).modes
      expectClose(
        fNatural, exact.f_hz, .discreteLinearisation, "natural frequency vs discrete step")
      expectClose(zeta, exact.zeta, .discreteLinearisation, "damping ratio vs discrete step")
    }
  }
}
