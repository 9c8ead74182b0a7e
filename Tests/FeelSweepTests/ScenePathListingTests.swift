import FeelScene
import FeelSweep
import FeelTestSupport
import Foundation
import Testing

/// `feel inspect SCENE --paths` (`ScenePath.listing`): every path a sweep, `--set` and the
/// studio's `set` accept, with what its value must be, as those commands check it.
@Suite("The paths a scene accepts, listed")
struct ScenePathListingTests {
  static let scene = SceneText()
    .item("box", size: [40, 40], center: [160, 200])
    .behavior("home", "snap", items: ["box"], "point = [100, 100]", "damping = 0.4")

  @Test(
    "every listed path resolves to its kind, once; a wrong value is refused in its words",
    arguments: committedSceneFiles)
  func listedPathsAreAccepted(_ file: String) throws {
    let scene = try loadScene(file)
    let entries = ScenePath.listing(in: scene)
    #expect(!entries.isEmpty)
    #expect(Set(entries.map(\.path)).count == entries.count, "\(file): a path listed twice")
    for entry in entries {
      let path = try ScenePath(entry.path, in: scene)
      #expect(path.kind == entry.kind, "\(file): \(entry.path)")
      // A value no kind's range holds for a number, a number for a choice or a boolean.
      let wrong: AxisValue = if case .number = entry.kind { .string("x") } else { .number(1) }
      var copy = scene
      do {
        try SceneSetting.apply(
          [SceneSetting(path: entry.path, value: wrong, shown: entry.path)], to: &copy)
        Issue.record("\(file): \(entry.path) = \(wrong) accepted")
      } catch {
        #expect(error.problem.expected == entry.kind.expected, "\(file): \(entry.path)")
      }
    }
  }

  @Test("a snap on one item: its point's two components and its damping, the item's own keys")
  func smallSceneByHand() throws {
    let scene = try Self.scene.scene(file: "paths.toml")
    let entries = ScenePath.listing(in: scene)
    let paths = entries.map(\.path)
    #expect(
      paths.filter { $0.hasPrefix("behavior.") }
        == ["behavior.home.point.0", "behavior.home.point.1", "behavior.home.damping"])
    #expect(paths.contains("item.box.center.0") && paths.contains("item.box.center.1"))
    #expect(paths.contains("profile"))
    // No touch: no recognizer, no touch paths; nothing but what the scene has.
    #expect(!paths.contains { $0.hasPrefix("recognizer.") || $0.hasPrefix("touch.") })
    #expect(
      paths.allSatisfy {
        !$0.contains(".") || $0.hasPrefix("item.box.") || $0.hasPrefix("behavior.home.")
      })
    let profile = try #require(entries.first { $0.path == "profile" })
    guard case .choice(let names, _) = profile.kind else {
      Issue.record("profile is \(profile.kind)")
      return
    }
    #expect(Set(names) == ["modern", "ios7"])
    #expect(paths == ScenePath.all(in: scene))
  }

  @Test("the text lists one path a line, the value's words in one column; the JSON the same")
  func textAndJSON() throws {
    let scene = try Self.scene.scene(file: "paths.toml")
    let entries = ScenePath.listing(in: scene)
    let lines = ScenePath.listingText(entries).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == entries.count + 1 && lines.last == "")
    let column = entries.map(\.path.count).max()! + 2
    for (line, entry) in zip(lines, entries) {
      #expect(line.hasPrefix(entry.path + " "))
      #expect(String(line.dropFirst(column)) == entry.kind.expected, "\(line)")
    }
    let json = try #require(
      JSONSerialization.jsonObject(with: Data(ScenePath.listingJSON(entries).utf8))
        as? [String: Any])
    let objects = try #require(json["paths"] as? [[String: Any]])
    #expect(objects.map { $0["path"] as? String } == entries.map(\.path))
    let damping = try #require(objects.first { $0["path"] as? String == "behavior.home.damping" })
    #expect(damping["kind"] as? String == "number")
    #expect(damping["names"] is NSNull)
    let profile = try #require(objects.first { $0["path"] as? String == "profile" })
    #expect(profile["kind"] as? String == "choice")
    #expect(Set(profile["names"] as? [String] ?? []) == ["modern", "ios7"])
    #expect(profile["unit"] is NSNull)
  }
}
