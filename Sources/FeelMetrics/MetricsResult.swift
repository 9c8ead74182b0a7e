import FeelScene

/// The metrics of one run: a value or, when there is none, the flag saying why, for every
/// metric.
public struct MetricsResult: Sendable, Equatable {
  /// Values in `Metric.allCases` order; nil when the metric has no value.
  private var values: [Double?]
  /// Why a metric has no value, in `Metric.allCases` order.
  private var reasons: [MetricFlag?]
  /// Where the item came to rest (pt), when the target metrics were measured against it (no
  /// snap, no given target: the `rest-target` note); nil otherwise.
  public internal(set) var restTarget_pt: Point?
  /// The target the target metrics were measured against (pt): the given one, the snap point
  /// (the one a drag-ended rule picked at the release, when a rule picks it: `nearest`), or the
  /// rest pose; nil without a target.
  public internal(set) var target_pt: Point?

  /// A result with no values yet (every reason nil).
  public init() {
    values = Array(repeating: nil, count: Metric.allCases.count)
    reasons = Array(repeating: nil, count: Metric.allCases.count)
  }

  public subscript(metric: Metric) -> Double? {
    values[metric.ordinal]
  }

  /// Why `metric` has no value; nil when it has one.
  public func reason(_ metric: Metric) -> MetricFlag? {
    reasons[metric.ordinal]
  }

  /// Sets a value.
  public mutating func set(_ metric: Metric, _ value: Double) {
    values[metric.ordinal] = value
    reasons[metric.ordinal] = nil
  }

  /// Leaves `metric` empty, saying why.
  public mutating func leaveEmpty(_ metric: Metric, because flag: MetricFlag) {
    values[metric.ordinal] = nil
    reasons[metric.ordinal] = flag
  }

  /// The flags that explain the empty cells among `metrics`, each once, in `MetricFlag` order,
  /// with the note `rest-target` when a metric among them was measured against the rest pose.
  public func flags(for metrics: [Metric] = Metric.allCases) -> [MetricFlag] {
    var seen: [MetricFlag] = []
    forEachFlag(for: metrics) { seen.append($0) }
    return seen
  }

  /// Calls `body` with each flag `flags(for: metrics)` lists, in its order, without making the
  /// list (a sweep writes one flags cell per grid point).
  public func forEachFlag(for metrics: [Metric], _ body: (MetricFlag) -> Void) {
    let restNote = restTarget_pt != nil && metrics.contains(where: \.needsTarget)
    // Most rows have no flag: one pass over the metrics says so (not one per flag).
    guard restNote || metrics.contains(where: { reason($0) != nil }) else { return }
    for flag in MetricFlag.allCases
    where (flag == .restTarget && restNote) || metrics.contains(where: { reason($0) == flag }) {
      body(flag)
    }
  }
}
