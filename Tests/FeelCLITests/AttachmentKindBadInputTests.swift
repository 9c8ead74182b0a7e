import FeelTestSupport
import Foundation
import Testing

/// `barSceneBase`, a second item "hub" (lines 6–9), then an attachment "j" on "bar" (lines
/// 10–13) and its `lines` from line 14 on.
private func attachment(_ lines: String...) -> String {
  barScene(
    [
      "[[item]]", "id = \"hub\"", "size = [20, 20]", "center = [50, 100]", "[[behavior]]",
      "id = \"j\"", "type = \"attachment\"", "items = [\"bar\"]",
    ] + lines)
}

private let badKinds: [BadScene] = [
  BadScene(
    name: "sliding attachment without an axis",
    text: attachment("kind = \"sliding\"", "anchor = [0, 0]"), line: 10, key: "axis",
    fragments: ["behavior \"j\"", "axis of translation", "got nothing"]),
  BadScene(
    name: "sliding attachment with a zero axis",
    text: attachment("kind = \"sliding\"", "anchor = [0, 0]", "axis = [0, 0]"), line: 16,
    key: "axis", fragments: ["other than [0, 0]"]),
  BadScene(
    name: "pin range whose minimum exceeds its maximum",
    text: attachment(
      "kind = \"pin\"", "to = \"hub\"", "point = [50, 100]", "range = [0.5, -0.5]"),
    line: 17, key: "range", fragments: ["min ≤ max", "got [0.5, -0.5]"]),
  BadScene(
    name: "unknown attachment kind", text: attachment("kind = \"hinge\"", "to = \"hub\""),
    line: 14, key: "kind", fragments: ["\"pin\"", "\"sliding\"", "got \"hinge\""]),
  BadScene(
    name: "attachment kind under profile ios7",
    text: "profile = \"ios7\"\n"
      + attachment("kind = \"fixed\"", "to = \"hub\"", "point = [50, 60]"),
    line: 15, key: "kind", fragments: ["profile = \"ios7\"", "iOS 9's", "got \"fixed\""]),
  BadScene(
    name: "a key of another kind",
    text: attachment("kind = \"pin\"", "to = \"hub\"", "point = [50, 100]", "axis = [1, 0]"),
    line: 17, key: "axis", fragments: ["no axis in a pin attachment", "kind = \"sliding\""]),
  BadScene(
    name: "pin without its point", text: attachment("kind = \"pin\"", "to = \"hub\""), line: 10,
    key: "point", fragments: ["attachment point"]),
  BadScene(
    name: "limit to an anchor", text: attachment("kind = \"limit\"", "anchor = [0, 0]"),
    line: 15, key: "anchor", fragments: ["no anchor in a limit attachment"]),
]

@Suite("feel run: bad attachment kinds exit 2 with file, line and key, and no rows")
struct AttachmentKindBadInputTests {
  @Test("a bad attachment kind", arguments: badKinds)
  func badKind(_ bad: BadScene) throws {
    let message = try refusedRunMessage(bad.text)
    #expect(message.hasPrefix("feel: error: bad.toml:\(bad.line!):"), "\(message)")
    #expect(message.contains("'\(bad.key)'"), "\(message)")
    expectFragments(bad.fragments, in: message)
  }
}
