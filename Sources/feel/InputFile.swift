import FeelScene
import FeelSweep
import Foundation

/// How `feel` reads the files it is given. `text(_:_:)` is the one function that reads an input
/// file: missing, a folder, unreadable, empty, not UTF-8 or holding a NUL byte, it throws a
/// `FeelError` naming the file (`TextFile` makes the text checks). The loaders below parse on
/// top of it: `scene`, `experimentFiles` (an experiment and its base scene, or its corpus of
/// touches) and `sweep` (the two checked together). A new command reads its files through these
/// too.
enum InputFile {
  /// The text of the file at `path`, a `kind` file (`.scene`, `.experiment`, `.baseline`).
  static func text(_ path: String, _ kind: TextFile.Kind) throws(FeelError) -> String {
    do {
      return try checkedText(path, kind)
    } catch {
      throw FeelError(error)
    }
  }

  /// `text(_:_:)`'s reading and checks, failing with the library's error (its `reason` lets a
  /// caller name the file at the place that names it: `InputFile.canvas`).
  static func checkedText(_ path: String, _ kind: TextFile.Kind) throws(TextFileError) -> String {
    func failure(_ reason: String) -> TextFileError {
      TextFileError(file: path, kind: kind, reason: reason)
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw failure("no such file")
    }
    if isDirectory.boolValue { throw failure("it is a directory") }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw failure("it cannot be opened (permissions?)")
    }
    return try TextFile.text(of: [UInt8](data), file: path, kind: kind)
  }

  /// Reads and parses a scene file, and the trace files it names (`[[touch]] file = "…"`);
  /// `log` (if given) notes each file read.
  static func scene(_ path: String, log: InputLog? = nil) throws(FeelError) -> Scene {
    let text = try text(path, .scene)
    log?.record(.scene, path, text)
    do {
      return try SceneReader.parse(
        text, file: path, loadTrace: traceLoader(besideScene: path, log: log))
    } catch {
      throw FeelError(error)
    }
  }

  /// Reads the trace files a scene names, relative to the scene file's folder (an absolute
  /// path as it is), with the same checks as every input file (`TextFile`); `log` (if given)
  /// notes each file read.
  static func traceLoader(besideScene scenePath: String, log: InputLog? = nil)
    -> TraceFileLoader
  {
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
      do throws(TextFileError) {
        let text = try TextFile.text(of: [UInt8](data), file: path, kind: .trace)
        log?.record(.trace, path, text)
        return TraceFileText(text: text, shownPath: path)
      } catch {
        throw TraceFileUnreadable(shownPath: path, reason: error.reason)
      }
    }
  }

  /// Reads an experiment file and its base scene (a path relative to the experiment file), or
  /// for a recognizer experiment its corpus (`[corpus]`, `corpus(_:experimentFile:log:)`): its
  /// scene is then the default scene, its file "". `log` (if given) notes each file read.
  static func experimentFiles(_ file: String, log: InputLog? = nil) throws(FeelError) -> (
    experiment: Experiment, scene: Scene, sceneFile: String, corpus: TouchCorpus?
  ) {
    let text = try text(file, .experiment)
    log?.record(.experiment, file, text)
    let parsed: Experiment
    do {
      parsed = try ExperimentReader.parse(text, file: file)
    } catch {
      throw FeelError(error)
    }
    if let spec = parsed.corpus {
      return (parsed, Scene(), "", try corpus(spec, experimentFile: file, log: log))
    }
    let sceneFile = relative(parsed.scene, to: file)
    if !FileManager.default.fileExists(atPath: sceneFile) {
      throw FeelError(parsed.missingSceneError(resolved: sceneFile))
    }
    return (parsed, try scene(sceneFile, log: log), sceneFile, nil)
  }

  /// An experiment checked together with its base scene (or corpus), ready to sweep. `force`
  /// allows grids above the sweep's size limit; `log` (if given) notes each file read.
  static func sweep(_ file: String, force: Bool, log: InputLog? = nil) throws(FeelError) -> (
    Experiment, sweep: ParameterGrid
  ) {
    let loaded = try experimentFiles(file, log: log)
    do {
      return (
        loaded.experiment,
        try ParameterGrid(
          loaded.experiment, scene: loaded.scene, sceneFile: loaded.sceneFile,
          corpus: loaded.corpus, force: force)
      )
    } catch {
      throw FeelError(error)
    }
  }

  /// `path` as written in an experiment file: relative to that file's folder.
  static func relative(_ path: String, to file: String) -> String {
    if path.hasPrefix("/") { return path }
    let folder = (file as NSString).deletingLastPathComponent
    if folder.isEmpty || folder == "." { return path }
    return ((folder as NSString).appendingPathComponent(path) as NSString).standardizingPath
  }

  /// `experiments/snap.toml` → `snap`.
  static func baseName(_ path: String) -> String {
    ((path as NSString).lastPathComponent as NSString).deletingPathExtension
  }
}
