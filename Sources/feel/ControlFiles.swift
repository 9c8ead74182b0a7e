import ArgumentParser
import FeelControl
import FeelScene
import FeelSweep
import Foundation

extension ParsableCommand {
  /// Reads and parses the control file at `path`; bad input exits with status 2 and one clear
  /// message.
  func loadControl(_ path: String) throws -> ControlFile {
    let text = try readText(path, what: "control file")
    do {
      return try ControlReader.parse(text, file: path)
    } catch {
      throw failure(error.description)
    }
  }

  /// Every control file of `folder/controls/` (`*.toml`, by name), checked together; none when
  /// the folder has no `controls/`.
  func loadControls(in folder: String) throws -> ControlSet {
    let controls = (folder as NSString).appendingPathComponent("controls")
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: controls)) ?? [])
      .filter { $0.hasSuffix(".toml") }.sorted()
    var files: [ControlFile] = []
    for name in names {
      files.append(try loadControl((controls as NSString).appendingPathComponent(name)))
    }
    do {
      return try ControlSet(files)
    } catch {
      throw failure(error.description)
    }
  }

  /// The control an experiment names (`control = "NAME"`: `controls/NAME.toml` beside the
  /// experiment file); nil when it names none. A missing file is bad input at the
  /// experiment's `control` key.
  func loadControl(of experiment: Experiment) throws -> ControlFile? {
    guard let name = experiment.control else { return nil }
    let folder = (experiment.file as NSString).deletingLastPathComponent
    let controls = ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(
      "controls")
    let path = (controls as NSString).appendingPathComponent(name + ".toml")
    guard FileManager.default.fileExists(atPath: path) else {
      let known = ((try? FileManager.default.contentsOfDirectory(atPath: controls)) ?? [])
        .filter { $0.hasSuffix(".toml") }.map { String($0.dropLast(5)) }.sorted()
      let location =
        experiment.controlLocation
        ?? SourceLocation(file: experiment.file, line: nil, table: "", key: "control")
      throw failure(
        location.error(
          expected: "the name of a control file in \(controls)/ ("
            + (known.isEmpty ? "there is none" : known.joined(separator: ", ")) + ")",
          got: "\"\(name)\" (\(path): no such file)",
          suggestion: NameSuggestions.closest(to: name, among: known)
        ).description)
    }
    return try loadControl(path)
  }

  /// The path of a scene a control file names, relative to the control file's folder; a
  /// missing file is bad input at the control file's line.
  func scenePath(_ scene: ControlScene, of control: ControlFile) throws -> String {
    let path = Self.normalized(SweepCommand.relative(scene.path, to: control.file))
    guard FileManager.default.fileExists(atPath: path) else {
      throw failure(
        scene.location.error(
          expected: "a scene file's path, relative to the control file",
          got: "\"\(scene.path)\" (\(path): no such file)"
        ).description)
    }
    return path
  }

  /// `experiments/controls/../scenes/a.toml` → `experiments/scenes/a.toml` (`..` after a
  /// named folder removed; a leading `..` kept).
  static func normalized(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: false) {
      if part == "..", let last = parts.last, last != "..", !last.isEmpty, last != "." {
        parts.removeLast()
      } else if part != "." || parts.isEmpty {
        parts.append(part)
      }
    }
    return parts.joined(separator: "/")
  }
}
