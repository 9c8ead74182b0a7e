import FeelTestSupport
import Foundation
import Testing

/// Every relative link in README.md and docs/*.md leads to a file of the repository, and a
/// link to `page.md#anchor` to one of that page's headings (GitHub's anchor for it).
@Suite struct DocumentationLinkTests {
  /// README.md and every docs/*.md, as paths relative to the repository root.
  static func documentationFiles() throws -> [String] {
    let docs = try FileManager.default.contentsOfDirectory(
      atPath: repositoryRoot.appendingPathComponent("docs").path)
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }

  /// The text outside fenced code blocks.
  static func prose(_ text: String) -> String {
    var inFence = false
    var kept: [Substring] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        inFence.toggle()
      } else if !inFence {
        kept.append(line)
      }
    }
    return kept.joined(separator: "\n")
  }

  /// The targets of the Markdown links `[text](target)` in a text.
  static func linkTargets(_ text: String) -> [String] {
    let pattern = /\]\(([^)\s]+)\)/
    return prose(text).matches(of: pattern).map { String($0.output.1) }
  }

  /// GitHub's anchor for a heading: lower case, spaces to hyphens, and only letters, digits,
  /// hyphens and underscores kept.
  static func anchor(_ heading: String) -> String {
    String(
      heading.lowercased().compactMap { c -> Character? in
        if c == " " { return "-" }
        return c.isLetter || c.isNumber || c == "-" || c == "_" ? c : nil
      })
  }

  /// The anchors of a page's headings.
  static func anchors(_ text: String) -> Set<String> {
    var result: Set<String> = []
    for line in prose(text).split(separator: "\n") {
      guard let match = line.firstMatch(of: /^#{1,6} (.+)$/) else { continue }
      result.insert(anchor(String(match.output.1)))
    }
    return result
  }

  /// A relative path resolved against the folder of `file`, with `.` and `..` removed.
  static func resolve(_ target: String, from file: String) -> String {
    var parts = file.split(separator: "/").dropLast().map(String.init)
    for part in target.split(separator: "/").map(String.init) {
      if part == ".." {
        _ = parts.popLast()
      } else if part != "." {
        parts.append(part)
      }
    }
    return parts.joined(separator: "/")
  }

  @Test func relativeLinksResolve() throws {
    let files = try Self.documentationFiles()
    #expect(files.count > 10, "README.md and the docs pages were found (\(files))")
    var checked = 0
    for file in files {
      let text = try String(
        contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)
      for link in Self.linkTargets(text) where link.firstMatch(of: /^[a-z]+:/) == nil {
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let target = parts[0].isEmpty ? file : Self.resolve(String(parts[0]), from: file)
        let url = repositoryRoot.appendingPathComponent(target)
        checked += 1
        guard FileManager.default.fileExists(atPath: url.path) else {
          Issue.record("\(file): the link \(link) leads to no file (\(target))")
          continue
        }
        if parts.count == 2, target.hasSuffix(".md") {
          let page = try String(contentsOf: url, encoding: .utf8)
          #expect(
            Self.anchors(page).contains(String(parts[1])),
            "\(file): the link \(link) names no heading of \(target)")
        }
      }
    }
    #expect(checked > 50, "links were found and checked (\(checked))")
  }

  @Test func anchorsFollowGitHub() {
    #expect(Self.anchor("`feel run`: the output contract") == "feel-run-the-output-contract")
    #expect(Self.anchor("Bodies: when they exist (measured)") == "bodies-when-they-exist-measured")
    #expect(Self.anchor("Apple's measurements") == "apples-measurements")
  }

  @Test func aDeadLinkIsFound() {
    let text = "See [a](gone.md) and [b](../README.md#x)\n```\n[c](in-code.md)\n```\n"
    #expect(Self.linkTargets(text) == ["gone.md", "../README.md#x"])
    #expect(Self.resolve("../README.md", from: "docs/check.md") == "README.md")
    #expect(
      !FileManager.default.fileExists(
        atPath: repositoryRoot.appendingPathComponent(Self.resolve("gone.md", from: "docs/a.md"))
          .path))
  }
}
