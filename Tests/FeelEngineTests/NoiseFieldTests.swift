import FeelCore
import FeelScene
import FeelTestSupport
import Foundation
import Testing

@testable import FeelEngine

/// The noise and turbulence fields (docs/fields.md, "Noise and turbulence"): the force's
/// formula against the double-precision reference noise (`ReferenceSimplexNoise`), its mass
/// and speed scaling, the strength cut-off, the clock, and scenes that run them.
@Suite struct NoiseFieldTests {
  /// A field spec with the given kind and noise settings, at (50, 20) pt.
  static func spec(
    _ kind: FieldKind = .noise, strength: Double = 3, smoothness: Double = 0.3,
    animationSpeed: Double = 2, falloff: Double? = nil
  ) -> FieldSpec {
    FieldSpec(
      kind: kind, position_pt: Point(50, 20), strength: strength, falloff: falloff,
      smoothness: smoothness, animationSpeed: animationSpeed)
  }

  /// The force (N) the documented formula gives, in double from the reference noise: the
  /// noise read at fr·(c + T − f, T), fr = 1.25/(max(smoothness, 0) + 1/12) − 1,
  /// T = t × animation speed, its gradients turned by T; F = ∇n · fall · n · S.
  static func expectedForce(
    _ spec: FieldSpec, at c: (Double, Double), t_s: Double
  ) -> (Double, Double) {
    let time = Double(Float(t_s * Double(Float(spec.animationSpeed))))
    let fr = 1.25 / (max(spec.smoothness, 0) + 1.0 / 12) - 1
    let f = (Double(Float(spec.position_pt.x) * 0.01), Double(Float(spec.position_pt.y) * 0.01))
    let d = (c.0 - f.0, c.1 - f.1)
    let r = (d.0 * d.0 + d.1 * d.1).squareRoot()
    let k = spec.resolvedFalloff
    let fall = abs(k) < 1.0 / 32768 ? 1 : Foundation.pow(r, -k)
    let sample = ReferenceSimplexNoise.evaluate(
      fr * (c.0 + time - f.0), fr * (c.1 + time - f.1), fr * time, sin: Foundation.sin(time),
      cos: Foundation.cos(time))
    let s = spec.strength
    return (sample.d[0] * fall * sample.noise * s, sample.d[1] * fall * sample.noise * s)
  }

  /// The engine's float evaluation against the reference in double: float rounding of the
  /// noise's inputs and of its operations, per unit of strength and of the noise's coordinate.
  static let floatForce = Tolerance(
    "float32 noise force against double, per unit of strength and coordinate", 5e-5, .absolute)

  @Test(arguments: [
    (0.3, 2.0, nil as Double?, 0.7), (0.0, 1.0, nil, 3.25), (1.0, -0.5, nil, 12.0),
    (-2.0, 0.25, nil, 0.05), (0.5, 4.0, 1.0, 1.5), (0.1, 0.0, -1.0, 9.0),
  ])
  func theForceIsTheNoiseGradientTimesTheNoise(
    smoothness: Double, speed: Double, falloff: Double?, t_s: Double
  ) {
    let spec = Self.spec(smoothness: smoothness, animationSpeed: speed, falloff: falloff)
    let field = WorldField(spec, owner: 0)
    var nonZero = 0
    for (x, y) in [(3.0, 4.0), (0.2, -1.3), (2.75, 6.1), (-1.5, 0.5), (4.4, 2.2)] {
      let c = Vec2(Float(x), Float(y))
      let f = field.force(at: c, v: .zero, m: 1, q: 0, t_s: t_s)
      let expected = Self.expectedForce(spec, at: (Double(c.x), Double(c.y)), t_s: t_s)
      let what = "smoothness \(smoothness) speed \(speed) falloff \(String(describing: falloff))"
      // The error grows with the noise's coordinates (fr × the offset, up to ~60 here).
      let fr = 1.25 / (max(smoothness, 0) + 1.0 / 12) - 1
      let reach = 1 + abs(fr) * (max(abs(x), abs(y)) + abs(t_s * speed) + 1)
      let allowed = Tolerance(
        Self.floatForce.name, Self.floatForce.value * spec.strength * reach, .absolute)
      expectClose(Double(f.x), expected.0, allowed, "\(what) at (\(x), \(y)): F.x")
      expectClose(Double(f.y), expected.1, allowed, "\(what) at (\(x), \(y)): F.y")
      if abs(expected.0) > 0.01 { nonZero += 1 }
    }
    #expect(nonZero > 0, "the reference gives some force")
  }

  @Test func noiseIgnoresTheMassAndTurbulenceScalesWithTheMassAndTheSpeedSquared() {
    let noise = WorldField(Self.spec(.noise), owner: 0)
    let turbulence = WorldField(Self.spec(.turbulence), owner: 0)
    let c = Vec2(3, 4)
    let f = noise.force(at: c, v: Vec2(1, 0), m: 1, q: 0, t_s: 0.5)
    #expect(f != .zero)
    // Noise: the same force whatever the mass (an acceleration ∝ 1/m) and the velocity.
    #expect(noise.force(at: c, v: Vec2(5, -2), m: 4, q: 0, t_s: 0.5) == f)
    // Turbulence: F · m · |v|², exactly (powers of two).
    #expect(turbulence.force(at: c, v: Vec2(1, 0), m: 1, q: 0, t_s: 0.5) == f)
    #expect(turbulence.force(at: c, v: Vec2(0, -1), m: 2, q: 0, t_s: 0.5) == 2 * f)
    #expect(turbulence.force(at: c, v: Vec2(2, 0), m: 1, q: 0, t_s: 0.5) == 4 * f)
    #expect(turbulence.force(at: c, v: Vec2(0, 2), m: 4, q: 0, t_s: 0.5) == 16 * f)
    #expect(turbulence.force(at: c, v: .zero, m: 4, q: 0, t_s: 0.5) == .zero)
  }

  @Test(arguments: [FieldKind.noise, .turbulence])
  func aStrengthBelowTwoToTheMinus15GivesNoForce(kind: FieldKind) {
    let v = Vec2(1, 1)
    let below = WorldField(Self.spec(kind, strength: 0x1p-16), owner: 0)
    let negative = WorldField(Self.spec(kind, strength: -0x1.fffp-16), owner: 0)
    let at = WorldField(Self.spec(kind, strength: 0x1p-15), owner: 0)
    for t in [0.1, 0.5, 2.0] {
      #expect(below.force(at: Vec2(3, 4), v: v, m: 1, q: 0, t_s: t) == .zero)
      #expect(negative.force(at: Vec2(3, 4), v: v, m: 1, q: 0, t_s: t) == .zero)
    }
    // Strict: 2⁻¹⁵ itself acts.
    #expect(at.force(at: Vec2(3, 4), v: v, m: 1, q: 0, t_s: 0.5) != .zero)
  }

  @Test func atAnimationSpeedZeroTheFieldIsStaticInTime() {
    let still = WorldField(Self.spec(animationSpeed: 0), owner: 0)
    let moving = WorldField(Self.spec(animationSpeed: 1), owner: 0)
    let c = Vec2(2.5, 3.5)
    let f0 = still.force(at: c, v: .zero, m: 1, q: 0, t_s: 0.25)
    #expect(f0 != .zero)
    for t in [0.0, 1.0 / 120, 3.5, 60.0] {
      #expect(still.force(at: c, v: .zero, m: 1, q: 0, t_s: t) == f0)
    }
    #expect(
      moving.force(at: c, v: .zero, m: 1, q: 0, t_s: 0.25)
        != moving.force(at: c, v: .zero, m: 1, q: 0, t_s: 0.5))
  }

  // MARK: - Scenes

  /// A 100 × 100 pt item at (300, 400), resistance 0, in one field for 0.5 s; mass `density` kg.
  func scene(_ field: FieldSpec, density: Double = 1, velocity_pt_s: Point = Point(0, 0))
    -> Scene
  {
    fieldScene(field, density: density, velocity_pt_s: velocity_pt_s, duration_s: 0.5)
  }

  /// The item's velocity (pt/s) after `frames` frames, and the sub-steps they ran.
  func run(_ scene: Scene, frames: Int) -> (velocity_pt_s: Point, substeps: Int) {
    var sim = SceneSimulation(scene)
    for _ in 0..<frames { sim.advance() }
    return (sim.state(ofItem: 0).velocity_pt_s, sim.animator.substepsRun)
  }

  /// The velocity (pt/s) after `substeps` sub-steps of h = (float)1/120 s from the reference:
  /// each v += h·F(c, t)/m, the force read at the position at the start of the sub-step and
  /// the clock t after it (h, 2h, …), then c += h·v.
  static func expectedVelocity(
    _ spec: FieldSpec, mass m: Double, substeps: Int, v0_m_s: (Double, Double) = (0, 0),
    clockOffset: Double = 0
  ) -> (Double, Double) {
    let h = Double(EngineConstants.modernSubstep_s)
    var c = (3.0, 4.0)
    var v = v0_m_s
    var t = 0.0
    for _ in 0..<substeps {
      t += h
      var f = expectedForce(spec, at: c, t_s: t + clockOffset)
      if spec.kind == .turbulence {
        let speed2 = v.0 * v.0 + v.1 * v.1
        f = (f.0 * m * speed2, f.1 * m * speed2)
      }
      v = (v.0 + h * f.0 / m, v.1 + h * f.1 / m)
      c = (c.0 + h * v.0, c.1 + h * v.1)
    }
    return (v.0 * 100, v.1 * 100)
  }

  static let fewSubsteps = Tolerance("float32 noise force over a few sub-steps", 2e-3, .relative)

  @Test(arguments: [1.0, 4.0])
  func aNoiseFieldSceneAcceleratesTheItemByTheForceOverItsMass(density: Double) throws {
    let spec = Self.spec(.noise, strength: 40, animationSpeed: 3)
    let (v, n) = run(scene(spec, density: density), frames: 4)
    #expect(n >= 6)
    let expected = Self.expectedVelocity(spec, mass: density, substeps: n)
    expectClose(v.x, expected.0, Self.fewSubsteps, "noise m \(density): vx after \(n) sub-steps")
    expectClose(v.y, expected.1, Self.fewSubsteps, "noise m \(density): vy after \(n) sub-steps")
    // The clock is the time after each sub-step: reading it before (one sub-step earlier)
    // gives a velocity well outside the tolerance, so the comparison above tells them apart.
    let early = Self.expectedVelocity(
      spec, mass: density, substeps: n, clockOffset: -Double(EngineConstants.modernSubstep_s))
    let apart = abs(early.0 - expected.0) + abs(early.1 - expected.1)
    #expect(apart > 10 * Self.fewSubsteps.value * (abs(expected.0) + abs(expected.1)))
  }

  @Test(arguments: [1.0, 4.0])
  func aTurbulenceFieldSceneScalesWithTheSpeedSquared(density: Double) {
    let spec = Self.spec(.turbulence, strength: 5, animationSpeed: 1)
    let (v, n) = run(scene(spec, density: density, velocity_pt_s: Point(150, -80)), frames: 4)
    let expected = Self.expectedVelocity(
      spec, mass: density, substeps: n, v0_m_s: (1.5, -0.8))
    expectClose(v.x, expected.0, Self.fewSubsteps, "turbulence m \(density): vx")
    expectClose(v.y, expected.1, Self.fewSubsteps, "turbulence m \(density): vy")
    #expect(abs(v.x - 150) + abs(v.y + 80) > 1, "the field changed the velocity")
  }

  @Test func aTurbulenceFieldDoesNotMoveAnItemAtRest() {
    let frames = trajectory(scene(Self.spec(.turbulence, strength: 50)))
    for frame in frames {
      #expect(frame[0].center_pt == Point(300, 400))
    }
  }

  @Test(arguments: [FieldKind.noise, .turbulence])
  func aSceneFieldBelowTheCutOffLeavesTheItemAlone(kind: FieldKind) {
    let frames = trajectory(
      scene(Self.spec(kind, strength: 0x1p-16), velocity_pt_s: Point(10, 0)))
    // Only the velocity the item started with: no force from the field.
    let free = trajectory(
      scene(
        FieldSpec(kind: .linearGravity, strength: 0, direction: Point(0, 0)),
        velocity_pt_s: Point(10, 0)))
    #expect(frames.map { $0[0] } == free.map { $0[0] })
    #expect(frames.last![0].center_pt.x > 300)
  }

  @Test func aNegativeSmoothnessActsAsZero() {
    // UIKit takes max(smoothness, 0): −1 and 0 give the same trajectory, 0.5 another.
    let atZero = trajectory(scene(Self.spec(strength: 40, smoothness: 0)))
    let negative = trajectory(scene(Self.spec(strength: 40, smoothness: -1)))
    let half = trajectory(scene(Self.spec(strength: 40, smoothness: 0.5)))
    #expect(atZero.map { $0[0] } == negative.map { $0[0] })
    #expect(atZero.map { $0[0] } != half.map { $0[0] })
  }
}
