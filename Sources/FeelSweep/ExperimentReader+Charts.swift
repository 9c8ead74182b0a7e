import FeelMetrics
import FeelScene

extension ExperimentReader {
  static let chartKeys = ["metric", "x", "y", "lines", "range", "log"]

  /// `[[chart]]`: the notebook's charts of the grid (a FeelLab addition): a metric of the
  /// experiment, the axes it is drawn over (names of its axes, each once), an optional range
  /// and log scale.
  static func readCharts(
    _ top: ExperimentTable, file: String, metrics: [Metric], axes: [Axis]
  ) throws(ExperimentError) -> [ExperimentChart] {
    let tables = try top.elements(
      "chart", label: "chart", form: "an array of tables: [[chart]] sections")
    var charts: [ExperimentChart] = []
    for var table in tables {
      charts.append(try readChart(&table, file: file, metrics: metrics, axes: axes))
    }
    return charts
  }

  private static func readChart(
    _ table: inout ExperimentTable, file: String, metrics: [Metric], axes: [Axis]
  ) throws(ExperimentError) -> ExperimentChart {
    let measured = metrics.map(\.column)
    let metricForm = "one of the experiment's metrics (\(measured.joined(separator: ", ")))"
    guard let name = try table.string("metric") else {
      throw table.error("metric", expected: metricForm, got: table.shown("metric") ?? "nothing")
    }
    table.label = "chart \"\(name)\""
    try table.checkKeys(chartKeys, of: "a chart")
    guard let metric = metrics.first(where: { $0.column == name }) else {
      let known = Metric(column: name) != nil
      throw table.error(
        "metric", expected: metricForm,
        got: known ? "\"\(name)\", which the experiment does not measure" : "\"\(name)\"",
        suggestion: known ? nil : NameSuggestion.closest(to: name, among: measured))
    }

    let names = axes.map(\.name)
    var used: [String: String] = [:]
    func axis(_ key: String) throws(ExperimentError) -> String? {
      let form = "the name of one of the experiment's axes (\(names.joined(separator: ", ")))"
      guard table.has(key) else { return nil }
      guard let axis = try table.string(key) else {
        throw table.error(key, expected: form, got: table.shown(key))
      }
      guard names.contains(axis) else {
        throw table.error(
          key, expected: form, got: "\"\(axis)\"",
          suggestion: NameSuggestion.closest(to: axis, among: names))
      }
      if let other = used[axis] {
        throw table.error(
          key, expected: "an axis the chart does not already use",
          got: "\"\(axis)\" (also \(other))")
      }
      used[axis] = key
      return axis
    }
    let x = try axis("x")
    let y = try axis("y")
    let lines = try axis("lines")
    if y != nil && lines != nil {
      throw table.error(
        "lines", expected: "either y (a heatmap) or lines (a line chart), not both",
        got: table.shown("lines"))
    }

    var log = false
    if let value = table.value("log") {
      guard case .boolean(let flag) = value else {
        throw table.error("log", expected: "true or false", got: table.shown("log"))
      }
      log = flag
    }
    var range: ClosedRange<Double>?
    if let value = table.value("range") {
      let form = "[low, high]: two finite numbers, low < high, in the unit of \(name)"
      guard case .array(let ends) = value, ends.count == 2,
        case .number(let low) = ends[0], case .number(let high) = ends[1],
        low.isFinite, high.isFinite
      else {
        throw table.error("range", expected: form, got: table.shown("range"))
      }
      guard low < high else {
        throw table.error("range", expected: form, got: table.shown("range"))
      }
      if log && low <= 0 {
        throw table.error(
          "range", expected: "a low end > 0 with log = true", got: table.shown("range"))
      }
      range = low...high
    }
    return ExperimentChart(
      metric: metric, x: x, y: y, lines: lines, range: range, log: log,
      location: SourceLocation(
        file: file, line: table.line(of: "metric"), table: table.label, key: "metric"))
  }
}
