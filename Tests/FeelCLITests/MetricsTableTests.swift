import FeelTestSupport
import Testing

/// `feel metrics`' table names what a list's metrics read, as a sweep's CSV header does
/// (`MeasurePlan.listLine`, one text for both).
@Suite("feel metrics: the table's list line")
struct MetricsTableTests {
  @Test("a list scene's table names its measured items, each from its anchor")
  func listScene() throws {
    let result = try runFeel(["metrics", "experiments/scenes/list-fast-flick.toml"])
    #expect(result.status == 0, "\(result.errors)")
    let bubbles = (0..<48).map { "b\($0)" }.joined(separator: ", ")
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines.dropFirst(2).first
        == Substring(
          "list: 48 measured items, each from its attachment's anchor (settle_time_s, "
            + "settle_frames, max_lag_pt, spread_pt): \(bubbles)"), "\(result.output)")
  }

  @Test("a scene without a list has no list line")
  func oneItemScene() throws {
    let result = try runFeel(["metrics", "experiments/scenes/castro-release-right-80.toml"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(!result.output.split(separator: "\n").contains { $0.hasPrefix("list:") })
    #expect(result.output.split(separator: "\n", omittingEmptySubsequences: false)[2] == "")
  }
}
