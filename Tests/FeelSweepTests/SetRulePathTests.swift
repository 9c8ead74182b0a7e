import FeelEngine
import FeelMetrics
import FeelScene
import FeelSweep
import FeelTestSupport
import Testing

/// A rule's `set` values are paths an experiment may sweep (`rule.N.point.0`, `rule.N.angle`,
/// `rule.N.active`, …): those the rule gives, and no others; `direction`, a pair standing for
/// two, is not one.
@Suite struct SetRulePathTests {
  static let scene = SceneText()
    .item("box", size: [40, 40], center: [160, 200])
    .behavior("home", "snap", items: ["box"], "point = [100, 100]")
    .behavior("fall", "gravity", items: ["box"])
    .setRule("home", on: "contact", "point = [200, 300]")
    .setRule("fall", on: "time", "at = 0.5", "direction = [0, 2]")

  /// The paths `ScenePath.all` lists for the rules of `scene`.
  static func rulePaths(_ scene: Scene) -> [String] {
    ScenePath.all(in: scene).filter { $0.hasPrefix("rule.") }
  }

  @Test func theValuesARuleSetsArePaths() throws {
    var scene = try Self.scene.scene(file: "set.toml")
    #expect(
      Self.rulePaths(scene) == [
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

  /// A 40 pt box (0.16 kg) without resistance, pushed by 0.16 N (100 pt/s²) until a time rule
  /// at 0.5 s sets the push's `active` (false stops it); a second rule sets the item
  /// behavior's two booleans at 1.4 s, which change nothing here (no torque, no contact; a
  /// box left unanchored).
  static let push = SceneText(duration: 1.5)
    .item("box", size: [40, 40], center: [200, 200])
    .behavior("props", "item", items: ["box"], "resistance = 0")
    .behavior("shove", "push", items: ["box"], "mode = \"continuous\"", "magnitude = 0.16")
    .setRule("shove", on: "time", "at = 0.5", "active = false")
    .setRule("props", on: "time", "at = 1.4", "allows_rotation = false", "anchored = false")

  /// A rule's booleans are paths as an item behavior's own are: true or false, the one check.
  @Test func aRulesBooleansArePaths() throws {
    var scene = try Self.push.scene(file: "push.toml")
    #expect(
      Self.rulePaths(scene) == [
        "rule.1.at", "rule.1.active", "rule.2.at", "rule.2.allows_rotation", "rule.2.anchored",
      ])
    for text in ["rule.1.active", "rule.2.allows_rotation", "rule.2.anchored"] {
      let path = try ScenePath(text, in: scene)
      #expect(path.kind == .boolean, "\(text)")
      path.set(.boolean(true), in: &scene)
    }
    #expect(scene.rules[0].change.active == true)
    #expect(scene.rules[1].change.item.allowsRotation == true)
    #expect(scene.rules[1].change.item.anchored == true)
    var copy = scene
    let setting = SceneSetting(path: "rule.1.active", value: .number(1), shown: "--set")
    #expect(throws: SceneSetting.Failure.self) { try SceneSetting.apply([setting], to: &copy) }
    #expect(throws: ScenePath.Problem.self) { try ScenePath("rule.1.anchored", in: scene) }
  }

  /// An experiment on `push` (push.toml beside it) sweeping `rule.1.active` over `values`.
  static func activeSweep(_ values: String) -> String {
    """
    title = "push stopped or not"
    scene = "push.toml"
    metrics = ["peak_speed_pt_s", "end_x_pt"]

    [[axis]]
    name = "active"
    path = "rule.1.active"
    values = \(values)
    """
  }

  /// Swept over `rule.1.active`, the rows differ as the closed form says: frame n at 60 Hz has
  /// run 2n − 1 sub-steps of h = 1/120 s (docs/uikit-dynamics-model.md), and a time rule fires
  /// after its frame's step, so the push acts on K sub-steps, K = 2 × 30 − 1 when stopped at
  /// 0.5 s, else every one of the run's N = 2 × 90 − 1. Semi-implicit Euler: sub-step j ends at
  /// the speed a·h·min(j, K), so the peak speed is a·h·K and the travel h Σⱼ a·h·min(j, K).
  @Test func aSweepOverARulesActive() throws {
    let experiment = try ExperimentReader.parse(Self.activeSweep("[true, false]"), file: "e.toml")
    let grid = try ParameterGrid(
      experiment, scene: try Self.push.scene(file: "push.toml"), sceneFile: "push.toml")
    let a = 100.0
    let h = 1.0 / 120
    let n = 2 * 90 - 1
    for (row, k) in [n, 2 * 30 - 1].enumerated() {
      let result = grid.measure(at: row)
      let travel = (1...n).reduce(0.0) { $0 + a * h * h * Double(min($1, k)) }
      expectClose(result[.peakSpeed_pt_s], a * h * Double(k), .float32Accumulation, "row \(row)")
      expectClose(result[.endX_pt].map { $0 - 200 }, travel, .float32Accumulation, "row \(row)")
    }
  }

  /// A bad value of a rule's boolean: exit status 2, one line naming the file, line and key,
  /// and what was expected; `--set`'s names the option.
  @Test func aBadValueOfARulesBoolean() throws {
    let scratch = try Scratch()
    let scene = try scratch.writeFile(Self.push.text, to: "push.toml")
    let experiment = try scratch.writeFile(Self.activeSweep("[1, 0]"), to: "e.toml")
    let sweep = try FeelCommand.run(["sweep", experiment, "-o", "-"], scratch: scratch)
    #expect(sweep.status == 2)
    #expect(
      sweep.stderr
        == "feel: error: \(experiment):8: axis \"active\" key 'values': expected values that "
        + "rule.1.active accepts: true or false, got 1\n")
    let run = try FeelCommand.run(
      ["run", scene, "--set", "rule.2.anchored=yes"], scratch: scratch)
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "feel: error: --set 'rule.2.anchored=yes': expected true or false, got \"yes\"\n")
  }
}
