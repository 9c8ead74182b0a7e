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
      let schema = ControlSchema.constant
      var keys = try table.readFirst(schema)
      let name = keys.name
      table.label = "constant \"\(name)\""
      try table.checkKeys(schema.names, of: "a constant")
      if constants.contains(where: { $0.name == name }) {
        throw table.error(
          "name", expected: "a name no other constant has", got: "\"\(name)\" (twice)")
      }
      keys = try table.read(schema, kind: nil, from: 1, into: keys)
      constants.append(
        ControlConstant(
          name: name, label: keys.label, unit: keys.unit,
          source: keys.paths.map { .paths($0) } ?? .gap(keys.gapTo!), swift: keys.swift,
          objc: keys.objc, type: keys.type, doc: keys.doc, comment: keys.comment,
          swiftUse: keys.swiftUse, objcUse: keys.objcUse, range: keys.range,
          location: SourceLocation(
            file: file, line: table.line(of: "name"), table: table.label, key: "name")))
    }
    return constants
  }
}
