import FeelMetrics

/// A `[[chart]]` of an experiment file (a FeelLab addition, docs/experiments.md): a metric the
/// notebook draws from the sweep's grid, on a canvas you can point at and click. A heatmap of
/// the metric over two axes, or a line chart over one axis (one line per value of `lines`).
/// Axes left out are chosen by the notebook (the first axes with more than one value); axes
/// the chart does not show are held at the explorer's selection.
public struct ExperimentChart: Sendable, Equatable {
  /// The metric drawn: one of the experiment's `metrics`.
  public var metric: Metric
  /// The axis along the chart's width (an axis name), or nil: the notebook's choice.
  public var x: String?
  /// A heatmap's vertical axis (an axis name), or nil: the notebook's choice.
  public var y: String?
  /// A line chart: one line per value of this axis (an axis name) instead of a heatmap.
  public var lines: String?
  /// The colour scale (heatmap) or the vertical axis (line chart), in the metric's unit:
  /// values beyond it are drawn at its ends. Nil: the metric's range over the grid.
  public var range: ClosedRange<Double>?
  /// A logarithmic colour scale (or vertical axis): values ≤ 0 are drawn at its low end.
  public var log = false
  /// Where the chart is written, for messages about it.
  public var location: SourceLocation
}
