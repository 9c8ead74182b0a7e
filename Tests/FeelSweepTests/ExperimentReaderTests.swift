import FeelMetrics
import FeelScene
import FeelSweep
import FeelTestSupport
import Testing

/// Experiment files: what they say, and one clear error (file, line, key, expectation) for
/// every kind of mistake.
@Suite struct ExperimentReaderTests {
  static let valid = """
    title = "Damping × release"
    description = \"\"\"
    Two lines
    of description.
    \"\"\"
    scene = "scenes/castro-release-right-40.toml"
    output = "results/damping.csv"
    metrics = ["overshoot_pt", "settle_time_s"]

    [measure]
    item = "bar"
    band = 0.25

    [fixed]
    duration = 4
    "behavior.scrub-rotation.resistance" = 0.5

    \(DampingReleaseAxes.text(release: "values = [10, 40, 160]"))
    """

  @Test func readsEveryPart() throws {
    let e = try ExperimentReader.parse(Self.valid, file: "x.toml")
    #expect(e.title == "Damping × release")
    #expect(e.description == "Two lines\nof description.\n")
    #expect(e.scene == "scenes/castro-release-right-40.toml")
    #expect(e.output == "results/damping.csv")
    #expect(e.metrics == [.overshoot_pt, .settleTime_s])
    #expect(e.measure == SceneMeasure(item: "bar", band_pt: 0.25))
    #expect(e.fixed.map(\.path) == ["duration", "behavior.scrub-rotation.resistance"])
    #expect(e.fixed.map(\.value) == [.number(4), .number(0.5)])
    #expect(e.axes.map(\.name) == ["damping", "release_pt"])
    #expect(e.axes[0].targets.map(\.path) == ["behavior.scrub-snap.damping"])
    #expect(e.axes[1].targets.map(\.offset) == [160])
    #expect(e.axes[1].targets.map(\.scale) == [1])
    #expect(e.axes[1].values == .list([.number(10), .number(40), .number(160)]))
    #expect(e.axes[0].valuesLocation.line == 21)
  }

  /// Range values are exact decimals: 0.05 + 7 × 0.025 is 0.225, not 0.22500000000000003.
  @Test func rangeValuesAreTheDecimalsWritten() throws {
    let e = try ExperimentReader.parse(Self.valid, file: "x.toml")
    let values = e.axes[0].values
    #expect(values.count == 59)
    #expect(values[0] == .number(0.05))
    #expect(values[7] == .number(0.225))
    #expect(values[12] == .number(0.35))
    #expect(values[58] == .number(1.5))
  }

  @Test func countAndDescendingRanges() throws {
    func values(_ range: String) throws -> [AxisValue] {
      let text = Self.valid.replacingOccurrences(
        of: "range = { from = 0.05, to = 1.5, step = 0.025 }", with: "range = \(range)")
      let axis = try ExperimentReader.parse(text, file: "x.toml").axes[0].values
      return (0..<axis.count).map { axis[$0] }
    }
    #expect(
      try values("{ from = 0, to = 1, count = 5 }")
        == [0, 0.25, 0.5, 0.75, 1].map(AxisValue.number))
    #expect(
      try values("{ from = 1, to = 0, step = -0.25 }")
        == [1, 0.75, 0.5, 0.25, 0].map(AxisValue.number))
    #expect(
      try values("{ from = 0, to = 1, step = 0.3 }") == [0, 0.3, 0.6, 0.9].map(AxisValue.number))
    #expect(try values("{ from = 2, to = 2, step = 1 }") == [.number(2)])
    #expect(
      try values("{ from = 0.1, to = 0.3, count = 3 }") == [0.1, 0.2, 0.3].map(AxisValue.number))
  }

  /// One mistake, one message: file, line, table, key, what was expected, what was found.
  @Test(arguments: [
    (
      "range = { from = 0.05, to = 1.5, step = 0.025 }",
      "range = { from = 1, to = 0, step = 0.1 }",
      "x.toml:21: axis \"damping\" range key 'step': expected a step from 1 towards 0 (< 0), got 0.1: the range is empty"
    ),
    (
      "range = { from = 0.05, to = 1.5, step = 0.025 }",
      "range = { from = 0.05, to = 1.5, step = 0 }",
      "x.toml:21: axis \"damping\" range key 'step': expected a step from 0.05 towards 1.5 (> 0), got 0: the range is empty"
    ),
    (
      "range = { from = 0.05, to = 1.5, step = 0.025 }",
      "range = { from = 0.05, to = 1.5, count = 0 }",
      "x.toml:21: axis \"damping\" range key 'count': expected a whole number of values, 1 to 10000000, got 0"
    ),
    (
      "range = { from = 0.05, to = 1.5, step = 0.025 }",
      "range = { from = nan, to = 1.5, step = 0.025 }",
      "x.toml:21: axis \"damping\" range key 'from': expected a finite number, got nan"
    ),
    (
      "values = [10, 40, 160]", "values = [10, nan, 160]",
      "x.toml:26: axis \"release_pt\" key 'values': expected a non-empty array of finite numbers, of strings or of true/false, got nan in [10, nan, 160]"
    ),
    (
      "values = [10, 40, 160]", "values = []",
      "x.toml:26: axis \"release_pt\" key 'values': expected a non-empty array of finite numbers, of strings or of true/false, got [] (no values)"
    ),
    (
      "values = [10, 40, 160]", "values = [10, \"forty\"]",
      "x.toml:26: axis \"release_pt\" key 'values': expected values of one kind (all numbers, all strings or all true/false), got [10, \"forty\"]"
    ),
    (
      "range = { from", "rnage = { from",
      "x.toml:21: axis \"damping\" key 'rnage': expected a key of an axis (name, path, set, values, range), got an unknown key; did you mean 'range'?"
    ),
    (
      "metrics = [\"overshoot_pt\", \"settle_time_s\"]",
      "metrics = [\"overshoot_pt\", \"setle_time_s\"]",
      "x.toml:8: key 'metrics': expected metric names (overshoot_pt, overshoot_pct, oscillations, excursion_pt, deviation_pt, settle_time_s, settle_frames, pause_time_s, peak_speed_pt_s, max_rotation_rad, hop_pt, hop_time_s, contact_time_s, touched, hint_total_s, release_velocity_pt_s, drag_duration_s, committed, tap_as_drag_rate, drag_as_tap_rate, hold_missed_rate, false_hold_rate, misread_rate, tap_as_drag_count, drag_as_tap_count, hold_missed_count, false_hold_count, misread_count, release_omega_deg_s, coast_angle_deg, coasts, still_time_s, angle_settle_time_s, overshoot_deg, labels_passed, landed_label, aimed_label, label_miss, rim_per_label_pt, tap_as_turn_rate, turn_as_tap_rate, turn_lost_rate, rotary_misread_rate, tap_as_turn_count, turn_as_tap_count, turn_lost_count, rotary_misread_count, turn_error_deg, travel_pt, end_x_pt, end_y_pt, end_field, max_lag_pt, spread_pt), got \"setle_time_s\"; did you mean 'settle_time_s'?"
    ),
    (
      "band = 0.25", "band = -1",
      "x.toml:12: [measure] key 'band': expected a number ≥ 0 (pt), got -1"
    ),
    (
      "path = \"behavior.scrub-snap.damping\"",
      "path = \"behavior.scrub-snap.damping\"\nvalues = [1]",
      "x.toml:22: axis \"damping\" key 'range': expected either values or range, not both, got a table"
    ),
    (
      "name = \"release_pt\"", "name = \"release pt\"",
      "x.toml:24: axis \"release pt\" key 'name': expected a column name: letters, digits and _, not starting with a digit, got \"release pt\""
    ),
    (
      "name = \"release_pt\"", "name = \"damping\"",
      "x.toml:24: axis \"damping\" key 'name': expected a name no other axis has, got \"damping\" (twice)"
    ),
  ])
  func oneClearError(find: String, replace: String, message: String) {
    let text = Self.valid.replacingOccurrences(of: find, with: replace)
    #expect(throws: ExperimentError.self) { try ExperimentReader.parse(text, file: "x.toml") }
    do {
      _ = try ExperimentReader.parse(text, file: "x.toml")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func noAxisIsAnError() {
    let text = String(Self.valid[..<Self.valid.range(of: "[[axis]]")!.lowerBound])
    #expect {
      try ExperimentReader.parse(text, file: "x.toml")
    } throws: { error in
      (error as? ExperimentError)?.description
        == "x.toml:1: key 'axis': expected at least one [[axis]] section (name, path, values or range), got nothing"
    }
  }
}
