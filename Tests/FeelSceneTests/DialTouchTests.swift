import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// The dial's behaviors under a finger (docs/tempo-dial.md): a touch-down on the item stops a
/// coast at once (one elsewhere does not); a finger that rests before lifting starts no coast
/// with the author's estimator; the coast holds the item without a body.
@Suite("Dial behaviors and touches")
struct DialTouchTests {
  static func coasting(touch: String) throws -> Scene {
    try SceneReader.parse(
      """
      duration = 2
      [[item]]
      id = "dial"
      size = [240, 240]
      center = [160, 200]
      angular_velocity = 20
      [[touch]]
      id = "finger"
      \(touch)
      [[behavior]]
      id = "coast"
      type = "inertia"
      items = ["dial"]
      """, file: "coast.toml")
  }

  static func angles(_ scene: Scene) -> [Double] { trajectory(scene).map { $0[0].angle_rad } }

  @Test func aTouchDownOnTheDiscStopsTheCoast() throws {
    // touch-down at 0.5 s (delivered before frame 30's step): no turn from frame 30 on
    let angles = Self.angles(
      try Self.coasting(touch: "tap = { at = 0.5, point = [200, 200], duration = 0.1 }"))
    #expect(angles[29] > angles[28], "still coasting before the touch")
    #expect(angles[30...].allSatisfy { $0 == angles[29] }, "stopped at the touch-down")
  }

  @Test func aTouchElsewhereDoesNot() throws {
    // (300, 200) lies outside the 240 pt disc centred at (160, 200)
    let angles = Self.angles(
      try Self.coasting(touch: "tap = { at = 0.5, point = [300, 200], duration = 0.1 }"))
    #expect(angles[40] > angles[39])
  }

  /// A flick whose finger then rests 0.06 s before lifting at the same place: the author's
  /// estimator gives 0, no coast; the recognizer's fit over its 0.1 s window still sees the
  /// motion before the rest.
  @Test func aRestBeforeTheLiftLeavesNoCoast() throws {
    var samples: [String] = []
    for j in 0...6 {
      let a = -2.0 + 0.15 * Double(j)
      samples.append("[\(Double(j) / 60), \(160 + 100 * cos(a)), \(200 + 100 * sin(a))]")
    }
    let a = -2.0 + 0.9
    samples.append("[\(6.0 / 60 + 0.06), \(160 + 100 * cos(a)), \(200 + 100 * sin(a))]")
    func scene(_ estimator: String) throws -> Scene {
      try SceneReader.parse(
        """
        duration = 2
        [[item]]
        id = "dial"
        size = [240, 240]
        center = [160, 200]
        [[touch]]
        id = "finger"
        samples = [\(samples.joined(separator: ", "))]
        [[behavior]]
        id = "turn"
        type = "drag"
        items = ["dial"]
        touch = "finger"
        mode = "rotate"
        start = false
        [[behavior]]
        id = "coast"
        type = "inertia"
        items = ["dial"]
        estimator = "\(estimator)"
        start = false
        [[rule]]
        on = "drag-began"
        add = ["turn"]
        [[rule]]
        on = "drag-ended"
        remove = ["turn"]
        add = ["coast"]
        release_velocity = true
        """, file: "rest.toml")
    }
    let author = Self.angles(try scene("author"))
    let release = Self.angles(try scene("release"))
    let lift = 10  // the lift at 0.16 s arrives before frame 10's step (10/60 ≈ 0.167)
    #expect(author[lift...].allSatisfy { $0 == author[lift] }, "no coast after a rest")
    #expect(release.last! > release[lift] + 0.1, "the recognizer's fit still coasts")
  }

  /// While it coasts the item has no body; the coast's speed is its omega.
  @Test func theCoastHoldsTheItemWithoutABody() throws {
    let scene = try Self.coasting(touch: "tap = { at = 1.5, point = [300, 200], duration = 0.1 }")
    var sim = SceneSimulation(scene)
    sim.advance()
    #expect(!sim.animator.hasBody(0))
    expectClose(
      sim.state(ofItem: 0).angularVelocity_rad_s, 20 * 0.97,
      Tolerance("double rounding", 1e-12, .relative), "omega after frame 1")
    expectClose(
      sim.state(ofItem: 0).angle_rad, 20.0 / 60, Tolerance("double rounding", 1e-12, .relative),
      "angle after frame 1")
  }
}
