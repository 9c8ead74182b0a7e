import FeelMetrics
import FeelScene

/// Reads an experiment file's text (TOML) into an `Experiment`. Pure: the caller reads the
/// file. Every problem throws one `ExperimentError` naming the file, the line, the table, the key and
/// what was expected, like a scene file's errors; unknown keys get a "did you mean".
///
/// Paths are checked against the base scene later, by `ParameterGrid`, which needs the scene.
public enum ExperimentReader {
  /// The most values one axis may have (a range with a tiny step is a mistake, not a sweep).
  public static let maxAxisValues = 10_000_000

  /// Reads the top level through `ExperimentSchema.top`: its keys up to `chart`, the charts
  /// (which name the metrics and axes read), then the rest.
  public static func parse(_ text: String, file: String) throws(ExperimentError) -> Experiment {
    let top = try ExperimentTable.parse(text, file: file)
    try refuseSceneFile(top)
    func location(_ key: String) -> SourceLocation {
      SourceLocation(file: file, line: top.line(of: key), table: "", key: key)
    }
    let schema = ExperimentSchema.top
    var keys = try top.read(schema, kind: "an experiment file", to: "chart")
    let charts = try readCharts(top, file: file, metrics: keys.metrics, axes: keys.axes)
    keys = try top.read(schema, kind: nil, from: schema.index(of: "control"), into: keys)
    var experiment = Experiment(
      file: file, title: keys.title, description: keys.description, scene: keys.scene,
      sceneLocation: location("scene"), output: keys.output, metrics: keys.metrics,
      metricsLocation: location("metrics"), measure: keys.measure?.measure ?? SceneMeasure(),
      measureLocation: keys.measure?.location
        ?? SourceLocation(file: file, line: nil, table: "", key: "measure"),
      fixed: keys.fixed, axes: keys.axes, corpus: keys.corpus, charts: charts)
    if let measure = keys.measure { experiment.measureItemsLocation = measure.itemsLocation }
    if let control = keys.control {
      experiment.control = control
      experiment.controlLocation = location("control")
    }
    return experiment
  }

  /// Keys only a scene file has at its top: a file with some of them and no `[[axis]]` is a
  /// scene given where an experiment belongs (`feel sweep SCENE.toml`).
  static let sceneOnlyKeys = ["profile", "frame_rate", "duration", "item", "behavior", "touch"]

  /// Refuses a scene file read as an experiment with a message that says so, rather than
  /// "unknown key" on its first scene key.
  private static func refuseSceneFile(_ top: ExperimentTable) throws(ExperimentError) {
    guard !top.has("axis") else { return }
    let found = sceneOnlyKeys.filter { top.has($0) }
      .sorted { (top.line(of: $0) ?? 0) < (top.line(of: $1) ?? 0) }
    guard let first = found.first else { return }
    throw top.error(
      first,
      expected: "an experiment's key (title, scene, metrics, [[axis]] sections; "
        + "docs/experiments.md)",
      got: "a scene file's key: this is a scene file, not an experiment; sweep it from an "
        + "experiment file whose `scene` key names it, or run it with feel run")
  }

  /// An axis's values given outside its file (`feel sweep --axis`, `/api/sweep`'s `axes`): the
  /// TOML text of an array (as `values = …`) or of a range table (as `range = …`), read and
  /// checked as in an experiment file named `--axis`.
  package static func axisValues(_ toml: String, axis name: String) throws(ExperimentError)
    -> AxisValues
  {
    let key = toml.first == "[" ? "values" : "range"
    return try axisValues(
      try ExperimentTable.parse("\(key) = " + toml, file: "--axis"), key: key, axis: name)
  }

  /// An axis's values given as data (`/api/sweep`'s `axes`), read and checked by the same codecs
  /// as the text above: a list as `values = …`, a range's numbers as `range = { … }`.
  package static func axisValues(_ given: SweepOverrides.AxisSpec, axis name: String)
    throws(ExperimentError) -> AxisValues
  {
    switch given {
    case .list(let values):
      return try axisValues(
        ExperimentTable(fields: ["values": .array(values.map(\.node))], file: "--axis"),
        key: "values", axis: name)
    case .range(let numbers):
      return try axisValues(
        ExperimentTable(
          fields: ["range": .table(numbers.mapValues(TOMLNode.number))], file: "--axis"),
        key: "range", axis: name)
    }
  }

  private static func axisValues(_ table: ExperimentTable, key: String, axis name: String)
    throws(ExperimentError) -> AxisValues
  {
    var table = table
    table.label = "axis \"\(name)\""
    let codec = key == "values" ? ExperimentSchema.listValues : ExperimentSchema.rangeValues
    return try table.value(codec, at: key)!
  }

  /// A plain value as messages show it.
  package static func shown(_ value: TOMLFileTable<Experiment>.Value) -> String {
    switch value {
    case .string(let s): "\"\(s)\""
    case .number(let x):
      x.isNaN ? "nan" : x.isInfinite ? (x > 0 ? "inf" : "-inf") : AxisValue.shortest(x)
    case .boolean(let b): String(b)
    case .array(let elements): "[" + elements.map(shown).joined(separator: ", ") + "]"
    case .other: "a table"
    }
  }
}
