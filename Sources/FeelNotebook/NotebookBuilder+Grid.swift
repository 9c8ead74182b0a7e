import FeelCore
import FeelSweep
import Foundation

/// The grid's metrics in an experiment's data script: every point's value of every metric as
/// the sweep's CSV prints it (`GridMetricCodec`), for the page's charts, its metrics table and
/// its targets panel. A grid of at most `maxGridPoints` points is written whole; a bigger one
/// is thinned by FeelLab's one rule (`Grid.thinned`), always with every value the trajectories
/// are stored for.
extension NotebookBuilder {
  /// The grid points written: the whole grid, or a coarser one holding every stored point.
  static func chartGrid(_ experiment: NotebookExperiment, stored: ThinnedGrid, maxPoints: Int)
    -> ThinnedGrid
  {
    experiment.grid.thinned(maxPoints: max(maxPoints, stored.count), keeping: stored.kept)
  }

  /// The metrics of every point of `grid`, in its order, measured on `threads` threads.
  static func measure(_ experiment: NotebookExperiment, grid: ThinnedGrid, threads: Int)
    -> [NotebookMeasurement]
  {
    let count = grid.count
    let chunk = 256
    let chunks = (count + chunk - 1) / chunk
    let results = ResultBox<[NotebookMeasurement]>(count: chunks)
    let work: @Sendable (Int) -> Void = { c in
      let points = (c * chunk..<min(count, (c + 1) * chunk)).map(grid.fullIndex(of:))
      results.set(c, experiment.measureGrid(points))
    }
    ChunkQueue.perform(chunks, threads: threads, work)
    return results.values.flatMap { $0 }
  }

  /// The cells of each metric over the grid, and the table of reasons their empty cells index.
  static func gridCells(_ experiment: NotebookExperiment, _ measurements: [NotebookMeasurement])
    -> (cells: [[GridMetricCodec.Cell]], reasons: [String])
  {
    var reasons: [String] = ["no value"]
    var reasonIndex: [String: Int] = ["no value": 0]
    let cells = experiment.metrics.indices.map { m in
      measurements.map { measurement -> GridMetricCodec.Cell in
        let value = m < measurement.values.count ? measurement.values[m] : nil
        if let value, value.isFinite,
          let decimal = GridMetricCodec.decimal(
            SweepCSV.cell(value, count: experiment.metrics[m].isCount))
        {
          return .value(mantissa: decimal.mantissa, exponent: decimal.exponent)
        }
        let reason = (m < measurement.reasons.count ? measurement.reasons[m] : nil) ?? "no value"
        if let index = reasonIndex[reason] { return .empty(reason: index) }
        reasonIndex[reason] = reasons.count
        reasons.append(reason)
        return .empty(reason: reasons.count - 1)
      }
    }
    return (cells, reasons)
  }

  /// The `grid` object of the data script.
  static func gridLiteral(
    _ experiment: NotebookExperiment, grid: ThinnedGrid, measurements: [NotebookMeasurement]
  ) -> JSONTree {
    let (cells, reasons) = gridCells(experiment, measurements)
    let charts =
      experiment.gridCharts.isEmpty
      ? NotebookGridChart.defaults(
        metrics: experiment.metrics.count, counts: experiment.axes.map(\.count))
      : experiment.gridCharts
    return .object([
      ("points", .int(grid.count)),
      ("strides", .ints(grid.strides)),
      ("kept", .array(grid.kept.map { .ints($0) })),
      (
        "labels",
        .array(
          experiment.axes.enumerated().map { a, axis in
            .strings(grid.kept[a].map { axis.value($0).label })
          })
      ),
      (
        "numbers",
        .array(
          experiment.axes.enumerated().map { a, axis in
            .numbers(grid.kept[a].map { axis.value($0).number })
          })
      ),
      ("reasons", .strings(reasons)),
      ("metrics", .strings(cells.map(GridMetricCodec.encode))),
      ("charts", .array(charts.map(\.literal))),
    ])
  }
}
