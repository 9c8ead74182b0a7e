import FeelScene
import Foundation

/// The docs' key tables, read to check them against schema tables (`SceneSchema`,
/// `ExperimentSchema`, `ControlSchema`) so that the reference pages and the readers cannot drift
/// apart. A key table is a Markdown table whose header is
/// `| NAME key | value | unit | default | meaning |`, NAME being a schema table's name (`snap`,
/// `[[item]]`, `experiment [[axis]]`; backticks ignored). Each row names a key of that table,
/// its value (the range or shape, then anything after " (", ",", ";" or ":"), its unit exactly,
/// and its default: `required`, `none` (unset), or the value as the file writes it, then
/// anything. Together, the rows of a table's key tables (a table may be documented on several
/// pages) list every key of the table once or more, and no other.
public struct DocKeyTable: Sendable {
  public var page: String
  public var line: Int
  public var name: String
  /// Key, value, unit, default, meaning (backticks removed), with the row's line.
  public var rows: [(line: Int, cells: [String])]

  static let columns = ["value", "unit", "default", "meaning"]

  /// Every key table in docs/*.md.
  public static func all() throws -> [DocKeyTable] {
    let folder = repositoryRoot.appendingPathComponent("docs")
    var tables: [DocKeyTable] = []
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
        var table = DocKeyTable(
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
    case .numbers(let components): components
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

  /// What is wrong between `docs` and `tables`, one line each: a doc table `owned` by this set
  /// of schema tables that names none of them, a row that is not a key of its table or gives
  /// another value, unit or default, and a key of `tables` that no key table lists.
  public static func mismatches(
    _ docs: [DocKeyTable], _ tables: [SchemaTableInfo], owned: (String) -> Bool
  ) -> [String] {
    let schema = Dictionary(uniqueKeysWithValues: tables.map { ($0.name, $0) })
    var found: [String] = []
    for doc in docs where owned(doc.name) {
      guard let table = schema[doc.name] else {
        found.append(
          "\(doc.page):\(doc.line): '\(doc.name) key' names no schema table "
            + "(\(schema.keys.sorted()))")
        continue
      }
      for (line, row) in doc.rows {
        let at = "\(doc.page):\(line)"
        guard row.count == 5, let key = table.keys.first(where: { $0.name == row[0] }) else {
          found.append("\(at): '\(row.first ?? "")' is not a key of \(doc.name)")
          continue
        }
        if let phrase = phrase(key.form) {
          if !begins(row[1], with: phrase) {
            found.append("\(at): \(key.name)'s value begins with \(phrase)")
          }
        } else if case .choice(let names) = key.form {
          for name in names where !row[1].contains("\"\(name)\"") {
            found.append("\(at): \(key.name)'s value lists \"\(name)\"")
          }
        }
        if row[2] != key.unit { found.append("\(at): \(key.name)'s unit is '\(key.unit)'") }
        if !begins(row[3], with: key.shownDefault) {
          found.append("\(at): \(key.name)'s default is \(key.shownDefault)")
        }
      }
    }
    for table in tables {
      let documented = Set(
        docs.filter { $0.name == table.name }.flatMap { $0.rows.map(\.cells[0]) })
      for key in table.keys where !documented.contains(key.name) {
        found.append("docs: no '\(table.name) key' table lists \(key.name)")
      }
    }
    return found
  }
}
