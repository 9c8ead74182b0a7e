import FeelControl
import FeelScene
import FeelSweep
import Foundation

/// The control files (experiments/controls/*.toml, docs/controls.md), read as every input file
/// is (`InputFile.text`); bad input throws a `FeelError` naming the file and line.
extension InputFile {
  /// Reads and parses the control file at `path`.
  public static func control(_ path: String) throws(FeelError) -> ControlFile {
    let text = try text(path, .control)
    do {
      return try ControlReader.parse(text, file: path)
    } catch {
      throw FeelError(error)
    }
  }

  /// Every control file of `folder/controls/` (`*.toml`, by name), checked together; none when
  /// the folder has no `controls/`.
  public static func controls(in folder: String) throws(FeelError) -> ControlSet {
    let controls = (folder as NSString).appendingPathComponent("controls")
    try ReadRoot.check(controls)
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: controls)) ?? [])
      .filter { $0.hasSuffix(".toml") }.sorted()
    var files: [ControlFile] = []
    for name in names {
      files.append(try control((controls as NSString).appendingPathComponent(name)))
    }
    do {
      return try ControlSet(files)
    } catch {
      throw FeelError(error)
    }
  }

  /// The control an experiment names (`control = "NAME"`: `controls/NAME.toml` beside the
  /// experiment file); nil when it names none. Its `file` is the path `normalized`: an
  /// experiment at the root gives `controls/NAME.toml`, not `./controls/NAME.toml`. A missing
  /// file is bad input at the experiment's `control` key.
  public static func control(of experiment: Experiment) throws(FeelError) -> ControlFile? {
    guard let name = experiment.control else { return nil }
    let folder = (experiment.file as NSString).deletingLastPathComponent
    let controls = ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(
      "controls")
    let path = (controls as NSString).appendingPathComponent(name + ".toml")
    try ReadRoot.check(path)
    guard FileManager.default.fileExists(atPath: path) else {
      let known = ((try? FileManager.default.contentsOfDirectory(atPath: controls)) ?? [])
        .filter { $0.hasSuffix(".toml") }.map { String($0.dropLast(5)) }.sorted()
      let location =
        experiment.controlLocation
        ?? SourceLocation(file: experiment.file, line: nil, table: "", key: "control")
      throw FeelError(
        location.error(
          expected: "the name of a control file in \(controls)/ ("
            + (known.isEmpty ? "there is none" : known.joined(separator: ", ")) + ")",
          got: "\"\(name)\" (\(path): no such file)",
          suggestion: NameSuggestion.closest(to: name, among: known)
        ) as ExperimentError)
    }
    return try control(normalized(path))
  }

  /// The path of a scene a control file names, relative to the control file's folder; a
  /// missing file is bad input at the control file's line.
  public static func scenePath(_ scene: ControlScene, of control: ControlFile) throws(FeelError)
    -> String
  {
    let path = normalized(relative(scene.path, to: control.file))
    try ReadRoot.check(path)
    guard FileManager.default.fileExists(atPath: path) else {
      throw FeelError(
        scene.location.error(
          expected: "a scene file's path, relative to the control file",
          got: "\"\(scene.path)\" (\(path): no such file)"
        ) as ControlError)
    }
    return path
  }

  /// `experiments/controls/../scenes/a.toml` → `experiments/scenes/a.toml`, `./controls/a.toml`
  /// → `controls/a.toml` (`..` after a named folder removed, a leading `..` kept; every `.`
  /// removed but a lone one): one spelling per file, so that paths compare as strings.
  /// `relative` leaves `..` in relative paths.
  public static func normalized(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: false) {
      if part == "..", let last = parts.last, last != "..", !last.isEmpty {
        parts.removeLast()
      } else if part != "." {
        parts.append(part)
      }
    }
    return parts.isEmpty ? "." : parts.joined(separator: "/")
  }
}
