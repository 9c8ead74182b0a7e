import FeelScene

/// Compares a trajectory baseline (the CSV `feel run` writes for a preset: every item at every
/// 60 Hz frame) with the current run of the same preset.
///
/// The rows must be the same frames, times and items (else the baseline no longer records the
/// preset: bad input); then positions within a hundredth of a point, angles within a
/// ten-thousandth of a radian, velocities within those amounts per frame, and `running` exactly
/// (`CheckTolerances`).
public enum TrajectoryBaseline {
  /// The `feel run` columns.
  public static let columns = TrajectoryCSV.header.split(separator: ",").map(String.init)

  /// The drift of `current` from `baseline`, in frame then column order. `name` is the
  /// preset's name as the table shows it. With `everyChange`, every cell whose text changed is
  /// listed, even within its tolerance (`--record` counts them).
  public static func compare(
    name: String, baseline: BaselineCSV, current: BaselineCSV, everyChange: Bool = false
  ) throws(CheckError) -> [Drift] {
    if baseline.columns != columns {
      throw CheckError(
        file: baseline.file, line: baseline.headerLine,
        "expected the `feel run` header \(TrajectoryCSV.header), got "
          + baseline.columns.joined(separator: ","))
    }
    let frameColumn = 0
    let timeColumn = 1
    let itemColumn = 2
    if baseline.rows.count != current.rows.count {
      let wasFrames = baseline.rows.last?.cells[frameColumn] ?? "none"
      let nowFrames = current.rows.last?.cells[frameColumn] ?? "none"
      throw CheckError(
        file: baseline.file, line: baseline.headerLine,
        "preset \(name) now writes \(current.rows.count) rows (last frame \(nowFrames)), the "
          + "baseline has \(baseline.rows.count) (last frame \(wasFrames)): its duration, frame "
          + "rate or items changed", rerecord: name)
    }
    let tolerances = columns.map { CheckTolerances.tolerance(forTrajectoryColumn: $0) }
    var drifts: [Drift] = []
    for (r, (row, now)) in zip(baseline.rows, current.rows).enumerated() {
      for c in [frameColumn, timeColumn, itemColumn] where row.cells[c] != now.cells[c] {
        throw CheckError(
          file: baseline.file, line: row.line,
          "column '\(columns[c])': preset \(name) now has \"\(now.cells[c])\" in this row, the "
            + "baseline \"\(row.cells[c])\": its frame rate or items changed", rerecord: name)
      }
      for (c, tolerance) in tolerances.enumerated() {
        guard let tolerance else { continue }
        let was = try baseline.number(row, c)
        let isNow = try current.number(now, c)
        guard let was else {
          throw CheckError(
            file: baseline.file, line: row.line,
            "column '\(columns[c])': expected a number, got an empty cell")
        }
        let difference = isNow.map { $0 - was }
        if let difference, tolerance.allows(difference),
          !(everyChange && row.cells[c] != now.cells[c])
        {
          continue
        }
        drifts.append(
          Drift(
            baseline: name, at: "frame \(row.cells[frameColumn]) \(row.cells[itemColumn])",
            column: columns[c], was: row.cells[c], now: now.cells[c], difference: difference,
            tolerance: tolerance, order: r * columns.count + c))
      }
    }
    return drifts
  }

  /// The number of values compared: every toleranced cell of every row.
  public static func valueCount(_ table: BaselineCSV) -> Int {
    table.rows.count
      * columns.filter { CheckTolerances.tolerance(forTrajectoryColumn: $0) != nil }
      .count
  }
}
