import FeelTestSupport
import Foundation
import Testing

/// A dial scene `feel run` must refuse (docs/tempo-dial.md, "Scene keys for the dial"): the
/// line its message names and fragments of what it says.
struct BadDialScene: Sendable, CustomTestStringConvertible {
  var name: String
  var text: String
  var place: String
  var fragments: [String]
  var testDescription: String { name }
}

/// `barSceneBase` (lines 1–5), then a behavior of `type` on the bar from line 6 (id, type,
/// items on lines 7–9), then `lines` from line 10 on.
private func dialBehavior(_ type: String, _ lines: String...) -> String {
  barScene(
    ["[[behavior]]", "id = \"dial-\(type)\"", "type = \"\(type)\"", "items = [\"bar\"]"] + lines)
}

private let badDialScenes: [BadDialScene] = [
  BadDialScene(
    name: "a decay of 1 never stops", text: dialBehavior("inertia", "decay = 1.0"),
    place: "bad.toml:10",
    fragments: ["behavior \"dial-inertia\" key 'decay'", "a number in [0, 1)", "got 1.0"]),
  BadDialScene(
    name: "a negative speed", text: dialBehavior("inertia", "max_speed = -1"),
    place: "bad.toml:10", fragments: ["key 'max_speed'", "a number ≥ 0 (rad/s)"]),
  BadDialScene(
    name: "an unknown estimator", text: dialBehavior("inertia", "estimator = \"autor\""),
    place: "bad.toml:10",
    fragments: ["key 'estimator'", "one of \"release\", \"author\"", "did you mean 'author'?"]),
  BadDialScene(
    name: "a detent without a count", text: dialBehavior("detent", "phase = 0.5"),
    place: "bad.toml:6",
    fragments: ["behavior \"dial-detent\" key 'count'", "a whole number ≥ 1", "got nothing"]),
  BadDialScene(
    name: "a count that is not whole", text: dialBehavior("detent", "count = 12.5"),
    place: "bad.toml:10", fragments: ["key 'count'", "a whole number ≥ 1"]),
  BadDialScene(
    name: "a detent that never engages",
    text: dialBehavior("detent", "count = 12", "engage_below = 0"),
    place: "bad.toml:11", fragments: ["key 'engage_below'", "a number > 0 (rad/s)"]),
  BadDialScene(
    name: "a frequency of 0", text: dialBehavior("detent", "count = 12", "frequency = 0"),
    place: "bad.toml:11", fragments: ["key 'frequency'", "a number > 0 (Hz)"]),
  BadDialScene(
    name: "a key of the other behavior", text: dialBehavior("detent", "count = 12", "decay = 0.9"),
    place: "bad.toml:11", fragments: ["key 'decay'", "a key of a detent behavior"]),
  BadDialScene(
    name: "two detents on one item",
    text: dialBehavior(
      "detent", "count = 12", "[[behavior]]", "id = \"again\"", "type = \"detent\"",
      "items = [\"bar\"]", "count = 6"),
    place: "bad.toml:14",
    fragments: ["behavior \"again\" key 'items'", "an item no other detent behavior moves"]),
]

@Suite("feel run: bad dial behaviors exit 2 with one clear message and no rows")
struct DialBadInputTests {
  @Test("a malformed inertia or detent", arguments: badDialScenes)
  func malformed(_ bad: BadDialScene) throws {
    let message = try refusedRunMessage(bad.text)
    #expect(message.hasPrefix("feel: error: \(bad.place):"), "\(message)")
    expectFragments(bad.fragments, in: message)
  }
}
