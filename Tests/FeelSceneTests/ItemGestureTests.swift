import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// Gestures that belong to an item (docs/touches.md): drags and rules without a touch id, the
/// hit test, one touch at a time per item, and a follow drag's limits and rubber band. Expected
/// values are closed forms: the rectangle test by hand, the rubber band's formula written here.
@Suite("Gestures on items")
struct ItemGestureTests {
  typealias Run = TouchSceneTests.Run

  /// A 100 × 40 pt box at (200, 300) with an item drag (follow, `axis`, `extra` keys) that a
  /// drag-began rule on the box adds and a drag-ended rule removes; `touches` after it.
  static func boxScene(axis: String = "both", extra: String = "", touches: String) throws
    -> Scene
  {
    try SceneText(duration: 3)
      .item("box", size: [100, 40], center: [200, 300])
      .itemDrag("box-drag", on: "box", "mode = \"follow\"", "axis = \"\(axis)\"", extra)
      .appending(touches)
      .scene(file: "gesture-test.toml")
  }

  /// UIScrollView's rubber band, written from its formula: `limit` + d·(1 − 1/(x·c/d + 1)).
  static func banded(past x: Double, limit: Double, c: Double, d: Double) -> Double {
    limit + (1 - 1 / (x * c / d + 1)) * d
  }

  @Test("two gestures: the second grabs the box where the first left it")
  func twoGestures() throws {
    // The first drag moves the box 60 pt right (to 260); the second goes down at 300, on the
    // box only because it moved (its old rectangle ends at 250), and moves it 50 pt down.
    let scene = try Self.boxScene(
      touches: """
        [[touch]]
        id = "a"
        drag = { at = 0.1, from = [200, 300], to = [260, 300], duration = 0.3 }
        [[touch]]
        id = "b"
        drag = { at = 1.0, from = [300, 310], to = [300, 360], duration = 0.3 }
        """)
    let run = TouchSceneTests.run(scene)
    let last = run.states.last![0].center_pt
    #expect(last == Point(260, 350))
    let began = run.events.filter { $0.kind == .touch(.dragBegan) }.compactMap(\.touch)
    #expect(began == ["a", "b"])
    let fired = run.events.filter { $0.kind == .ruleFired }.count
    #expect(fired == 4, "both touches went down on the box, so both fire its rules")
  }

  @Test("a touch off the item moves nothing and fires none of its rules")
  func offTheItem() throws {
    let scene = try Self.boxScene(
      touches: """
        [[touch]]
        id = "a"
        drag = { at = 0.1, from = [251, 300], to = [351, 300], duration = 0.3 }
        """)
    let run = TouchSceneTests.run(scene)
    #expect(run.states.last![0].center_pt == Point(200, 300))
    #expect(!run.events.contains { $0.kind == .ruleFired })
  }

  @Test("a second touch that goes down on the item while the first drags it is ignored")
  func secondTouchIgnored() throws {
    // "a" drags the box 60 pt right over 1 s; "b" goes down on the box at 0.5 s and drags 100 pt
    // down. The box follows "a" only; after "a" lifts, "b" (still down) stays ignored.
    let scene = try Self.boxScene(
      touches: """
        [[touch]]
        id = "a"
        drag = { at = 0.0, from = [200, 300], to = [260, 300], duration = 1.0 }
        [[touch]]
        id = "b"
        drag = { at = 0.5, from = [230, 305], to = [230, 405], duration = 1.0 }
        """)
    var sim = SceneSimulation(scene)
    var events: [SceneEvent] = []
    for _ in 0..<scene.frameCount { events += sim.advance() }
    #expect(sim.state(ofItem: 0).center_pt == Point(260, 300))
    #expect(sim.item(touchedBy: "a") == 0)
    #expect(sim.item(touchedBy: "b") == nil)
    let rules = events.filter { $0.kind == .ruleFired }
    #expect(rules.count == 2, "only a's drag-began and drag-ended fire the box's rules")
  }

  @Test("hit test: a turned item's rectangle, and the last declared of overlapping items")
  func hitTest() throws {
    // A 100 × 20 pt bar at (200, 200) turned by 45°: (230, 230) lies on its long axis 42.4 pt
    // from the centre (inside), (230, 170) 42.4 pt across it (outside, though inside the
    // unturned rectangle). A second, later item overlaps (230, 230): it is on top and wins.
    func scene(_ point: String, top: Bool) throws -> Scene {
      let bar = SceneText(duration: 0.5)
        .item("bar", size: [100, 20], center: [200, 200], "angle = 0.7853981633974483")
      return try (top ? bar.item("lid", size: [30, 30], center: [235, 235]) : bar)
        .rule(on: "touch-down", "item = \"bar\"")
        .touch("t", "tap = { at = 0, point = \(point), duration = 0.1 }")
        .scene(file: "gesture-test.toml")
    }
    func touched(_ point: String, top: Bool = false) throws -> Int? {
      var sim = SceneSimulation(try scene(point, top: top))
      for _ in 0..<10 { _ = sim.advance() }
      return sim.item(touchedBy: "t")
    }
    #expect(try touched("[230, 230]") == 0)
    #expect(try touched("[230, 170]") == nil)
    #expect(try touched("[164.72, 164.72]") == 0, "just inside the far end (u = −49.9 pt)")
    #expect(try touched("[235.5, 235.5]") == nil, "just past the near end (u = 50.2 pt)")
    #expect(try touched("[230, 230]", top: true) == 1)
    #expect(try touched("[190, 200]", top: true) == 0, "outside the top item: the bar")
  }

  @Test(
    "rubber band: the closed form past either limit, inside unchanged", arguments: [0, 0.55, 1])
  func rubberBand(c: Double) throws {
    // The box follows the finger along y within [250, 350], d = 812 pt: 40 pt up (inside),
    // then to 150 pt up, 100 pt past the min.
    let scene = try Self.boxScene(
      axis: "y",
      extra: "limit_y = [250, 350]\nrubber_band = \(c)\nrubber_band_dimension = 812",
      touches: """
        [[touch]]
        id = "up"
        samples = [[0.0, 200, 300], [0.1, 200, 260], [0.2, 200, 150]]
        """)
    var sim = SceneSimulation(scene)
    _ = sim.advance()
    for _ in 1...6 { _ = sim.advance() }
    #expect(sim.state(ofItem: 0).center_pt.y == 260, "inside the limits: 1:1 with the finger")
    for _ in 7...12 { _ = sim.advance() }
    let expected = 250 - (Self.banded(past: 100, limit: 250, c: c, d: 812) - 250)
    let y = sim.state(ofItem: 0).center_pt.y
    #expect(abs(y - expected) <= 1e-9, "y \(y), the closed form \(expected)")
    if c == 0 { #expect(y == 250, "c = 0 is a hard stop") }
    // and the same past the max, straight from the formula
    let limits = DragLimits(y_pt: .init(min_pt: 250, max_pt: 350), rubberBand: c)
    let past = limits.apply(Point(0, 430), dimension_pt: Point(812, 812)).y
    #expect(abs(past - Self.banded(past: 80, limit: 350, c: c, d: 812)) <= 1e-9)
  }

  @Test("an item grabbed outside its limits goes to the mapped position at drag-began")
  func grabbedOutside() throws {
    // The box rests at y = 300 but its limit is [0, 200] with a hard stop: the drag puts it at 200.
    let scene = try Self.boxScene(
      axis: "y", extra: "limit_y = [0, 200]",
      touches: """
        [[touch]]
        id = "t"
        drag = { at = 0, from = [200, 300], to = [200, 330], duration = 0.2 }
        """)
    let run = TouchSceneTests.run(scene)
    #expect(run.states.last![0].center_pt == Point(200, 200))
  }

  @Test("the errors: min > max, c < 0, d ≤ 0, a limit on a fixed axis, an unknown item")
  func errors() throws {
    func message(_ extra: String, axis: String = "y", rule: String = "item = \"box\"") -> String {
      do {
        _ = try SceneText(duration: 1)
          .item("box", size: [10, 10], center: [0, 0])
          .behavior(
            "d", "drag", items: ["box"], "mode = \"follow\"", "axis = \"\(axis)\"", extra
          )
          .rule(on: "tap", rule)
          .touch("t", "tap = { point = [0, 0], duration = 0.1 }")
          .scene(file: "gesture-test.toml")
        return ""
      } catch {
        return "\(error)"
      }
    }
    #expect(message("limit_y = [300, 200]").contains("'limit_y'"))
    #expect(message("limit_y = [300, 200]").contains("min ≤ max"))
    #expect(message("rubber_band = -0.1").contains("'rubber_band'"))
    #expect(message("rubber_band_dimension = 0").contains("'rubber_band_dimension'"))
    #expect(message("limit_x = [0, 10]").contains("an axis the drag moves"))
    #expect(message("", rule: "item = \"bx\"").contains("'item'"))
    #expect(message("", rule: "item = \"bx\"").contains("did you mean 'box'"))
    #expect(message("limit_y = [0, 10]\nrubber_band = 0.55") == "")
  }
}
