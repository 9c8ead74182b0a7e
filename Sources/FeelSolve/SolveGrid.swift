import FeelSweep

/// A grid with every point's metrics: the axes (the first outermost, the last varying
/// fastest, as in a sweep's CSV) and, for each point, one value per metric or nothing (an
/// empty cell).
public struct SolveGrid: Sendable {
  public let axes: [SolveAxis]
  public let metrics: [SolveMetric]
  /// The grid's shape: each axis's value count, and how points are numbered.
  public let grid: Grid
  /// Points: the product of the axes' value counts.
  public var count: Int { grid.count }
  /// Values point by point, `metrics.count` per point; NaN for an empty cell.
  private let values: [Double]

  /// A grid from its values, point by point in grid order, one per metric (nil: empty).
  public init(axes: [SolveAxis], metrics: [SolveMetric], rows: [[Double?]]) {
    self.axes = axes
    self.metrics = metrics
    grid = Grid(counts: axes.map(\.values.count))
    precondition(rows.count == grid.count, "one row of metrics per grid point")
    values = rows.flatMap { row in
      precondition(row.count == metrics.count, "one value per metric")
      return row.map { $0 ?? .nan }
    }
  }

  /// Every point of the grid evaluated by `evaluate` (axis values in, metric values out), one
  /// after the other. Sweeps are evaluated by `SweepSolve` instead, on several threads.
  public static func evaluating(
    axes: [SolveAxis], metrics: [SolveMetric], _ evaluate: ([AxisValue]) -> [Double?]
  ) -> SolveGrid {
    let grid = Grid(counts: axes.map(\.values.count))
    let rows = (0..<grid.count).map { point in
      evaluate(zip(axes, grid.coordinates(of: point)).map { $0.values[$1] })
    }
    return SolveGrid(axes: axes, metrics: metrics, rows: rows)
  }

  /// The value of metric `m` at point `point`; nil when the cell is empty.
  public func value(_ point: Int, _ m: Int) -> Double? {
    let x = values[point * metrics.count + m]
    return x.isNaN ? nil : x
  }

  /// Every metric at `point`.
  public func row(_ point: Int) -> [Double?] {
    (0..<metrics.count).map { value(point, $0) }
  }

  /// The axis values of `point`.
  public func axisValues(of point: Int) -> [AxisValue] {
    zip(axes, grid.coordinates(of: point)).map { $0.values[$1] }
  }

  /// The point whose axis values are exactly `values`, if they are all grid values.
  func point(at values: [AxisValue]) -> Int? {
    var coordinates: [Int] = []
    for (axis, value) in zip(axes, values) {
      let found: Int?
      if case .number(let x) = value {
        found = axis.index(of: x)
      } else {
        found = (0..<axis.values.count).first { axis.values[$0] == value }
      }
      guard let found else { return nil }
      coordinates.append(found)
    }
    return grid.index(of: coordinates)
  }

  /// The smallest and largest value of each metric over the grid (nil: no point has one).
  public var ranges: [(min: Double, max: Double)?] {
    (0..<metrics.count).map { m in
      var low = Double.infinity
      var high = -Double.infinity
      for p in 0..<count {
        if let x = value(p, m) {
          low = min(low, x)
          high = max(high, x)
        }
      }
      return low <= high ? (low, high) : nil
    }
  }
}
