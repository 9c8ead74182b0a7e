import FeelEngine
import FeelScene
import FeelSweep
import FeelTestSupport
import Testing

/// A rule's `set` values are paths an experiment may sweep (`rule.N.point.0`, `rule.N.angle`,
/// …): those the rule gives, and no others; `direction`, a pair standing for two, is not one.
@Suite struct SetRulePathTests {
  static let scene = SceneText()
    .item("box", size: [40, 40], center: [160, 200])
    .behavior("home", "snap", items: ["box"], "point = [100, 100]")
    .behavior("fall", "gravity", items: ["box"])
    .setRule("home", on: "contact", "point = [200, 300]")
    .setRule("fall", on: "time", "at = 0.5", "direction = [0, 2]")

  @Test func theValuesARuleSetsArePaths() throws {
    var scene = try Self.scene.scene(file: "set.toml")
    let paths = ScenePath.all(in: scene).filter { $0.hasPrefix("rule.") }
    #expect(
      paths == [
        "rule.1.point.0", "rule.1.point.1", "rule.2.at", "rule.2.angle", "rule.2.magnitude",
      ])
    try ScenePath("rule.1.point.1", in: scene).set(320, in: &scene)
    try ScenePath("rule.2.magnitude", in: scene).set(0.5, in: &scene)
    #expect(scene.rules[0].change.point_pt == Point(200, 320))
    #expect(scene.rules[1].change.magnitude == 0.5)
    #expect(scene.rules[1].change.angle_rad == Double.pi / 2)
    #expect(throws: ScenePath.Problem.self) { try ScenePath("rule.1.damping", in: scene) }
    #expect(throws: ScenePath.Problem.self) { try ScenePath("rule.2.direction.0", in: scene) }
  }
}
