import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// docs/experiments.md's table of paths against the scene schema: one row per table whose keys
/// a path can name, listing exactly those keys (`SceneSchema`), under a root that `ScenePath`
/// reads.
@Suite struct PathDocumentationTests {
  @Test("the docs' paths table lists every table's path keys, under the roots paths have")
  func pathsTableMatchesTheSchema() throws {
    let page = try String(
      contentsOf: repositoryRoot.appendingPathComponent("docs/experiments.md"), encoding: .utf8)
    let start = try #require(page.range(of: "| path | table | keys |"))
    let rows = page[start.upperBound...].split(separator: "\n").dropFirst()
      .prefix { $0.hasPrefix("|") }
    let roots = Set(ScenePathRoot.allCases.map(\.rawValue))
    var documented: [String: [String]] = [:]
    var rootsSeen: Set<String> = []
    for row in rows {
      let cells = row.split(separator: "|").map(String.init)
      try #require(cells.count == 3, "\(row)")
      for path in Self.quoted(cells[0]) {
        let root = String(path.prefix { $0 != "." })
        #expect(root == "KEY" || roots.contains(root), "\(path): a root ScenePath reads")
        rootsSeen.insert(root)
      }
      let plain = cells[1].replacingOccurrences(of: "`", with: "")
        .trimmingCharacters(in: .whitespaces)
      let table = plain.range(of: " (").map { String(plain[..<$0.lowerBound]) } ?? plain
      documented[table] = Self.quoted(cells[2])
    }
    #expect(rootsSeen == roots.union(["KEY"]), "roots: \(rootsSeen.sorted())")
    for table in SceneSchema.tables {
      let keys = table.keys.filter(\.isPath).map(\.name)
      #expect(documented[table.name] == (keys.isEmpty ? nil : keys), "\(table.name): \(keys)")
    }
  }

  /// The `backticked` words of a cell.
  static func quoted(_ cell: String) -> [String] {
    cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
  }
}
