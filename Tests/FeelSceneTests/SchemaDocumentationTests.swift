import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// The docs' key tables against the scene schema (`SceneSchema`), so that the reference pages
/// and the reader cannot drift apart (`DocKeyTable` says what a key table is and what is
/// compared). The experiment and control files' tables are checked in FeelControlTests.
@Suite struct SchemaDocumentationTests {
  /// Whether a key table of the docs documents a scene table (not an experiment's or a
  /// control file's).
  static func isScene(_ name: String) -> Bool {
    !name.hasPrefix("experiment ") && !name.hasPrefix("control ")
  }

  @Test("every documented key is a key of its schema table, with its value, unit and default")
  func documentedKeysMatchTheSchema() throws {
    let docs = try DocKeyTable.all()
    #expect(
      docs.filter { Self.isScene($0.name) }.count >= SceneSchema.tables.count,
      "key tables found: \(docs.map(\.name))")
    for problem in DocKeyTable.mismatches(docs, SceneSchema.tables, owned: Self.isScene) {
      Issue.record("\(problem)")
    }
  }
}
