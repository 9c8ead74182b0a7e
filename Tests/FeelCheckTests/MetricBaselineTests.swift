import FeelCheck
import Testing

/// The metric comparison on hand-written CSVs: what is drift and what is not, by each
/// column's tolerance (Sources/FeelCheck/CheckTolerances.swift).
@Suite struct MetricBaselineTests {
  @Test func identicalTablesHaveNoDrift() throws {
    #expect(try metricDrift(metricBaselineText, metricBaselineText).isEmpty)
  }

  @Test func commentsAreNotCompared() throws {
    let current = metricBaselineText.replacingOccurrences(
      of: "# experiment: experiments/test.toml", with: "# experiment: renamed\n# FeelLab: 9.9.9")
    #expect(try metricDrift(metricBaselineText, current).isEmpty)
  }

  @Test func overshootWithinAndBeyondATwentiethOfAPoint() throws {
    // Line 3: overshoot 1.5 pt. 0.04 pt more is within 0.05 pt; 0.06 pt more is not.
    let within = replacing(metricBaselineText, line: 3, column: "overshoot_pt", with: "1.54")
    #expect(try metricDrift(metricBaselineText, within).isEmpty)
    let beyond = replacing(metricBaselineText, line: 3, column: "overshoot_pt", with: "1.56")
    let drifts = try metricDrift(metricBaselineText, beyond)
    #expect(labels(drifts) == ["overshoot_pt@damping=0.1 release_pt=10"])
    let drift = try #require(drifts.first)
    #expect(drift.was == "1.5")
    #expect(drift.now == "1.56")
    #expect(abs(drift.difference! - 0.06) < 1e-12)
    #expect(abs(drift.size - 1.2) < 1e-9)
    #expect(drift.baseline == "test")
  }

  @Test func settleTimeMayMoveOneFrame() throws {
    // Line 3: settle time 0.5 s. One 60 Hz frame later, printed to nine digits, is within the
    // tolerance; two frames later is drift.
    let oneFrame = replacing(
      metricBaselineText, line: 3, column: "settle_time_s", with: "0.516666667")
    #expect(try metricDrift(metricBaselineText, oneFrame).isEmpty)
    let oneFrameEarlier = replacing(
      metricBaselineText, line: 4, column: "settle_time_s", with: "0.6")
    #expect(try metricDrift(metricBaselineText, oneFrameEarlier).isEmpty)
    let twoFrames = replacing(
      metricBaselineText, line: 3, column: "settle_time_s", with: "0.533333333")
    #expect(
      labels(try metricDrift(metricBaselineText, twoFrames)) == [
        "settle_time_s@damping=0.1 release_pt=10"
      ])
  }

  @Test func countsAreExact() throws {
    let current = replacing(metricBaselineText, line: 4, column: "oscillations", with: "5")
    let drifts = try metricDrift(metricBaselineText, current)
    #expect(labels(drifts) == ["oscillations@damping=0.1 release_pt=20"])
    #expect(drifts.first?.size == .infinity)
    #expect(drifts.first?.difference == 1)
  }

  @Test func aValueAppearingOrVanishingIsDrift() throws {
    // Line 5 was unsettled (empty settle time); now it settles at 0.9 s and the flag goes.
    var current = replacing(metricBaselineText, line: 5, column: "settle_time_s", with: "0.9")
    current = replacing(current, line: 5, column: "flags", with: "")
    // Line 6 now never settles.
    current = replacing(current, line: 6, column: "settle_time_s", with: "")
    current = replacing(current, line: 6, column: "flags", with: "unsettled")
    let drifts = try metricDrift(metricBaselineText, current)
    #expect(
      labels(drifts) == [
        "settle_time_s@damping=0.2 release_pt=10", "flags@damping=0.2 release_pt=10",
        "settle_time_s@damping=0.2 release_pt=20", "flags@damping=0.2 release_pt=20",
      ])
    #expect(drifts.allSatisfy { $0.difference == nil && $0.size == .infinity })
    #expect(drifts[0].was == "" && drifts[0].now == "0.9")
    #expect(drifts[3].was == "" && drifts[3].now == "unsettled")
  }

  @Test func renamedAxisIsBadInputNamingTheChange() throws {
    let current = metricBaselineText.replacingOccurrences(
      of: "damping,release_pt,", with: "damping,release,")
    let error = try #require(throws: CheckError.self) {
      try metricDrift(metricBaselineText, current)
    }
    #expect(error.file == "baseline.csv")
    #expect(error.line == 2)
    #expect(error.message.contains("axis release is new; axis release_pt is gone"))
    #expect(error.rerecord == "test")
    #expect(error.description.contains("feel check --record --experiments test"))
  }

  @Test func addedMetricIsBadInput() throws {
    var lines = metricBaselineText.split(separator: "\n").map(String.init)
    lines[1] = lines[1].replacingOccurrences(of: ",flags", with: ",pause_time_s,flags")
    for i in 2..<lines.count {
      var cells = lines[i].split(separator: ",", omittingEmptySubsequences: false)
      cells.insert("1", at: 5)
      lines[i] = cells.joined(separator: ",")
    }
    let current = lines.joined(separator: "\n") + "\n"
    let error = try #require(throws: CheckError.self) {
      try metricDrift(metricBaselineText, current)
    }
    #expect(error.line == 2)
    #expect(
      error.message.contains("the metrics of experiment test changed: metric pause_time_s is new"))
  }

  @Test func changedAxisValuesAreBadInputSayingWhat() throws {
    // release_pt 20 → 30 in every row: same count, the second value differs.
    let current = metricBaselineText.replacingOccurrences(of: ",20,", with: ",30,")
    let error = try #require(throws: CheckError.self) {
      try metricDrift(metricBaselineText, current)
    }
    #expect(
      error.message.contains(
        "axis release_pt now has 2 values (10 to 30), the baseline 2 values (10 to 20); value #2 "
          + "is now 30, was 20"))
  }

  @Test func moreAxisValuesAreBadInput() throws {
    let current = metricBaselineText + "0.3,10,0.5,1,0.3,\n0.3,20,1,1,0.35,\n"
    let error = try #require(throws: CheckError.self) {
      try metricDrift(metricBaselineText, current)
    }
    #expect(
      error.message.contains(
        "axis damping now has 3 values (0.1 to 0.3), the baseline 2 values (0.1 to 0.2)"))
  }

  @Test func rowsOutOfGridOrderAreBadInputAtTheirLine() throws {
    var lines = metricBaselineText.split(separator: "\n").map(String.init)
    lines.swapAt(3, 4)  // lines 4 and 5 of the file
    let baseline = lines.joined(separator: "\n") + "\n"
    let error = try #require(throws: CheckError.self) {
      try metricDrift(baseline, metricBaselineText)
    }
    #expect(error.line == 4)
    #expect(
      error.message.contains(
        "expected the grid point damping=0.1 release_pt=20 here (grid order, the last axis "
          + "fastest), got damping=0.2 release_pt=10"))
  }

  @Test func garbledCellsAreBadInputAtTheirLine() throws {
    let letters = replacing(metricBaselineText, line: 4, column: "overshoot_pt", with: "3.O")
    let error = try #require(throws: CheckError.self) {
      try metricDrift(letters, metricBaselineText)
    }
    #expect(error.description.hasPrefix("baseline.csv:4: column 'overshoot_pt'"))
    #expect(error.message.contains("expected a number or an empty cell, got \"3.O\""))

    let flag = replacing(metricBaselineText, line: 5, column: "flags", with: "unsetled")
    let flagError = try #require(throws: CheckError.self) {
      try metricDrift(flag, metricBaselineText)
    }
    #expect(flagError.line == 5)
    #expect(flagError.message.contains("column 'flags'"))
    #expect(flagError.message.contains("got \"unsetled\""))

    let nan = replacing(metricBaselineText, line: 6, column: "settle_time_s", with: "nan")
    let nanError = try #require(throws: CheckError.self) {
      try metricDrift(nan, metricBaselineText)
    }
    #expect(nanError.line == 6)
  }
}
