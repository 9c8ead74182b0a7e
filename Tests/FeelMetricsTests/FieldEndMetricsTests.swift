import FeelMetrics
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// The metrics of an item held by spring fields (docs/metrics.md, "Where the item ends"):
/// `overshoot_pt` and `settle_time_s` measured against the rest pose, and `end_x_pt`,
/// `end_y_pt`, `end_field`. A spring field (falloff −1) pulls with F = −S·p (N, p in m), not
/// scaled by the mass, so an item of mass m under resistance c is a damped harmonic oscillator
/// per axis with ω² = S/m (docs/fields.md). Expected values come from its closed forms.

/// The tile of `FieldTileScene` in spring fields of strength `strength` at `fields` (pt), named
/// field-1, field-2, …, each with a `regionSize` rect region (pt) or none.
private func tileScene(
  center: Point, velocity: Point = Point(0, 0), strength: Double = 1, density: Double = 0.01,
  resistance: Double, fields: [Point], regionSize: Point? = nil, duration_s: Double = 4
) throws -> Scene {
  try FieldTileScene.scene(
    center: center, velocity: velocity, density: density, resistance: resistance,
    fields: fields.enumerated().map { (id: "field-\($0.offset + 1)", position: $0.element) },
    strength: strength, regionSize: regionSize, duration_s: duration_s)
}

/// The tile's mass (kg).
private func tileMass(density: Double) -> Double { FieldTileScene.mass_kg(density: density) }

/// The damped oscillator an item of mass m (kg) under resistance c (1/s) makes in a spring field
/// of strength S, as UIKit integrates it: per 1/120 s sub-step h, v ← (v − h·ω²·x) / (1 + h·c),
/// then x ← x + h·v, with ω² = S/m. The step's matrix has determinant d = 1/(1 + h·c) and trace
/// 1 + d − d·h²·ω², so its eigenvalues √d·e^(±iθ) with cos θ = trace / (2√d): the motion is
/// e^(−σt)·(…cos ω_d·t…) with σ = ln(1 + h·c)/(2h) and ω_d = θ/h, whose damping ratio is
/// ζ = σ/√(σ² + ω_d²). (As h → 0, σ → c/2 and ω_d → √(ω² − c²/4), the continuous oscillator's.)
private struct SubStepOscillator {
  let sigma: Double
  let omegaDamped: Double

  init(strength: Double, mass: Double, resistance: Double) {
    let h = 1.0 / 120
    let d = 1 / (1 + h * resistance)
    let omega2 = strength / mass
    sigma = log(1 + h * resistance) / (2 * h)
    omegaDamped = acos((1 + d - d * h * h * omega2) / (2 * d.squareRoot())) / h
  }

  /// The natural frequency √(σ² + ω_d²) (rad/s) and the damping ratio.
  var omega: Double { (sigma * sigma + omegaDamped * omegaDamped).squareRoot() }
  var zeta: Double { sigma / omega }
  /// The first overshoot of a release from rest at distance a (pt): a·exp(−ζπ/√(1−ζ²)).
  func overshoot(from a: Double) -> Double {
    a * exp(-zeta * Double.pi / (1 - zeta * zeta).squareRoot())
  }
  /// The farthest a throw at v0 (pt/s) from the origin gets: (v0/ω)·e^(−σ·t*)·… at
  /// tan(ω_d·t*) = ω_d/σ, that is (v0/ω)·exp(−(σ/ω_d)·atan(ω_d/σ)).
  func reach(from v0: Double) -> Double {
    v0 / omega * exp(-(sigma / omegaDamped) * atan(omegaDamped / sigma))
  }
}

extension Tolerance {
  /// The first overshoot measured in the engine (float32, sampled at 60 Hz frames, against the
  /// rest pose Box2D's sleep leaves within (1 pt/s)/ω of the origin) against the sub-step
  /// oscillator's closed form: the frame sampling alone allows 1 − cos(ω_d·Δt/2) ≈ 0.5 % at
  /// 12 rad/s, the rest pose 0.1 pt of a 27 pt peak another 0.4 %.
  static let discreteOscillatorPeak = Tolerance(
    "damped oscillator's peak sampled at 60 Hz frames", 0.01, .relative)
  /// Box2D's sleep leaves a spring within (1 pt/s)/ω ≈ 0.08 pt of its origin at ω = 12.7 rad/s,
  /// plus float32 rounding of positions near 300 pt.
  static let sleepNearFieldOrigin = Tolerance("asleep near the field's origin (pt)", 0.1, .absolute)
}

@Suite("Where an item in fields ends, how far it overshoots, when it settles")
struct FieldEndMetricsTests {
  /// A tile released from rest 100 pt from a spring field's origin, along a slanted line
  /// (3, 4)/5: the motion stays on the line, and against the rest pose `overshoot_pt` is the
  /// damped oscillator's first overshoot A·exp(−ζπ/√(1−ζ²)) (ζ of the sub-step's recurrence).
  @Test(arguments: [(1.0, 10.0), (1.0, 4.0), (3.0, 10.0)])
  func overshootIsTheDampedOscillators(strength: Double, resistance: Double) throws {
    let origin = Point(200, 300)
    let a = 100.0
    let start = Point(origin.x + 0.6 * a, origin.y + 0.8 * a)
    let scene = try tileScene(
      center: start, strength: strength, resistance: resistance, fields: [origin])
    let result = SceneMeasurement.measure(scene, try MeasurePlan(scene))
    let spring = SubStepOscillator(
      strength: strength, mass: tileMass(density: 0.01), resistance: resistance)
    let peak = spring.overshoot(from: a)
    expectClose(
      result[.overshoot_pt], peak, .discreteOscillatorPeak,
      "overshoot_pt, S \(strength), c \(resistance)")
    #expect(result.restTarget_pt != nil, "measured against the rest pose")
    expectClose(result[.endX_pt], origin.x, .sleepNearFieldOrigin, "end_x_pt")
    expectClose(result[.endY_pt], origin.y, .sleepNearFieldOrigin, "end_y_pt")
    #expect(result[.endField] == 1, "the one field (infinite region) holds it")
  }

  /// The settle time against the envelope: |x(t)| ≤ A·e^(−ζωt)/√(1−ζ²) for a release from rest,
  /// so the last frame outside a band b is no later than the envelope's crossing
  /// t_b = ln(A / (b·√(1−ζ²))) / (ζω), and no earlier than half a damped period (the peaks'
  /// spacing) before it. A 2 pt band keeps the rest pose's offset from the origin (< 0.1 pt)
  /// small against it.
  @Test(arguments: [4.0, 10.0])
  func settleTimeFollowsTheEnvelope(resistance: Double) throws {
    let origin = Point(200, 300)
    let a = 100.0
    let scene = try tileScene(
      center: Point(origin.x - 0.8 * a, origin.y + 0.6 * a), resistance: resistance,
      fields: [origin])
    let band = 2.0
    let result = SceneMeasurement.measure(
      scene, try MeasurePlan(scene, SceneMeasure(band_pt: band)))
    let spring = SubStepOscillator(
      strength: 1, mass: tileMass(density: 0.01), resistance: resistance)
    let s = (1 - spring.zeta * spring.zeta).squareRoot()
    let envelope = log(a / (band * s)) / spring.sigma
    let halfPeriod = Double.pi / spring.omegaDamped
    let settle = try #require(result[.settleTime_s])
    let frame = 1.0 / 60
    #expect(
      settle <= envelope + frame && settle >= envelope - halfPeriod - frame,
      "settle_time_s \(settle) s, envelope crossing \(envelope) s, half period \(halfPeriod) s")
  }

  /// Two spring fields side by side, each confined to its half of a 486 pt wide strip (rect
  /// regions 243 × 507 pt, meeting at x = 121.5 pt from the left one's origin), as two of
  /// StickyCorners' quadrants. A tile thrown right from the left origin at v0 reaches, in the left
  /// field alone, x_max = (v0/ω)·exp(−(ζ/√(1−ζ²))·atan(√(1−ζ²)/ζ)) (the damped oscillator's
  /// first maximum from the origin, here with the sub-step's σ and ω_d): past 121.5 pt it crosses into the right field's
  /// region, which pulls it on into the right corner (field 2); short of it, it falls back
  /// (field 1). The throw speeds are chosen for x_max = 150 and 90 pt.
  @Test(arguments: [(150.0, 2), (90.0, 1)])
  func aThrowEndsInTheQuadrantTheClosedFormPredicts(reach: Double, field: Int) throws {
    let left = Point(66, 80)
    let right = Point(309, 80)
    let spring = SubStepOscillator(strength: 1, mass: tileMass(density: 0.01), resistance: 10)
    let v0 = reach / spring.reach(from: 1)
    let scene = try tileScene(
      center: left, velocity: Point(v0, 0), resistance: 10, fields: [left, right],
      regionSize: Point(243, 507))
    let result = SceneMeasurement.measure(scene, try MeasurePlan(scene))
    let end = field == 2 ? right : left
    #expect(result[.endField] == Double(field), "end_field for a reach of \(reach) pt")
    expectClose(result[.endX_pt], end.x, .sleepNearFieldOrigin, "end_x_pt")
    expectClose(result[.endY_pt], end.y, .sleepNearFieldOrigin, "end_y_pt")
    #expect(result[.pauseTime_s] != nil, "the tile comes to rest")
  }

  /// `end_field` numbers the scene's field behaviors in file order, counts a field on another
  /// item, skips it when testing, and is 0 where no region holds the centre.
  @Test func endFieldNumbersFieldsInFileOrder() {
    let rect = FieldRegion(shape: .rect(size_pt: Point(100, 100)))
    let fields = [
      FieldHold(index: 2, position_pt: Point(0, 0), region: rect),
      FieldHold(index: 4, position_pt: Point(200, 0), region: rect),
    ]
    #expect(FieldHold.endField(Point(10, 10), fields) == 2)
    #expect(FieldHold.endField(Point(240, -30), fields) == 4)
    #expect(FieldHold.endField(Point(100, 0), fields) == 0, "between the two (edges outside)")
    #expect(FieldHold.endField(Point(10, 10), []) == 0)
  }

  /// Without fields `end_field` is 0 and the end point is the centre at the last frame: a tile
  /// coasting under resistance c from v0 moves h·v0·Σ(1 + h·c)^(−k) < v0/c (the geometric
  /// series of the per-sub-step damping): it moved, ended within v0/c of the start, and no
  /// field holds it.
  @Test func noFieldsEndsInNone() throws {
    let scene = try tileScene(
      center: Point(100, 100), velocity: Point(300, 0), resistance: 10, fields: [])
    let result = SceneMeasurement.measure(scene, try MeasurePlan(scene))
    #expect(result[.endField] == 0)
    let x = try #require(result[.endX_pt])
    #expect(x > 100 && x <= 100 + 300 / 10 + 0.01, "end_x_pt \(x)")
    expectClose(result[.endY_pt], 100, .planarRoundoff, "end_y_pt")
  }
}
