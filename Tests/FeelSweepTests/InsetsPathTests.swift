import FeelEngine
import FeelScene
import FeelSweep
import FeelTestSupport
import Testing

/// The reference bounds' insets are four numbers a path names by place: `.0` top, `.1` left,
/// `.2` bottom, `.3` right (UIEdgeInsets' order), so an experiment may sweep any of them.
@Suite struct InsetsPathTests {
  static let scene = SceneText("reference_size = [320, 480]")
    .item("ball", size: [40, 40], center: [160, 200])
    .behavior(
      "walls", "collision", items: ["ball"], "reference_bounds = true",
      "reference_bounds_insets = [20, 10, 34, 5]")

  @Test func eachInsetIsAPath() throws {
    var scene = try Self.scene.scene(file: "insets.toml")
    let prefix = "behavior.walls.reference_bounds_insets."
    let paths = ScenePath.all(in: scene).filter { $0.hasPrefix(prefix) }
    #expect(paths == (0..<4).map { prefix + "\($0)" })
    for (k, value) in [1.5, 2.5, 3.5, 4.5].enumerated() {
      try ScenePath(prefix + "\(k)", in: scene).set(value, in: &scene)
    }
    guard case .collision(let spec) = scene.behaviors[0].kind else {
      Issue.record("not a collision behavior")
      return
    }
    #expect(
      spec.referenceBoundsInsets_pt
        == EdgeInsets(top_pt: 1.5, left_pt: 2.5, bottom_pt: 3.5, right_pt: 4.5))
    #expect(throws: ScenePath.Problem.self) { try ScenePath(prefix + "4", in: scene) }
  }
}
