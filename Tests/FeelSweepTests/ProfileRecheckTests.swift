import FeelScene
import FeelSweep
import FeelTestSupport
import Foundation
import Testing

/// The profile check (`SceneSchema.profileProblem`, a write and re-read of the scene) runs on a
/// setting only when the setting may fail it (`ScenePath.mayMeetProfileCheck`): the profile, a
/// choice, a key the scene leaves unset. These tests hold the shortcut to the reader: a setting
/// it lets through never makes the reader refuse the scene, and one of each kind it must catch
/// is still refused.
@Suite("The profile check, only where a setting may fail it")
struct ProfileRecheckTests {
  /// An iOS 7 scene with an item behavior that leaves `charge` and `anchored` unset.
  static let ios7 = SceneText(duration: 1, "profile = \"ios7\"")
    .item("box", size: [40, 40], center: [100, 100])
    .behavior("home", "snap", items: ["box"], "point = [200, 200]", "damping = 0.5")
    .behavior("props", "item", items: ["box"], "density = 2")

  @Test(
    "every path the shortcut lets through, set in the scene read as iOS 7's: still accepted",
    arguments: committedSceneFiles)
  func letThroughIsAccepted(_ file: String) throws {
    let text = try String(contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)
    // Only the scenes iOS 7's reader accepts (the others cannot be an iOS 7 session).
    guard let scene = try? SceneReader.parse(text, file: file, profile: .ios7) else { return }
    #expect(scene.profile == .ios7)
    for entry in ScenePath.listing(in: scene) {
      let path = try ScenePath(entry.path, in: scene)
      guard !path.mayMeetProfileCheck(in: scene) else { continue }
      var changed = scene
      switch entry.kind {
      case .number(let range, _):
        path.set(
          ScenePathSchemaTests.other(than: path.number(in: scene) ?? 1, in: range), in: &changed)
      case .boolean:
        path.set(.boolean(true), in: &changed)
        #expect(SceneSchema.profileProblem(changed) == nil, "\(file): \(entry.path) = true")
        path.set(.boolean(false), in: &changed)
      case .choice:
        Issue.record("\(file): \(entry.path), a choice, let through")
      }
      #expect(SceneSchema.profileProblem(changed) == nil, "\(file): \(entry.path)")
    }
  }

  @Test("a set number written in the file is let through; the profile and an unset key not")
  func whatIsLetThrough() throws {
    let scene = try Self.ios7.scene(file: "ios7.toml")
    func may(_ text: String) throws -> Bool {
      try ScenePath(text, in: scene).mayMeetProfileCheck(in: scene)
    }
    #expect(try !may("behavior.home.damping"))
    #expect(try !may("behavior.props.density"))
    #expect(try !may("item.box.center.0"))
    #expect(try may("profile"))
    #expect(try may("behavior.props.charge"))
    #expect(try may("behavior.props.anchored"))
  }

  @Test(
    "each setting that may fail the check is still refused as the reader refuses the file",
    arguments: [
      ("behavior.props.charge", AxisValue.number(1), "charge"),
      ("behavior.props.anchored", AxisValue.boolean(true), "anchored"),
    ])
  func caughtSettingsAreRefused(_ path: String, _ value: AxisValue, _ key: String) throws {
    var scene = try Self.ios7.scene(file: "ios7.toml")
    let setting = SceneSetting(path: path, value: value, shown: path)
    do {
      try SceneSetting.apply([setting], to: &scene)
      Issue.record("\(path) = \(value) accepted under ios7")
    } catch {
      #expect(
        error.problem.expected.contains("no \(key) with profile = \"ios7\" (\(key) is iOS 9's)"),
        "\(error.problem)")
    }
    // The same scene under iOS 9's profile takes it.
    var modern = try Self.ios7.scene(file: "ios7.toml")
    try SceneSetting.apply(
      [SceneSetting(path: "profile", value: .string("modern"), shown: "profile"), setting],
      to: &modern)
  }
}
