import FeelExport
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// `--to uikit` of rules with `set` (docs/scene-format.md, "Changing a behavior during a run"):
/// the generated rule methods, compiled with the stand-in UIKit and called one after the other,
/// leave each behavior's UIKit properties at the values the scene file writes.
@Suite struct UIKitSetRuleTests {
  static let scene = SceneText("title = \"set rules\"")
    .item("a", size: [60, 60], center: [100, 100])
    .item("b", size: [40, 40], center: [300, 300])
    .behavior("home", "snap", items: ["a"], "point = [150, 150]")
    .behavior("fall", "gravity", items: ["b"])
    .behavior("tether", "attachment", items: ["b"], "anchor = [300, 200]", "frequency = 2")
    .setRule("home", on: "time", "at = 0.5", "point = [250, 400]", "damping = 0.8")
    .setRule("fall", on: "time", "at = 0.7", "direction = [0, -0.5]")
    .setRule(
      "tether", on: "pause", "anchor = [200, 250]", "length = 50", "frequency = 3.5",
      "damping = 0.25")

  @Test func generatedRulesAssignTheValuesTheSceneSets() throws {
    let scene = try Self.scene.scene(file: "set-rules.toml")
    let (values, output) = try Self.printed(
      scene, name: "set-rules",
      [
        "let s = dynamics.home, g = dynamics.fall, t = dynamics.tether",
        "print(s.snapPoint.x, s.snapPoint.y, s.damping, g.angle, g.magnitude,"
          + " t.anchorPoint.x, t.anchorPoint.y, t.length, t.frequency, t.damping)",
      ])
    // The file's values; direction [0, -0.5] is the angle −π/2 and the magnitude 0.5.
    let expected = [250, 400, 0.8, -Double.pi / 2, 0.5, 200, 250, 50, 3.5, 0.25]
    #expect(values == expected, "printed: \(output)")
  }

  /// An attachment that measures its length (none in the file) and enters at a rule: the code
  /// makes it again there so that UIKit measures it then, and what rules set before stays set,
  /// as the engine makes it with the values set (docs/scene-format.md): the anchor, frequency
  /// and damping set at t = 0.2, and the length set at 0.3 instead of the one measured. Without
  /// the length set, the length is measured from the anchor set: the item at (300, 300), the
  /// anchor at (300, 180), 120 pt.
  @Test(arguments: [true, false])
  func anAttachmentRebuiltByALaterRuleKeepsTheValuesSet(lengthSet: Bool) throws {
    var text = SceneText("title = \"rebuilt\"")
      .item("b", size: [40, 40], center: [300, 300])
      .behavior("tether", "attachment", items: ["b"], "anchor = [300, 200]", "start = false")
      .setRule(
        "tether", on: "time", "at = 0.2", "anchor = [300, 180]", "frequency = 3.5",
        "damping = 0.25")
    if lengthSet { text = text.setRule("tether", on: "time", "at = 0.3", "length = 50") }
    let scene = try text.rule(on: "time", "at = 0.4", "add = [\"tether\"]")
      .scene(file: "rebuilt.toml")
    let (values, output) = try Self.printed(
      scene, name: "rebuilt",
      [
        "let t = dynamics.tether",
        "print(dynamics.animator.behaviors.count, t.anchorPoint.x, t.anchorPoint.y, t.length,"
          + " t.frequency, t.damping)",
      ])
    let length = lengthSet ? 50.0 : 120.0
    #expect(values == [1, 300, 180, length, 3.5, 0.25], "printed: \(output)")
  }

  /// A push's, an item behavior's and a field's properties set by rules: the generated code
  /// assigns each (the push's direction as its angle and magnitude, `active`, the item
  /// behavior's `isAnchored`, the field's vector and region).
  @Test func pushItemAndFieldPropertiesAreAssigned() throws {
    let scene = try SceneText(duration: 2)
      .item("card", size: [40, 40], center: [300, 300])
      .behavior("shove", "push", items: ["card"], "mode = \"continuous\"", "magnitude = 1")
      .behavior("props", "item", items: ["card"], "elasticity = 0.5")
      .behavior("pull", "field", items: ["card"], "kind = \"drag\"")
      .rule(
        on: "time", "at = 0.1", "set = \"shove\"", "direction = [0, 2]", "offset = [3, 4]",
        "active = false"
      )
      .rule(
        on: "time", "at = 0.2", "set = \"props\"", "friction = 0.7", "density = 2",
        "anchored = true"
      )
      .rule(
        on: "pause", "set = \"pull\"", "strength = 3", "direction = [5, 6]",
        "region = { shape = \"circle\", radius = 80 }"
      )
      .scene(file: "set-more.toml")
    let (values, output) = try Self.printed(
      scene, name: "set-more",
      [
        "let p = dynamics.shove, i = dynamics.props, f = dynamics.pull",
        "print(p.angle, p.magnitude, p.active ? 1 : 0, i.elasticity, i.friction, i.density,"
          + " i.isAnchored ? 1 : 0, f.strength, f.direction.dx, f.direction.dy)",
      ])
    #expect(values == [Double.pi / 2, 2, 0, 0.5, 0.7, 2, 1, 3, 5, 6], "printed: \(output)")
    let code = UIKitCode.swift(scene, name: "set-more")
    #expect(
      code.contains(
        "shove.setTargetOffsetFromCenter(UIOffset(horizontal: 3.0, vertical: 4.0), for: card)"),
      "\(code)")
    #expect(code.contains("pull.region = UIRegion(radius: 80.0)"), "\(code)")
  }

  /// An item named like a maker's local behavior (`b`) is renamed in the generated code, which
  /// compiles and runs: each maker adds the item, not the behavior it is making.
  @Test func anItemNamedLikeAMakersLocalCompiles() throws {
    let scene = try SceneText(duration: 1)
      .item("b", size: [40, 40], center: [100, 100])
      .item("a", size: [40, 40], center: [200, 100])
      .behavior("pull", "field", items: ["b"], "kind = \"spring\"", "position = [150, 150]")
      .behavior("tie", "attachment", items: ["b"], "to = \"a\"")
      .behavior("home", "snap", items: ["a"], "point = [200, 120]")
      .scene(file: "b-items.toml")
    let (values, output) = try Self.printed(
      scene, name: "b-items",
      [
        "let field = dynamics.pull.items.map { ($0 as AnyObject) === views[0] ? 1 : 0 }",
        "print(field.count, field[0], dynamics.tie.items.count)",
      ])
    #expect(values == [1, 1, 2], "printed: \(output)")
  }

  /// The numbers `lines` print after the generated code, compiled with the stand-in UIKit,
  /// made `dynamics`, started and every rule method called in order; and the whole output.
  static func printed(_ scene: Scene, name: String, _ lines: [String]) throws -> (
    [Double], String
  ) {
    let code = UIKitStubProgram.runnable(UIKitCode.swift(scene, name: name))
      .replacingOccurrences(of: "private func rule", with: "func rule")
    let (type, items) = try UIKitStubProgram.signature(code)
    let main =
      [
        "let views = [\(items.map { "\($0.1)()" }.joined(separator: ", "))]",
        "let dynamics = \(type)(referenceView: UIView()"
          + items.enumerated().map { ", \($0.element.0): views[\($0.offset)] as! \($0.element.1)" }
          .joined() + ")",
        "dynamics.start()",
      ] + scene.rules.indices.map { "dynamics.rule\($0 + 1)()" } + lines
    let output = try UIKitStubProgram.run(
      sources: ["\(name).swift": code], main: main.joined(separator: "\n"))
    return (output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }, output)
  }
}
