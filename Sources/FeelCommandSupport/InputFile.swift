import FeelScene
import FeelSweep
import Foundation

/// How `feel` and `feel-serve` read the files they are given. `text(_:_:)` is the one function
/// that reads an input file: missing, a folder, unreadable, empty, not UTF-8 or holding a NUL
/// byte, it throws a `FeelError` naming the file (`TextFile` makes the text checks). The loaders
/// below parse on top of it: `scene`, `experimentFiles` (an experiment and its base scene, or
/// its corpus of touches) and `sweep` (the two checked together). A new command reads its files
/// through these too. Every read is checked against `ReadRoot` first (a no-op unless the
/// process confined its reads, as feel-serve does).
public enum InputFile {
  /// The text of the file at `path`, a `kind` file (`.scene`, `.experiment`, `.baseline`).
  public static func text(_ path: String, _ kind: TextFile.Kind) throws(FeelError) -> String {
    try ReadRoot.check(path)
    do {
      return try checkedText(path, kind)
    } catch {
      throw FeelError(error)
    }
  }

  /// `text(_:_:)`'s reading and checks, failing with the library's error (its `reason` lets a
  /// caller name the file at the place that names it: `InputFile.canvas`).
  public static func checkedText(_ path: String, _ kind: TextFile.Kind) throws(TextFileError)
    -> String
  {
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
  /// `log` (if given) notes each file read; `profile`: as `SceneReader.parse` takes it.
  public static func scene(
    _ path: String, log: InputLog? = nil, touchesMayWait: Bool = false, profile: Profile? = nil
  ) throws(FeelError) -> Scene {
    let text = try text(path, .scene)
    log?.record(.scene, path, text)
    return try scene(
      text: text, named: path, log: log, touchesMayWait: touchesMayWait, profile: profile)
  }

  /// Parses a scene's `text` as the scene file `name` (a path, or a name such as `<request>`
  /// for a text that is no file: its trace files are then relative to the working folder), and
  /// reads the trace files it names, as `scene(_:log:)` does.
  /// `touchesMayWait` (a live session's scene) and `profile`: as `SceneReader.parse` takes them.
  public static func scene(
    text: String, named name: String, log: InputLog? = nil, touchesMayWait: Bool = false,
    profile: Profile? = nil
  ) throws(FeelError) -> Scene {
    let escape = RootEscape()
    do {
      return try SceneReader.parse(
        text, file: name, loadTrace: traceLoader(besideScene: name, log: log, escape: escape),
        touchesMayWait: touchesMayWait, profile: profile)
    } catch {
      if let path = escape.path { throw FeelError(outsideRoot: path) }
      throw FeelError(error)
    }
  }

  /// The first path a trace loader refused as outside the root: the scene reader reports the
  /// loader's failure as a scene error, and `scene(text:named:log:)` turns it back into the
  /// refusal it is.
  final class RootEscape: @unchecked Sendable {
    var path: String?
  }

  /// Reads the trace files a scene names, relative to the scene file's folder (an absolute
  /// path as it is), with the same checks as every input file (`TextFile`); `log` (if given)
  /// notes each file read.
  static func traceLoader(
    besideScene scenePath: String, log: InputLog? = nil, escape: RootEscape
  )
    -> TraceFileLoader
  {
    let folder = (scenePath as NSString).deletingLastPathComponent
    return { (written: String) throws(TraceFileUnreadable) -> TraceFileText in
      let path =
        written.hasPrefix("/") || folder.isEmpty
        ? written : (folder as NSString).appendingPathComponent(written)
      do {
        try ReadRoot.check(path)
      } catch {
        escape.path = escape.path ?? path
        throw TraceFileUnreadable(shownPath: path, reason: "outside the root")
      }
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
  public static func experimentFiles(_ file: String, log: InputLog? = nil) throws(FeelError) -> (
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
    try ReadRoot.check(sceneFile)
    if !FileManager.default.fileExists(atPath: sceneFile) {
      throw FeelError(parsed.missingSceneError(resolved: sceneFile))
    }
    return (parsed, try scene(sceneFile, log: log), sceneFile, nil)
  }

  /// An experiment checked together with its base scene (or corpus), ready to sweep. `force`
  /// allows grids above the sweep's size limit; `log` (if given) notes each file read;
  /// `overrides` (`feel sweep --set --axis`, `/api/sweep`'s `set` and `axes`) change the
  /// experiment as if written in its file.
  public static func sweep(
    _ file: String, force: Bool, log: InputLog? = nil, overrides: SweepOverrides = .init()
  ) throws(FeelError) -> (Experiment, sweep: ParameterGrid) {
    let loaded = try experimentFiles(file, log: log)
    var experiment = loaded.experiment
    if !overrides.isEmpty {
      do {
        experiment = try overrides.applied(to: experiment, scene: loaded.scene)
      } catch {
        throw FeelError(error.description)
      }
    }
    do {
      return (
        experiment,
        try ParameterGrid(
          experiment, scene: loaded.scene, sceneFile: loaded.sceneFile,
          corpus: loaded.corpus, force: force)
      )
    } catch {
      throw FeelError(error)
    }
  }

  /// `path` as written in an experiment file: relative to that file's folder.
  public static func relative(_ path: String, to file: String) -> String {
    if path.hasPrefix("/") { return path }
    let folder = (file as NSString).deletingLastPathComponent
    if folder.isEmpty || folder == "." { return path }
    return ((folder as NSString).appendingPathComponent(path) as NSString).standardizingPath
  }

  /// `experiments/snap.toml` → `snap`.
  public static func baseName(_ path: String) -> String {
    ((path as NSString).lastPathComponent as NSString).deletingPathExtension
  }
}
