import ArgumentParser
import FeelScene
import FeelSweep
import Foundation

/// A failure the user caused: printed as is, exit status 2.
struct InputError: Error, CustomStringConvertible {
  var description: String
}

extension ParsableCommand {
  /// Reads and parses a scene file; bad input exits with status 2 and one clear message.
  func loadScene(_ path: String) throws -> Scene {
    let expected = "expected a scene file (TOML, UTF-8)"
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw failure("\(path): cannot read the scene file: no such file; \(expected)")
    }
    if isDirectory.boolValue {
      throw failure("\(path): cannot read the scene file: it is a directory; \(expected)")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw failure(
        "\(path): cannot read the scene file: it cannot be opened (permissions?); \(expected)")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw failure("\(path): cannot read the scene file: it is not UTF-8 text; \(expected)")
    }
    do {
      return try SceneReader.parse(text, file: path)
    } catch {
      throw failure(error.description)
    }
  }

  func failure(_ message: String) -> Error {
    FileHandle.standardError.write(Data(("feel: error: " + message + "\n").utf8))
    return ExitCode(2)
  }
}

extension ParsableCommand {
  /// Reads an experiment file and its base scene (a path relative to the experiment file);
  /// bad input exits with status 2 and one clear message.
  func loadExperimentFiles(_ file: String) throws -> (
    experiment: Experiment, scene: Scene, sceneFile: String
  ) {
    let text = try readText(file, what: "experiment file")
    let parsed: Experiment
    do {
      parsed = try ExperimentReader.parse(text, file: file)
    } catch {
      throw failure(error.description)
    }
    let sceneFile = SweepCommand.relative(parsed.scene, to: file)
    if !FileManager.default.fileExists(atPath: sceneFile) {
      throw failure(
        parsed.sceneLocation.error(
          expected: "the base scene's path, relative to the experiment file",
          got: "\"\(parsed.scene)\" (\(sceneFile): no such file)"
        ).description)
    }
    return (parsed, try loadScene(sceneFile), sceneFile)
  }

  /// An experiment checked together with its base scene, ready to sweep. `force` allows
  /// grids above the sweep's size limit.
  func loadExperiment(_ file: String, force: Bool) throws -> (Experiment, sweep: Sweep) {
    let loaded = try loadExperimentFiles(file)
    do {
      return (
        loaded.experiment,
        try Sweep(
          loaded.experiment, scene: loaded.scene, sceneFile: loaded.sceneFile, force: force)
      )
    } catch {
      throw failure(error.description)
    }
  }
}
