import FeelTestSupport
import Foundation
import Testing

/// `barSceneBase` (lines 1–5), a snap "home" (lines 6–10), a gravity "fall" (11–14), an
/// attachment "rope" to an anchor (15–19), an item behavior "props" (20–23), a time rule
/// (24–26), then the rule's `lines` from line 27 on.
private func setRule(_ lines: String...) -> String {
  barScene(
    [
      "[[behavior]]", "id = \"home\"", "type = \"snap\"", "items = [\"bar\"]", "point = [60, 30]",
      "[[behavior]]", "id = \"fall\"", "type = \"gravity\"", "items = [\"bar\"]",
      "[[behavior]]", "id = \"rope\"", "type = \"attachment\"", "items = [\"bar\"]",
      "anchor = [50, 0]",
      "[[behavior]]", "id = \"props\"", "type = \"item\"", "items = [\"bar\"]",
      "[[rule]]", "on = \"time\"", "at = 0.5",
    ] + lines)
}

private let badSets: [BadScene] = [
  BadScene(
    name: "a snap's key on an item behavior", text: setRule("set = \"props\"", "damping = 1"),
    line: 28, key: "damping",
    fragments: ["the item \"props\"", "(elasticity, friction, density"]),
  BadScene(
    name: "a density that is not positive", text: setRule("set = \"props\"", "density = 0"),
    line: 28, key: "density", fragments: ["> 0", "got 0"]),
  BadScene(
    name: "allows_rotation that is not a boolean",
    text: setRule("set = \"props\"", "allows_rotation = 1"), line: 28, key: "allows_rotation",
    fragments: ["got 1"]),
  BadScene(
    name: "a field's key on a gravity", text: setRule("set = \"fall\"", "strength = 2"),
    line: 28, key: "strength", fragments: ["the gravity \"fall\"", "(angle, direction, magnitude)"]),
  BadScene(
    name: "a push's key without set", text: setRule("active = true"), line: 27, key: "active",
    fragments: ["active only with set = \"ID\""]),
  BadScene(
    name: "set naming no behavior", text: setRule("set = \"hom\"", "point = [1, 2]"), line: 27,
    key: "set", fragments: ["the id of a behavior", "did you mean 'home'"]),
  BadScene(
    name: "set without a value", text: setRule("set = \"home\""), line: 24, key: "point",
    fragments: ["a value to set on the snap \"home\"", "point, damping"]),
  BadScene(
    name: "a key of another type", text: setRule("set = \"home\"", "angle = 1"), line: 28,
    key: "angle", fragments: ["the snap \"home\"", "(point, damping)", "got 1"]),
  BadScene(
    name: "a value without set", text: setRule("point = [1, 2]"), line: 27, key: "point",
    fragments: ["point only with set = \"ID\""]),
  BadScene(
    name: "direction with angle",
    text: setRule("set = \"fall\"", "direction = [0, 1]", "angle = 1"), line: 29, key: "angle",
    fragments: ["no angle when direction is given"]),
  BadScene(
    name: "an anchor that is not a point", text: setRule("set = \"rope\"", "anchor = \"up\""),
    line: 28, key: "anchor", fragments: ["an anchor point", "got \"up\""]),
  BadScene(
    name: "a negative length", text: setRule("set = \"rope\"", "length = -5"), line: 28,
    key: "length", fragments: ["≥ 0", "got -5"]),
  BadScene(
    name: "a damping that is not a number", text: setRule("set = \"home\"", "damping = \"soft\""),
    line: 28, key: "damping", fragments: ["got \"soft\""]),
]

@Suite("feel run: bad set rules exit 2 with file, line and key, and no rows")
struct SetRuleBadInputTests {
  @Test("a bad set rule", arguments: badSets)
  func badSet(_ bad: BadScene) throws {
    let message = try refusedRunMessage(bad.text)
    #expect(message.hasPrefix("feel: error: bad.toml:\(bad.line!):"), "\(message)")
    #expect(message.contains("'\(bad.key)'"), "\(message)")
    expectFragments(bad.fragments, in: message)
  }

  /// A collision behavior has no property an app sets during a run.
  @Test func setNamingACollision() throws {
    let text = barScene([
      "[[behavior]]", "id = \"walls\"", "type = \"collision\"", "items = [\"bar\"]",
      "[[rule]]", "on = \"pause\"", "set = \"walls\"", "friction = 1",
    ])
    let message = try refusedRunMessage(text)
    #expect(message.hasPrefix("feel: error: bad.toml:12:"), "\(message)")
    expectFragments(
      ["'set'", "a snap, gravity, push, item, field or distance attachment", "\"walls\""],
      in: message)
  }

  /// An anchor on an attachment to another item: that attachment has no anchor to move.
  @Test func anchorOfAnAttachmentToAnItem() throws {
    let text = barScene([
      "[[item]]", "id = \"other\"", "size = [10, 10]", "center = [200, 200]",
      "[[behavior]]", "id = \"link\"", "type = \"attachment\"", "items = [\"bar\"]",
      "to = \"other\"",
      "[[rule]]", "on = \"pause\"", "set = \"link\"", "anchor = [1, 2]",
    ])
    let message = try refusedRunMessage(text)
    #expect(message.hasPrefix("feel: error: bad.toml:18:"), "\(message)")
    expectFragments(["'anchor'", "(length, frequency, damping)"], in: message)
  }

  /// `--set` keeps a rule's new length in range too: exit 2, no rows.
  @Test func setOptionRefusesANegativeLength() throws {
    let folder = try TemporaryFolder()
    try folder.write(setRule("set = \"rope\"", "length = 5"), to: "rope.toml")
    let result = try runFeel(["run", "rope.toml", "--set", "rule.1.length=-3"], in: folder.url)
    #expect(result.status == 2 && result.stdout.isEmpty, "\(result.output)")
    expectFragments(["rule.1.length", "≥ 0"], in: result.errors)
  }
}
