import FeelTestSupport
import Foundation
import Testing

/// Code that cites a section of the docs, `docs/PAGE.md, "Section"` (a comment, a message, a
/// test's docstring), names a page that exists and a section it has: a heading that starts with
/// the quoted words (backticks ignored), or a bold run-in title (`**Section**`). So a page split
/// or a heading renamed takes its citations along.
@Suite struct DocumentationCitationTests {
  /// The files searched: Sources and Tests, with the extensions that hold such citations.
  static func citingFiles() throws -> [URL] {
    var files: [URL] = []
    for folder in ["Sources", "Tests"] {
      let root = repositoryRoot.appendingPathComponent(folder)
      let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
      while let url = walker?.nextObject() as? URL {
        if ["swift", "py", "js"].contains(url.pathExtension) { files.append(url) }
      }
    }
    return files
  }

  /// The citations in `text`: (page, section), the section as written between the quotes.
  static func citations(_ text: String) -> [(page: String, section: String)] {
    text.matches(of: /docs\/([a-z0-9-]+\.md),? "([^"\n\\]+)"/).map {
      (String($0.output.1), String($0.output.2))
    }
  }

  /// Whether `page` has the section `section`.
  static func has(_ page: String, section: String) -> Bool {
    let plain = section.replacingOccurrences(of: "`", with: "")
    for line in page.split(separator: "\n") {
      guard let heading = line.firstMatch(of: /^#{1,6} (.+)$/) else { continue }
      if heading.output.1.replacingOccurrences(of: "`", with: "").hasPrefix(plain) { return true }
    }
    return page.contains("**\(section)")
  }

  @Test func citedSectionsExist() throws {
    var checked = 0
    var pages: [String: String] = [:]
    for file in try Self.citingFiles() {
      let text = try String(contentsOf: file, encoding: .utf8)
      for (name, section) in Self.citations(text) {
        checked += 1
        let url = repositoryRoot.appendingPathComponent("docs/\(name)")
        guard let page = pages[name] ?? (try? String(contentsOf: url, encoding: .utf8)) else {
          Issue.record("\(file.lastPathComponent): docs/\(name) does not exist")
          continue
        }
        pages[name] = page
        #expect(
          Self.has(page, section: section),
          "\(file.lastPathComponent): docs/\(name) has no section \"\(section)\"")
      }
    }
    #expect(checked > 100, "citations were found and checked (\(checked))")
  }

  @Test func aMissingSectionIsFound() {
    let page = "# Title\n\n## Drag behaviors (`type = \"drag\"`)\n\n- **Several fingers** …\n"
    #expect(Self.has(page, section: "Drag behaviors"))
    #expect(Self.has(page, section: "Several fingers"))
    #expect(!Self.has(page, section: "Speed"))
    #expect(
      Self.citations("see (docs/studio.md, \"Speed\") and docs/a.md \"X\"").map(\.section)
        == ["Speed", "X"])
  }
}
