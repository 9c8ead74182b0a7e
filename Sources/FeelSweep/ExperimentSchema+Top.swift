import FeelMetrics
import FeelScene

extension ExperimentSchema {
  /// An experiment file's top-level keys as read (docs/experiments.md).
  public struct TopKeys: Sendable {
    var title = ""
    var description = ""
    var corpus: CorpusSpec?
    var scene = ""
    var output: String?
    var metrics: [Metric] = []
    var measure: MeasureSection?
    var fixed: [Setting] = []
    var axes: [Axis] = []
    var control: String?
  }

  /// `[measure]` as read, with where its `item` and `items` are written (for the messages about
  /// them).
  struct MeasureSection: Sendable, Equatable {
    var measure: SceneMeasure
    var location: SourceLocation
    var itemsLocation: SourceLocation
  }

  /// An experiment file's top level. Its keys are read in the order their checks run (a
  /// recognizer's `[corpus]` before the `scene` it forbids); messages list them in file order.
  /// `chart` is read by `ExperimentReader.readCharts`, after the metrics and axes it names.
  public static let top: SchemaTable<TopKeys> = SchemaTable(
    "experiment file", blank: TopKeys(),
    [
      .key(
        "title", .text("a non-empty string: the experiment's title", nonEmpty: true), \.title,
        default: .required),
      .key("description", .string, \.description, default: .value("")),
      .key("corpus", corpusSection, \.corpus, default: .unset),
      .key(
        "scene",
        .text(
          "the base scene's path (a string, relative to the experiment file), or a [corpus] of "
            + "touches for a recognizer experiment", nonEmpty: true), \.scene,
        default: .requiredUnless("corpus")),
      .key("output", .text("a CSV file path", nonEmpty: true), \.output, default: .unset),
      .key("metrics", metricNames, \.metrics, default: .required),
      .key("measure", measureSection, \.measure, default: .unset),
      .key("fixed", fixedSection, \.fixed, default: .unset),
      .key("axis", axisSections, \.axes, default: .required),
      .elsewhere("chart", .tables(chart.name)),
      .key(
        "control",
        .name(
          "a control's name (the file controls/NAME.toml beside the experiment): letters, "
            + "digits, - and _", where: InputName.isFileName), \.control, default: .unset),
    ],
    listed: [
      "title", "description", "scene", "output", "metrics", "measure", "fixed", "axis", "chart",
      "control", "corpus",
    ])

  /// `[corpus]`: a recognizer experiment's touches, which runs no scene, so it names no scene,
  /// `[measure]` or control.
  private static let corpusSection = KeyCodec<CorpusSpec>.section(corpus.name, "corpus") {
    table, top throws(SceneError) in
    let keys = try corpus.read(table, .outsideScene, kind: "the [corpus] table")
    let spec = CorpusSpec(
      folder: keys.folder, synthetic: synthetic(keys),
      location: SourceLocation(
        file: table.file, line: table.line(of: ""), table: "[corpus]", key: ""),
      folderLocation: SourceLocation(
        file: table.file, line: table.line(of: "folder"), table: "[corpus]", key: "folder"))
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
    return spec
  }

  /// `metrics = ["overshoot_pt", …]`: known metric names, each once.
  private static let metricNames: KeyCodec<[Metric]> = {
    let names = Metric.allCases.map(\.column)
    let form = "an array of metric names (\(names.joined(separator: ", ")))"
    return KeyCodec(
      form: .strings("metric names"), missing: form,
      read: { top, key throws(SceneError) in
        if top.isTable(key) {
          throw top.error(
            key, expected: "\(form); the measure options go in a [measure] table", got: "a table")
        }
        guard let written = try top.strings(key, "an array of metric names") else { return nil }
        if written.isEmpty { throw top.error(key, expected: "at least one metric", got: "[]") }
        var metrics: [Metric] = []
        for name in written {
          guard let metric = Metric(column: name) else {
            throw top.error(
              key, expected: "metric names (\(names.joined(separator: ", ")))",
              got: "\"\(name)\"", suggestion: NameSuggestion.closest(to: name, among: names))
          }
          if metrics.contains(metric) {
            throw top.error(key, expected: "each metric once", got: "\"\(name)\" twice")
          }
          metrics.append(metric)
        }
        return metrics
      })
  }()

  /// `[measure]`: each key overrides the base scene's `[measure]` value.
  private static let measureSection = KeyCodec<MeasureSection>.section(measure.name, "measure") {
    table, _ throws(SceneError) in
    return MeasureSection(
      measure: try measure.read(table, .outsideScene, kind: "the [measure] table"),
      location: SourceLocation(
        file: table.file, line: table.line(of: "item"), table: "[measure]", key: "item"),
      itemsLocation: SourceLocation(
        file: table.file, line: table.line(of: "items"), table: "[measure]", key: "items"))
  }

  /// What a `[fixed]` value (and a `--set` value) may be.
  package static let fixedValueForm =
    "a finite number, a profile name or true/false for the scene value at this path"

  /// `[fixed]`: path = value, with dotted or quoted keys, in file order.
  private static let fixedSection = KeyCodec<[Setting]>.section("experiment [fixed]", "fixed") {
    table, _ throws(SceneError) in
    var settings: [Setting] = []
    for (path, value) in table.flattened() {
      let location = SourceLocation(
        file: table.file, line: table.line(of: path), table: "[fixed]", key: path)
      guard let setting = AxisValue(value) else {
        throw location.error(expected: fixedValueForm, got: ExperimentReader.shown(value))
      }
      settings.append(Setting(path: path, value: setting, location: location))
    }
    return settings.sorted {
      ($0.location.line ?? 0, $0.path) < ($1.location.line ?? 0, $1.path)
    }
  }

  /// `[[axis]]`: at least one, each named once.
  private static let axisSections = KeyCodec<[Axis]>.tables(
    axis.name, form: "an array of tables: [[axis]] sections", label: "axis"
  ) { table, earlier throws(SceneError) in
    let axis = try readAxis(&table)
    if let twin = earlier.first(where: { $0.name == axis.name }) {
      throw table.error(
        "name", expected: "a name no other axis has", got: "\"\(twin.name)\" (twice)")
    }
    return axis
  }.then(expected: "at least one [[axis]] section (name, path, values or range)") {
    axes, top, key throws(SceneError) in
    guard !axes.isEmpty else {
      throw top.error(
        key, expected: "at least one [[axis]] section (name, path, values or range)",
        got: "nothing")
    }
    return axes
  }
}
