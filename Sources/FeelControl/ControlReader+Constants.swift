import FeelScene
import FeelSweep

extension ControlReader {
  /// `[[constant]]`: each a unique name, its label and unit, its source (`paths` or `gap_to`)
  /// and its export.
  static func readConstants(_ top: ControlTable, file: String) throws(ControlError)
    -> [ControlConstant]
  {
    var constants: [ControlConstant] = []
    for var table in try top.elements(
      "constant", label: "constant", form: "an array of tables: [[constant]] sections")
    {
      let nameForm = "a constant's name: letters, digits and _, not starting with a digit"
      guard let name = try table.string("name") else {
        throw table.error("name", expected: nameForm, got: "nothing")
      }
      guard isIdentifier(name) else {
        throw table.error("name", expected: nameForm, got: "\"\(name)\"")
      }
      table.label = "constant \"\(name)\""
      try table.checkKeys(constantKeys, of: "a constant")
      if constants.contains(where: { $0.name == name }) {
        throw table.error(
          "name", expected: "a name no other constant has", got: "\"\(name)\" (twice)")
      }
      guard let label = try table.string("label"), !label.isEmpty else {
        throw table.error(
          "label", expected: "a non-empty string: the designer's name for the constant",
          got: table.shown("label") ?? "nothing")
      }
      let unit = try table.string("unit") ?? ""
      let source = try readSource(table)
      let swift = try identifier(table, "swift", "a Swift name")
      let objc = try identifier(table, "objc", "an Objective-C name")
      let type = try identifier(table, "type", "a type name") ?? ControlConstant.defaultType
      let doc = try table.string("doc")
      let comment = try template(table, "comment", placeholder: "{value}", what: "the value")
      let swiftUse = try template(table, "swift_use", placeholder: "{}", what: "the Swift name")
      let objcUse = try template(
        table, "objc_use", placeholder: "{}", what: "the Objective-C name")
      if swiftUse != nil && swift == nil {
        throw table.error(
          "swift_use", expected: "a Swift name (swift = \"…\") for the line to use",
          got: table.shown("swift_use"))
      }
      if objcUse != nil && objc == nil {
        throw table.error(
          "objc_use", expected: "an Objective-C name (objc = \"…\") for the line to use",
          got: table.shown("objc_use"))
      }
      let range = try readRange(table)
      constants.append(
        ControlConstant(
          name: name, label: label, unit: unit, source: source, swift: swift, objc: objc,
          type: type, doc: doc, comment: comment, swiftUse: swiftUse, objcUse: objcUse,
          range: range,
          location: SourceLocation(
            file: file, line: table.line(of: "name"), table: table.label, key: "name")))
    }
    return constants
  }

  /// Exactly one of `paths = ["…", …]` and `gap_to = ["BOUNDARY", …]`, each non-empty.
  private static func readSource(_ table: ControlTable) throws(ControlError)
    -> ControlConstant.Source
  {
    switch (table.has("paths"), table.has("gap_to")) {
    case (true, true):
      throw table.error(
        "gap_to", expected: "either paths or gap_to, not both", got: table.shown("gap_to"))
    case (false, false):
      throw table.error(
        "paths",
        expected: "the scene value paths that hold the constant (paths = [\"behavior.ID.KEY\"]) "
          + "or boundary ids (gap_to = [\"ID\"])",
        got: "nothing")
    case (true, false):
      let form = "a non-empty array of scene value paths (\"behavior.scrub-snap.damping\")"
      guard let paths = try table.strings("paths", form), !paths.isEmpty,
        paths.allSatisfy({ !$0.isEmpty })
      else { throw table.error("paths", expected: form, got: table.shown("paths")) }
      return .paths(paths)
    case (false, true):
      let form = "a non-empty array of boundary ids"
      guard let ids = try table.strings("gap_to", form), !ids.isEmpty,
        ids.allSatisfy({ !$0.isEmpty })
      else { throw table.error("gap_to", expected: form, got: table.shown("gap_to")) }
      return .gap(ids)
    }
  }

  /// `range = [low, high]` (optional): two finite numbers, low below high: the span of the
  /// studio's slider for the constant.
  private static func readRange(_ table: ControlTable) throws(ControlError)
    -> ClosedRange<Double>?
  {
    guard let value = table.value("range") else { return nil }
    let form = "two finite numbers, the lower first: range = [low, high]"
    guard case .array(let bounds) = value, bounds.count == 2,
      case .number(let low) = bounds[0], case .number(let high) = bounds[1],
      low.isFinite, high.isFinite
    else { throw table.error("range", expected: form, got: table.shown("range")) }
    guard low < high else {
      throw table.error(
        "range", expected: "a lower bound below the upper one: range = [low, high]",
        got: table.shown("range"))
    }
    return low...high
  }

  /// A string at `key` that holds `placeholder` (where the export puts `what`).
  private static func template(
    _ table: ControlTable, _ key: String, placeholder: String, what: String
  ) throws(ControlError) -> String? {
    guard let text = try table.string(key) else { return nil }
    guard text.contains(placeholder) else {
      throw table.error(
        key, expected: "a line with \(placeholder) where the export writes \(what)",
        got: table.shown(key))
    }
    return text
  }
}
