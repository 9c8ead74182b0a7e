import FeelMetrics
import FeelTestSupport
import Foundation
import Testing

/// The README's metrics section documents every metric (name, unit) and every flag, so the
/// CSV headers and the docs cannot drift apart.
@Test func readmeDocumentsEveryMetricAndFlag() throws {
  let readme = try String(
    contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
  let start = try #require(readme.range(of: "## Metrics and sweeps"))
  let section = readme[start.upperBound...]
  for metric in Metric.allCases {
    #expect(
      section.contains("| `\(metric.column)` | \(metric.unit) |"),
      "README row for \(metric.column) (\(metric.unit))")
  }
  for flag in MetricFlag.allCases {
    #expect(section.contains("| `\(flag.rawValue)` |"), "README row for the flag \(flag.rawValue)")
  }
}
