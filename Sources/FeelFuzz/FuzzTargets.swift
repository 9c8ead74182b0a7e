import FeelControl
import FeelMetrics
import FeelScene
import FeelSweep

extension FuzzTarget {
  /// Every reader under fuzzing, by name. To add a reader: one entry here, with its seed folders
  /// and a `prepare` that turns bytes into `.accepted` or `.rejected(message)` the way `feel`
  /// reads such a file (see docs/fuzzing.md).
  public static let all: [FuzzTarget] = [.scene, .experiment, .control]

  public static func named(_ name: String) -> FuzzTarget? {
    all.first { $0.name == name }
  }

  /// Scene files, as `feel run` reads them: `TextFile` (not empty, UTF-8, no NUL byte), then
  /// `SceneReader.parse`.
  public static let scene = FuzzTarget(
    name: "scene", file: "fuzz/scene.toml",
    corpus: ["experiments/scenes", "Tests/Contract/Reference/scenes", "Tests/Fuzz/corpus/scene"],
    words: sceneWords
  ) { _ in
    { input in
      outcome {
        let text = try TextFile.text(of: input, file: "fuzz/scene.toml", kind: .scene)
        _ = try SceneReader.parse(text, file: "fuzz/scene.toml")
      }
    }
  }

  /// Experiment files, as `feel sweep` reads them: `TextFile`, `ExperimentReader.parse`, the
  /// base scene (a path relative to the experiment file, looked up among the committed scenes
  /// in experiments/scenes), then `ParameterGrid` checks the experiment against it (paths, values, grid
  /// size without --force, metrics) and `SweepCSV.header` describes it. A recognizer experiment
  /// (`[corpus]`) gets its corpus instead of a scene (`corpus(_:file:)`).
  public static let experiment = FuzzTarget(
    name: "experiment", file: "experiments/fuzz.toml",
    corpus: ["experiments", "Tests/Fuzz/corpus/experiment"],
    context: ["experiments/scenes"],
    words: sceneWords + experimentWords
  ) { context in
    var scenes: [String: Result<Scene, SceneError>] = [:]
    for (path, bytes) in context {
      scenes[path] = Result { () throws(SceneError) -> Scene in
        try SceneReader.parse(String(decoding: bytes, as: UTF8.self), file: path)
      }
    }
    return { [scenes] input in
      outcome {
        let file = "experiments/fuzz.toml"
        let text = try TextFile.text(of: input, file: file, kind: .experiment)
        let experiment = try ExperimentReader.parse(text, file: file)
        if let spec = experiment.corpus {
          let sweep = try ParameterGrid(experiment, corpus: corpus(spec, file: file))
          _ = SweepCSV.header(sweep)
          return
        }
        let sceneFile = resolve(experiment.scene, relativeTo: file)
        guard let scene = scenes[sceneFile] else {
          throw experiment.missingSceneError(resolved: sceneFile)
        }
        let sweep = try ParameterGrid(experiment, scene: scene.get(), sceneFile: sceneFile)
        _ = SweepCSV.header(sweep)
      }
    }
  }

  /// Control files, as `feel controls` reads one: `TextFile`, `ControlReader.parse`, then
  /// `ControlSet`'s checks of the control on its own. The scenes and glyphs it names are files
  /// `feel` looks up, not the reader's business.
  public static let control = FuzzTarget(
    name: "control", file: "experiments/controls/fuzz.toml",
    corpus: ["experiments/controls", "Tests/Fuzz/corpus/control"],
    words: ControlSchema.words + controlWords
  ) { _ in
    { input in
      outcome {
        let file = "experiments/controls/fuzz.toml"
        let text = try TextFile.text(of: input, file: file, kind: .control)
        _ = try ControlSet([ControlReader.parse(text, file: file)])
      }
    }
  }

  /// The folders of recorded traces a recognizer experiment may name (`[corpus] folder`),
  /// relative to the repository: the committed corpus folder. The fuzz target reads no trace
  /// file (they have their own reader, `TraceCSV`, tested on its own), so a folder here holds no
  /// recorded trace, as experiments/touches/corpus/ holds none today; any other is missing.
  public static let corpusFolders: Set<String> = ["experiments/touches/corpus"]

  /// The most synthetic traces of one label made for an input. What the reader checks depends
  /// only on whether a label has traces; a million taps is valid input that takes seconds to
  /// generate (the generator is tested in SyntheticCorpusTests), not a reader's fault, so inputs
  /// get at most this many and stay within the fuzzer's time limit.
  public static let syntheticTracesCap = 100

  /// A recognizer experiment's corpus as `feel` loads it (InputFile+Corpus.swift), with the
  /// folders of `corpusFolders` and at most `syntheticTracesCap` synthetic traces of a label.
  static func corpus(_ spec: CorpusSpec, file: String) throws(ExperimentError) -> TouchCorpus {
    var capped = spec
    if var synthetic = spec.synthetic {
      synthetic.taps = min(synthetic.taps, syntheticTracesCap)
      synthetic.drags = min(synthetic.drags, syntheticTracesCap)
      synthetic.holds = min(synthetic.holds, syntheticTracesCap)
      capped.synthetic = synthetic
    }
    var shown: String?
    if let folder = spec.folder {
      let resolved = resolve(folder, relativeTo: file)
      guard corpusFolders.contains(resolved) else {
        throw spec.missingFolderError(resolved: resolved, reason: "no such folder")
      }
      shown = resolved
    }
    return try capped.corpus(files: [], folderShown: shown)
  }

  /// Runs `body`: accepted, or rejected with the error's description.
  static func outcome(_ body: () throws -> Void) -> FuzzOutcome {
    do {
      try body()
      return .accepted
    } catch let error as any CustomStringConvertible {
      return .rejected(error.description)
    } catch {
      return .rejected(String(describing: error))
    }
  }

  /// `path` relative to the folder of `file`, with `.` and `..` resolved, without touching the
  /// file system: `scenes/a.toml` relative to `experiments/e.toml` is `experiments/scenes/a.toml`.
  static func resolve(_ path: String, relativeTo file: String) -> String {
    if path.hasPrefix("/") { return path }
    var parts = file.split(separator: "/").dropLast().map(String.init)
    for part in path.split(separator: "/") {
      switch part {
      case ".": continue
      case "..":
        if let last = parts.last, last != ".." { parts.removeLast() } else { parts.append("..") }
      default: parts.append(String(part))
      }
    }
    return parts.joined(separator: "/")
  }

  /// Names a scene file may hold: every key and every name a choice accepts (behavior types,
  /// triggers, profiles, modes), from the scene schema.
  static let sceneWords = SceneSchema.words

  /// Names an experiment file may hold besides scene names: the keys and names of the
  /// experiment schema's tables (`ExperimentSchema.words`, the metrics' columns among them),
  /// the top level's and an axis's keys, paths, and a recognizer experiment's paths and folder.
  static let experimentWords =
    ExperimentSchema.words + [
      "flags",
      "item.bar.size.0", "item.bar.center.1", "behavior.scrub-snap.damping",
      "behavior.hint-push.magnitude", "boundary.wall.from.0", "reference_size.1",
      "item.bar.angle", "behavior.hint-gravity.direction.1",
      "scenes/castro-release-right-80.toml", "scenes/castro-tap-hint-right.toml",
      "../experiments/scenes/apple-snap.toml", "castro",
      "recognizer.slop", "recognizer.hold", "touches/corpus", "../touches/corpus",
      "tempo-dial", "scenes/dial-detent-release.toml", "behavior.coast.decay",
      "behavior.settle.count", "behavior.settle.engage_below", "item.dial.angular_velocity",
      "rotary.dead_zone", "[corpus.rotary]",
    ]

  /// Names a control file may hold besides its schema's keys: paths, a skin's settings and
  /// glyph roles, a constant's placeholders.
  static let controlWords = [
    "behavior.scrub-snap.damping", "behavior.hint-push.magnitude", "item.bar.center.0",
    "../scenes/castro-release-right-80.toml", "../scenes/apple-snap.toml", "castro", "generic",
    "play", "rewind", "../glyphs/play.svg", "timeline_expanded", "{value}", "{}", "CGFloat",
    "left-wall", "[skin.glyphs]",
  ]
}
