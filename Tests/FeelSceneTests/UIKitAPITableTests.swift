import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// docs/uikit-api.md, the table of UIKit Dynamics' members, against the scene schema. Its tables
/// have the header `| UIKit | FeelLab | notes |`; in the FeelLab column a scene key is written
/// `TABLE.key` in backticks, TABLE a schema table's name (`snap`, `[[item]]`, `tap, hold`). Every
/// such key must be a key of the schema, and every key of the schema must be named, so that a
/// key added to the reader without a line on the page, or a page naming a key that is gone, fails.
@Suite struct UIKitAPITableTests {
  /// The FeelLab cells of the page's member tables, with their lines.
  static func feelLabCells() throws -> [(line: Int, cell: String)] {
    let page = repositoryRoot.appendingPathComponent("docs/uikit-api.md")
    let lines = try String(contentsOf: page, encoding: .utf8).components(separatedBy: "\n")
    var cells: [(Int, String)] = []
    var inTable = false
    for (index, line) in lines.enumerated() {
      let columns = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst()
        .dropLast().map { $0.trimmingCharacters(in: .whitespaces) }
      if columns == ["UIKit", "FeelLab", "notes"] {
        inTable = true
      } else if !line.hasPrefix("|") {
        inTable = false
      } else if inTable, columns.count == 3, !columns[1].hasPrefix("---") {
        cells.append((index + 1, columns[1]))
      }
    }
    return cells
  }

  /// The backticked spans of `cell`.
  static func spans(_ cell: String) -> [String] {
    cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
  }

  /// `span` as a (table, key) pair when it is written `TABLE.key` with a schema table's name;
  /// nil for a value (`"pause"`) or a command (`feel inspect SCENE`).
  static func schemaKey(_ span: String, tables: Set<String>) -> (table: String, key: String)? {
    guard let dot = span.lastIndex(of: ".") else { return nil }
    let table = String(span[..<dot])
    guard tables.contains(table) else { return nil }
    return (table, String(span[span.index(after: dot)...]))
  }

  @Test("every key the page names is a key of the scene schema")
  func namedKeysExist() throws {
    let schema = Dictionary(
      uniqueKeysWithValues: SceneSchema.tables.map { ($0.name, Set($0.keys.map(\.name))) })
    let cells = try Self.feelLabCells()
    #expect(cells.count > 80, "member rows found: \(cells.count)")
    for (line, cell) in cells {
      for span in Self.spans(cell) {
        let looksLikeKey =
          span.contains(".") && !span.hasPrefix("feel ") && !span.hasPrefix("\"")
          && !(span.first?.isNumber ?? false)
        guard looksLikeKey else { continue }
        guard let (table, key) = Self.schemaKey(span, tables: Set(schema.keys)) else {
          Issue.record("docs/uikit-api.md:\(line): '\(span)' names no schema table")
          continue
        }
        #expect(
          schema[table]!.contains(key),
          "docs/uikit-api.md:\(line): '\(key)' is not a key of \(table)")
      }
    }
  }

  @Test("every key of the scene schema is on the page")
  func everySchemaKeyIsNamed() throws {
    let tables = Set(SceneSchema.tables.map(\.name))
    var named: Set<String> = []
    for (_, cell) in try Self.feelLabCells() {
      for span in Self.spans(cell) {
        if let (table, key) = Self.schemaKey(span, tables: tables) {
          named.insert("\(table).\(key)")
        }
      }
    }
    for table in SceneSchema.tables {
      for key in table.keys where !named.contains("\(table.name).\(key.name)") {
        Issue.record("docs/uikit-api.md names no UIKit member for \(table.name).\(key.name)")
      }
    }
  }
}
