import FeelMetrics

/// Compares a metric baseline (the CSV `feel sweep` writes) with the CSV the current FeelLab
/// writes for the same experiment.
///
/// First the shape: the same axes (names, in order), the same metric columns, the same grid
/// (every axis's values, row by row). A baseline of another shape no longer records this
/// experiment: that is bad input (`CheckError`, saying exactly what changed), to be fixed by
/// re-recording on purpose. Then every metric cell against its tolerance (`CheckTolerances`)
/// and the flags exactly. The header's comment lines (title, version, definitions) are not
/// compared.
public enum MetricBaseline {
  /// The drift of `current` from `baseline`, in row then column order. With `everyChange`,
  /// every cell whose text changed is listed, even within its tolerance (`--record` counts
  /// them). `name` is the
  /// experiment's name as the table shows it.
  public static func compare(
    name: String, baseline: BaselineCSV, current: BaselineCSV, everyChange: Bool = false
  ) throws(CheckError) -> [Drift] {
    let layout = try Layout(baseline: baseline, current: current, name: name)
    try checkGrid(layout, baseline: baseline, current: current, name: name)

    var drifts: [Drift] = []
    let metricRange = layout.axisCount..<(layout.axisCount + layout.metrics.count)
    for (r, row) in baseline.rows.enumerated() {
      let now = current.rows[r]
      var at: String?
      func point() -> String {
        if let at { return at }
        let text = (0..<layout.axisCount).map { "\(baseline.columns[$0])=\(row.cells[$0])" }
          .joined(separator: " ")
        at = text
        return text
      }
      for c in metricRange {
        let metric = layout.metrics[c - layout.axisCount]
        let tolerance = CheckTolerances.tolerance(for: metric)
        let was = try baseline.number(row, c)
        let isNow = try current.number(now, c)
        let order = r * baseline.columns.count + c
        switch (was, isNow) {
        case (nil, nil):
          continue
        case (.some(let a), .some(let b)):
          if tolerance.allows(b - a) && !(everyChange && row.cells[c] != now.cells[c]) {
            continue
          }
          drifts.append(
            Drift(
              baseline: name, at: point(), column: metric.column, was: row.cells[c],
              now: now.cells[c], difference: b - a, tolerance: tolerance, order: order))
        default:
          drifts.append(
            Drift(
              baseline: name, at: point(), column: metric.column, was: row.cells[c],
              now: now.cells[c], difference: nil, tolerance: tolerance, order: order))
        }
      }
      let f = layout.flagsColumn
      try checkFlags(row.cells[f], baseline: baseline, row: row)
      if row.cells[f] != now.cells[f] {
        drifts.append(
          Drift(
            baseline: name, at: point(), column: "flags", was: row.cells[f], now: now.cells[f],
            difference: nil, tolerance: CheckTolerances.exact,
            order: r * baseline.columns.count + f))
      }
    }
    return drifts
  }

  /// The number of values compared: every metric cell and the flags of every row.
  public static func valueCount(_ table: BaselineCSV) -> Int {
    guard let layout = try? Layout(table) else { return 0 }
    return table.rows.count * (layout.metrics.count + 1)
  }

  /// The columns of a metric CSV: axes, then metrics, then `flags`.
  struct Layout {
    var axes: [String]
    var metrics: [Metric]
    var axisCount: Int { axes.count }
    var flagsColumn: Int { axes.count + metrics.count }

    /// Reads the header of a sweep CSV: the axis columns are those before the first metric
    /// column; `flags` must be last.
    init(_ table: BaselineCSV) throws(CheckError) {
      let columns = table.columns
      let known = Set(Metric.allCases.map(\.column))
      let firstMetric = columns.firstIndex { known.contains($0) || $0 == "flags" } ?? columns.count
      axes = Array(columns[..<firstMetric])
      var metrics: [Metric] = []
      for column in columns[firstMetric...].dropLast() {
        guard let metric = Metric(column: column) else {
          throw CheckError(
            file: table.file, line: table.headerLine,
            "expected metric columns (\(Metric.allCases.map(\.column).joined(separator: ", ")))"
              + " after the axes, got '\(column)'")
        }
        metrics.append(metric)
      }
      guard columns.last == "flags", firstMetric < columns.count else {
        throw CheckError(
          file: table.file, line: table.headerLine,
          "expected a `feel sweep` header: axes, metrics, then 'flags' last; got "
            + columns.joined(separator: ","))
      }
      if axes.isEmpty {
        throw CheckError(
          file: table.file, line: table.headerLine,
          "expected at least one axis column before the metrics, got none")
      }
      self.metrics = metrics
    }

    /// The baseline's layout, which must equal the current one's.
    init(baseline: BaselineCSV, current: BaselineCSV, name: String) throws(CheckError) {
      self = try Layout(baseline)
      let now = try Layout(current)
      if axes != now.axes {
        throw CheckError(
          file: baseline.file, line: baseline.headerLine,
          "the axes of experiment \(name) changed: "
            + listChange(was: axes, now: now.axes, what: "axis"), rerecord: name)
      }
      if metrics != now.metrics {
        throw CheckError(
          file: baseline.file, line: baseline.headerLine,
          "the metrics of experiment \(name) changed: "
            + listChange(was: metrics.map(\.column), now: now.metrics.map(\.column), what: "metric"),
          rerecord: name)
      }
    }
  }

  /// The grid: every axis takes the same values, and every row is the same grid point.
  static func checkGrid(
    _ layout: Layout, baseline: BaselineCSV, current: BaselineCSV, name: String
  ) throws(CheckError) {
    for a in 0..<layout.axisCount {
      let was = distinct(baseline, column: a)
      let now = distinct(current, column: a)
      if was != now {
        throw CheckError(
          file: baseline.file, line: baseline.headerLine,
          "the grid of experiment \(name) changed: axis \(layout.axes[a]) now has "
            + valuesPhrase(now) + ", the baseline " + valuesPhrase(was)
            + firstDifference(was: was, now: now), rerecord: name)
      }
    }
    if baseline.rows.count != current.rows.count {
      throw CheckError(
        file: baseline.file, line: baseline.headerLine,
        "the grid of experiment \(name) changed: it now has \(current.rows.count) points, the "
          + "baseline \(baseline.rows.count) rows", rerecord: name)
    }
    for (row, now) in zip(baseline.rows, current.rows) {
      for a in 0..<layout.axisCount where row.cells[a] != now.cells[a] {
        throw CheckError(
          file: baseline.file, line: row.line,
          "expected the grid point \(point(now, layout)) here (grid order, the last axis "
            + "fastest), got \(point(row, layout))", rerecord: name)
      }
    }
  }

  /// The flags cell: known flags separated by `;`.
  static func checkFlags(
    _ cell: String, baseline: BaselineCSV, row: BaselineCSV.Row
  ) throws(CheckError) {
    if cell.isEmpty { return }
    for flag in cell.split(separator: ";", omittingEmptySubsequences: false)
    where MetricFlag(rawValue: String(flag)) == nil {
      throw CheckError(
        file: baseline.file, line: row.line,
        "column 'flags': expected flags separated by ';' ("
          + MetricFlag.allCases.map(\.rawValue).joined(separator: ", ") + "), got \"\(flag)\"")
    }
  }

  static func point(_ row: BaselineCSV.Row, _ layout: Layout) -> String {
    (0..<layout.axisCount).map { "\(layout.axes[$0])=\(row.cells[$0])" }.joined(separator: " ")
  }

  /// The values of a column in order of first appearance.
  static func distinct(_ table: BaselineCSV, column: Int) -> [String] {
    var seen = Set<String>()
    var values: [String] = []
    for row in table.rows where seen.insert(row.cells[column]).inserted {
      values.append(row.cells[column])
    }
    return values
  }

  /// `59 values (0.05 to 1.5)`.
  static func valuesPhrase(_ values: [String]) -> String {
    switch values.count {
    case 0: "no values"
    case 1: "1 value (\(values[0]))"
    default: "\(values.count) values (\(values[0]) to \(values[values.count - 1]))"
    }
  }

  /// `; the 2nd value is 0.075, was 0.1`.
  static func firstDifference(was: [String], now: [String]) -> String {
    for i in 0..<min(was.count, now.count) where was[i] != now[i] {
      return "; value #\(i + 1) is now \(now[i]), was \(was[i])"
    }
    return ""
  }

  /// `axis gravity is new; axis push is gone` or `axes reordered: (a, b), were (b, a)`.
  static func listChange(was: [String], now: [String], what: String) -> String {
    let added = now.filter { !was.contains($0) }
    let removed = was.filter { !now.contains($0) }
    var parts: [String] = []
    if !added.isEmpty {
      parts.append(
        "\(what) \(added.joined(separator: ", ")) \(added.count == 1 ? "is" : "are") new")
    }
    if !removed.isEmpty {
      parts.append(
        "\(what) \(removed.joined(separator: ", ")) \(removed.count == 1 ? "is" : "are") gone")
    }
    if parts.isEmpty { parts.append("the order changed") }
    return parts.joined(separator: "; ") + " (now: \(now.joined(separator: ", ")); baseline: "
      + "\(was.joined(separator: ", ")))"
  }
}
