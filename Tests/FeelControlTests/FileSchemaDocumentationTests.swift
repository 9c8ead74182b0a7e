import FeelControl
import FeelScene
import FeelSweep
import FeelTestSupport
import Foundation
import Testing

/// The docs' key tables against the experiment and control files' schema tables
/// (`ExperimentSchema`, `ControlSchema`), as for scene files (`DocKeyTable`): every key of every
/// table is in a key table (`| experiment [[axis]] key | value | unit | default | meaning |`)
/// with its value, unit and default, so a key the reader gains is taught and a default the
/// reader changes is changed in the docs.
@Suite struct FileSchemaDocumentationTests {
  static func isFile(_ name: String) -> Bool {
    name.hasPrefix("experiment ") || name.hasPrefix("control ")
  }

  @Test("every experiment and control key is in the docs with its value, unit and default")
  func documentedKeysMatchTheSchema() throws {
    let tables = ExperimentSchema.tables + ControlSchema.tables
    for problem in DocKeyTable.mismatches(try DocKeyTable.all(), tables, owned: Self.isFile) {
      Issue.record("\(problem)")
    }
  }

  /// Prints the key tables' rows as the schema gives them (FEEL_PRINT_KEY_TABLES=1): a start
  /// for a page's table, its meanings to write.
  @Test("the schema's rows, printed on request")
  func printRows() {
    guard ProcessInfo.processInfo.environment["FEEL_PRINT_KEY_TABLES"] != nil else { return }
    for table in ExperimentSchema.tables + ControlSchema.tables {
      print("\n| `\(table.name)` key | value | unit | default | meaning |")
      for key in table.keys {
        print("| `\(key.name)` | \(key.form) | \(key.unit) | \(key.shownDefault) | |")
      }
    }
  }
}
