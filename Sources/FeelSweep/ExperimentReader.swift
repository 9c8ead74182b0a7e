import FeelMetrics
import FeelScene

/// Reads an experiment file's text (TOML) into an `Experiment`. Pure: the caller reads the
/// file. Every problem throws one `ExperimentError` naming the file, the line, the table, the key and
/// what was expected, like a scene file's errors; unknown keys get a "did you mean".
///
/// Paths are checked against the base scene later, by `ParameterGrid`, which needs the scene.
public enum ExperimentReader {
  static let topKeys = [
    "title", "description", "scene", "output", "metrics", "measure", "fixed", "axis", "chart",
    "control", "corpus",
  ]
  static let axisKeys = ["name", "path", "set", "values", "range"]

  /// The most values one axis may have (a range with a tiny step is a mistake, not a sweep).
  public static let maxAxisValues = 10_000_000

  public static func parse(_ text: String, file: String) throws(ExperimentError) -> Experiment {
    let top = try ExperimentTable.parse(text, file: file)
    try refuseSceneFile(top)
    try top.checkKeys(topKeys, of: "an experiment file")
    func location(_ table: ExperimentTable, _ key: String) -> SourceLocation {
      SourceLocation(file: file, line: table.line(of: key), table: table.label, key: key)
    }

    let titleForm = "a non-empty string: the experiment's title"
    guard let title = try top.string("title"), !title.isEmpty else {
      throw top.error("title", expected: titleForm, got: top.shown("title") ?? "nothing")
    }
    let description = try top.string("description") ?? ""
    let corpus = try readCorpus(top)
    let sceneForm = "the base scene's path (a string, relative to the experiment file)"
    let scene: String
    if corpus != nil {
      if top.has("scene") {
        throw top.error(
          "scene",
          expected: "no scene in a recognizer experiment: it reads its [corpus] of touches "
            + "and runs no scene (docs/touches.md, \"Recognizer experiment\")",
          got: top.shown("scene"))
      }
      if top.has("measure") {
        throw top.error(
          "measure",
          expected: "no [measure] table in a recognizer experiment: it measures no scene item",
          got: "a [measure] table")
      }
      if top.has("control") {
        throw top.error(
          "control",
          expected: "no control in a recognizer experiment: a control tunes a scene, and a "
            + "recognizer experiment runs none", got: top.shown("control"))
      }
      scene = ""
    } else {
      guard let written = try top.string("scene"), !written.isEmpty else {
        throw top.error(
          "scene", expected: sceneForm + ", or a [corpus] of touches for a recognizer experiment",
          got: top.shown("scene") ?? "nothing")
      }
      scene = written
    }
    let output = try top.string("output")
    if let output, output.isEmpty {
      throw top.error("output", expected: "a CSV file path", got: "\"\"")
    }

    let metrics = try readMetrics(top)
    let (measure, measureLocation) = try readMeasure(top, file: file)
    let fixed = try readFixed(top, file: file)

    let axisTables = try top.elements(
      "axis", label: "axis", form: "an array of tables: [[axis]] sections")
    if axisTables.isEmpty {
      throw top.error(
        "axis", expected: "at least one [[axis]] section (name, path, values or range)",
        got: "nothing")
    }
    var axes: [Axis] = []
    for var table in axisTables {
      let axis = try readAxis(&table, file: file)
      if let earlier = axes.first(where: { $0.name == axis.name }) {
        throw table.error(
          "name", expected: "a name no other axis has", got: "\"\(earlier.name)\" (twice)")
      }
      axes.append(axis)
    }
    let charts = try readCharts(top, file: file, metrics: metrics, axes: axes)
    var experiment = Experiment(
      file: file, title: title, description: description, scene: scene,
      sceneLocation: location(top, "scene"), output: output, metrics: metrics,
      metricsLocation: location(top, "metrics"), measure: measure,
      measureLocation: measureLocation, fixed: fixed, axes: axes, corpus: corpus, charts: charts)
    if let control = try top.string("control") {
      guard InputName.isFileName(control) else {
        throw top.error(
          "control",
          expected: "a control's name (the file controls/NAME.toml beside the experiment): "
            + "letters, digits, - and _", got: "\"\(control)\"")
      }
      experiment.control = control
      experiment.controlLocation = location(top, "control")
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

  /// `[corpus]` (docs/touches.md, "Recognizer experiment"): nil when absent.
  private static func readCorpus(_ top: ExperimentTable) throws(ExperimentError) -> CorpusSpec? {
    guard let table = try top.section("corpus", label: "[corpus]") else { return nil }
    let keys = try table.read(ExperimentSchema.corpus, kind: "the [corpus] table")
    return CorpusSpec(
      folder: keys.folder, synthetic: ExperimentSchema.synthetic(keys),
      location: SourceLocation(
        file: table.file, line: table.line(of: ""), table: "[corpus]", key: ""),
      folderLocation: SourceLocation(
        file: table.file, line: table.line(of: "folder"), table: "[corpus]", key: "folder"))
  }

  /// `metrics = ["overshoot_pt", …]`: known metric names, each once.
  private static func readMetrics(_ top: ExperimentTable) throws(ExperimentError) -> [Metric] {
    let names = Metric.allCases.map(\.column)
    let form = "an array of metric names (\(names.joined(separator: ", ")))"
    if top.isTable("metrics") {
      throw top.error(
        "metrics",
        expected: "\(form); the measure options go in a [measure] table",
        got: "a table")
    }
    guard let written = try top.strings("metrics", "an array of metric names") else {
      throw top.error("metrics", expected: form, got: "nothing")
    }
    if written.isEmpty { throw top.error("metrics", expected: "at least one metric", got: "[]") }
    var metrics: [Metric] = []
    for name in written {
      guard let metric = Metric(column: name) else {
        throw top.error(
          "metrics", expected: "metric names (\(names.joined(separator: ", ")))",
          got: "\"\(name)\"", suggestion: NameSuggestion.closest(to: name, among: names))
      }
      if metrics.contains(metric) {
        throw top.error("metrics", expected: "each metric once", got: "\"\(name)\" twice")
      }
      metrics.append(metric)
    }
    return metrics
  }

  /// `[measure]`: each key overrides the base scene's `[measure]` value.
  private static func readMeasure(_ top: ExperimentTable, file: String) throws(ExperimentError) -> (
    SceneMeasure, SourceLocation
  ) {
    guard let table = try top.section("measure", label: "[measure]") else {
      return (SceneMeasure(), SourceLocation(file: file, line: nil, table: "", key: "measure"))
    }
    return (
      try table.read(ExperimentSchema.measure, kind: "the [measure] table"),
      SourceLocation(file: file, line: table.line(of: "item"), table: "[measure]", key: "item")
    )
  }

  /// What a `[fixed]` value (and a `--set` value) may be.
  package static let fixedValueForm =
    "a finite number, a profile name or true/false for the scene value at this path"

  /// `[fixed]`: path = value, with dotted or quoted keys.
  private static func readFixed(_ top: ExperimentTable, file: String) throws(ExperimentError)
    -> [Setting]
  {
    guard let table = try top.section("fixed", label: "[fixed]") else { return [] }
    var settings: [Setting] = []
    for (path, value) in table.flattened() {
      let location = SourceLocation(
        file: file, line: table.line(of: path), table: "[fixed]", key: path)
      guard let setting = AxisValue(value) else {
        throw location.error(expected: fixedValueForm, got: shown(value))
      }
      settings.append(Setting(path: path, value: setting, location: location))
    }
    return settings.sorted { ($0.location.line ?? 0, $0.path) < ($1.location.line ?? 0, $1.path) }
  }

  private static func readAxis(_ table: inout ExperimentTable, file: String) throws(ExperimentError)
    -> Axis
  {
    let nameForm = "a column name: letters, digits and _, not starting with a digit"
    guard let name = try table.string("name") else {
      throw table.error("name", expected: nameForm, got: "nothing")
    }
    table.label = "axis \"\(name)\""
    try table.checkKeys(axisKeys, of: "an axis")
    guard InputName.isIdentifier(name) else {
      throw table.error("name", expected: nameForm, got: "\"\(name)\"")
    }
    let reserved = Metric.allCases.map(\.column) + ["flags"]
    if reserved.contains(name) {
      throw table.error(
        "name", expected: "a name that is not a metric column or 'flags'", got: "\"\(name)\"")
    }

    // What the axis sets: `path`, or `set = [{ path, scale, offset }, …]`.
    var targets: [AxisTarget] = []
    switch (table.has("path"), table.has("set")) {
    case (true, true):
      throw table.error(
        "set", expected: "either path or set, not both (set lists every path the axis moves)",
        got: table.shown("set"))
    case (false, false):
      throw table.error(
        "path",
        expected: "a scene value path (or set = [{ path = \"…\", scale = 1, offset = 0 }, …])",
        got: "nothing")
    case (true, false):
      let form = "a scene value path such as \"behavior.scrub-snap.damping\""
      guard let path = try table.string("path"), !path.isEmpty else {
        throw table.error("path", expected: form, got: table.shown("path"))
      }
      targets.append(
        AxisTarget(
          path: path, scale: 1, offset: 0,
          location: SourceLocation(
            file: file, line: table.line(of: "path"), table: table.label, key: "path")))
    case (false, true):
      let form = "an array of { path = \"…\", scale = 1, offset = 0 } tables"
      let entries = try table.inlineArray("set", label: "\(table.label) set", form: form) ?? []
      if entries.isEmpty { throw table.error("set", expected: form, got: table.shown("set")) }
      for entry in entries {
        let keys = try entry.read(ExperimentSchema.setEntry, kind: "a set entry")
        targets.append(
          AxisTarget(
            path: keys.path, scale: keys.scale, offset: keys.offset,
            location: SourceLocation(
              file: file, line: entry.line(of: "path"), table: entry.label, key: "path")))
      }
    }
    for (i, target) in targets.enumerated()
    where targets[..<i].contains(where: { $0.path == target.path }) {
      throw target.location.error(
        expected: "each path once in an axis", got: "\"\(target.path)\" twice")
    }

    // Its values: `values = […]` or `range = { from, to, step | count }`.
    let values: AxisValues
    let valuesKey: String
    switch (table.has("values"), table.has("range")) {
    case (true, true):
      throw table.error(
        "range", expected: "either values or range, not both", got: table.shown("range"))
    case (false, false):
      throw table.error(
        "values",
        expected: "values = [ … ] or range = { from = …, to = …, step = … } (or count = …)",
        got: "nothing")
    case (true, false):
      valuesKey = "values"
      values = try readValues(table)
    case (false, true):
      valuesKey = "range"
      values = try readRange(table)
    }
    return Axis(
      name: name, values: values,
      valuesLocation: SourceLocation(
        file: file, line: table.line(of: valuesKey), table: table.label, key: valuesKey),
      targets: targets)
  }

  /// An axis's values given outside its file (`feel sweep --axis`, `/api/sweep`'s `axes`): the
  /// TOML text of an array (as `values = …`) or of a range table (as `range = …`), read and
  /// checked as in an experiment file named `--axis`.
  package static func axisValues(_ toml: String, axis name: String) throws(ExperimentError)
    -> AxisValues
  {
    let isList = toml.first == "["
    var table = try ExperimentTable.parse(
      (isList ? "values = " : "range = ") + toml, file: "--axis")
    table.label = "axis \"\(name)\""
    return isList ? try readValues(table) : try readRange(table)
  }

  /// `values = [ … ]`: finite numbers, or strings, or booleans; at least one.
  private static func readValues(_ table: ExperimentTable) throws(ExperimentError) -> AxisValues {
    let form = "a non-empty array of finite numbers, of strings or of true/false"
    guard case .array(let elements) = table.value("values") else {
      throw table.error("values", expected: form, got: table.shown("values"))
    }
    if elements.isEmpty { throw table.error("values", expected: form, got: "[] (no values)") }
    var values: [AxisValue] = []
    for element in elements {
      guard let value = AxisValue(element) else {
        throw table.error(
          "values", expected: form, got: "\(shown(element)) in \(table.shown("values")!)")
      }
      values.append(value)
    }
    let kinds = Set(
      values.map { value -> Int in
        switch value {
        case .number: 0
        case .string: 1
        case .boolean: 2
        }
      })
    if kinds.count > 1 {
      throw table.error(
        "values", expected: "values of one kind (all numbers, all strings or all true/false)",
        got: table.shown("values"))
    }
    if values.count > maxAxisValues {
      throw table.error(
        "values", expected: "at most \(maxAxisValues) values", got: "\(values.count) values")
    }
    return .list(values)
  }

  /// `range = { from, to, step }` or `{ from, to, count }`.
  private static func readRange(_ table: ExperimentTable) throws(ExperimentError) -> AxisValues {
    let form = "a table { from = …, to = …, step = … } or { from = …, to = …, count = … }"
    guard let range = try table.inline("range", label: "\(table.label) range", form: form) else {
      throw table.error("range", expected: form, got: "nothing")
    }
    let keys = try range.read(ExperimentSchema.range, kind: "a range")
    let (from, to) = (keys.from, keys.to)
    if let step = keys.step {
      if from == to { return .range(from: from, step: step, count: 1, last: to) }
      guard step != 0, (to - from) / step > 0 else {
        throw range.error(
          "step",
          expected: "a step from \(AxisValue.shortest(from)) towards \(AxisValue.shortest(to)) "
            + "(\(to > from ? "> 0" : "< 0"))",
          got: "\(range.shown("step")!): the range is empty")
      }
      let spans = ((to - from) / step * (1 + 1e-12)).rounded(.down)
      guard spans < Double(maxAxisValues) else {
        throw range.error(
          "step", expected: "at most \(maxAxisValues) values",
          got: "\(range.shown("step")!): \(spans + 1) values")
      }
      let count = Int(spans) + 1
      return .range(
        from: from, step: step, count: count,
        last: AxisValues.rounded(from + Double(count - 1) * step))
    }
    let count = Int(keys.count!)
    if count == 1 {
      guard from == to else {
        throw range.error(
          "count", expected: "at least 2 values when from ≠ to", got: range.shown("count"))
      }
      return .range(from: from, step: 0, count: 1, last: to)
    }
    return .range(from: from, step: (to - from) / Double(count - 1), count: count, last: to)
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
