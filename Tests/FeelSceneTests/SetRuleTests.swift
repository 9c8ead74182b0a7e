import FeelEngine
import FeelScene
import FeelTestSupport
import Testing

/// Rules with `set` (docs/scene-format.md, "Changing a behavior during a run"): read, written
/// back, worded in the events, and acting as the setters they stand for: against closed forms
/// (a gravity's new acceleration, a rod's new length) and against the same scene written with
/// the new value from the start. The engines' frames are compared with the reference engine in
/// `make test-differential` (family `set-rules`).
@Suite struct SetRuleTests {
  /// One 40 pt box at (200, 200), for `duration` (s).
  static func box(duration: Double = 3) -> SceneText {
    SceneText(duration: duration).item("box", size: [40, 40], center: [200, 200])
  }

  /// The box with a snap `home` at its centre.
  static let snap = box().behavior("home", "snap", items: ["box"], "point = [200, 200]")

  @Test func readWrittenBackAndWorded() throws {
    let scene = try Self.snap
      .setRule("home", on: "time", "at = 0.25", "point = [260.5, 140]", "damping = 0.9")
      .scene(file: "set.toml")
    let rule = scene.rules[0]
    #expect(rule.setBehavior == "home")
    var expected = BehaviorChange()
    expected.point_pt = Point(260.5, 140)
    expected.damping = 0.9
    #expect(rule.change == expected)
    let text = SceneSchema.pieces(scene).text
    #expect(text.contains("set = \"home\"\npoint = [260.5, 140]\ndamping = 0.9\n"), "\(text)")
    #expect(try SceneReader.parse(text, file: "again.toml") == scene)
    var sim = SceneSimulation(scene)
    var details: [String] = []
    for _ in 0..<scene.frameCount { details += sim.advance().map(\.detail) }
    #expect(
      details.filter { $0.hasPrefix("rule") } == [
        "rule 1 (time 0.25) set home point 260.5 140 damping 0.9"
      ])
  }

  /// The snap pulls the box to its new point, where it settles.
  @Test func aNewSnapPointIsWhereTheItemSettles() throws {
    let scene = try Self.snap.setRule("home", on: "time", "at = 0.1", "point = [320, 90]")
      .scene(file: "set.toml")
    let last = try #require(trajectory(scene).last?[0])
    expectClose(last.center_pt.x, 320, .snapRest, "x at rest (pt)")
    expectClose(last.center_pt.y, 90, .snapRest, "y at rest (pt)")
  }

  /// A snap not in the animator takes its new point when a later rule adds it: the same frames
  /// as the scene whose snap was written at that point.
  @Test func aSnapAddedLaterIsMadeAtThePointSet() throws {
    func waiting(at point: String) -> SceneText {
      Self.box().behavior("home", "snap", items: ["box"], "start = false", "point = \(point)")
    }
    let set = try waiting(at: "[200, 200]")
      .setRule("home", on: "time", "at = 0.1", "point = [300, 250]")
      .rule(on: "time", "at = 0.2", "add = [\"home\"]")
      .scene(file: "set.toml")
    let written = try waiting(at: "[300, 250]").rule(on: "time", "at = 0.2", "add = [\"home\"]")
      .scene(file: "set.toml")
    let frames = trajectory(set)
    #expect(frames == trajectory(written))
    expectClose(frames.last![0].center_pt.x, 300, .snapRest, "x at rest (pt)")
  }

  /// A gravity turned to +x at half strength: from then on the box's velocity grows by
  /// 500 pt/s² along x and stays along y (free fall: no resistance, UIKit's default being
  /// 0.1 /s).
  @Test func aGravitySetTurnsTheAcceleration() throws {
    let scene = try Self.box(duration: 1)
      .behavior("fall", "gravity", items: ["box"])
      .behavior("free", "item", items: ["box"], "resistance = 0")
      .setRule("fall", on: "time", "at = 0.25", "angle = 0", "magnitude = 0.5")
      .scene(file: "set.toml")
    let frames = trajectory(scene)
    // Frames 20 and 50, both after the set (frame 15): 30 frames of 1/60 s.
    let (a, b) = (frames[20][0].velocity_pt_s, frames[50][0].velocity_pt_s)
    expectClose(b.x - a.x, 500 * 0.5, .gravityVelocity, "vx gained (pt/s)")
    expectClose(b.y - a.y, 0, .gravityVelocity, "vy gained (pt/s)")
    #expect(frames[15][0].velocity_pt_s.y > 200, "it fell first")
  }

  /// A paused animator resumes when a pause rule sets a gravity on its resting box: the set
  /// wakes the body (the stated assumption), and it falls at the new 1000 pt/s² (free fall).
  @Test func aSetWakesAPausedAnimator() throws {
    let scene = try Self.box(duration: 3)
      .behavior("fall", "gravity", items: ["box"], "magnitude = 0")
      .behavior("free", "item", items: ["box"], "resistance = 0")
      .setRule("fall", on: "pause", "magnitude = 1")
      .scene(file: "set.toml")
    let paused = try #require(pauseFrame(scene))
    let frames = trajectory(scene)
    let (a, b) = (frames[paused + 10][0].velocity_pt_s, frames[paused + 40][0].velocity_pt_s)
    expectClose(b.y - a.y, 1000 * 0.5, .gravityVelocity, "vy gained over 0.5 s (pt/s)")
  }

  /// A rod's new length and anchor: hanging under gravity, the box's centre ends that far
  /// below the new anchor.
  @Test func anAttachmentSetMovesItsAnchorAndLength() throws {
    let scene = try Self.box(duration: 6)
      .behavior("rod", "attachment", items: ["box"], "anchor = [200, 100]")
      .behavior("fall", "gravity", items: ["box"])
      .behavior("drag", "item", items: ["box"], "resistance = 4")
      .setRule("rod", on: "time", "at = 0.5", "anchor = [260, 80]", "length = 60")
      .scene(file: "set.toml")
    let last = try #require(trajectory(scene).last?[0])
    expectClose(last.center_pt.x, 260, .rodHang, "x under the new anchor (pt)")
    expectClose(last.center_pt.y, 80 + 60, .rodHang, "y: the new length below it (pt)")
  }
}

extension Tolerance {
  /// A velocity change under constant gravity over many sub-steps: float32 metres per second
  /// summed 60 times, and the sub-steps a frame takes (1/60 s is two of float32(1/120) s but
  /// for the accumulator's remainder).
  static let gravityVelocity = Tolerance("velocity gained under gravity, pt/s", 1e-2, .absolute)
  /// A damped rod at rest: Box2D's position solver leaves a rigid rod within its linear slop
  /// (0.005 m = 0.5 pt) of its length.
  static let rodHang = Tolerance("a rod's hanging item, pt", 0.5, .absolute)
}
