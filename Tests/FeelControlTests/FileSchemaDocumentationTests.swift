import FeelControl
import FeelScene
import FeelSweep
import FeelTestSupport
import Foundation
import Testing

/// The docs against the experiment and control files' schema tables (`ExperimentSchema`,
/// `ControlSchema`): every key of every table is named in backticks (`` `band` ``,
/// `` `band = …` ``, a section `` `[corpus.rotary]` ``) on the pages that teach the format, so
/// a key the reader gains is taught.
@Suite struct FileSchemaDocumentationTests {
  static let pages = ["experiments.md", "touches.md", "controls.md", "drags.md"]

  /// The text of the pages that teach the experiment and control files.
  static func text() throws -> String {
    let folder = repositoryRoot.appendingPathComponent("docs")
    return try pages.map {
      try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
    }.joined(separator: "\n")
  }

  @Test("every key of every experiment and control schema table is in the docs")
  func everyKeyIsDocumented() throws {
    let text = try Self.text()
    for table in ExperimentSchema.tables + ControlSchema.tables {
      for key in table.keys
      where !["`\(key.name)`", "`\(key.name) =", "`\(key.name)s`", ".\(key.name)]`"].contains(
        where: text.contains)
      {
        Issue.record("docs/{\(Self.pages.joined(separator: ","))}: \(table.name) key \(key.name)")
      }
    }
  }

}
