import FeelScene
import FeelSweep

/// Reads a control file's text (TOML, docs/controls.md) into a `ControlFile`. Pure: the caller
/// reads the file. Every problem throws one `ControlError` naming the file, the line, the table,
/// the key and what was expected, as a scene's or an experiment's errors do; unknown keys get
/// a "did you mean".
///
/// Scene paths and boundary ids are not checked here (a constant's sources are alternatives,
/// and a scene need not hold them all); the scene files it names are checked by `feel`.
public enum ControlReader {
  static let topKeys = [
    "title", "description", "skin", "export", "constant", "comp", "preset", "trajectories",
    "export_chart",
  ]
  static let compKeys = ["name", "note", "values"]

  /// Parses `text`, the contents of control file `file` (its name without `.toml` is the
  /// control's name).
  public static func parse(_ text: String, file: String) throws(ControlError) -> ControlFile {
    let top = try ControlTable.parse(text, file: file)
    try top.checkKeys(topKeys, of: "a control file")
    let name = ControlFile.baseName(file)
    guard let title = try top.string("title"), !title.isEmpty else {
      throw top.error(
        "title", expected: "a non-empty string: the control's title",
        got: top.shown("title") ?? "nothing")
    }
    let description = try top.string("description") ?? ""
    let skin = try readSkin(top)
    var swiftType = defaultSwiftType(name)
    if let export = try top.section("export", label: "[export]"),
      let type = try export.read(ControlSchema.export, kind: "the [export] table")
    {
      swiftType = type
    }
    let constants = try readConstants(top, file: file)
    let comps = try readComps(top, constants: constants)
    let presets = try readScenes(top, "preset", label: "preset", file: file)
    for (i, preset) in presets.enumerated()
    where presets[..<i].contains(where: { $0.name == preset.name }) {
      throw preset.location.error(
        expected: "each preset once (a preset is named by its scene file's name)",
        got: "\"\(preset.name)\" twice")
    }
    let charts = try readTrajectoryCharts(top, file: file)
    let exports = try readScenes(top, "export_chart", label: "export_chart", file: file)
    return ControlFile(
      name: name, file: file, title: title, description: description, skin: skin,
      swiftType: swiftType, constants: constants, comps: comps, presets: presets,
      trajectoryCharts: charts, exportCharts: exports)
  }

  /// `hanging-card` → `HangingCardFeel`: the Swift type when `[export]` names none.
  public static func defaultSwiftType(_ name: String) -> String {
    let words = name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
    var type = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    if type.isEmpty || type.first!.isNumber { type = "Control" + type }
    return type + "Feel"
  }

  // MARK: - Sections

  /// `[skin]`: `name`, then the skin's own settings (numbers, strings, booleans, arrays).
  private static func readSkin(_ top: ControlTable) throws(ControlError) -> ControlSkin {
    guard let table = try top.section("skin", label: "[skin]") else { return ControlSkin() }
    let form = "a skin's name (the notebook's js/skin-NAME.js): letters, digits, - and _"
    guard let name = try table.string("name") else {
      throw table.error("name", expected: form, got: "nothing")
    }
    guard InputName.isFileName(name) else {
      throw table.error("name", expected: form, got: "\"\(name)\"")
    }
    let glyphs = try readGlyphs(table)
    var settings: [(key: String, value: ControlValue)] = []
    let keys = table.keys.filter { $0 != "name" && $0 != ControlSkin.glyphsKey }.sorted {
      (table.line(of: $0) ?? 0, $0) < (table.line(of: $1) ?? 0, $1)
    }
    for key in keys {
      guard let value = table.value(key).flatMap(controlValue) else {
        throw table.error(
          key,
          expected: "a skin setting: a finite number, a string, true/false or an array of them",
          got: table.shown(key))
      }
      settings.append((key, value))
    }
    return ControlSkin(
      name: name, settings: settings, line: table.line(of: "name"), glyphs: glyphs)
  }

  /// `[skin.glyphs]`: a role the skin draws (`play`) = an SVG file's path, relative to the
  /// control file. The files are read and converted by `feel` (`InputFile.glyphs`).
  private static func readGlyphs(_ skin: ControlTable) throws(ControlError) -> [ControlGlyph] {
    let key = ControlSkin.glyphsKey
    guard skin.has(key) else { return [] }
    guard skin.isTable(key) else {
      throw skin.error(
        key,
        expected: "a table of glyphs: a [skin.glyphs] section, role = \"an SVG file's path\"",
        got: skin.shown(key))
    }
    let label = "[skin.glyphs]"
    guard let table = try skin.inline(key, label: label, form: "a [skin.glyphs] section")
    else { return [] }
    let roles = table.keys.sorted {
      (table.line(of: $0) ?? 0, $0) < (table.line(of: $1) ?? 0, $1)
    }
    var glyphs: [ControlGlyph] = []
    for role in roles {
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
  }

  private static func controlValue(_ value: ControlTable.Value) -> ControlValue? {
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

  /// `[[comp]]`: a unique name, a note, and values of the control's constants.
  private static func readComps(_ top: ControlTable, constants: [ControlConstant])
    throws(ControlError) -> [ControlComp]
  {
    var comps: [ControlComp] = []
    let names = constants.map(\.name)
    for var table in try top.elements(
      "comp", label: "comp", form: "an array of tables: [[comp]] sections")
    {
      guard let name = try table.string("name"), !name.isEmpty else {
        throw table.error(
          "name", expected: "a non-empty string: the comp's name",
          got: table.shown("name") ?? "nothing")
      }
      table.label = "comp \"\(name)\""
      try table.checkKeys(compKeys, of: "a comp")
      if comps.contains(where: { $0.name == name }) {
        throw table.error("name", expected: "a name no other comp has", got: "\"\(name)\" (twice)")
      }
      let note = try table.string("note") ?? ""
      let form = "an inline table of constants and their values: { \(names.first ?? "name") = … }"
      guard
        let values = try table.inline("values", label: "comp \"\(name)\" values", form: form)
      else { throw table.error("values", expected: form, got: "nothing") }
      var set: [ControlComp.Value] = []
      // In the control's order of constants (an inline table keeps no order of its own).
      let keys = values.keys.sorted {
        (names.firstIndex(of: $0) ?? names.count, $0) < (
          names.firstIndex(of: $1) ?? names.count, $1
        )
      }
      for key in keys {
        guard names.contains(key) else {
          throw values.error(
            key, expected: "a constant of this control (\(names.joined(separator: ", ")))",
            got: "an unknown constant", suggestion: NameSuggestion.closest(to: key, among: names))
        }
        guard let x = try values.number(key, unit: constants.first { $0.name == key }?.unit)
        else { continue }
        set.append(ControlComp.Value(key, x))
      }
      if set.isEmpty { throw table.error("values", expected: "at least one constant", got: "{ }") }
      comps.append(ControlComp(name: name, note: note, values: set))
    }
    return comps
  }

  /// `[[KEY]] scene = "…"`: scene paths relative to the control file.
  private static func readScenes(
    _ top: ControlTable, _ key: String, label: String, file: String
  ) throws(ControlError) -> [ControlScene] {
    var scenes: [ControlScene] = []
    for table in try top.elements(key, label: label, form: "an array of tables: [[\(key)]]") {
      let path = try table.read(ControlSchema.scene, kind: "a [[\(key)]] section")
      scenes.append(
        ControlScene(
          path: path,
          location: SourceLocation(
            file: file, line: table.line(of: "scene"), table: table.label, key: "scene")))
    }
    return scenes
  }

  /// `[[trajectories]]`: a chart name and its scenes.
  private static func readTrajectoryCharts(_ top: ControlTable, file: String)
    throws(ControlError) -> [ControlTrajectoryChart]
  {
    var charts: [ControlTrajectoryChart] = []
    for var table in try top.elements(
      "trajectories", label: "trajectories", form: "an array of tables: [[trajectories]]")
    {
      let schema = ControlSchema.trajectories
      var keys = try table.readFirst(schema)
      let name = keys.name
      table.label = "trajectories \"\(name)\""
      try table.checkKeys(schema.names, of: "a [[trajectories]] section")
      if charts.contains(where: { $0.name == name }) {
        throw table.error("name", expected: "a name no other chart has", got: "\"\(name)\" (twice)")
      }
      keys = try table.read(schema, kind: nil, from: 1, into: keys)
      let paths = keys.scenes
      let location = SourceLocation(
        file: file, line: table.line(of: "scenes"), table: table.label, key: "scenes")
      charts.append(
        ControlTrajectoryChart(
          name: name, scenes: paths.map { ControlScene(path: $0, location: location) }))
    }
    return charts
  }
}
