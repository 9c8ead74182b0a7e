import FeelScene
import FeelSweep

/// Reads a control file's text (TOML, docs/controls.md) into a `ControlFile` through its schema
/// tables (`ControlSchema`). Pure: the caller reads the file. Every problem throws one
/// `ControlError` naming the file, the line, the table, the key and what was expected, as a
/// scene's or an experiment's errors do; unknown keys get a "did you mean".
///
/// Scene paths and boundary ids are not checked here (a constant's sources are alternatives,
/// and a scene need not hold them all); the scene files it names are checked by `feel`.
public enum ControlReader {
  /// Parses `text`, the contents of control file `file` (its name without `.toml` is the
  /// control's name): the top level up to `comp`, the comps (which set the constants read),
  /// then the rest.
  public static func parse(_ text: String, file: String) throws(ControlError) -> ControlFile {
    let top = try ControlTable.parse(text, file: file)
    let schema = ControlSchema.top
    var keys = try top.read(schema, kind: "a control file", to: "comp")
    let comps =
      try top.value(ControlSchema.compSections(constants: keys.constants), at: "comp") ?? []
    keys = try top.read(schema, kind: nil, from: schema.index(of: "preset"), into: keys)
    let name = ControlFile.baseName(file)
    return ControlFile(
      name: name, file: file, title: keys.title, description: keys.description, skin: keys.skin,
      swiftType: keys.swiftType ?? defaultSwiftType(name), constants: keys.constants,
      comps: comps, presets: keys.presets, trajectoryCharts: keys.trajectoryCharts,
      exportCharts: keys.exportCharts)
  }

  /// `hanging-card` → `HangingCardFeel`: the Swift type when `[export]` names none.
  public static func defaultSwiftType(_ name: String) -> String {
    let words = name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
    var type = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    if type.isEmpty || type.first!.isNumber { type = "Control" + type }
    return type + "Feel"
  }
}
