import FeelCore

/// A chart the page draws from the grid's metrics on a canvas: a heatmap of one metric over two
/// axes, or a line chart over one axis (one line per value of `lines`). Axes it does not show
/// are held at the explorer's selection. The experiment file's `[[chart]]` sections say which
/// (docs/experiments.md); without any, `defaults` draws the first one or two metrics.
public struct NotebookGridChart: Sendable, Equatable {
  /// The metric drawn (index into the experiment's metrics).
  public var metric: Int
  /// The axis along the chart's width (index into the experiment's axes).
  public var x: Int
  /// A heatmap's vertical axis; nil for a line chart.
  public var y: Int?
  /// A line chart's series: one line per value of this axis; nil for one line.
  public var lines: Int?
  /// The colour scale (heatmap) or vertical axis (line chart), in the metric's unit; nil: the
  /// metric's range over the grid.
  public var range: ClosedRange<Double>?
  /// A logarithmic scale.
  public var log = false

  /// The axes a chart uses when the experiment does not say: the first axis with more than
  /// one value across, the next one up (a heatmap); a line chart when only one axis varies.
  public static func defaultAxes(counts: [Int], taken: [Int] = []) -> (x: Int, y: Int?) {
    let varying = counts.indices.filter { counts[$0] > 1 && !taken.contains($0) }
    guard let x = varying.first else {
      return (counts.indices.first { !taken.contains($0) } ?? 0, nil)
    }
    return (x, varying.dropFirst().first)
  }

  /// The first one or two metrics (two when the experiment has two or more), over the default
  /// axes.
  public static func defaults(metrics: Int, counts: [Int]) -> [NotebookGridChart] {
    let (x, y) = defaultAxes(counts: counts)
    return (0..<min(2, metrics)).map { NotebookGridChart(metric: $0, x: x, y: y) }
  }

  var literal: JSONTree {
    .object([
      ("metric", .int(metric)), ("x", .int(x)), ("y", y.map { .int($0) } ?? .null),
      ("lines", lines.map { .int($0) } ?? .null),
      ("range", range.map { .array([.number($0.lowerBound), .number($0.upperBound)]) } ?? .null),
      ("log", .bool(log)),
    ])
  }
}
