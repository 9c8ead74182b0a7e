import FeelScene

/// The control file format's tables (docs/controls.md) as schema tables, one row per key: how
/// it is read, what its message expects, its unit and default as the docs show them.
/// `ControlReader` reads them, a test checks the docs against them and the fuzzer takes its
/// words from them (`words`), as for scene files (`SceneSchema`).
public enum ControlSchema {
  /// Every table, for the docs' check and the fuzzer's words.
  public static var tables: [SchemaTableInfo] {
    [
      top.info, skin.info, export.info, constant.info, comp(constants: []).info, scene.info,
      trajectories.info,
    ]
  }

  /// The names a control file may hold: every key of `tables`.
  public static var words: [String] { SchemaTableInfo.words(tables) }

  /// `[export]`: how the UIKit export names the control.
  public static let export: SchemaTable<String?> = SchemaTable(
    "control [export]", blank: nil,
    [.key("swift_type", identifier("a Swift type name"), \.self, default: .unset)])

  /// A `[[constant]]`'s keys as written.
  public struct ConstantKeys: Sendable {
    var name = ""
    var label = ""
    var unit = ""
    var paths: [String]?
    var gapTo: [String]?
    var swift: String?
    var objc: String?
    var type = ControlConstant.defaultType
    var doc: String?
    var comment: String?
    var swiftUse: String?
    var objcUse: String?
    var range: ClosedRange<Double>?
  }

  static let constantNameForm =
    "a constant's name: letters, digits and _, not starting with a digit"

  /// A `[[constant]]`: a tunable constant of the control, where its value is in the scenes and
  /// how the export names it. Its `name` names the table in messages, so the reader reads it
  /// first (`ControlReader.readConstants`).
  public static let constant: SchemaTable<ConstantKeys> = SchemaTable(
    "control [[constant]]", blank: ConstantKeys(),
    [
      .key(
        "name", .name(constantNameForm, where: InputName.isIdentifier), \.name, default: .required
      ),
      .key(
        "label", .text("a non-empty string: the designer's name for the constant", nonEmpty: true),
        \.label, default: .required),
      .key("unit", .string, \.unit, default: .value("")),
      .key(
        "paths",
        source(
          "a non-empty array of scene value paths (\"behavior.scrub-snap.damping\")",
          missing: "the scene value paths that hold the constant (paths = [\"behavior.ID.KEY\"]) "
            + "or boundary ids (gap_to = [\"ID\"])"), \.paths, default: .requiredUnless("gap_to")),
      .key(
        "gap_to", source("a non-empty array of boundary ids", missing: nil), \.gapTo,
        default: .unset),
      .key("swift", identifier("a Swift name"), \.swift, default: .unset),
      .key("objc", identifier("an Objective-C name"), \.objc, default: .unset),
      .key("type", identifier("a type name"), \.type, default: .value(ControlConstant.defaultType)),
      .key("doc", .string, \.doc, default: .unset),
      .key("comment", template("{value}", "the value"), \.comment, default: .unset),
      .key(
        "swift_use", template("{}", "the Swift name", needs: ("swift", "a Swift name")),
        \.swiftUse, default: .unset),
      .key(
        "objc_use", template("{}", "the Objective-C name", needs: ("objc", "an Objective-C name")),
        \.objcUse, default: .unset),
      .key(
        "range",
        .span(
          "two finite numbers, the lower first: range = [low, high]",
          ordered: "a lower bound below the upper one: range = [low, high]"), \.range,
        default: .unset),
    ])

  /// A Swift or Objective-C identifier; `what` names it in the message.
  static func identifier(_ what: String) -> KeyCodec<String> {
    .name(
      "\(what): letters, digits and _, not starting with a digit", where: InputName.isIdentifier)
  }

  /// `paths` or `gap_to`: a non-empty array of non-empty strings (else `form`), not both;
  /// `missing`: what a constant with neither is expected to give.
  private static func source(_ form: String, missing: String?) -> KeyCodec<[String]> {
    KeyCodec(
      form: .strings(missing == nil ? "boundary ids" : "scene value paths"),
      missing: missing ?? form,
      read: { table, key throws(SceneError) in
        guard table.has(key) else { return nil }
        if table.has("paths"), table.has("gap_to") {
          throw table.error(
            "gap_to", expected: "either paths or gap_to, not both", got: table.shown("gap_to"))
        }
        guard let names = try table.strings(key, form), !names.isEmpty,
          names.allSatisfy({ !$0.isEmpty })
        else { throw table.error(key, expected: form, got: table.shown(key)) }
        return names
      })
  }

  /// A line with `placeholder`, where the export writes `what`; with `needs`, only beside the
  /// key that names it.
  private static func template(
    _ placeholder: String, _ what: String, needs: (key: String, what: String)? = nil
  ) -> KeyCodec<String> {
    let expected = "a line with \(placeholder) where the export writes \(what)"
    return KeyCodec<String>.string.then(expected: expected) { text, table, key throws(SceneError) in
      guard text.contains(placeholder) else {
        throw table.error(key, expected: expected, got: table.shown(key))
      }
      if let needs, !table.has(needs.key) {
        throw table.error(
          key, expected: "\(needs.what) (\(needs.key) = \"…\") for the line to use",
          got: table.shown(key))
      }
      return text
    }
  }

  /// A `[[preset]]` or `[[export_chart]]`: a scene of the control.
  public static let scene: SchemaTable<String> = SchemaTable(
    "control [[preset]], [[export_chart]]", blank: "",
    [
      .key(
        "scene",
        .text("a scene file's path (a string, relative to the control file)", nonEmpty: true),
        \.self, default: .required)
    ])

  /// A `[[trajectories]]`'s keys as written.
  public struct TrajectoryKeys: Sendable {
    var name = ""
    var scenes: [String] = []
  }

  static let chartNameForm =
    "a chart name (out/data/NAME.csv, plots/NAME.gp): letters, digits, - and _"

  /// A `[[trajectories]]`: a chart of its scenes' trajectories. Its `name` names the table in
  /// messages, so the reader reads it first.
  public static let trajectories: SchemaTable<TrajectoryKeys> = SchemaTable(
    "control [[trajectories]]", blank: TrajectoryKeys(),
    [
      .key("name", .name(chartNameForm, where: InputName.isFileName), \.name, default: .required),
      .key("scenes", scenePaths, \.scenes, default: .required),
    ])

  /// `scenes`: a non-empty array of scene paths, none empty.
  private static let scenePaths: KeyCodec<[String]> = {
    let form = "a non-empty array of scene paths (relative to the control file)"
    return KeyCodec(
      form: .strings("scene paths"), missing: form,
      read: { table, key throws(SceneError) in
        guard table.has(key) else { return nil }
        guard let paths = try table.strings(key, form), !paths.isEmpty,
          paths.allSatisfy({ !$0.isEmpty })
        else { throw table.error(key, expected: form, got: table.shown(key)) }
        return paths
      })
  }()
}
