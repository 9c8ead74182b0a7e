import FeelCheck
import Foundation
import Testing

/// The drift table's order and layout, its row limit, and the verdict line.
@Suite struct CheckReportTests {
  static func drift(
    _ baseline: String, _ at: String, _ column: String, was: String, now: String,
    _ tolerance: CheckTolerance, order: Int
  ) -> Drift {
    let difference = Double(now).flatMap { n in Double(was).map { n - $0 } }
    return Drift(
      baseline: baseline, at: at, column: column, was: was, now: now, difference: difference,
      tolerance: tolerance, order: order)
  }

  /// Two baselines with drifts of every kind; sizes relative to the tolerance in comments.
  static let results = [
    BaselineResult(
      name: "preset-a", file: "a.trajectory.csv", valuesCompared: 100,
      drifts: [
        drift(
          "preset-a", "frame 1 bar", "x_pt", was: "10", now: "10.02",
          CheckTolerances.hundredthOfAPoint, order: 3),  // 2 ×
        drift(
          "preset-a", "frame 2 bar", "x_pt", was: "10", now: "9.95",
          CheckTolerances.hundredthOfAPoint, order: 13),  // 5 ×
        drift(
          "preset-a", "frame 3 bar", "running", was: "1", now: "0",
          CheckTolerances.exact, order: 29),  // exact: ∞, |difference| 1
      ]),
    BaselineResult(name: "clean", file: "c.metrics.csv", valuesCompared: 10, drifts: []),
    BaselineResult(
      name: "experiment-b", file: "b.metrics.csv", valuesCompared: 50,
      drifts: [
        drift(
          "experiment-b", "p=1", "overshoot_pt", was: "1", now: "1.15",
          CheckTolerances.twentiethOfAPoint, order: 2),  // 3 ×
        drift(
          "experiment-b", "p=1", "settle_time_s", was: "", now: "0.5",
          CheckTolerances.oneFrame, order: 4),  // a value appeared: first
        drift(
          "experiment-b", "p=2", "oscillations", was: "4", now: "1",
          CheckTolerances.exact, order: 8),  // exact: ∞, |difference| 3
      ]),
  ]

  @Test func driftIsSortedBySizeRelativeToTolerance() {
    let report = CheckReport(results: Self.results)
    #expect(
      labels(report.sortedDrifts) == [
        "settle_time_s@p=1", "oscillations@p=2", "running@frame 3 bar", "x_pt@frame 2 bar",
        "overshoot_pt@p=1", "x_pt@frame 1 bar",
      ])
  }

  @Test func verdictCountsBaselinesAndDriftedOnes() {
    #expect(CheckReport(results: Self.results).verdict == "feel check: 3 baselines, 2 drifted")
    let clean = CheckReport(results: [Self.results[1]])
    #expect(clean.verdict == "feel check: 1 baseline, 0 drifted")
    #expect(!clean.hasDrift)
    #expect(clean.text() == "feel check: 1 baseline, 0 drifted\n")
    #expect(CheckReport(results: Self.results).hasDrift)
  }

  @Test func tableShowsTheLargestRowsThenHowManyMore() {
    let text = CheckReport(results: Self.results).text(maxRows: 3)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.count == 10)
    #expect(
      cells(lines[0]) == [
        "experiment/preset", "grid point / frame", "metric/column", "baseline", "now",
        "difference", "tolerance", "× tolerance",
      ])
    #expect(
      cells(lines[1]) == [
        "experiment-b", "p=1", "settle_time_s", "(empty)", "0.5", "now has a value", "±0.0167 s",
        "∞",
      ])
    #expect(
      cells(lines[2]) == [
        "experiment-b", "p=2", "oscillations", "4", "1", "-3", "exact", "∞",
      ])
    #expect(
      cells(lines[3]) == ["preset-a", "frame 3 bar", "running", "1", "0", "-1", "exact", "∞"])
    #expect(lines[4] == "… and 3 more")
    #expect(lines[5] == "")
    #expect(
      lines[6]
        == "drifted: preset-a: 3 of 100 values beyond tolerance (largest: running at frame 3 "
        + "bar, ∞ × tolerance; largest finite: x_pt at frame 2 bar, 5 × tolerance), baseline "
        + "a.trajectory.csv")
    #expect(lines[7].hasPrefix("drifted: experiment-b: 3 of 50 values"))
    #expect(lines[8] == "feel check: 3 baselines, 2 drifted")
    #expect(lines[9] == "")
  }

  @Test func finiteSizesAreShownWithThreeDigits() {
    let text = CheckReport(results: [Self.results[0]]).text(maxRows: 10)
    let row = text.split(separator: "\n").map(String.init).first { $0.contains("frame 2 bar") }!
    #expect(
      cells(row) == [
        "preset-a", "frame 2 bar", "x_pt", "10", "9.95", "-0.05", "±0.01 pt", "5",
      ])
  }

  @Test func allRowsWhenTheyFit() {
    let text = CheckReport(results: Self.results).text(maxRows: 6)
    #expect(!text.contains("more"))
    #expect(text.split(separator: "\n").count == 1 + 6 + 2 + 1)
  }

  /// A table line's cells: separated by two or more spaces.
  func cells(_ line: String) -> [String] {
    line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }
}
