import FeelEngine
import FeelScene
import FeelSweep
import FeelTestSupport
import Foundation
import Testing

/// Paths, the scene file reader and the writer read and write the same values, since all three
/// come from the scene schema: on every committed scene, every path's value is the one the
/// file holds, and setting it changes exactly that value of the written file, which reads back
/// to the scene set.
@Suite("Scene paths against the schema's reader and writer")
struct ScenePathSchemaTests {
  /// A value other than `x` that `range` accepts.
  static func other(than x: Double, in range: SceneNumberRange) -> Double {
    switch range {
    case .any, .nonNegative: x + 1.25
    case .positive: x * 2
    case .fraction: x / 2 == x ? 0.5 : x / 2
    case .count: x + 1
    }
  }

  /// Whether the scene has iOS 9's collision bounds, groups, `anchored`, `charge`, an
  /// attachment kind or a field.
  static func usesIOS9Keys(_ scene: Scene) -> Bool {
    !scene.groups.isEmpty || scene.items.contains { $0.bounds != .rectangle }
      || scene.behaviors.contains {
        if case .item(let spec) = $0.kind {
          spec.anchored != nil || spec.charge != nil
        } else if case .attachment(let spec) = $0.kind {
          spec.kind != .distance
        } else if case .field = $0.kind {
          true
        } else {
          false
        }
      }
  }

  /// The value tokens of a scene's written file, each with the key it is written under.
  static func values(_ scene: Scene) -> [(key: String, value: String)] {
    var text = ""
    var values: [(String, String)] = []
    for piece in SceneSchema.pieces(scene).pieces {
      switch piece {
      case .text(let t): text += t
      case .value(let v):
        let key = text.components(separatedBy: " = ").dropLast().last?
          .split(whereSeparator: { !($0.isLetter || $0 == "_") }).last
        values.append((key.map(String.init) ?? "", v))
        text += v
      }
    }
    return values
  }

  @Test(
    "setting a path changes its key's value in the written file, which reads back",
    arguments: committedSceneFiles)
  func setThroughPaths(_ file: String) throws {
    let scene = try loadScene(file)
    let before = Self.values(scene)
    for text in ScenePath.all(in: scene) {
      let path = try ScenePath(text, in: scene)
      let key = try #require(text.split(separator: ".").last { Int($0) == nil }).description
      var changed = scene
      switch path.kind {
      case .number(let range, _):
        guard let x = path.number(in: scene) else { continue }  // unset (an attachment's length)
        let y = Self.other(than: x, in: range)
        path.set(y, in: &changed)
        #expect(path.number(in: changed) == y, "\(file): \(text)")
      case .choice(let names, _):
        // The first name that changes the written file (the profile, a collision's mode).
        var name = names[0]
        path.set(.string(name), in: &changed)
        if Self.values(changed).map(\.value) == before.map(\.value) {
          changed = scene
          name = names[1]
          path.set(.string(name), in: &changed)
        }
        #expect(
          Self.values(changed).contains { $0.key == key && $0.value == "\"\(name)\"" },
          "\(file): \(text) = \(name)")
      case .boolean:
        path.set(.boolean(false), in: &changed)
      }
      let after = Self.values(changed)
      if after.count == before.count {
        let differing = before.indices.filter { before[$0].value != after[$0].value }
        #expect(differing.count <= 1, "\(file): \(text) changed \(differing.count) values")
        if case .boolean = path.kind {} else { #expect(differing.count == 1, "\(file): \(text)") }
        for i in differing { #expect(after[i].key == key, "\(file): \(text) set \(after[i].key)") }
      } else {
        // An unset key (an item behavior's property, a collision's insets) is written once
        // set: every value it adds is that key's (one, or the insets' four).
        let added = after.count - before.count
        let ofKey = { (values: [(key: String, value: String)]) in
          values.filter { $0.key == key }.count
        }
        #expect(added >= 1 && ofKey(after) - ofKey(before) == added, "\(file): \(text)")
      }
      if changed.profile == .ios7 && Self.usesIOS9Keys(changed) {
        // iOS 9's keys under iOS 7's profile: the reader refuses the file (docs/shapes.md).
        #expect(throws: SceneError.self, "\(file): \(text)") {
          try SceneReader.parse(SceneSchema.pieces(changed).text, file: "set.toml")
        }
        continue
      }
      let back = try SceneReader.parse(SceneSchema.pieces(changed).text, file: "set.toml")
      #expect(back == changed, "\(file): \(text)")
    }
  }
}
