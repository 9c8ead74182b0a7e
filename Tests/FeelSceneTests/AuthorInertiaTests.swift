import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// FeelLab's `inertia` against the author's own recurrence (RDDRotationControlSurface.m, as
/// docs/tempo-dial.md reads it), written here in his units: degrees, °/s, a 60 Hz display link.
/// velocity clamped to ±2000°/s; no coast below 10°/s (`v >= MIN_VELOCITY`); each call:
/// newV = 0.97·v, stop (no turn) when |newV| ≤ 0.0001, else turn by v/60 and v = newV.
@Suite("The author's inertia")
struct AuthorInertiaTests {
  /// The author's coast for a release at `v0_deg_s`: the total turn (deg) and the call at
  /// which it stops (nil: no coast at all).
  static func authorCoast(_ v0_deg_s: Double) -> (turn_deg: Double, stopCall: Int?) {
    var v = min(max(v0_deg_s, -2000), 2000)
    guard v >= 10 || v <= -10 else { return (0, nil) }
    var turn = 0.0
    var call = 0
    while true {
      call += 1
      let newV = v * 0.97
      if newV <= 0.0001 && newV >= -0.0001 { return (turn, call) }
      turn += v / 60
      v = newV
    }
  }

  /// A disc released at `omega_rad_s` with the inertia from t = 0 (the item's angular velocity
  /// is the starting speed), run long enough for any coast to stop.
  static func scene(omega_rad_s: Double) -> Scene {
    Scene(
      duration_s: 12,
      items: [
        SceneItem(
          id: "dial", size_pt: Point(240, 240), center_pt: Point(160, 200),
          angularVelocity_rad_s: omega_rad_s)
      ],
      behaviors: [
        SceneBehavior(id: "coast", items: ["dial"], kind: .inertia(InertiaSpec.fileDefaults))
      ])
  }

  /// The final angle (rad) and the frame whose `running` is 0 first (nil: never ran).
  static func run(_ scene: Scene) -> (angle_rad: Double, stopFrame: Int?, rows: [ItemState]) {
    var sim = SceneSimulation(scene)
    var rows = [sim.state(ofItem: 0)]
    var stop: Int? = sim.isRunning ? nil : 0
    for _ in 0..<scene.frameCount {
      sim.advance()
      rows.append(sim.state(ofItem: 0))
      if stop == nil && !sim.isRunning { stop = sim.frame }
    }
    return (rows.last!.angle_rad, stop, rows)
  }

  @Test(arguments: [10.0, 500, 2000, 5000, -700, 9.99, -9.99])
  func coastMatchesTheAuthorsRecurrence(v0_deg_s: Double) {
    let expected = Self.authorCoast(v0_deg_s)
    let result = Self.run(Self.scene(omega_rad_s: v0_deg_s * Double.pi / 180))
    let turn_deg = result.angle_rad * 180 / Double.pi
    if expected.stopCall == nil {
      #expect(turn_deg == 0, "v0 \(v0_deg_s)°/s is below 10°/s: no coast, turned \(turn_deg)°")
      #expect(result.stopFrame == 0, "no coast: the animator never runs")
    } else {
      expectClose(turn_deg, expected.turn_deg, .coastRecurrence, "coast of \(v0_deg_s)°/s (deg)")
      // The call that finds |0.97·v| ≤ 0.0001 turns nothing; FeelLab's frame k is call k.
      #expect(
        result.stopFrame == expected.stopCall,
        "v0 \(v0_deg_s)°/s: stop frame against the author's call \(expected.stopCall!)")
      // The last turning frame is the one before.
      let stop = expected.stopCall!
      #expect(result.rows[stop - 1].angle_rad != result.rows[stop - 2].angle_rad)
      #expect(result.rows[stop].angle_rad == result.rows[stop - 1].angle_rad)
    }
  }

  /// The closed forms docs/tempo-dial.md quotes: v0/1.8 degrees and about 550 frames for
  /// 2000°/s (the sum of a geometric series and ⌈ln(0.0001/2000) / ln 0.97⌉).
  @Test func closedFormsOfTheCap() {
    let expected = Self.authorCoast(2000)
    expectClose(expected.turn_deg, 2000 / 1.8, Tolerance("geometric tail", 1e-6, .relative), "sum")
    #expect(expected.stopCall == Int((log(0.0001 / 2000) / log(0.97)).rounded(.up)))
  }

  /// The cap applies to the release, not later: 5000°/s coasts exactly as 2000°/s.
  @Test func capClampsTheRelease() {
    let capped = Self.run(Self.scene(omega_rad_s: 5000 * Double.pi / 180))
    let atCap = Self.run(Self.scene(omega_rad_s: 2000 * Double.pi / 180))
    #expect(capped.rows == atCap.rows)
  }
}
