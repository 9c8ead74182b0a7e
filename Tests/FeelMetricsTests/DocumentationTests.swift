import FeelMetrics
import FeelTestSupport
import Foundation
import Testing

@Suite struct DocumentationTests {
  /// docs/metrics.md documents every metric (name, unit) and every flag, so the CSV headers
  /// and the docs cannot drift apart.
  @Test func metricsPageDocumentsEveryMetricAndFlag() throws {
    let page = try String(
      contentsOf: repositoryRoot.appendingPathComponent("docs/metrics.md"), encoding: .utf8)
    let start = try #require(page.range(of: "## The metrics"))
    let section = page[start.upperBound...]
    for metric in Metric.allCases {
      #expect(
        section.contains("| `\(metric.column)` | \(metric.unit) |"),
        "docs/metrics.md row for \(metric.column) (\(metric.unit))")
    }
    for flag in MetricFlag.allCases {
      #expect(
        section.contains("| `\(flag.rawValue)` |"),
        "docs/metrics.md row for the flag \(flag.rawValue)")
    }
  }
}
