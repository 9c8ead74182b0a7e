import FeelMetrics
import FeelScene

extension ExperimentSchema {
  /// `[[chart]]`: the notebook's charts of the grid (a FeelLab addition): one of `metrics`, the
  /// `axes` it is drawn over (each once), an optional range and log scale. Its `metric` names
  /// the table in messages, so the reader reads it first (`ExperimentReader.readCharts`).
  static func chart(metrics: [Metric], axes: [String]) -> SchemaTable<ChartKeys> {
    let measured = metrics.map(\.column)
    let metricForm = chartMetricForm(metrics)
    return SchemaTable(
      "experiment [[chart]]", blank: ChartKeys(),
      [
        .key("metric", .text(metricForm), \.metric, default: .required),
        .key("x", chartAxis(axes), \.x, default: .unset),
        .key("y", chartAxis(axes), \.y, default: .unset),
        .key("lines", chartAxis(axes), \.lines, default: .unset),
        .key("log", .boolean, \.log, default: .value(false)),
        .key("range", chartRange, \.range, default: .unset),
      ],
      listed: ["metric", "x", "y", "lines", "range", "log"],
      before: { table, _, _ throws(SceneError) in
        let name = try table.string("metric") ?? ""
        guard !measured.contains(name) else { return }
        let known = Metric(column: name) != nil
        throw table.error(
          "metric", expected: metricForm,
          got: known ? "\"\(name)\", which the experiment does not measure" : "\"\(name)\"",
          suggestion: known ? nil : NameSuggestion.closest(to: name, among: measured))
      })
  }

  /// What a chart's `metric` is expected to be.
  static func chartMetricForm(_ metrics: [Metric]) -> String {
    "one of the experiment's metrics (\(metrics.map(\.column).joined(separator: ", ")))"
  }

  /// `x`, `y`, `lines`: the name of one of `axes`, not used by the keys before it; `lines`
  /// not with `y`.
  private static func chartAxis(_ axes: [String]) -> KeyCodec<String> {
    let form = "the name of one of the experiment's axes (\(axes.joined(separator: ", ")))"
    return KeyCodec<String>.string.then(expected: form) { axis, table, key throws(SceneError) in
      guard axes.contains(axis) else {
        throw table.error(
          key, expected: form, got: "\"\(axis)\"",
          suggestion: NameSuggestion.closest(to: axis, among: axes))
      }
      for other in ["x", "y", "lines"].prefix(while: { $0 != key })
      where try table.string(other) == axis {
        throw table.error(
          key, expected: "an axis the chart does not already use",
          got: "\"\(axis)\" (also \(other))")
      }
      if key == "lines", table.has("y") {
        throw table.error(
          key, expected: "either y (a heatmap) or lines (a line chart), not both",
          got: table.shown(key))
      }
      return axis
    }
  }

  /// `range = [low, high]` in the metric's unit; low > 0 with `log` (read before it).
  private static let chartRange = KeyCodec<ClosedRange<Double>>(
    form: .point(components: "[low, high]", positive: false),
    missing: "[low, high]: two finite numbers, low < high",
    read: { table, key throws(SceneError) in
      let name = try table.string("metric") ?? ""
      let form = "[low, high]: two finite numbers, low < high, in the unit of \(name)"
      guard let range = try KeyCodec.span(form, ordered: form).value(in: table, at: key) else {
        return nil
      }
      if try table.bool("log") == true && range.lowerBound <= 0 {
        throw table.error(key, expected: "a low end > 0 with log = true", got: table.shown(key))
      }
      return range
    })
}

extension ExperimentReader {
  /// `[[chart]]` sections, read with the chart table of the experiment's metrics and axes.
  static func readCharts(
    _ top: ExperimentTable, file: String, metrics: [Metric], axes: [Axis]
  ) throws(ExperimentError) -> [ExperimentChart] {
    let tables = try top.elements(
      "chart", label: "chart", form: "an array of tables: [[chart]] sections")
    let schema = ExperimentSchema.chart(metrics: metrics, axes: axes.map(\.name))
    var charts: [ExperimentChart] = []
    for var table in tables {
      var keys = try table.readFirst(schema)
      let name = keys.metric
      table.label = "chart \"\(name)\""
      keys = try table.read(schema, kind: "a chart", from: 1, into: keys)
      charts.append(
        ExperimentChart(
          metric: metrics.first { $0.column == name }!, x: keys.x, y: keys.y, lines: keys.lines,
          range: keys.range, log: keys.log,
          location: SourceLocation(
            file: file, line: table.line(of: "metric"), table: table.label, key: "metric")))
    }
    return charts
  }
}
