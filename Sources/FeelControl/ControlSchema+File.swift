import FeelScene
import FeelSweep

extension ControlSchema {
  /// A control file's top-level keys as read (docs/controls.md).
  public struct TopKeys: Sendable {
    var title = ""
    var description = ""
    var skin = ControlSkin()
    var swiftType: String?
    var constants: [ControlConstant] = []
    var presets: [ControlScene] = []
    var trajectoryCharts: [ControlTrajectoryChart] = []
    var exportCharts: [ControlScene] = []
  }

  /// A control file's top level, in file order. `comp` is read by `ControlReader.readComps`,
  /// after the constants whose values it sets.
  public static let top: SchemaTable<TopKeys> = SchemaTable(
    "control file", blank: TopKeys(),
    [
      .key(
        "title", .text("a non-empty string: the control's title", nonEmpty: true), \.title,
        default: .required),
      .key("description", .string, \.description, default: .value("")),
      .key("skin", skinSection, \.skin, default: .unset),
      .key("export", exportSection, \.swiftType, default: .unset),
      .key("constant", constantSections, \.constants, default: .unset),
      .elsewhere("comp", .tables(comp(constants: []).name)),
      .key("preset", scenes("preset", once: "each preset once"), \.presets, default: .unset),
      .key("trajectories", trajectorySections, \.trajectoryCharts, default: .unset),
      .key("export_chart", scenes("export_chart", once: nil), \.exportCharts, default: .unset),
    ])

  /// `[export]`: the Swift type's name, if it gives one.
  private static let exportSection = KeyCodec<String>.section(export.name, "export") {
    table, _ throws(SceneError) in
    return try export.read(table, .outsideScene, kind: "the [export] table")
  }

  /// `[[constant]]`: each named once (its name labels its table in messages).
  private static let constantSections = KeyCodec<[ControlConstant]>.tables(
    constant.name, form: "an array of tables: [[constant]] sections", label: "constant"
  ) { table, earlier throws(SceneError) in
    let keys = try constant.readNamed(
      &table, .outsideScene, label: "constant", kind: "a constant", noun: "constant",
      earlier: earlier.map(\.name))
    return ControlConstant(
      name: keys.name, label: keys.label, unit: keys.unit,
      source: keys.paths.map { .paths($0) } ?? .gap(keys.gapTo!), swift: keys.swift,
      objc: keys.objc, type: keys.type, doc: keys.doc, comment: keys.comment,
      swiftUse: keys.swiftUse, objcUse: keys.objcUse, range: keys.range,
      location: SourceLocation(
        file: table.file, line: table.line(of: "name"), table: table.label, key: "name"))
  }

  /// `[[KEY]] scene = "…"`: scene paths relative to the control file; `once`: what a message
  /// says when two name the same scene (nil: they may).
  private static func scenes(_ key: String, once: String?) -> KeyCodec<[ControlScene]> {
    KeyCodec<[ControlScene]>.tables(
      scene.name, form: "an array of tables: [[\(key)]]", label: key
    ) { table, earlier throws(SceneError) in
      let preset = ControlScene(
        path: try scene.read(table, .outsideScene, kind: "a [[\(key)]] section"),
        location: SourceLocation(
          file: table.file, line: table.line(of: "scene"), table: table.label, key: "scene"))
      return preset
    }.then { scenes, _, _ throws(SceneError) in
      guard let once else { return scenes }
      for (i, preset) in scenes.enumerated()
      where scenes[..<i].contains(where: { $0.name == preset.name }) {
        throw preset.location.error(
          expected: "\(once) (a preset is named by its scene file's name)",
          got: "\"\(preset.name)\" twice")
      }
      return scenes
    }
  }

  /// `[[trajectories]]`: a chart name (once each) and its scenes.
  private static let trajectorySections = KeyCodec<[ControlTrajectoryChart]>.tables(
    trajectories.name, form: "an array of tables: [[trajectories]]", label: "trajectories"
  ) { table, earlier throws(SceneError) in
    let keys = try trajectories.readNamed(
      &table, .outsideScene, label: "trajectories", kind: "a [[trajectories]] section",
      noun: "chart", earlier: earlier.map(\.name))
    let location = SourceLocation(
      file: table.file, line: table.line(of: "scenes"), table: table.label, key: "scenes")
    return ControlTrajectoryChart(
      name: keys.name, scenes: keys.scenes.map { ControlScene(path: $0, location: location) })
  }

  // MARK: - [skin]

  /// `[skin]`'s keys as read: its name and glyphs (its other keys are the skin's settings).
  public struct SkinKeys: Sendable {
    var name = ""
    var glyphs: [ControlGlyph] = []
  }

  /// `[skin]`: `name`, `[skin.glyphs]`, then the skin's own settings (any other key: only the
  /// skin reads them, so their form is checked, not their names).
  public static let skin: SchemaTable<SkinKeys> = SchemaTable(
    "control [skin]", blank: SkinKeys(),
    [
      .key(
        "name",
        .name(
          "a skin's name (the notebook's js/skin-NAME.js): letters, digits, - and _",
          where: InputName.isFileName), \.name, default: .required),
      .key(ControlSkin.glyphsKey, glyphSection, \.glyphs, default: .unset),
    ])

  private static let skinSection = KeyCodec<ControlSkin>.section(skin.name, "skin") {
    table, _ throws(SceneError) in
    let keys = try skin.read(table, .outsideScene, kind: nil)
    var settings: [(key: String, value: ControlValue)] = []
    let own = skin.keys.map(\.name)
    for key in table.keys.filter({ !own.contains($0) }).sorted(by: { inFileOrder(table, $0, $1) }) {
      guard let value = table.value(key).flatMap(controlValue) else {
        throw table.error(
          key,
          expected: "a skin setting: a finite number, a string, true/false or an array of them",
          got: table.shown(key))
      }
      settings.append((key, value))
    }
    return ControlSkin(
      name: keys.name, settings: settings, line: table.line(of: "name"), glyphs: keys.glyphs)
  }

  /// Whether key `a` of `table` comes before key `b` (by line, then name).
  private static func inFileOrder(_ table: SceneTable, _ a: String, _ b: String) -> Bool {
    (table.line(of: a) ?? 0, a) < (table.line(of: b) ?? 0, b)
  }

  private static func controlValue(_ value: SceneTable.Value) -> ControlValue? {
    switch value {
    case .number(let x): return x.isFinite ? .number(x) : nil
    case .string(let s): return .string(s)
    case .boolean(let b): return .boolean(b)
    case .array(let elements):
      var values: [ControlValue] = []
      for element in elements {
        guard let v = controlValue(element) else { return nil }
        values.append(v)
      }
      return .array(values)
    case .other: return nil
    }
  }

  /// `[skin.glyphs]`: a role the skin draws (`play`) = an SVG file's path, relative to the
  /// control file, in file order. The files are read and converted by `feel`
  /// (`InputFile.glyphs`).
  private static let glyphSection = KeyCodec<[ControlGlyph]>(
    form: .table("control [skin.glyphs]"),
    missing: "a table of glyphs: a [skin.glyphs] section, role = \"an SVG file's path\"",
    read: { skin, key throws(SceneError) in
      guard skin.has(key) else { return nil }
      let label = "[skin.glyphs]"
      guard skin.isTable(key),
        let table = try skin.section(key, label: label, expected: "a [skin.glyphs] section")
      else {
        throw skin.error(
          key,
          expected: "a table of glyphs: a [skin.glyphs] section, role = \"an SVG file's path\"",
          got: skin.shown(key))
      }
      var glyphs: [ControlGlyph] = []
      for role in table.keys.sorted(by: { inFileOrder(table, $0, $1) }) {
        guard InputName.isFileName(role) else {
          throw table.error(
            role, expected: "a glyph's role: letters, digits, - and _ (play, grab, thumb)",
            got: "'\(role)'")
        }
        guard case .string(let path)? = table.value(role), !path.isEmpty else {
          throw table.error(
            role, expected: "an SVG file's path (a string, relative to the control file)",
            got: table.shown(role))
        }
        glyphs.append(
          ControlGlyph(
            name: role, path: path,
            location: SourceLocation(
              file: skin.file, line: table.line(of: role), table: label, key: role)))
      }
      return glyphs
    })

  // MARK: - [[comp]]

  /// A `[[comp]]`'s keys as read.
  public struct CompKeys: Sendable {
    var name = ""
    var note = ""
    var values: [ControlComp.Value] = []
  }

  /// A `[[comp]]`: a name, a note, and values of some of `constants`. Its `name` names the
  /// table in messages, so it is read first (`compSections`).
  static func comp(constants: [ControlConstant]) -> SchemaTable<CompKeys> {
    SchemaTable(
      "control [[comp]]", blank: CompKeys(),
      [
        .key(
          "name", .text("a non-empty string: the comp's name", nonEmpty: true), \.name,
          default: .required),
        .key("note", .string, \.note, default: .value("")),
        .key("values", compValues(constants), \.values, default: .required),
      ])
  }

  /// `[[comp]]`: each named once, setting some of `constants`.
  static func compSections(constants: [ControlConstant]) -> KeyCodec<[ControlComp]> {
    let schema = comp(constants: constants)
    return KeyCodec<[ControlComp]>.tables(
      schema.name, form: "an array of tables: [[comp]] sections", label: "comp"
    ) { table, earlier throws(SceneError) in
      let keys = try schema.readNamed(
        &table, .outsideScene, label: "comp", kind: "a comp", noun: "comp",
        earlier: earlier.map(\.name))
      return ControlComp(name: keys.name, note: keys.note, values: keys.values)
    }
  }

  /// `values = { NAME = number, … }`: at least one of `constants`, in their order (an inline
  /// table keeps no order of its own), each in its unit.
  private static func compValues(_ constants: [ControlConstant]) -> KeyCodec<[ControlComp.Value]> {
    let names = constants.map(\.name)
    let form = "an inline table of constants and their values: { \(names.first ?? "name") = … }"
    return KeyCodec(
      form: .inline("control [[comp]] values"), missing: form,
      read: { comp, key throws(SceneError) in
        guard let values = try comp.section(key, label: "\(comp.label) \(key)", expected: form)
        else { return nil }
        let order = { (name: String) in (names.firstIndex(of: name) ?? names.count, name) }
        var set: [ControlComp.Value] = []
        for name in values.keys.sorted(by: { order($0) < order($1) }) {
          guard let constant = constants.first(where: { $0.name == name }) else {
            throw values.error(
              name, expected: "a constant of this control (\(names.joined(separator: ", ")))",
              got: "an unknown constant", suggestion: NameSuggestion.closest(to: name, among: names)
            )
          }
          guard let x = try values.number(name, unit: constant.unit) else { continue }
          set.append(ControlComp.Value(name, x))
        }
        if set.isEmpty { throw comp.error(key, expected: "at least one constant", got: "{ }") }
        return set
      })
  }
}
