import FeelEngine
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// Items that touch each other, against closed forms and numbers measured on UIKit
/// (kern0x1b/charon: UIDynamicAnimator.md §2.10, §7.1–§7.3; docs/shapes.md).
@Suite struct ItemContactTests {
  /// Two items in one collision behavior, no gravity, no resistance; `a` moving at
  /// `velocity_pt_s`.
  func twoItems(
    sizes: (Point, Point), centres: (Point, Point), velocity_pt_s: Point, elasticity: Double,
    anchoredB: Bool = false, friction: Double = 0
  ) -> Scene {
    var behaviors = [
      SceneBehavior(id: "collide", items: ["a", "b"], kind: .collision(CollisionSpec())),
      SceneBehavior(
        id: "props", items: ["a", "b"],
        kind: .item(
          ItemPropertiesSpec(
            elasticity: elasticity, friction: friction, resistance: 0, angularResistance: 0))),
    ]
    if anchoredB {
      behaviors.append(
        SceneBehavior(id: "pin", items: ["b"], kind: .item(ItemPropertiesSpec(anchored: true))))
    }
    return Scene(
      duration_s: 1,
      items: [
        SceneItem(id: "a", size_pt: sizes.0, center_pt: centres.0, velocity_pt_s: velocity_pt_s),
        SceneItem(id: "b", size_pt: sizes.1, center_pt: centres.1),
      ],
      behaviors: behaviors)
  }

  /// A head-on hit of equal boxes with restitution e: momentum is kept and the relative
  /// speed reversed and scaled by e, so vA' = v(1 − e)/2 and vB' = v(1 + e)/2.
  @Test(arguments: [0.0, 0.3, 0.6, 1.0])
  func headOnHitOfEqualBoxesExchangesVelocityAsElasticitySays(e: Double) {
    let v = 500.0
    let scene = twoItems(
      sizes: (Point(100, 100), Point(100, 100)), centres: (Point(100, 300), Point(300, 300)),
      velocity_pt_s: Point(v, 0), elasticity: e)
    let last = trajectory(scene).last!
    expectClose(last[0].velocity_pt_s.x, v * (1 - e) / 2, .contactImpulse, "vA after, e \(e)")
    expectClose(last[1].velocity_pt_s.x, v * (1 + e) / 2, .contactImpulse, "vB after, e \(e)")
    #expect(abs(last[0].angularVelocity_rad_s) < 1e-6 && abs(last[1].angularVelocity_rad_s) < 1e-6)
  }

  /// An item bouncing off an anchored item leaves at e × its speed, the anchored one stays;
  /// UIKit measured 40.0000343 pt/s for 200 pt/s at its default elasticity 0.2.
  @Test(arguments: [0.2, 0.5, 0.9])
  func bounceOffAnAnchoredItemLeavesAtElasticityTimesTheSpeed(e: Double) {
    let scene = twoItems(
      sizes: (Point(50, 50), Point(100, 100)), centres: (Point(260, 200), Point(100, 200)),
      velocity_pt_s: Point(-200, 0), elasticity: e, anchoredB: true)
    let frames = trajectory(scene)
    expectClose(frames.last![0].velocity_pt_s.x, 200 * e, .contactImpulse, "v after, e \(e)")
    for states in frames {
      #expect(states[1].center_pt == Point(100, 200), "the anchored item stays")
    }
  }

  @Test func bounceOffAnAnchoredItemAsMeasuredOnUIKit() {
    let scene = twoItems(
      sizes: (Point(50, 50), Point(100, 100)), centres: (Point(260, 200), Point(100, 200)),
      velocity_pt_s: Point(-200, 0), elasticity: 0.2, anchoredB: true)
    expectClose(
      trajectory(scene).last![0].velocity_pt_s.x, 40.0000343, .appleMeasuredSpeed,
      "UIKit: B at -200 pt/s leaves at +40.0000343")
  }

  /// In `items` mode an item passes through the behavior's boundaries exactly as in free
  /// fall, and the contacts are still reported.
  @Test func itemsModePassesThroughTheReferenceBoundsAndReportsTheContacts() {
    let item = SceneItem(id: "a", size_pt: Point(40, 40), center_pt: Point(100, 100))
    let gravity = SceneBehavior(id: "g", items: ["a"], kind: .gravity(GravitySpec()))
    let collision = SceneBehavior(
      id: "c", items: ["a"], kind: .collision(CollisionSpec(referenceBounds: true, mode: .items)))
    let withBounds = Scene(
      duration_s: 1, referenceSize_pt: Point(200, 200), items: [item],
      behaviors: [gravity, collision])
    let free = Scene(duration_s: 1, items: [item], behaviors: [gravity])
    let through = trajectory(withBounds)
    #expect(through == trajectory(free), "the same states frame by frame as in free fall")
    #expect(through.last![0].center_pt.y > 220, "below the bounds")
    var sim = SceneSimulation(withBounds)
    var details: [String] = []
    for _ in 0..<withBounds.frameCount {
      details += sim.advance().filter { $0.kind == .contactBegan }.map(\.detail)
    }
    #expect(details.contains("item a boundary reference-bounds"))
  }

  /// In `boundaries` mode two items pass through each other and rest on the floor.
  @Test func boundariesModeLetsItemsPassThroughEachOther() {
    let scene = Scene(
      duration_s: 1.5, referenceSize_pt: Point(400, 400),
      items: [
        SceneItem(id: "a", size_pt: Point(80, 40), center_pt: Point(200, 100)),
        SceneItem(id: "b", size_pt: Point(80, 40), center_pt: Point(200, 300)),
      ],
      behaviors: [
        SceneBehavior(id: "g", items: ["a", "b"], kind: .gravity(GravitySpec())),
        SceneBehavior(
          id: "c", items: ["a", "b"],
          kind: .collision(CollisionSpec(referenceBounds: true, mode: .boundaries))),
      ])
    let last = trajectory(scene).last!
    // Both rest on the floor (y = 400 − 20 − about 1.5 pt of skins less slop, within a slop
    // of 0.5 pt), one over the other: stacked, they would be 40 pt apart.
    for state in last {
      #expect(state.center_pt.y > 377.5 && state.center_pt.y < 379, "on the floor")
    }
  }
}
