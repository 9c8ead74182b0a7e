import FeelMetrics
import FeelScene
import FeelSweep

/// A solve on an experiment's sweep: its axes and metrics as the solver sees them, the grid
/// restricted by `--fix`, the grid pass on FeelSweep's runner (threads and SIMD lanes, each
/// point's CSV row exactly as `feel sweep` writes it), and the engine runs refinement needs.
///
/// Metric values are taken as the CSV prints them (nine significant digits, counts whole), so
/// constraints decide exactly what a script re-reading the CSV, or `feel metrics`, would: a
/// settle time printed `0.35` satisfies `settle_time_s <= 0.35`.
public enum SweepSolve {
  /// The sweep's axes, in order.
  public static func axes(_ sweep: ParameterGrid) -> [SolveAxis] {
    sweep.axes.map { SolveAxis(name: $0.axis.name, values: $0.axis.values) }
  }

  /// The sweep's metrics, in order: counts are whole, frame times move in whole display
  /// frames (1 / the base scene's frame rate; not stated when an axis varies the frame rate).
  public static func metrics(_ sweep: ParameterGrid) -> [SolveMetric] {
    let rateVaries = sweep.axes.contains { $0.paths.contains { $0.text == "frame_rate" } }
    return sweep.metrics.map { metric in
      var quantum: Double?
      switch metric {
      case .settleTime_s, .pauseTime_s, .hopTime_s, .contactTime_s, .hintTotal_s:
        quantum = rateVaries ? nil : 1 / sweep.base.frameRate_hz
      default:
        quantum = metric.isCount ? 1 : nil
      }
      return SolveMetric(name: metric.column, isCount: metric.isCount, quantum: quantum)
    }
  }

  /// Every metric name FeelLab measures (messages tell a misspelling from a metric the
  /// experiment does not measure).
  public static var knownMetrics: [String] { Metric.allCases.map(\.column) }

  /// The sweep with each fixed axis holding only its fixed value: its header and rows are
  /// those `feel sweep` writes for the experiment with that axis's values cut to the one.
  public static func fixing(_ sweep: ParameterGrid, _ fixes: [AxisFix]) throws(ExperimentError)
    -> ParameterGrid
  {
    guard !fixes.isEmpty else { return sweep }
    var experiment = sweep.experiment
    for fix in fixes { experiment.axes[fix.axis].values = .list([fix.value]) }
    // The base already holds the [fixed] values; setting them again changes nothing.
    var fixed = try ParameterGrid(
      experiment, scene: sweep.base, sceneFile: sweep.sceneFile, corpus: sweep.corpus,
      force: true)
    fixed.useLanes = sweep.useLanes
    return fixed
  }

  /// The grid pass: every point of `sweep` measured on `threads` worker threads (in SIMD
  /// lanes where points can share them), with its CSV row as `feel sweep` writes it (without
  /// the line break) and its metrics as the solver reads them. `progress` is called on the
  /// calling thread.
  public static func evaluate(
    _ sweep: ParameterGrid, threads: Int,
    progress: (SweepRunner.Progress) -> Void = { _ in }
  ) -> (grid: SolveGrid, rows: [String]) {
    var rows: [String] = []
    var metricRows: [[Double?]] = []
    rows.reserveCapacity(sweep.count)
    metricRows.reserveCapacity(sweep.count)
    SweepRunner.run(
      sweep.count, threads: threads, worker: { SimulationPool() },
      compute: { pool, range in
        let results = sweep.measurements(range, pool: &pool)
        return (rows: zip(range, results).map { sweep.row(at: $0, $1) }, results: results)
      },
      emit: { (chunk: (rows: [String], results: [MetricsResult])) in
        rows.append(contentsOf: chunk.rows)
        metricRows.append(contentsOf: chunk.results.map { printed($0, sweep.metrics) })
      }, progress: progress)
    let grid = SolveGrid(axes: axes(sweep), metrics: metrics(sweep), rows: metricRows)
    return (grid, rows)
  }

  /// Runs the engine at any axis values of `sweep` (between grid values too) and returns the
  /// metrics as the grid pass reads them.
  public static func evaluator(_ sweep: ParameterGrid) -> @Sendable ([AxisValue]) -> [Double?] {
    { values in
      printed(sweep.measure(sweep.point(values: values)), sweep.metrics)
    }
  }

  /// The metrics as the CSV prints them, read back.
  static func printed(_ result: MetricsResult, _ metrics: [Metric]) -> [Double?] {
    metrics.map { metric in
      result[metric].flatMap { Double(SweepCSV.cell($0, count: metric.isCount)) }
    }
  }
}
