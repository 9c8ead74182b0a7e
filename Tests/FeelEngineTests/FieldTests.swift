import FeelScene
import FeelTestSupport
import Foundation
import Testing

@testable import FeelEngine

/// Field behaviors against their closed forms and the numbers measured on Apple's UIKit
/// (kern0x1b/charon, packages/a/apple-backports/facts/UIKit/UIFieldBehavior.md §10.2, §10.3,
/// §10.7, M5; docs/fields.md).
@Suite struct FieldTests {
  /// Apple's f60 positions are printed to 4 decimals.
  static let fourDecimals = Tolerance("Apple position printed to 4 decimals", 6e-5, .absolute)

  // MARK: - Apple's measured trajectories (§10.7, "Apple f60")

  static let appleF60: [(String, FieldSpec, Point, Point)] = [
    (
      "linear gravity (3, 4)", FieldSpec(kind: .linearGravity, direction: Point(3, 4)), Point(0, 0),
      Point(448.7500, 598.3333)
    ),
    (
      "radial gravity S 200 at (0, 0)", FieldSpec(kind: .radialGravity, strength: 200),
      Point(0, 0), Point(-1673.68, -2231.57)
    ),
    (
      "spring S 4 at (250, 350)",
      FieldSpec(kind: .spring, position_pt: Point(250, 350), strength: 4),
      Point(0, 0), Point(229.5706, 329.5706)
    ),
    (
      "vortex S 2 at (250, 350)",
      FieldSpec(kind: .vortex, position_pt: Point(250, 350), strength: 2),
      Point(0, 0), Point(218.9498, 451.9500)
    ),
    (
      "drag S 0.5, v0 100 pt/s", FieldSpec(kind: .drag, strength: 0.5), Point(100, 0),
      Point(380.3465, 400)
    ),
    (
      "velocity (1, -0.5)", FieldSpec(kind: .velocity, direction: Point(1, -0.5)), Point(0, 0),
      Point(399.1680, 350.4174)
    ),
  ]

  @Test(arguments: appleF60.indices)
  func fieldTrajectoryLandsWhereUIKitMeasuredItAtFrame60(index: Int) {
    let (name, spec, v0, expected) = Self.appleF60[index]
    let last = trajectory(fieldScene(spec, velocity_pt_s: v0)).last![0].center_pt
    // The radial row is printed to 2 decimals, after the item passed through the field's
    // centre at 14 000 pt/s (FeelLab lands 0.007 pt from it in y).
    let tolerance =
      spec.kind == .radialGravity
      ? Tolerance("Apple position printed to 2 decimals, past the centre", 0.01, .absolute)
      : Self.fourDecimals
    expectClose(last.x, expected.x, tolerance, "\(name): x at frame 60")
    expectClose(last.y, expected.y, tolerance, "\(name): y at frame 60")
  }

  // MARK: - Each force against its closed form (§10.2's measured accelerations)

  /// The acceleration (pt/s²) the field gives a body at p = (3, 4) m from its position.
  func acceleration(
    _ spec: FieldSpec, mass m: Float, charge q: Float = 0, velocity_pt_s: Point = Point(0, 0)
  ) -> Point {
    let field = WorldField(spec, owner: 0)
    let f = field.force(
      at: Vec2(3, 4), v: Vec2(Float(velocity_pt_s.x / 100), Float(velocity_pt_s.y / 100)), m: m,
      q: q, t_s: 0)
    return Point(Double(f.x / m) * 100, Double(f.y / m) * 100)
  }

  /// Apple's accelerations are printed to 4 or 5 significant digits.
  static let printed = Tolerance("Apple acceleration as printed", 5e-4, .relative)

  func expectAcceleration(_ a: Point, _ expected: Point, _ what: String) {
    for (observed, wanted, axis) in [(a.x, expected.x, "x"), (a.y, expected.y, "y")] {
      if wanted == 0 {
        #expect(abs(observed) < 1e-9, "\(what) \(axis): expected 0, got \(observed)")
      } else {
        expectClose(observed, wanted, Self.printed, "\(what) \(axis)")
      }
    }
  }

  @Test(arguments: [1 as Float, 2, 3])
  func linearGravityIsMassIndependent(mass: Float) {
    let spec = FieldSpec(kind: .linearGravity, direction: Point(3, 4))
    expectAcceleration(acceleration(spec, mass: mass), Point(300, 400), "linear, m \(mass)")
    var s2k1 = spec
    s2k1.strength = 2
    s2k1.falloff = 1
    // 2 × (3, 4) × 1/5 m/s².
    expectAcceleration(acceleration(s2k1, mass: mass), Point(120, 160), "linear S 2 k 1")
  }

  @Test(arguments: [1 as Float, 3])
  func radialGravityPullsTowardThePositionWithItsFalloff(mass: Float) {
    // −p̂/r² = −(0.6, 0.8)/25 m/s².
    expectAcceleration(
      acceleration(FieldSpec(kind: .radialGravity), mass: mass), Point(-2.4, -3.2), "radial k 2")
    // Clamped at the minimum radius 10 m: −2 × (0.6, 0.8)/10.
    let clamped = FieldSpec(
      kind: .radialGravity, strength: 2, falloff: 1, minimumRadius_pt: 1000)
    expectAcceleration(acceleration(clamped, mass: mass), Point(-12, -16), "radial rmin 10 m")
  }

  @Test func springIsNotMassScaled() {
    let spec = FieldSpec(kind: .spring)
    expectAcceleration(acceleration(spec, mass: 1), Point(-300, -400), "spring m 1")
    expectAcceleration(acceleration(spec, mass: 3), Point(-100, -400.0 / 3), "spring m 3")
  }

  @Test func vortexIsDividedByTheMassTwice() {
    let spec = FieldSpec(kind: .vortex)
    expectAcceleration(acceleration(spec, mass: 1), Point(-80, 60), "vortex m 1")
    expectAcceleration(acceleration(spec, mass: 3), Point(-80.0 / 9, 60.0 / 9), "vortex m 3")
    let clamped = FieldSpec(kind: .vortex, strength: 2, falloff: 1, minimumRadius_pt: 1000)
    expectAcceleration(acceleration(clamped, mass: 1), Point(-16, 12), "vortex rmin 10 m")
  }

  @Test func electricScalesWithTheCharge() {
    let spec = FieldSpec(kind: .electric)
    expectAcceleration(acceleration(spec, mass: 1, charge: 2), Point(24, 32), "electric q 2")
    expectAcceleration(
      acceleration(spec, mass: 3, charge: 2), Point(8, 32.0 / 3), "electric q 2 m 3")
    expectAcceleration(acceleration(spec, mass: 1, charge: 0), Point(0, 0), "electric q 0")
  }

  @Test(arguments: [2 as Float, 1, -1])
  func magneticIgnoresTheChargesSizeAndSign(charge: Float) {
    let spec = FieldSpec(kind: .magnetic)
    let v = Point(100, 0)
    expectAcceleration(
      acceleration(spec, mass: 1, charge: charge, velocity_pt_s: v), Point(0, -20),
      "magnetic q \(charge)")
    expectAcceleration(
      acceleration(spec, mass: 3, charge: charge, velocity_pt_s: v), Point(0, -20.0 / 3),
      "magnetic q \(charge) m 3")
  }

  @Test func magneticActsOnlyOnAChargedItem() {
    expectAcceleration(
      acceleration(FieldSpec(kind: .magnetic), mass: 1, charge: 0, velocity_pt_s: Point(100, 0)),
      Point(0, 0), "magnetic q 0")
  }

  @Test func aForceBelowTwoToTheMinus15IsZero() {
    let weak = FieldSpec(kind: .spring, strength: 1.0 / 65536)
    expectAcceleration(acceleration(weak, mass: 1), Point(0, 0), "spring S 2^-16")
    // Linear gravity tests |m·S|: a heavy item feels a small strength.
    let light = FieldSpec(kind: .linearGravity, strength: 1.0 / 65536, direction: Point(0, 1))
    expectAcceleration(acceleration(light, mass: 1), Point(0, 0), "linear m·S < 2^-15")
    expectAcceleration(
      acceleration(light, mass: 4), Point(0, 100.0 / 65536), "linear m·S = 2^-14 acts")
  }

  // MARK: - Trajectories against closed forms

  /// Period of x(t) − x0 from its interpolated upward zero crossings (s).
  func period(_ xs: [Double], about x0: Double, dt_s: Double) -> Double {
    var crossings: [Double] = []
    for n in 1..<xs.count {
      let a = xs[n - 1] - x0
      let b = xs[n] - x0
      if a < 0 && b >= 0 { crossings.append((Double(n - 1) + a / (a - b)) * dt_s) }
    }
    return (crossings.last! - crossings.first!) / Double(crossings.count - 1)
  }

  /// A spring field on an undamped item is a harmonic oscillator of ω² = S/m (not mass-scaled
  /// strength); semi-implicit Euler with h = 1/120 s makes the discrete frequency
  /// cos(ω_d h) = 1 − ω² h²/2.
  @Test(arguments: [(4.0, 1.0), (4.0, 4.0), (9.0, 1.0)])
  func springFieldOscillatesAtTheHarmonicFrequency(strength: Double, density: Double) {
    let spec = FieldSpec(kind: .spring, position_pt: Point(250, 400), strength: strength)
    let frames = trajectory(fieldScene(spec, density: density, duration_s: 12))
    let xs = frames.map { $0[0].center_pt.x }
    let omega = (strength / density).squareRoot()
    let h = 1.0 / 120
    let omegaD = acos(1 - omega * omega * h * h / 2) / h
    expectClose(
      period(xs, about: 250, dt_s: 1.0 / 60), 2 * Double.pi / omegaD, .discreteLinearisation,
      "spring S \(strength), m \(density): period")
  }

  /// A drag field on an item moving at v0 along x: dv/dt = −S v²/m, so v(t) = v0/(1 + S v0 t/m)
  /// (m/s); per sub-step the velocity is v − h S v² / m (as many sub-steps as each frame ran).
  @Test(arguments: [(0.5, 1.0), (2.0, 1.0), (1.0, 2.0)])
  func dragFieldDecaysAsItsClosedForm(strength: Double, density: Double) {
    let v0 = 1.0
    let item = ItemDefinition(
      id: "a", size_pt: Point(100, 100), center_pt: Point(300, 400),
      velocity_pt_s: Point(100 * v0, 0))
    let behaviors = [
      BehaviorDefinition(items: [0], kind: .field(FieldSpec(kind: .drag, strength: strength))),
      BehaviorDefinition(
        items: [0], kind: .item(ItemPropertiesSpec(density: density, resistance: 0))),
    ]
    var animator = Animator(profile: .modern, items: [item], behaviors: behaviors)
    animator.apply(removing: [], adding: [0, 1])
    let h = 1.0 / 120
    var v = v0
    var t = 0.0
    for frame in 1...60 {
      let report = animator.advanceFrame(dt_s: 1.0 / 60)
      for _ in 0..<report.substeps {
        v -= h * strength * v * v / density
        t += h
      }
      expectClose(
        animator.state(ofItem: 0).velocity_pt_s.x, 100 * v, .float32Accumulation,
        "drag S \(strength), m \(density): v at frame \(frame)")
    }
    let continuous = 100 * v0 / (1 + strength * v0 * t / density)
    expectClose(
      animator.state(ofItem: 0).velocity_pt_s.x, continuous,
      Tolerance("first-order step of a drag law", 0.01, .relative), "drag against v0/(1 + S v0 t/m)"
    )
  }

  /// Inside a velocity field the velocity is replaced every sub-step; the damping applies after
  /// (UIKit: 3000 / (1 + h × 0.1) = 2997.50195 pt/s with resistance 0.1).
  @Test func velocityFieldReplacesTheVelocityThenDamps() {
    let spec = FieldSpec(kind: .velocity, direction: Point(30, 40))
    let frames = trajectory(
      fieldScene(spec, velocity_pt_s: Point(-500, 200), resistance: 0.1, duration_s: 0.1))
    for n in 1..<frames.count {
      expectClose(
        frames[n][0].velocity_pt_s.x, 2997.50195, .appleMeasuredSpeed, "vx at frame \(n)")
      expectClose(
        frames[n][0].velocity_pt_s.y, 4000 / (1 + 0.1 / 120), .float32Accumulation,
        "vy at frame \(n)")
    }
  }

  /// A velocity field ignores gravity while it holds the item.
  @Test func velocityFieldIgnoresGravity() {
    var scene = fieldScene(FieldSpec(kind: .velocity, direction: Point(1, 0)), duration_s: 0.5)
    scene.behaviors.append(SceneBehavior(id: "g", items: ["tile"], kind: .gravity(GravitySpec())))
    for states in trajectory(scene).dropFirst() {
      #expect(states[0].velocity_pt_s == Point(100, 0))
    }
  }

  /// Apple's 33rd-field control (M5): 32 linear fields of (1, 0) m/s² on a 10 × 10 item add
  /// 32 × 100/120 pt/s per sub-step; a 33rd field (0, 1) is not registered and does nothing.
  @Test func thirtyTwoFieldsActAndTheThirtyThirdDoesNot() {
    let item = ItemDefinition(id: "a", size_pt: Point(10, 10), center_pt: Point(100, 100))
    var behaviors = (0..<32).map { _ in
      BehaviorDefinition(
        items: [0], kind: .field(FieldSpec(kind: .linearGravity, direction: Point(1, 0))))
    }
    behaviors.append(
      BehaviorDefinition(
        items: [0], kind: .field(FieldSpec(kind: .linearGravity, direction: Point(0, 1)))))
    behaviors.append(
      BehaviorDefinition(items: [0], kind: .item(ItemPropertiesSpec(resistance: 0))))
    var animator = Animator(profile: .modern, items: [item], behaviors: behaviors)
    animator.apply(removing: [], adding: Array(behaviors.indices))
    #expect(animator.registeredFields == Array(0..<32))
    // UIKit: (26.6666679, 0) pt/s after the first step (one sub-step), 53.3333359 later (two).
    var frames: [Point] = []
    for _ in 0..<3 {
      let report = animator.advanceFrame(dt_s: 1.0 / 60)
      #expect(report.substeps == (frames.isEmpty ? 1 : 2))
      frames.append(animator.state(ofItem: 0).velocity_pt_s)
    }
    expectClose(frames[0].x, 26.6666679, .appleMeasuredSpeed, "32 fields: vx after the first step")
    expectClose(
      frames[2].x - frames[1].x, 53.3333359, .appleMeasuredSpeed, "32 fields: vx gained per step")
    #expect(frames.allSatisfy { $0.y == 0 }, "the 33rd field does nothing")
  }

  /// Which fields act on which item is kept per body (World+Fields.swift) when fields come and
  /// go: with a field removed from the middle and added back last, each item still feels
  /// exactly its own fields. Linear gravity fields of direction d add 100·d/120 pt/s per
  /// sub-step (h = 1/120 s) whatever the mass.
  @Test func fieldsKeepTheirItemsWhenAnotherIsRemovedAndAddedBack() {
    let items = [
      ItemDefinition(id: "a", size_pt: Point(10, 10), center_pt: Point(100, 100)),
      ItemDefinition(id: "b", size_pt: Point(10, 10), center_pt: Point(300, 300)),
    ]
    func linear(_ items: [Int], _ d: Point) -> BehaviorDefinition {
      BehaviorDefinition(items: items, kind: .field(FieldSpec(kind: .linearGravity, direction: d)))
    }
    let behaviors = [
      linear([0], Point(1, 0)), linear([1], Point(0, 1)), linear([0, 1], Point(0, 2)),
      BehaviorDefinition(items: [0, 1], kind: .item(ItemPropertiesSpec(resistance: 0))),
    ]
    var animator = Animator(profile: .modern, items: items, behaviors: behaviors)
    animator.apply(removing: [], adding: [0, 1, 2, 3])
    let perSubstep = 100.0 / 120
    /// The velocities gained (pt/s) over the next frame, and its sub-steps.
    func gains() -> (a: Point, b: Point, substeps: Double) {
      let a0 = animator.state(ofItem: 0).velocity_pt_s
      let b0 = animator.state(ofItem: 1).velocity_pt_s
      let n = Double(animator.advanceFrame(dt_s: 1.0 / 60).substeps)
      let a1 = animator.state(ofItem: 0).velocity_pt_s
      let b1 = animator.state(ofItem: 1).velocity_pt_s
      return (Point(a1.x - a0.x, a1.y - a0.y), Point(b1.x - b0.x, b1.y - b0.y), n)
    }
    func expectGains(_ a: Point, _ b: Point, _ what: String) {
      let g = gains()
      #expect(g.substeps >= 1, "\(what): the frame ran")
      for (observed, wanted, name) in [
        (g.a.x, a.x, "a x"), (g.a.y, a.y, "a y"), (g.b.x, b.x, "b x"), (g.b.y, b.y, "b y"),
      ] {
        expectClose(
          observed, wanted * perSubstep * g.substeps, .float32Accumulation, "\(what): \(name)")
      }
    }
    expectGains(Point(1, 2), Point(0, 3), "fields 0, 1, 2")
    animator.apply(removing: [0], adding: [])
    #expect(animator.registeredFields == [1, 2])
    expectGains(Point(0, 2), Point(0, 3), "fields 1, 2")
    animator.apply(removing: [], adding: [0])
    #expect(animator.registeredFields == [1, 2, 0])
    expectGains(Point(1, 2), Point(0, 3), "fields 1, 2, 0")
    animator.apply(removing: [1, 2], adding: [])
    expectGains(Point(1, 0), Point(0, 0), "field 0 alone")
  }

  /// A region limits where the field acts: a spring field confined to a circle of 10 pt
  /// around its position does nothing to an item 70 pt away.
  @Test func aFieldActsOnlyInsideItsRegion() {
    var spec = FieldSpec(kind: .spring, position_pt: Point(250, 350), strength: 4)
    spec.region = FieldRegion(shape: .circle(radius_pt: 10))
    let far = trajectory(fieldScene(spec, duration_s: 0.2)).last![0]
    #expect(far.center_pt == Point(300, 400) && far.velocity_pt_s == Point(0, 0))
    spec.region = FieldRegion(shape: .circle(radius_pt: 10), inverse: true)
    let inverse = trajectory(fieldScene(spec, duration_s: 0.2)).last![0]
    #expect(inverse.velocity_pt_s.x < 0, "the inverse region holds it")
  }
}
