import FeelTestSupport
import Foundation
import Testing

/// A docs page teaches one subject: at most 600 lines, and the studio's entry page at most 400
/// (issue 40). A page that grows past its bound is split by concept, not trimmed.
@Suite struct DocumentationLengthTests {
  static let maximumLines = 600
  static let entryPageMaximumLines = ["studio.md": 400]

  /// The number of lines of `text` (a final line without a line break counts).
  static func lineCount(_ text: String) -> Int {
    let breaks = text.reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
    return text.isEmpty || text.hasSuffix("\n") ? breaks : breaks + 1
  }

  @Test func everyPageIsWithinItsBound() throws {
    let folder = repositoryRoot.appendingPathComponent("docs")
    let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".md") }.sorted()
    #expect(pages.count > 20, "the docs pages were found (\(pages))")
    for page in pages {
      let text = try String(contentsOf: folder.appendingPathComponent(page), encoding: .utf8)
      let bound = Self.entryPageMaximumLines[page] ?? Self.maximumLines
      #expect(
        Self.lineCount(text) <= bound,
        "docs/\(page) has \(Self.lineCount(text)) lines, over \(bound): split it by concept")
    }
  }

  @Test func linesAreCountedAsAnEditorShowsThem() {
    #expect(Self.lineCount("") == 0)
    #expect(Self.lineCount("a\n") == 1)
    #expect(Self.lineCount("a\nb") == 2)
    #expect(Self.lineCount("a\n\nb\n") == 3)
  }
}
