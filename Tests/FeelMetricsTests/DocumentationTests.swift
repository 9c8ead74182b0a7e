import FeelMetrics
import FeelTestSupport
import Foundation
import Testing

/// The docs document every metric (name, unit) and every flag, so the CSV headers and the docs
/// cannot drift apart: the README's metrics section, or, for the touch metrics and flags,
/// docs/touches.md's "Metrics" section.
@Test func docsDocumentEveryMetricAndFlag() throws {
  func section(_ file: String, _ heading: String) throws -> Substring {
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)
    let start = try #require(text.range(of: heading), "\(file): no \(heading)")
    return text[start.upperBound...]
  }
  let readme = try section("README.md", "## Metrics and sweeps")
  let touches = try section("docs/touches.md", "## Metrics")
  for metric in Metric.allCases {
    let row = "| `\(metric.column)` | \(metric.unit) |"
    let documented = metric.group == .touch ? touches : readme
    #expect(documented.contains(row), "a row for \(metric.column) (\(metric.unit))")
  }
  for flag in MetricFlag.allCases {
    let touchFlag: Set<MetricFlag> = [.noDrag, .dragUnfinished, .noCommitRule]
    let documented = touchFlag.contains(flag) ? touches : readme
    #expect(documented.contains("| `\(flag.rawValue)` |"), "a row for the flag \(flag.rawValue)")
  }
}
