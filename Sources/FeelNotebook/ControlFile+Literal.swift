import FeelControl
import FeelCore

extension ControlFile {
  /// The control as the page reads it (`FEEL_NOTEBOOK.controls[name]`): its title, skin and
  /// the skin's settings and glyphs (each role's canvas data, as text), its constants with
  /// their export names (and `gapTo`, the boundary ids of a constant given by `gap_to`, else
  /// null: the studio's slider asks the server for the coordinates a value stands for), and its
  /// comps.
  public func literal(glyphs: [NotebookGlyph] = []) -> JSONTree {
    .object([
      ("name", .string(name)),
      ("title", .string(title)),
      ("skin", .string(skin.name)),
      ("settings", .object(skin.settings.map { ($0.key, Self.literal($0.value)) })),
      ("glyphs", .object(glyphs.map { ($0.name, .string($0.canvas)) })),
      ("swiftType", .string(swiftType)),
      (
        "constants",
        .array(
          constants.map { c in
            .object([
              ("name", .string(c.name)), ("label", .string(c.label)), ("unit", .string(c.unit)),
              ("swift", c.swift.map(JSONTree.string) ?? .null),
              ("objc", c.objc.map(JSONTree.string) ?? .null),
              ("type", .string(c.type)), ("doc", c.doc.map(JSONTree.string) ?? .null),
              ("comment", c.comment.map(JSONTree.string) ?? .null),
              ("swiftUse", c.swiftUse.map(JSONTree.string) ?? .null),
              ("objcUse", c.objcUse.map(JSONTree.string) ?? .null),
              ("range", c.range.map { .numbers([$0.lowerBound, $0.upperBound]) } ?? .null),
              ("gapTo", c.gapIDs.map { .array($0.map(JSONTree.string)) } ?? .null),
            ])
          })
      ),
      (
        "comps",
        .array(
          comps.map { comp in
            .object([
              ("name", .string(comp.name)), ("note", .string(comp.note)),
              ("values", .object(comp.values.map { ($0.constant, .number($0.value)) })),
            ])
          })
      ),
    ])
  }

  static func literal(_ value: ControlValue) -> JSONTree {
    switch value {
    case .number(let x): .number(x)
    case .string(let s): .string(s)
    case .boolean(let b): .bool(b)
    case .array(let values): .array(values.map(literal))
    }
  }
}

extension ControlConstant {
  /// The boundary ids of a constant given by `gap_to`; nil for one given by `paths`.
  var gapIDs: [String]? {
    guard case .gap(let ids) = source else { return nil }
    return ids
  }
}
