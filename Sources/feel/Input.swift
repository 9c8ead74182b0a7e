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
      return try SceneReader.parse(text, file: path, loadTrace: traceLoader(besideScene: path))
    } catch {
      throw failure(error.description)
    }
  }

  /// Reads the trace files a scene names (`[[touch]] file = "…"`), relative to the scene
  /// file's folder (an absolute path as it is).
  func traceLoader(besideScene scenePath: String) -> TraceFileLoader {
    let folder = (scenePath as NSString).deletingLastPathComponent
    return { (written: String) throws(TraceFileUnreadable) -> TraceFileText in
      let path =
        written.hasPrefix("/") || folder.isEmpty
        ? written : (folder as NSString).appendingPathComponent(written)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw TraceFileUnreadable(shownPath: path, reason: "no such file")
      }
      if isDirectory.boolValue {
        throw TraceFileUnreadable(shownPath: path, reason: "it is a directory")
      }
      guard let data = FileManager.default.contents(atPath: path) else {
        throw TraceFileUnreadable(shownPath: path, reason: "it cannot be opened (permissions?)")
      }
      guard let text = String(data: data, encoding: .utf8) else {
        throw TraceFileUnreadable(shownPath: path, reason: "it is not UTF-8 text")
      }
      return TraceFileText(text: text, shownPath: path)
    }
  }

  func failure(_ message: String) -> Error {
    FileHandle.standardError.write(Data(("feel: error: " + message + "\n").utf8))
    return ExitCode(2)
  }
}

extension ParsableCommand {
  /// Reads an experiment file and its base scene (a path relative to the experiment file), or
  /// for a recognizer experiment its corpus (`[corpus]`: the folder's trace files, relative to
  /// the experiment file, and the synthetic traces); bad input exits with status 2 and one
  /// clear message. A recognizer experiment's scene is the default scene, its file "".
  func loadExperimentFiles(_ file: String) throws -> (
    experiment: Experiment, scene: Scene, sceneFile: String, corpus: TouchCorpus?
  ) {
    let text = try readText(file, what: "experiment file")
    let parsed: Experiment
    do {
      parsed = try ExperimentReader.parse(text, file: file)
    } catch {
      throw failure(error.description)
    }
    if let spec = parsed.corpus {
      return (parsed, Scene(), "", try loadCorpus(spec, experimentFile: file))
    }
    let sceneFile = SweepCommand.relative(parsed.scene, to: file)
    if !FileManager.default.fileExists(atPath: sceneFile) {
      throw failure(
        parsed.sceneLocation.error(
          expected: "the base scene's path, relative to the experiment file",
          got: "\"\(parsed.scene)\" (\(sceneFile): no such file)"
        ).description)
    }
    return (parsed, try loadScene(sceneFile), sceneFile, nil)
  }

  /// A recognizer experiment's corpus: every visible `.csv` file of its folder (not its
  /// subfolders), read as UTF-8 text, and its synthetic traces.
  func loadCorpus(_ spec: CorpusSpec, experimentFile: String) throws -> TouchCorpus {
    var files: [CorpusSpec.File] = []
    var shownFolder: String?
    if let written = spec.folder {
      let folder = SweepCommand.relative(written, to: experimentFile)
      shownFolder = folder
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory),
        isDirectory.boolValue
      else {
        let reason =
          FileManager.default.fileExists(atPath: folder) ? "not a folder" : "no such folder"
        throw failure(
          spec.folderLocation.error(
            expected: "a folder of recorded traces (LABEL-….csv), relative to the experiment file",
            got: "\"\(written)\" (\(folder): \(reason))"
          ).description)
      }
      let names: [String]
      do {
        names = try FileManager.default.contentsOfDirectory(atPath: folder)
      } catch {
        throw failure("\(folder): cannot list the corpus folder (\(error.localizedDescription))")
      }
      for name in names where CorpusSpec.isTraceFile(name) {
        let path = (folder as NSString).appendingPathComponent(name)
        var isSubfolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isSubfolder),
          isSubfolder.boolValue
        {
          continue
        }
        files.append(
          CorpusSpec.File(name: name, shownPath: path, text: try readText(path, what: "trace file"))
        )
      }
    }
    do {
      return try spec.corpus(files: files, folderShown: shownFolder)
    } catch {
      throw failure(error.description)
    }
  }

  /// An experiment checked together with its base scene (or corpus), ready to sweep. `force`
  /// allows grids above the sweep's size limit.
  func loadExperiment(_ file: String, force: Bool) throws -> (Experiment, sweep: Sweep) {
    let loaded = try loadExperimentFiles(file)
    do {
      return (
        loaded.experiment,
        try Sweep(
          loaded.experiment, scene: loaded.scene, sceneFile: loaded.sceneFile,
          corpus: loaded.corpus, force: force)
      )
    } catch {
      throw failure(error.description)
    }
  }
}
