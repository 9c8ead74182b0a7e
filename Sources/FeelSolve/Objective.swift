/// What `--minimize` or `--maximize` asks: a metric to make as small, or as large, as the
/// constraints allow. A point where the metric is empty ranks after every point with a value.
public struct Objective: Sendable, Equatable, CustomStringConvertible {
  public enum Direction: String, Sendable {
    case minimize, maximize
  }

  /// The metric's column name.
  public var metric: String
  /// The metric's position in the grid's metrics.
  public var metricIndex: Int
  public var direction: Direction

  public init(metric: String, metricIndex: Int, direction: Direction) {
    self.metric = metric
    self.metricIndex = metricIndex
    self.direction = direction
  }

  /// `minimize settle_time_s`.
  public var description: String { "\(direction.rawValue) \(metric)" }

  /// The value to make small: the metric for `minimize`, its negation for `maximize`;
  /// +∞ when empty, so an empty value ranks last.
  func cost(_ value: Double?) -> Double {
    guard let value else { return .infinity }
    return direction == .minimize ? value : -value
  }
}
