import FeelMetrics
import FeelScene
import FeelSweep

/// The CSV of a whole sweep as it is computed: what `feel sweep EXPERIMENT` writes (to its file,
/// or to standard output with `-o -`) and what feel-serve streams for `POST /api/sweep`. One
/// function for both, so the server's bytes are the command's by construction.
public enum SweepStream {
  /// Passes the sweep's CSV to `emit` in order: the header (comment lines and column names),
  /// then the rows a chunk at a time as `SweepRunner` completes them on `threads` worker
  /// threads. If `emit` throws (the file cannot be written, the client went away), the workers
  /// stop after their current chunk and the error is rethrown. `progress` is called after each
  /// chunk.
  public static func write<E: Error>(
    _ sweep: ParameterGrid, threads: Int, emit: (String) throws(E) -> Void,
    progress: (SweepRunner.Progress) -> Void = { _ in }
  ) throws(E) {
    try emit(SweepCSV.header(sweep))
    try SweepRunner.run(sweep, threads: threads, emit: emit, progress: progress)
  }

  /// An upper bound of the CSV's size in bytes (UTF-8), known before any point is run: the
  /// header, plus for every grid point the longest row it could have (each axis's longest cell,
  /// each metric's longest number, every flag the metrics can raise). A server that must not
  /// answer more than some size refuses the sweep when the bound passes it, rather than cut a
  /// streamed answer short. Saturates at `Int.max`.
  public static func maxBytes(_ sweep: ParameterGrid) -> Int {
    let header = SweepCSV.header(sweep).utf8.count
    var row = 0
    for axis in sweep.axes {
      // A listed value's cell, or a computed number's: at most a sign, 17 digits, a point and
      // an exponent (`-1.2345678901234567e-308`).
      let values = axis.axis.values
      var longest = 0
      if values.count <= maxCellsListed {
        for index in 0..<values.count {
          longest = max(longest, values[index].csvCell.utf8.count)
        }
      } else {
        longest = longestNumberCell
      }
      row += longest + 1
    }
    // A metric's cell: nine significant digits (`-1.23456789e-308`) or a count's digits.
    row += sweep.metrics.count * (longestMetricCell + 1)
    let flags = MetricFlag.allCases.filter { flag in
      sweep.metrics.contains { $0.possibleFlags.contains(flag) }
    }
    row += flags.reduce(0) { $0 + $1.rawValue.utf8.count + 1 }
    // The line break.
    row += 1
    let (rows, overflow) = row.multipliedReportingOverflow(by: sweep.count)
    if overflow || rows > Int.max - header { return Int.max }
    return header + rows
  }

  /// Axes of more values than this are bounded by the longest number any value could be.
  static let maxCellsListed = 1 << 16
  /// The longest cell `AxisValue.csvCell` writes for a number.
  static let longestNumberCell = 24
  /// The longest cell `SweepCSV.cell` writes: `%.9g` of a double, or an Int64's digits.
  static let longestMetricCell = 20
}
