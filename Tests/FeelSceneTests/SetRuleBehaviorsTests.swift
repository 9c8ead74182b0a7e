import FeelEngine
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// Rules that set a push's, an item behavior's or a field's properties (docs/scene-format.md,
/// "Changing a behavior during a run"): read, written back and worded, and acting as UIKit's
/// setters against closed forms (a force's acceleration, the damping law per sub-step, a
/// linear gravity field's acceleration). Their frames are compared with the reference engine
/// in `make test-differential` (family `set-rules`).
@Suite struct SetRuleBehaviorsTests {
  /// A 40 pt box (0.16 kg) at (200, 200) without resistance, unless `keys` say otherwise.
  static func box(duration: Double = 1.5, _ keys: String...) -> SceneText {
    SceneText(duration: duration, keys.joined(separator: "\n"))
      .item("box", size: [40, 40], center: [200, 200])
      .behavior("props", "item", items: ["box"], "resistance = 0")
  }

  /// The box's mass (kg): density 1 × 40 × 40 pt² / 100².
  static let mass_kg = 0.16

  /// A continuous push of 0.16 N accelerates the box by 100 pt/s²; set to 0.48 N at 0.5 s,
  /// by 300 pt/s²; stopped (`active = false`) at 1 s, it no longer accelerates it.
  @Test func aContinuousPushSetAndStopped() throws {
    let scene = try Self.box()
      .behavior("shove", "push", items: ["box"], "mode = \"continuous\"", "magnitude = 0.16")
      .rule(on: "time", "at = 0.5", "set = \"shove\"", "magnitude = 0.48")
      .rule(on: "time", "at = 1", "set = \"shove\"", "active = false")
      .scene()
    let frames = trajectory(scene)
    let v = { (frame: Int) in frames[frame][0].velocity_pt_s.x }
    expectClose(v(30) - v(10), 100 * (0.16 / Self.mass_kg) / 3, .pushVelocity, "before (pt/s)")
    expectClose(v(60) - v(40), 100 * (0.48 / Self.mass_kg) / 3, .pushVelocity, "after (pt/s)")
    expectClose(v(90) - v(70), 0, .pushVelocity, "stopped (pt/s)")
  }

  /// An instantaneous push of 0.08 N·s gives 50 pt/s; `active = true` fires it again, with
  /// the angle set with it: 50 pt/s more, along y.
  @Test func anInstantaneousPushFiredAgain() throws {
    let scene = try Self.box()
      .behavior("kick", "push", items: ["box"], "mode = \"instantaneous\"", "magnitude = 0.08")
      .rule(on: "time", "at = 0.5", "set = \"kick\"", "active = true", "angle = 1.5707963267948966")
      .scene()
    let frames = trajectory(scene)
    let v = frames.last![0].velocity_pt_s
    expectClose(v.x, 50, .pushVelocity, "vx (pt/s)")
    expectClose(v.y, 50, .pushVelocity, "vy (pt/s)")
    #expect(frames[20][0].velocity_pt_s.y == 0, "not before the rule")
  }

  /// Resistance c set at 0.5 s: from then on each 1/120 s sub-step divides the speed by
  /// 1 + c/120 (UIKit's damping law), so 60 sub-steps later it is v/(1 + c/120)^60.
  @Test func anItemBehaviorResistanceSet() throws {
    let scene = try SceneText(duration: 1.5)
      .item("box", size: [40, 40], center: [200, 200], "velocity = [300, 0]")
      .behavior("props", "item", items: ["box"], "resistance = 0")
      .rule(on: "time", "at = 0.5", "set = \"props\"", "resistance = 2", "friction = 0.7")
      .scene()
    let frames = trajectory(scene)
    expectClose(frames[30][0].velocity_pt_s.x, 300, .pushVelocity, "none before (pt/s)")
    let (a, b) = (frames[40][0].velocity_pt_s.x, frames[70][0].velocity_pt_s.x)
    expectClose(b, a / pow(1 + 2.0 / 120, 60), .pushVelocity, "after 60 sub-steps (pt/s)")
  }

  /// A linear gravity field along x: strength 1 pulls at 100 pt/s² per m/s² of its
  /// direction; strength set to 3 at 0.5 s, three times as hard; its direction set along y.
  @Test func aFieldStrengthAndDirectionSet() throws {
    let scene = try Self.box()
      .behavior("pull", "field", items: ["box"], "kind = \"linear_gravity\"", "direction = [2, 0]")
      .rule(on: "time", "at = 0.5", "set = \"pull\"", "strength = 3")
      .rule(on: "time", "at = 1", "set = \"pull\"", "direction = [0, 1]")
      .scene()
    #expect(scene.rules[1].change.direction == Point(0, 1))
    #expect(scene.rules[1].change.angle_rad == nil, "a field's direction stays a vector")
    let frames = trajectory(scene)
    let v = { (frame: Int) in frames[frame][0].velocity_pt_s }
    expectClose(v(30).x - v(10).x, 200 / 3, .pushVelocity, "strength 1 (pt/s)")
    expectClose(v(60).x - v(40).x, 600 / 3, .pushVelocity, "strength 3 (pt/s)")
    expectClose(v(85).y - v(70).y, 300 / 4, .pushVelocity, "along y (pt/s)")
    expectClose(v(85).x - v(70).x, 0, .pushVelocity, "no more along x (pt/s)")
  }

  /// Each new key is read, written back as the file gave it, and worded in the events.
  @Test func readWrittenBackAndWorded() throws {
    let scene = try Self.box(duration: 0.5)
      .behavior("shove", "push", items: ["box"], "mode = \"continuous\"")
      .behavior("pull", "field", items: ["box"], "kind = \"spring\"")
      .rule(
        on: "time", "at = 0.1", "set = \"shove\"", "direction = [0, 2]", "offset = [1, 2]",
        "active = false"
      )
      .rule(on: "time", "at = 0.2", "set = \"props\"", "density = 2", "allows_rotation = false")
      .rule(
        on: "time", "at = 0.3", "set = \"pull\"", "position = [10, 20]", "falloff = 1",
        "direction = [3, 4]", "region = { shape = \"circle\", radius = 50 }"
      )
      .scene()
    #expect(scene.rules[0].change.magnitude == 2, "a push's direction is its magnitude")
    let text = SceneSchema.pieces(scene).text
    #expect(try SceneReader.parse(text, file: "again.toml") == scene, "\(text)")
    var sim = SceneSimulation(scene)
    var details: [String] = []
    for _ in 0..<scene.frameCount { details += sim.advance().map(\.detail) }
    #expect(
      details.filter { $0.hasPrefix("rule") } == [
        "rule 1 (time 0.1) set shove angle 1.57079633 magnitude 2 active false offset 1 2",
        "rule 2 (time 0.2) set props density 2 allows_rotation false",
        "rule 3 (time 0.3) set pull position 10 20 falloff 1 direction 3 4 region",
      ])
  }
}

extension Tolerance {
  /// Velocity a force, an impulse or a damping law gives over frames, float32 integration.
  static let pushVelocity = Tolerance(
    "velocity a push, field or resistance gives, pt/s", 1e-2, .absolute)
}
