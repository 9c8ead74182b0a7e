import FeelMetrics
import FeelSweep

/// The generic gnuplot chart's spec (`feel chart-spec EXP`, docs/experiments.md "A chart for
/// every experiment"): the charts the notebook draws for an experiment (its `[[chart]]`
/// sections, else the notebook's default choice, `NotebookGridChart`), as gnuplot variable
/// assignments that plots/generic.gp loads beside the sweep's CSV. Only values, no gnuplot
/// code: the script decides how they are drawn.
///
/// Per chart k (1-based): `metricK` (the CSV column), `labelK` (label and unit), `xK`, `yK`
/// (`''` for a line chart), `linesK` and `linevaluesK` (one line per value, at most
/// `maxLines`), `heldK` / `heldatK` (the axes the chart does not show, space-separated, and
/// the CSV cells they are held at: the base scene's value, else the middle one, as the
/// notebook's explorer starts), `lowK` / `highK` (the `range`, NaN for none), `logK`,
/// `xvaluesK` / `yvaluesK` (the axis's cells when it is not numeric, else `''`), `imageK`
/// (1 when both heatmap axes are numeric and evenly spaced: drawn as an image, else as
/// points), `markxK` / `markyK` (the base scene's value on the axis, NaN when it has none).
public enum GnuplotChartSpec {
  /// The most lines a line chart draws: a longer `lines` axis is thinned to every k-th value,
  /// keeping both ends.
  public static let maxLines = 10

  /// The spec's text for `sweep`'s experiment; `source` names the experiment file in the
  /// first comment line.
  public static func text(_ sweep: ParameterGrid, source: String, version: String) -> String {
    let charts = NotebookExperiment.charts(sweep.experiment.charts, sweep: sweep)
    var lines = [
      "# feel chart-spec \(source) (FeelLab \(version)): the charts plots/generic.gp draws",
      "title = \(quoted(sweep.experiment.title))",
      "charts = \(charts.count)",
    ]
    let held = sweep.axes.indices.map { a in
      sweep.baseValueIndex(onAxis: a) ?? (sweep.axes[a].axis.values.count - 1) / 2
    }
    for (c, chart) in charts.enumerated() {
      let k = c + 1
      let metric = sweep.metrics[chart.metric]
      let shown = [chart.x, chart.y, chart.lines].compactMap { $0 }
      let others = sweep.axes.indices.filter { !shown.contains($0) }
      lines += [
        "metric\(k) = \(quoted(metric.column))",
        "label\(k) = \(quoted(metric.labelWithUnit))",
        "x\(k) = \(quoted(name(sweep, chart.x)))",
        "y\(k) = \(quoted(chart.y.map { name(sweep, $0) } ?? ""))",
        "lines\(k) = \(quoted(chart.lines.map { name(sweep, $0) } ?? ""))",
        "linevalues\(k) = \(quoted(chart.lines.map { lineCells(sweep, $0).joined(separator: " ") } ?? ""))",
        "held\(k) = \(quoted(others.map { name(sweep, $0) }.joined(separator: " ")))",
        "heldat\(k) = \(quoted(others.map { sweep.axes[$0].axis.values[held[$0]].csvCell }.joined(separator: " ")))",
        "low\(k) = \(chart.range.map { number($0.lowerBound) } ?? "NaN")",
        "high\(k) = \(chart.range.map { number($0.upperBound) } ?? "NaN")",
        "log\(k) = \(chart.log ? 1 : 0)",
        "xvalues\(k) = \(quoted(textCells(sweep, chart.x)))",
        "yvalues\(k) = \(quoted(chart.y.map { textCells(sweep, $0) } ?? ""))",
        "image\(k) = \(chart.y.map { isEven(sweep, chart.x) && isEven(sweep, $0) } ?? false ? 1 : 0)",
        "markx\(k) = \(mark(sweep, chart.x))",
        "marky\(k) = \(chart.y.map { mark(sweep, $0) } ?? "NaN")",
      ]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func name(_ sweep: ParameterGrid, _ a: Int) -> String { sweep.axes[a].axis.name }

  /// A gnuplot single-quoted string (a quote doubled inside).
  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "''").replacingOccurrences(of: "\n", with: " ")
      + "'"
  }

  private static func number(_ x: Double) -> String { x.description }

  /// The lines axis's cells, thinned to `maxLines` (every k-th, the last always kept).
  private static func lineCells(_ sweep: ParameterGrid, _ a: Int) -> [String] {
    let values = sweep.axes[a].axis.values
    let step = max(1, (values.count + maxLines - 2) / max(1, maxLines - 1))
    var indices = Array(stride(from: 0, to: values.count, by: step))
    if indices.last != values.count - 1 {
      if indices.count == maxLines { indices.removeLast() }
      indices.append(values.count - 1)
    }
    return indices.map { values[$0].csvCell }
  }

  /// The cells of a non-numeric axis (the chart places them 1, 2, …), else `""`.
  private static func textCells(_ sweep: ParameterGrid, _ a: Int) -> String {
    let values = sweep.axes[a].axis.values
    let numeric = (0..<values.count).allSatisfy {
      if case .number = values[$0] { true } else { false }
    }
    return numeric ? "" : (0..<values.count).map { values[$0].csvCell }.joined(separator: " ")
  }

  /// Whether the axis's values are numbers evenly spaced (within a millionth of the step).
  private static func isEven(_ sweep: ParameterGrid, _ a: Int) -> Bool {
    let values = sweep.axes[a].axis.values
    var numbers: [Double] = []
    for i in 0..<values.count {
      guard case .number(let x) = values[i] else { return false }
      numbers.append(x)
    }
    guard numbers.count > 2 else { return true }
    let step = numbers[1] - numbers[0]
    return zip(numbers, numbers.dropFirst()).allSatisfy {
      abs(($1 - $0) - step) <= 1e-6 * abs(step)
    }
  }

  /// The base scene's value on the axis as a number, else NaN.
  private static func mark(_ sweep: ParameterGrid, _ a: Int) -> String {
    guard let i = sweep.baseValueIndex(onAxis: a),
      case .number(let x) = sweep.axes[a].axis.values[i]
    else { return "NaN" }
    return number(x)
  }
}
