import FeelControl
import FeelScene
import FeelSweep
import Testing

@Suite("Control files: the boundary coordinates a gap stands for")
struct ControlGapSettingsTests {
  private static let text = WallsSceneFixture.text

  private func constant(_ source: ControlConstant.Source) -> ControlConstant {
    ControlConstant(
      name: "g", label: "g", source: source,
      location: SourceLocation(file: "t", line: nil, table: "", key: "name"))
  }

  @Test("Each named boundary moves to the gap beyond the edge, on its own side")
  func closedForm() throws {
    let scene = try SceneReader.parse(Self.text, file: "walls.toml")
    let c = constant(.gap(["left", "right", "floor", "slope"]))
    let settings = try #require(c.gapSettings(8, in: scene, item: 0, rest_pt: Point(0, 0)))
    // the box's edges at rest: x = −50 and 50, bottom y = 20; the slope has no gap
    #expect(
      settings == [
        .init(path: "boundary.left.from.0", value_pt: -58),
        .init(path: "boundary.left.to.0", value_pt: -58),
        .init(path: "boundary.right.from.0", value_pt: 58),
        .init(path: "boundary.right.to.0", value_pt: 58),
        .init(path: "boundary.floor.from.1", value_pt: 28),
        .init(path: "boundary.floor.to.1", value_pt: 28),
      ])
    // resting at x = 10: the left edge at −40, and a gap of −5 cuts 5 pt into the box
    let moved = try #require(c.gapSettings(-5, in: scene, item: 0, rest_pt: Point(10, 0)))
    #expect(moved.first == .init(path: "boundary.left.from.0", value_pt: -35))
  }

  @Test("Set through the paths, the gap reads back")
  func roundTrip() throws {
    let base = try SceneReader.parse(Self.text, file: "walls.toml")
    for id in ["left", "right", "floor"] {
      let c = constant(.gap([id]))
      for gap in [0.0, 3.25, 12.5, -7] {
        var scene = base
        for s in try #require(c.gapSettings(gap, in: base, item: 0, rest_pt: Point(0, 0))) {
          try ScenePath(s.path, in: scene).set(s.value_pt, in: &scene)
        }
        #expect(c.value(in: scene, item: 0, rest_pt: Point(0, 0)) == gap, "\(id) at \(gap)")
      }
    }
  }

  @Test("Nil for a constant given by paths; empty when the scene has none of the ids")
  func notAGap() throws {
    let scene = try SceneReader.parse(Self.text, file: "walls.toml")
    #expect(
      constant(.paths(["item.box.size.0"])).gapSettings(1, in: scene, item: 0, rest_pt: Point(0, 0))
        == nil)
    #expect(
      constant(.gap(["missing"])).gapSettings(1, in: scene, item: 0, rest_pt: Point(0, 0)) == [])
  }
}
