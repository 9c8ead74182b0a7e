import FeelMetrics
import FeelScene
import FeelSweep
import Testing

/// `[[chart]]` sections of an experiment file (a FeelLab addition): what they say, and one clear
/// error (file, line, table, key, expectation) for every kind of mistake.
@Suite struct ExperimentChartTests {
  static let base = """
    title = "Damping × release"
    scene = "scenes/castro-release-right-40.toml"
    metrics = ["overshoot_pt", "settle_time_s"]

    [[axis]]
    name = "damping"
    path = "behavior.scrub-snap.damping"
    range = { from = 0.05, to = 1.5, step = 0.025 }

    [[axis]]
    name = "release_pt"
    set = [ { path = "item.bar.center.0", offset = 160 } ]
    values = [10, 40, 160]

    """

  static let charts = """
    [[chart]]
    metric = "overshoot_pt"
    x = "damping"
    y = "release_pt"
    range = [0, 20]

    [[chart]]
    metric = "settle_time_s"
    lines = "release_pt"
    log = true
    """

  @Test func readsCharts() throws {
    let e = try ExperimentReader.parse(Self.base + Self.charts, file: "x.toml")
    #expect(e.charts.count == 2)
    #expect(e.charts[0].metric == .overshoot_pt)
    #expect(e.charts[0].x == "damping")
    #expect(e.charts[0].y == "release_pt")
    #expect(e.charts[0].lines == nil)
    #expect(e.charts[0].range == 0...20)
    #expect(!e.charts[0].log)
    #expect(e.charts[0].location.line == 15)
    #expect(e.charts[1].metric == .settleTime_s)
    #expect(e.charts[1].x == nil)
    #expect(e.charts[1].lines == "release_pt")
    #expect(e.charts[1].log)
  }

  @Test func noChartsIsTheDefault() throws {
    #expect(try ExperimentReader.parse(Self.base, file: "x.toml").charts.isEmpty)
  }

  @Test(
    "Each mistake in a [[chart]] is one error naming its line, chart and key",
    arguments: [
      (
        "metric = \"overshoot_pt\"", "metric = \"overshot_pt\"",
        "x.toml:15: chart \"overshot_pt\" key 'metric': expected one of the experiment's metrics (overshoot_pt, settle_time_s), got \"overshot_pt\"; did you mean 'overshoot_pt'?"
      ),
      (
        "metric = \"overshoot_pt\"", "metric = \"hop_pt\"",
        "x.toml:15: chart \"hop_pt\" key 'metric': expected one of the experiment's metrics (overshoot_pt, settle_time_s), got \"hop_pt\", which the experiment does not measure"
      ),
      (
        "x = \"damping\"", "x = \"dampng\"",
        "x.toml:16: chart \"overshoot_pt\" key 'x': expected the name of one of the experiment's axes (damping, release_pt), got \"dampng\"; did you mean 'damping'?"
      ),
      (
        "y = \"release_pt\"", "y = \"damping\"",
        "x.toml:17: chart \"overshoot_pt\" key 'y': expected an axis the chart does not already use, got \"damping\" (also x)"
      ),
      (
        "y = \"release_pt\"", "y = \"release_pt\"\nlines = \"release_pt\"",
        "x.toml:18: chart \"overshoot_pt\" key 'lines': expected an axis the chart does not already use, got \"release_pt\" (also y)"
      ),
      (
        "x = \"damping\"\ny = \"release_pt\"", "y = \"release_pt\"\nlines = \"damping\"",
        "x.toml:17: chart \"overshoot_pt\" key 'lines': expected either y (a heatmap) or lines (a line chart), not both, got \"damping\""
      ),
      (
        "range = [0, 20]", "range = [20, 0]",
        "x.toml:18: chart \"overshoot_pt\" key 'range': expected [low, high]: two finite numbers, low < high, in the unit of overshoot_pt, got [20, 0]"
      ),
      (
        "range = [0, 20]", "range = [0, nan]",
        "x.toml:18: chart \"overshoot_pt\" key 'range': expected [low, high]: two finite numbers, low < high, in the unit of overshoot_pt, got [0, nan]"
      ),
      (
        "range = [0, 20]", "range = [0, 20]\nlog = true",
        "x.toml:18: chart \"overshoot_pt\" key 'range': expected a low end > 0 with log = true, got [0, 20]"
      ),
      (
        "log = true", "log = \"yes\"",
        "x.toml:23: chart \"settle_time_s\" key 'log': expected true or false, got \"yes\""
      ),
      (
        "range = [0, 20]", "rnge = [0, 20]",
        "x.toml:18: chart \"overshoot_pt\" key 'rnge': expected a key of a chart (metric, x, y, lines, range, log), got an unknown key; did you mean 'range'?"
      ),
    ])
  func oneClearError(find: String, replace: String, message: String) {
    let text = (Self.base + Self.charts).replacingOccurrences(of: find, with: replace)
    #expect(throws: ExperimentError.self) { try ExperimentReader.parse(text, file: "x.toml") }
    do {
      _ = try ExperimentReader.parse(text, file: "x.toml")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func aChartWithoutAMetricIsAnError() {
    let text = Self.base + "[[chart]]\nx = \"damping\"\n"
    #expect {
      try ExperimentReader.parse(text, file: "x.toml")
    } throws: { error in
      (error as? ExperimentError)?.description
        == "x.toml:14: chart #1 key 'metric': expected one of the experiment's metrics (overshoot_pt, settle_time_s), got nothing"
    }
  }
}
