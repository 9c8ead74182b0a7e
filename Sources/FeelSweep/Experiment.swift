import FeelMetrics
import FeelScene

/// An experiment file as written (see docs/experiments.md): a base scene, the axes that
/// vary its values, the metrics to measure. Read by `ExperimentReader`; checked against the
/// base scene by `ParameterGrid`.
public struct Experiment: Sendable, Equatable {
  /// The experiment file's path, as messages and the CSV header name it.
  public var file: String
  /// A title for charts and the notebook.
  public var title: String
  /// What the experiment shows, for the notebook (may span lines; may be empty).
  public var description: String
  /// The base scene's path as written: relative to the experiment file's folder. Empty for a
  /// recognizer experiment (`corpus`), which runs no scene.
  public var scene: String
  public var sceneLocation: SourceLocation
  /// The output CSV's path as written (relative to the experiment file's folder); nil: the
  /// command's default.
  public var output: String?
  /// The metric columns, in order.
  public var metrics: [Metric]
  public var metricsLocation: SourceLocation
  /// What the metrics measure (`[measure]`: item, target, band, touch, commit time), over the
  /// base scene's own `[measure]` values.
  public var measure: SceneMeasure
  public var measureLocation: SourceLocation
  /// Where `[measure] items` is written (the messages about the measured items).
  public var measureItemsLocation = SourceLocation(
    file: "", line: nil, table: "[measure]", key: "items")
  /// Values set for every point before the axes (`[fixed]`).
  public var fixed: [Setting]
  /// The axes, outermost (slowest-varying) first.
  public var axes: [Axis]
  /// A recognizer experiment's corpus of labelled touches (`[corpus]`), read at every grid
  /// point instead of running a scene; nil for a scene experiment.
  public var corpus: CorpusSpec? = nil
  /// The control the experiment tunes (`control = "castro"`: the control file
  /// `controls/castro.toml` beside the experiment file, docs/controls.md); nil: none (the
  /// notebook draws the scene with its generic skin and offers no comps).
  public var control: String? = nil
  public var controlLocation: SourceLocation? = nil
  /// The notebook's charts of the grid (`[[chart]]`, a FeelLab addition); empty: the
  /// notebook's default (the first one or two metrics).
  public var charts: [ExperimentChart] = []
}

extension Experiment {
  /// The error for a base scene that is not there: `resolved` is the file `scene` names (the
  /// path as written, relative to the experiment file's folder), as the caller looked for it.
  public func missingSceneError(resolved: String) -> ExperimentError {
    sceneLocation.error(
      expected: "the base scene's path, relative to the experiment file",
      got: "\"\(scene)\" (\(resolved): no such file)")
  }
}

extension TextFile.Kind {
  /// An experiment file (TOML: a base scene, axes, metrics).
  public static let experiment = TextFile.Kind(
    name: "experiment file", expected: "an experiment file (TOML, UTF-8)")
}

/// One `[[axis]]`: a column of the CSV and the scene values it moves.
public struct Axis: Sendable, Equatable {
  /// The column name (letters, digits, `_`; by convention with its unit: `release_pt`).
  public var name: String
  public var values: AxisValues
  /// Where the values are written (`values` or `range`), for messages about them.
  public var valuesLocation: SourceLocation
  /// The scene values set from each axis value: `path` alone is one target of scale 1, offset 0.
  public var targets: [AxisTarget]
}

/// A scene value moved by an axis: set to `offset + scale × value`.
public struct AxisTarget: Sendable, Equatable {
  public var path: String
  public var scale: Double
  public var offset: Double
  /// Where the path is written.
  public var location: SourceLocation

  /// The scene value for axis value `x`.
  public func mapped(_ x: Double) -> Double { offset + scale * x }

  /// Whether the mapping is the identity (printed as just the path).
  public var isIdentity: Bool { scale == 1 && offset == 0 }
}

/// A `[fixed]` entry: a scene value set for the whole experiment.
public struct Setting: Sendable, Equatable {
  public var path: String
  public var value: AxisValue
  public var location: SourceLocation
}

/// Where a key is written in a file, to point messages at it.
public struct SourceLocation: Sendable, Equatable {
  public var file: String
  /// 1-based; nil when unknown.
  public var line: Int?
  /// The table, as messages name it: `axis "damping"`; empty at the top level.
  public var table: String
  public var key: String

  public init(file: String, line: Int?, table: String, key: String) {
    self.file = file
    self.line = line
    self.table = table
    self.key = key
  }

  /// The one-line error for a wrong value at this key, as the reader of this file throws it
  /// (`ExperimentError` for an experiment file, `ControlError` for a control file).
  public func error<Reading>(expected: String, got: String? = nil, suggestion: String? = nil)
    -> InputError<Reading>
  {
    InputError(
      file: file, line: line, table: table, key: key, expected: expected, got: got,
      suggestion: suggestion)
  }
}
