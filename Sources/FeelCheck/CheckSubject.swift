import FeelEngine
import FeelScene
import FeelSweep

/// One baseline `feel check` compares: an experiment's metric CSV, or a preset's trajectory.
public struct CheckSubject: Sendable {
  public enum Source: Sendable {
    /// A default experiment (`experiments/NAME.toml`): its metric CSV, as `feel sweep` writes.
    case experiment(ParameterGrid)
    /// A control's preset (a scene a control file lists, docs/controls.md): its trajectory, as
    /// `feel run` writes it.
    case preset(Scene)
  }

  /// The experiment's or preset's file name without `.toml`.
  public var name: String
  public var source: Source

  /// For a thinned experiment (`CheckGrid`): the points kept of the experiment's grid, with
  /// each axis's stride. Nil when the baseline covers the whole grid.
  public var thinning: ThinnedGrid?

  /// An experiment, checked on its grid as `CheckGrid` thins it: `experiment`, `scene` and
  /// (for a recognizer experiment) `corpus` as `ParameterGrid` takes them. Throws what `ParameterGrid` throws.
  public init(
    experiment name: String, _ experiment: Experiment, scene: Scene, sceneFile: String,
    corpus: TouchCorpus? = nil
  ) throws(ExperimentError) {
    self.name = name
    let full = try ParameterGrid(experiment, scene: scene, sceneFile: sceneFile, corpus: corpus)
    guard let thinning = CheckGrid.thinning(full) else {
      source = .experiment(full)
      return
    }
    let thinned = CheckGrid.experiment(experiment, keeping: thinning)
    source = .experiment(
      try ParameterGrid(thinned, scene: scene, sceneFile: sceneFile, corpus: corpus))
    self.thinning = thinning
  }

  public init(preset name: String, _ scene: Scene) {
    self.name = name
    source = .preset(scene)
  }

  /// The baseline's file name in `experiments/baselines/`: `NAME.metrics.csv` for an
  /// experiment, `NAME.trajectory.csv` for a preset.
  public var baselineFileName: String {
    switch source {
    case .experiment: name + ".metrics.csv"
    case .preset: name + ".trajectory.csv"
    }
  }

  /// The CSV the current FeelLab writes for this subject: the experiment's sweep (header and
  /// every row, computed on `threads` threads; the bytes do not depend on it) or the preset's
  /// `feel run` output. `options` is UIKit's engine except in the gate's own tests.
  public func currentCSV(threads: Int = 1, options: EngineOptions = .uikit) -> String {
    switch source {
    case .experiment(let sweep):
      var text = ""
      if let thinning {
        let strides = thinning.strides.map(String.init).joined(separator: " × ")
        text +=
          "# feel check: every k-th value on each axis (k = \(strides)) with its ends and the "
          + "base scene's value: \(sweep.count) of the experiment's \(thinning.full.count) "
          + "points, to keep the check fast (docs/notebook.md, \"Thinning a big grid\")\n"
      }
      text += SweepCSV.header(sweep)
      SweepRunner.run(sweep, threads: threads, options: options, emit: { text += $0 })
      return text
    case .preset(let scene):
      return TrajectoryCSV.run(scene, options: options).rows
    }
  }

  /// Compares `current` (from `currentCSV`) with the baseline's text. Throws for a garbled
  /// baseline or one that no longer fits the experiment or preset.
  public func compare(baseline text: String, file: String, current: String) throws(CheckError)
    -> BaselineResult
  {
    let baseline = try BaselineCSV.parse(text, file: file)
    let now = try BaselineCSV.parse(current, file: "(this run of \(name))")
    switch source {
    case .experiment:
      let drifts = try MetricBaseline.compare(name: name, baseline: baseline, current: now)
      return BaselineResult(
        name: name, file: file, valuesCompared: MetricBaseline.valueCount(baseline),
        drifts: drifts)
    case .preset:
      let drifts = try TrajectoryBaseline.compare(name: name, baseline: baseline, current: now)
      return BaselineResult(
        name: name, file: file, valuesCompared: TrajectoryBaseline.valueCount(baseline),
        drifts: drifts)
    }
  }

  /// Every cell that differs between an old baseline and the new one, for `--record`'s
  /// summary; throws when they differ in shape (or the old one cannot be read).
  func changes(from old: BaselineCSV, to new: BaselineCSV) throws(CheckError) -> [Drift] {
    switch source {
    case .experiment:
      try MetricBaseline.compare(name: name, baseline: old, current: new, everyChange: true)
    case .preset:
      try TrajectoryBaseline.compare(name: name, baseline: old, current: new, everyChange: true)
    }
  }
}

/// What comparing one baseline found.
public struct BaselineResult: Sendable, Equatable {
  /// The experiment or preset.
  public var name: String
  /// The baseline file.
  public var file: String
  /// How many values were compared (metric cells and flags, or trajectory cells).
  public var valuesCompared: Int
  /// The values beyond tolerance, in the baseline's order.
  public var drifts: [Drift]

  public init(name: String, file: String, valuesCompared: Int, drifts: [Drift]) {
    self.name = name
    self.file = file
    self.valuesCompared = valuesCompared
    self.drifts = drifts
  }
}
