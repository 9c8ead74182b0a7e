import FeelScene

/// A scene file's text built from its parts, for tests that read a scene through
/// `SceneReader` (the reader is part of what they test) without pasting the same `[[item]]`,
/// `[[behavior]]` and `[[rule]]` lines into every case. Each part takes the keys every such
/// table has as arguments and any other key as written TOML (`"velocity = [300, -100]"`):
///
///     let text = SceneText(duration: 3)
///       .item("box", size: [100, 40], center: [200, 300])
///       .itemDrag("box-drag", on: "box", "mode = \"follow\"")
///       .touch("a", "drag = { at = 0.1, from = [200, 300], to = [260, 300], duration = 0.3 }")
///       .text
public struct SceneText: Sendable {
  /// The lines so far.
  public private(set) var lines: [String]

  /// The top level: `duration` (s) unless the scene's default, then any other top-level keys
  /// (`frame_rate = 60`).
  public init(duration: Double? = nil, _ keys: String...) {
    lines = (duration.map { ["duration = \($0)"] } ?? []) + keys
  }

  /// The text, one line each, ending with a newline.
  public var text: String { lines.joined(separator: "\n") + "\n" }

  /// The scene read from `text` as file `file` (named in messages).
  public func scene(file: String = "scene-text.toml") throws -> Scene {
    try SceneReader.parse(text, file: file)
  }

  /// These parts, then `keys` as written (a `[[touch]]` of another test's making, a comment).
  public func appending(_ keys: String...) -> SceneText {
    var copy = self
    copy.lines += keys
    return copy
  }

  /// An `[[item]]` of `size` at `center` (pt), with `keys`.
  public func item(_ id: String, size: [Double], center: [Double], _ keys: String...)
    -> SceneText
  {
    table(
      "[[item]]", ["id = \"\(id)\"", "size = \(list(size))", "center = \(list(center))"] + keys)
  }

  /// A `[[behavior]]` of `type` on `items`, with `keys`.
  public func behavior(_ id: String, _ type: String, items: [String], _ keys: String...)
    -> SceneText
  {
    table(
      "[[behavior]]",
      ["id = \"\(id)\"", "type = \"\(type)\"", "items = \(strings(items))"] + keys)
  }

  /// A `[[rule]]` on event `on`, with `keys` (`add`, `remove`, `item`…).
  public func rule(on event: String, _ keys: String...) -> SceneText {
    table("[[rule]]", ["on = \"\(event)\""] + keys)
  }

  /// A `[[rule]]` on event `on` that sets behavior `behavior`'s `keys` (`point = [250, 400]`;
  /// `at` for a time rule).
  public func setRule(_ behavior: String, on event: String, _ keys: String...) -> SceneText {
    table("[[rule]]", ["on = \"\(event)\"", "set = \"\(behavior)\""] + keys)
  }

  /// A `[[touch]]` with `keys` (its trace: `drag = { … }`, `samples = […]`).
  public func touch(_ id: String, _ keys: String...) -> SceneText {
    table("[[touch]]", ["id = \"\(id)\""] + keys)
  }

  /// A gesture that belongs to `item` (docs/touches.md): a drag behavior `id` with `keys`,
  /// not started, that a rule on the item adds at `addedOn` (drag-began unless given) and a
  /// drag-ended rule removes.
  public func itemDrag(
    _ id: String, on item: String, addedOn event: String = "drag-began", _ keys: String...
  ) -> SceneText {
    table(
      "[[behavior]]",
      ["id = \"\(id)\"", "type = \"drag\"", "items = \(strings([item]))"] + keys
        + ["start = false"]
    )
    .rule(on: event, "item = \"\(item)\"", "add = \(strings([id]))")
    .rule(on: "drag-ended", "item = \"\(item)\"", "remove = \(strings([id]))")
  }

  /// A drag behavior `id` moving `item` in `mode` with touch `touch`, with `keys`, not
  /// started: a drag-began rule adds it and a drag-ended rule removes it (the scene's rules,
  /// whichever item the finger went down on).
  public func touchDrag(
    _ id: String, on item: String, touch: String, mode: String, _ keys: String...
  ) -> SceneText {
    table(
      "[[behavior]]",
      [
        "id = \"\(id)\"", "type = \"drag\"", "items = \(strings([item]))", "touch = \"\(touch)\"",
        "mode = \"\(mode)\"",
      ] + keys + ["start = false"]
    )
    .rule(on: "drag-began", "add = \(strings([id]))")
    .rule(on: "drag-ended", "remove = \(strings([id]))")
  }

  private func table(_ header: String, _ keys: [String]) -> SceneText {
    var copy = self
    copy.lines += [header] + keys
    return copy
  }

  private func list(_ numbers: [Double]) -> String {
    "[" + numbers.map { $0 == $0.rounded() ? String(Int($0)) : String($0) }.joined(separator: ", ")
      + "]"
  }

  private func strings(_ names: [String]) -> String {
    "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
  }
}
