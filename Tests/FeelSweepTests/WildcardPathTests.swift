import FeelScene
import FeelSweep
import FeelTestSupport
import Testing

/// A `*` in a path's id (docs/experiments.md, "Paths"): the experiment is read as if the matching
/// paths were listed one by one, in the scene's order, each with the entry's mapping; a `*`
/// elsewhere, or one no id matches, is refused with the path's file, line and key.
@Suite struct WildcardPathTests {
  static let scene = SceneText()
    .item("a", size: [40, 40], center: [100, 100])
    .item("b", size: [40, 40], center: [100, 200])
    .behavior("spring-a", "attachment", items: ["a"], "anchor = [100, 100]", "length = 0")
    .behavior("home", "snap", items: ["b"], "point = [100, 200]")
    .behavior("spring-b", "attachment", items: ["b"], "anchor = [100, 200]", "length = 0")

  static func experiment(_ axis: String) -> String {
    """
    title = "t"
    scene = "s.toml"
    metrics = ["settle_time_s"]
    [[axis]]
    name = "x"
    \(axis)
    values = [0.2, 0.4]
    """
  }

  func grid(_ axis: String) throws -> ParameterGrid {
    let e = try ExperimentReader.parse(Self.experiment(axis), file: "e.toml")
    return try ParameterGrid(e, scene: try Self.scene.scene(file: "s.toml"), sceneFile: "s.toml")
  }

  func message(_ axis: String) -> String? {
    do {
      _ = try grid(axis)
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test func aWildcardIsTheMatchingPathsInSceneOrder() throws {
    let wild = try grid("set = [{ path = \"behavior.spring-*.damping\", scale = 2 }]")
    let listed = try grid(
      """
      set = [{ path = "behavior.spring-a.damping", scale = 2 },
        { path = "behavior.spring-b.damping", scale = 2 }]
      """)
    #expect(
      wild.axes[0].axis.targets.map(\.path) == [
        "behavior.spring-a.damping", "behavior.spring-b.damping",
      ])
    #expect(wild.axes[0].axis.targets.allSatisfy { $0.scale == 2 })
    for k in 0..<wild.count { #expect(wild.point(at: k) == listed.point(at: k)) }
    #expect(
      try grid("path = \"item.*.size.1\"").axes[0].paths.map(\.text) == [
        "item.a.size.1", "item.b.size.1",
      ])
  }

  @Test func aWildcardElsewhereOrMatchingNothingIsRefused() {
    for (axis, expected) in [
      ("path = \"behavior.spring-a.*\"", "a `*` only in the id"),
      ("path = \"behavior.nothing-*.damping\"", "an id matching \"nothing-*\""),
      ("path = \"behavior.*.damping\"", "home"),  // the snap has damping: matched
    ] {
      let text = message(axis)
      if expected == "home" {
        #expect(text == nil, "\(axis): \(text ?? "")")
      } else {
        #expect(
          text?.contains("e.toml") == true && text?.contains(expected) == true, "\(text ?? "")")
      }
    }
    // a match whose table lacks the key: the item behaviors' ids match, the key does not
    let text = message("path = \"behavior.*.length\"")
    #expect(text?.contains("behavior.home.length") == true, "\(text ?? "")")
  }

  /// `feel run --set` (and `feel metrics --set`, the server's `set`): a wildcard sets every
  /// match; one matching nothing is refused naming the option.
  @Test func aSettingSetsEveryMatch() throws {
    var scene = try Self.scene.scene(file: "w.toml")
    let setting = try SceneSetting(
      parsing: "behavior.spring-*.damping=0.4", shown: "--set 'behavior.spring-*.damping=0.4'")
    try SceneSetting.apply([setting], to: &scene)
    let dampings = scene.behaviors.map { behavior -> Double? in
      guard case .attachment(let spec) = behavior.kind else { return nil }
      return spec.damping
    }
    #expect(dampings == [0.4, nil, 0.4])
    var unchanged = scene
    let none = try SceneSetting(parsing: "behavior.x-*.damping=1", shown: "--set x")
    #expect(throws: SceneSetting.Failure.self) { try SceneSetting.apply([none], to: &unchanged) }
  }

  /// A misspelt key after a wildcard is reported against the path as written, not against
  /// the first id it matched, with the key's suggestion.
  @Test func aMisspeltKeyAfterAWildcardNamesThePattern() throws {
    var scene = try Self.scene.scene(file: "w.toml")
    let setting = try SceneSetting(parsing: "behavior.spring-*.dampng=0.4", shown: "--set d")
    let failure = #expect(throws: SceneSetting.Failure.self) {
      try SceneSetting.apply([setting], to: &scene)
    }
    #expect(failure?.problem.got == "\"behavior.spring-*.dampng\"")
    #expect(
      failure?.problem.suggestion?.contains("damping") == true, "\(String(describing: failure))")
  }
}
