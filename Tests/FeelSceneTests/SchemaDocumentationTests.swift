import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// The docs' key tables against the scene schema (`SceneSchema`), so that the reference pages
/// and the reader cannot drift apart. A key table is a Markdown table whose header is
/// `| NAME key | value | unit | default | meaning |`, NAME being a schema table's name (`snap`,
/// `[[item]]`, `tap, hold`; backticks ignored). Each row names a key of that table, its value
/// (the range or shape, then anything after " (", ",", ";" or ":"), its unit exactly, and its
/// default: `required`, `none` (unset), or the value as a scene file writes it, then anything.
/// Together, the rows of a table's key tables (a table may be documented on several pages)
/// list every key of the table once or more, and no other.
@Suite struct SchemaDocumentationTests {
  /// A key table of the docs.
  struct DocTable {
    var page: String
    var line: Int
    var name: String
    /// Key, value, unit, default (backticks removed), with the row's line.
    var rows: [(line: Int, cells: [String])]
  }

  static let columns = ["value", "unit", "default", "meaning"]

  /// Every key table in docs/*.md.
  static func docTables() throws -> [DocTable] {
    let folder = repositoryRoot.appendingPathComponent("docs")
    var tables: [DocTable] = []
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    where name.hasSuffix(".md") {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      let lines = text.components(separatedBy: "\n")
      var index = 0
      while index < lines.count {
        let header = cells(lines[index])
        guard header.count == 5, header[0].hasSuffix(" key"), Array(header[1...]) == columns
        else {
          index += 1
          continue
        }
        var table = DocTable(
          page: "docs/\(name)", line: index + 1, name: String(header[0].dropLast(4)), rows: [])
        index += 2
        while index < lines.count, lines[index].hasPrefix("|") {
          table.rows.append((index + 1, cells(lines[index])))
          index += 1
        }
        tables.append(table)
      }
    }
    return tables
  }

  /// A table line's cells, trimmed, backticks removed.
  static func cells(_ line: String) -> [String] {
    guard line.hasPrefix("|") else { return [] }
    return line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
      .map { $0.replacingOccurrences(of: "`", with: "").trimmingCharacters(in: .whitespaces) }
  }

  /// How the `value` column describes a key's form, or nil where it lists the names instead.
  static func phrase(_ form: KeyForm) -> String? {
    switch form {
    case .number(let range): range.docPhrase
    case .point(let components, let positive): positive ? "\(components) > 0" : components
    case .boolean: "boolean"
    case .string: "string"
    case .choice: nil
    case .reference(let reference): "\(reference.rawValue) id"
    case .references(let reference): "array of \(reference.rawValue) ids"
    case .rectangle: "[[x0, y0], [x1, y1]]"
    case .points: "[[x, y], …]"
    case .samples: "[[t_s, x_pt, y_pt], …]"
    case .file: "path"
    case .table: "table"
    case .inline: "inline table"
    case .tables: "array of tables"
    case .strings(let what): "array of \(what)"
    }
  }

  /// Whether `cell` is `start`, or `start` followed by an explanation.
  static func begins(_ cell: String, with start: String) -> Bool {
    cell == start || [" (", ", ", "; ", ": ", " "].contains { cell.hasPrefix(start + $0) }
  }

  @Test("every documented key is a key of its schema table, with its value, unit and default")
  func documentedKeysMatchTheSchema() throws {
    let schema = Dictionary(uniqueKeysWithValues: SceneSchema.tables.map { ($0.name, $0) })
    let docs = try Self.docTables()
    #expect(docs.count >= schema.count, "key tables found: \(docs.map(\.name))")
    for doc in docs {
      let place = "\(doc.page):\(doc.line)"
      guard let table = schema[doc.name] else {
        Issue.record("\(place): '\(doc.name) key' names no schema table (\(schema.keys.sorted()))")
        continue
      }
      for (line, row) in doc.rows {
        let at = "\(doc.page):\(line)"
        guard row.count == 5, let key = table.keys.first(where: { $0.name == row[0] }) else {
          Issue.record("\(at): '\(row.first ?? "")' is not a key of \(doc.name)")
          continue
        }
        if let phrase = Self.phrase(key.form) {
          #expect(
            Self.begins(row[1], with: phrase), "\(at): \(key.name)'s value begins with \(phrase)")
        } else if case .choice(let names) = key.form {
          for name in names {
            #expect(row[1].contains("\"\(name)\""), "\(at): \(key.name)'s value lists \"\(name)\"")
          }
        }
        #expect(row[2] == key.unit, "\(at): \(key.name)'s unit is '\(key.unit)'")
        #expect(
          Self.begins(row[3], with: key.shownDefault),
          "\(at): \(key.name)'s default is \(key.shownDefault)")
      }
    }
  }

  @Test("every key of every schema table is in a key table of the docs")
  func everySchemaKeyIsDocumented() throws {
    let docs = try Self.docTables()
    for table in SceneSchema.tables {
      let documented = Set(
        docs.filter { $0.name == table.name }.flatMap { $0.rows.map(\.cells[0]) })
      for key in table.keys where !documented.contains(key.name) {
        Issue.record("docs: no '\(table.name) key' table lists \(key.name)")
      }
    }
  }
}
