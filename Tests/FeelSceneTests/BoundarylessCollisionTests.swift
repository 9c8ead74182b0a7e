import FeelEngine
import FeelTestSupport
import Testing

@testable import FeelScene

/// A collision behavior with neither boundaries nor the reference bounds: UIKit's
/// `UICollisionBehavior(items: [a, b])` (docs/scene-format.md, on `type = "collision"`). Read in
/// both profiles; two items in it bounce off each other as the closed form of a head-on collision
/// says; one item alone in one collides with nothing.
@Suite struct BoundarylessCollisionTests {
  /// Two 100 × 100 pt items (1 kg each) flying at each other at 300 pt/s, elasticity 0.5, no
  /// resistance, no friction, no rotation; `alone` also has an item of its own in a collision
  /// behavior of its own, on their line.
  static func text(profile: String) -> String {
    SceneText(duration: 1, "profile = \"\(profile)\"")
      .item("a", size: [100, 100], center: [100, 300], "velocity = [300, 0]")
      .item("b", size: [100, 100], center: [400, 300], "velocity = [-300, 0]")
      .item("lone", size: [40, 40], center: [250, 300], "velocity = [0, 50]")
      .behavior("pair", "collision", items: ["a", "b"])
      .behavior("alone", "collision", items: ["lone"])
      .behavior(
        "material", "item", items: ["a", "b", "lone"], "elasticity = 0.5", "friction = 0",
        "resistance = 0", "angular_resistance = 0", "allows_rotation = false"
      )
      .text
  }

  @Test(arguments: ["modern", "ios7"])
  func twoItemsBounceAndOneAloneCollidesWithNothing(profile: String) throws {
    let scene = try SceneReader.parse(Self.text(profile: profile), file: "bare.toml")
    guard case .collision(let spec) = scene.behaviors[0].kind else {
      Issue.record("the first behavior is a collision")
      return
    }
    #expect(spec.boundaries.isEmpty && !spec.referenceBounds)
    let frames = trajectory(scene)
    let last = try #require(frames.last)
    // Head-on, equal masses, restitution max(0.5, 0.5) = 0.5 above 100 pt/s of approach:
    // v_a' = (v_a + v_b)/2 − e·(v_a − v_b)/2 = −150 pt/s, v_b' = +150 pt/s.
    expectClose(last[0].velocity_pt_s.x, -150, .contactImpulse, "\(profile): a's speed after")
    expectClose(last[1].velocity_pt_s.x, 150, .contactImpulse, "\(profile): b's speed after")
    // The lone item's own behavior holds nothing else: it flies through the pair's path (they
    // meet at x = 250 pt, where it is) at its start velocity, (0, 50) pt/s, no resistance.
    for (k, states) in frames.enumerated() {
      expectClose(states[2].center_pt.x, 250, .float32Accumulation, "\(profile) frame \(k) x")
      expectClose(
        states[2].velocity_pt_s.y, 50, .float32Accumulation, "\(profile) frame \(k) speed")
    }
    #expect(
      abs(frames[20][2].center_pt.y - 300) < 50 && frames[20][0].center_pt.x > 100,
      "at frame 20 the lone item is on the pair's line as they close in")
  }
}
