import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// FeelLab's `detent` (docs/tempo-dial.md, "The detent's law"): whatever the strength a sweep
/// gives it, an item that stops turning rests within 1e-3 rad of one of its rest angles, for
/// the author's coast and for a UIKit body spinning down; a release that would coast to a rest
/// angle lands there; a tap turns the tapped label to the pointer.
@Suite("Detent")
struct DetentTests {
  enum Model: CaseIterable { case author, uikit }

  /// A disc released at t = 0 at `omega_rad_s` from `angle_rad`, slowed by the author's
  /// inertia or by UIKit's angular resistance `c` (with a pin), with `detent`.
  static func scene(
    _ model: Model, detent: DetentSpec, omega_rad_s: Double, angle_rad: Double, c: Double = 1.8415,
    frameRate_hz: Double = 60, duration_s: Double = 60
  ) -> Scene {
    var behaviors: [SceneBehavior]
    switch model {
    case .author:
      behaviors = [
        SceneBehavior(id: "coast", items: ["dial"], kind: .inertia(InertiaSpec.fileDefaults))
      ]
    case .uikit:
      behaviors = [
        SceneBehavior(
          id: "spin", items: ["dial"], kind: .item(ItemPropertiesSpec(angularResistance: c))),
        SceneBehavior(
          id: "pin", items: ["dial"],
          kind: .attachment(AttachmentSpec(target: .anchor(Point(160, 200))))),
      ]
    }
    behaviors.append(SceneBehavior(id: "settle", items: ["dial"], kind: .detent(detent)))
    return Scene(
      frameRate_hz: frameRate_hz, duration_s: duration_s,
      items: [
        SceneItem(
          id: "dial", size_pt: Point(240, 240), center_pt: Point(160, 200), angle_rad: angle_rad,
          angularVelocity_rad_s: omega_rad_s)
      ],
      behaviors: behaviors)
  }

  /// Runs until nothing can change any more (or the end): the final angle and whether it
  /// came to rest.
  static func rest(_ scene: Scene) -> (angle_rad: Double, atRest: Bool) {
    var sim = SceneSimulation(scene)
    while sim.frame < scene.frameCount && !sim.isAtRest { sim.advance() }
    return (sim.state(ofItem: 0).angle_rad, sim.isAtRest)
  }

  /// The distance (rad) from `angle` to the nearest rest angle, computed here from the
  /// definition phase + 2πk/N.
  static func distanceToRestAngle(_ angle: Double, _ d: DetentSpec) -> Double {
    let spacing = 2 * Double.pi / Double(d.count)
    let k = ((angle - d.phase_rad) / spacing).rounded()
    return abs(angle - (d.phase_rad + k * spacing))
  }

  static func logUniform<G: RandomNumberGenerator>(_ a: Double, _ b: Double, _ g: inout G)
    -> Double
  {
    exp(Double.random(in: log(a)...log(b), using: &g))
  }

  /// Seeded random releases: N 1–60, any phase, 0.5–60 Hz, damping 0.2–2.5, engage below
  /// 0.005–5 rad/s (below Box2D's 2°/s sleep speed too: the body sleeps first, then the detent
  /// takes it), releases up to ±40 rad/s, 60 or 120 Hz frames.
  @Test func randomReleasesRestOnARestAngle() {
    var g = SplitMix64(state: 11)
    var rested = 0
    let cases = 160
    for n in 0..<cases {
      let model = Model.allCases[n % 2]
      let detent = DetentSpec(
        count: Int.random(in: 1...60, using: &g), phase_rad: Double.random(in: -4...4, using: &g),
        frequency_hz: Self.logUniform(0.5, 60, &g),
        damping: Double.random(in: 0.2...2.5, using: &g),
        engageBelow_rad_s: Self.logUniform(0.005, 5, &g))
      let scene = Self.scene(
        model, detent: detent, omega_rad_s: Double.random(in: -40...40, using: &g),
        angle_rad: Double.random(in: -3...3, using: &g), c: Double.random(in: 0.5...6, using: &g),
        frameRate_hz: n % 3 == 0 ? 120 : 60)
      let result = Self.rest(scene)
      #expect(result.atRest, "case \(n) (\(model), \(detent)) still turning after 60 s")
      guard result.atRest else { continue }
      rested += 1
      expectClose(
        Self.distanceToRestAngle(result.angle_rad, detent), 0, .detentRest,
        "case \(n) (\(model), \(detent)): distance to the nearest rest angle")
    }
    #expect(rested == cases)
  }

  /// A release at the speed whose coast (with no detent) ends on rest angle k lands on k: for
  /// the author's coast v0 = Δθ·(1 − decay)·frame_rate, for UIKit's v0 = Δθ·c (the sums of
  /// their geometric series).
  @Test func aReleaseAimedAtAValueLandsOnIt() {
    var g = SplitMix64(state: 5)
    for n in 0..<80 {
      let model = Model.allCases[n % 2]
      let detent = DetentSpec(
        count: Int.random(in: 2...48, using: &g), phase_rad: Double.random(in: -3...3, using: &g),
        frequency_hz: Self.logUniform(0.5, 30, &g), damping: Double.random(in: 0.3...2, using: &g),
        engageBelow_rad_s: Self.logUniform(0.05, 3, &g))
      let start = Double.random(in: -3...3, using: &g)
      let spacing = 2 * Double.pi / Double(detent.count)
      let distance = Double.random(in: 0.6...18, using: &g) * (n % 4 < 2 ? 1 : -1)
      // The rest angle nearest start + distance, from the definition.
      let k = ((start + distance - detent.phase_rad) / spacing).rounded()
      let target = detent.phase_rad + k * spacing
      let c = Double.random(in: 0.8...4, using: &g)
      let v0 =
        model == .author
        ? (target - start) * (1 - InertiaSpec.fileDefaults.decay) * 60 : (target - start) * c
      let result = Self.rest(
        Self.scene(model, detent: detent, omega_rad_s: v0, angle_rad: start, c: c))
      #expect(result.atRest)
      expectClose(
        result.angle_rad, target, .detentRest,
        "case \(n) (\(model)): a release aimed at \(target) rad, N = \(detent.count)")
    }
  }

  /// A weak spring on a UIKit body: without the detent's takeover Box2D's sleep (2°/s for
  /// 0.5 s) would freeze it short; with it, it lands.
  @Test func aWeakDetentIsNotFrozenBySleep() {
    let detent = DetentSpec(
      count: 12, phase_rad: 0.1, frequency_hz: 0.5, damping: 1, engageBelow_rad_s: 0.01)
    let result = Self.rest(Self.scene(.uikit, detent: detent, omega_rad_s: 3, angle_rad: 0))
    #expect(result.atRest)
    expectClose(Self.distanceToRestAngle(result.angle_rad, detent), 0, .detentRest, "rest")
  }

  /// A tap on label j's text (on the rim at the disc's angle + 2πj/N + π, the seed's layout)
  /// turns label j to the pointer, which stands at phase + π: the disc rests at
  /// phase − 2πj/N (mod 2π).
  @Test(arguments: [0, 1, 4, 7, 11])
  func aTapTurnsTheTappedLabelToThePointer(label j: Int) throws {
    let n = 12
    let phase = Double.pi / 2
    let start = 0.2
    let textAngle = start + 2 * Double.pi * Double(j) / Double(n) + Double.pi
    let tap = Point(160 + 100 * cos(textAngle), 200 + 100 * sin(textAngle))
    let text = """
      duration = 4
      [[item]]
      id = "dial"
      size = [240, 240]
      center = [160, 200]
      angle = \(start)
      [[touch]]
      id = "finger"
      tap = { at = 0.5, point = [\(tap.x), \(tap.y)], duration = 0.1 }
      [[behavior]]
      id = "settle"
      type = "detent"
      items = ["dial"]
      count = \(n)
      phase = \(phase)
      """
    let scene = try SceneReader.parse(text, file: "tap.toml")
    let result = Self.rest(scene)
    #expect(result.atRest)
    let expected = phase - 2 * Double.pi * Double(j) / Double(n)
    let turns = ((result.angle_rad - expected) / (2 * Double.pi)).rounded()
    expectClose(
      result.angle_rad - turns * 2 * Double.pi, expected, .detentRest, "label \(j) at the pointer")
  }
}
