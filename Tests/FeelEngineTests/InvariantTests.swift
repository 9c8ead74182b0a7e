import FeelEngine
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// Properties that hold for every scene of a seeded grid, whatever the numbers.
@Suite struct InvariantTests {
  /// A small deterministic generator (SplitMix64), so every run tests the same grid.
  struct SeededRandom {
    var generator: SplitMix64
    init(state: UInt64) { generator = SplitMix64(state: state) }
    mutating func next() -> Double { Double(generator.next() >> 11) / Double(1 << 53) }
    mutating func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * next() }
  }

  /// An item thrown at a long vertical wall to its right, at an angle, with or without
  /// gravity, rotation and a spin.
  func wallScene(_ r: inout SeededRandom) -> (scene: Scene, wallX_pt: Double) {
    let w = r.uniform(20, 500)
    let h = r.uniform(20, 500)
    // Clear of the item whatever its rotation: half its diagonal plus 20 pt.
    let wallX = 250 + (w * w + h * h).squareRoot() / 2 + 20
    let speed = r.uniform(200, 6000)
    let angle = r.uniform(-0.8, 0.8)
    let item = SceneItem(
      id: "box", size_pt: Point(w, h), center_pt: Point(250, 500), angle_rad: r.uniform(-0.5, 0.5),
      velocity_pt_s: Point(speed * cos(angle), speed * sin(angle)),
      angularVelocity_rad_s: r.uniform(-5, 5))
    var behaviors = [
      SceneBehavior(
        id: "wall", items: ["box"],
        kind: .collision(
          CollisionSpec(boundaries: [
            SceneBoundary(id: "wall", from_pt: Point(wallX, -5000), to_pt: Point(wallX, 6000))
          ]))),
      SceneBehavior(
        id: "props", items: ["box"],
        kind: .item(
          ItemPropertiesSpec(
            elasticity: r.uniform(0, 1), resistance: r.uniform(0, 1.5),
            allowsRotation: r.next() < 0.7))),
    ]
    if r.next() < 0.5 {
      behaviors.append(
        SceneBehavior(
          id: "g", items: ["box"],
          kind: .gravity(GravitySpec(angle_rad: r.uniform(-1.4, 1.4), magnitude: r.uniform(0, 3)))))
    }
    return (Scene(duration_s: 2, items: [item], behaviors: behaviors), wallX)
  }

  /// How far the item's box (without its skin) reaches past the line x = wallX (pt).
  func penetration_pt(_ s: ItemState, size: Point, wallX: Double) -> Double {
    let c = cos(s.angle_rad)
    let sn = sin(s.angle_rad)
    let reach = abs(c) * size.x / 2 + abs(sn) * size.y / 2
    return s.center_pt.x + reach - wallX
  }

  @Test func nothingCrossesABoundaryItTouched() {
    var r = SeededRandom(state: 2026)
    // Box2D lets shapes sink by up to its linear slop (0.5 pt) plus a sub-step's motion when
    // the contact is solved by position correction; nothing may get through.
    let allowedSink_pt = 2.0
    var touched = 0
    for case_ in 0..<120 {
      let (scene, wallX) = wallScene(&r)
      let frames = trajectory(scene)
      var deepest = -Double.infinity
      // While the item is level with the wall (it spans y = −5000…6000 pt).
      for f in frames where abs(f[0].center_pt.y - 500) < 5000 {
        let p = penetration_pt(f[0], size: scene.items[0].size_pt, wallX: wallX)
        deepest = max(deepest, p)
        #expect(f[0].center_pt.x < wallX, "case \(case_): the centre crossed the wall")
      }
      // Resting contact keeps the boxes about 1.5 pt apart: a 1 pt skin on each, less the
      // 0.5 pt slop.
      if deepest > -2.5 { touched += 1 }
      #expect(deepest <= allowedSink_pt, "case \(case_): sank \(deepest) pt into the wall")
    }
    #expect(touched >= 40, "enough cases reach the wall to mean something (\(touched) of 120)")
  }

  /// An item in the animator with nothing acting on it: Box2D puts it to sleep after 0.5 s
  /// below the sleep tolerances, which at 60 Hz (1 sub-step on the first frame, 2 on the next)
  /// is during frame 31, as measured on UIKit.
  @Test(arguments: [Point(20, 20), Point(320, 50), Point(500, 300)])
  func anItemWithNoForcesPausesOnFrame31(size: Point) {
    let scene = Scene(
      duration_s: 1,
      items: [SceneItem(id: "box", size_pt: size, center_pt: Point(100, 100))],
      behaviors: [
        SceneBehavior(id: "props", items: ["box"], kind: .item(ItemPropertiesSpec(density: 2)))
      ])
    #expect(pauseFrame(scene) == 31)
  }
}
