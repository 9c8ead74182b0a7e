import FeelScene
import FeelTestSupport
import Foundation
import HummingbirdTesting
import Testing

@testable import FeelServe

/// `POST /api/comp`, the studio's "Save as comp" (docs/http-api.md), on a copy of Castro's
/// control file: the file gains one `[[comp]]` section and nothing else changes (every other
/// line, comments included, byte for byte); `feel controls` reads the new comp; a preview
/// writes nothing; bad bodies and comps are refused with the file untouched; nothing is left
/// beside the file. Expected values: the file's own text and the sections the body asks for.
@Suite(.serialized, .timeLimit(.minutes(10))) struct ServeCompTests {
  /// A copy of experiments/controls/castro.toml in a folder under the server's root, and the
  /// scenes its presets name.
  struct Copy {
    let folder: TemporaryFolder
    let control: String
    let original: String

    init() throws {
      folder = try TemporaryFolder.inRepository()
      try folder.copy("experiments/controls/castro.toml", to: "controls/castro.toml")
      try folder.copy("experiments/scenes", to: "scenes")
      try folder.copy("experiments/glyphs", to: "glyphs")
      control = folder.relative("controls/castro.toml")
      original = try String(contentsOfFile: control, encoding: .utf8)
    }

    var current: String { (try? String(contentsOfFile: control, encoding: .utf8)) ?? "" }
  }

  /// The lines `new` adds to `old` when it is `old` with one block of lines inserted, else nil.
  static func insertedBlock(_ old: String, _ new: String) -> [Substring]? {
    let a = old.split(separator: "\n", omittingEmptySubsequences: false)
    let b = new.split(separator: "\n", omittingEmptySubsequences: false)
    var p = 0
    while p < a.count, a[p] == b[p] { p += 1 }
    let added = b.count - a.count
    guard added > 0, Array(b[(p + added)...]) == Array(a[p...]) else { return nil }
    return Array(b[p..<(p + added)])
  }

  static func comments(_ text: String) -> [Substring] {
    text.split(separator: "\n").filter { $0.drop(while: { $0 == " " }).hasPrefix("#") }
  }

  @Test("the file gains one section and nothing else changes")
  func oneSectionMore() async throws {
    let copy = try Copy()
    let before = try copy.folder.listing()
    try await ServeHarness.onRouter().test(.router) { client in
      let answer = try await client.post(
        "/api/comp",
        [
          "control": copy.control, "name": "Felt live", "note": "from a test",
          "values": ["width": 300, "damping": 0.4125],
        ])
      #expect(answer.status == .ok, "\(answer.text)")
      #expect(answer.object["saved"] as? Bool == true)
      let new = copy.current
      // one block of added lines (the section in the control's order of constants and one
      // blank line), every old line kept
      let block = try #require(Self.insertedBlock(copy.original, new), "not one inserted block")
      let lines = block.filter { !$0.isEmpty }
      #expect(
        lines == [
          "[[comp]]", "name = \"Felt live\"", "note = \"from a test\"",
          "values = { damping = 0.4125, width = 300 }",
        ])
      #expect(block.filter(\.isEmpty).count == 1)
      #expect(answer.object["section"] as? String == lines.joined(separator: "\n") + "\n")
      #expect(Self.comments(copy.original) == Self.comments(new))
      // as TOML: the comps grew by exactly the new one, everything else equal
      var a = try TOMLNode.parse(copy.original, file: "old")
      var b = try TOMLNode.parse(new, file: "new")
      guard case .array(let oldComps) = a["comp"], case .array(var newComps) = b["comp"] else {
        Issue.record("no comps")
        return
      }
      let added = newComps.removeLast()
      #expect(newComps == oldComps)
      #expect(
        added
          == .table([
            "name": .string("Felt live"), "note": .string("from a test"),
            "values": .table(["damping": .float(0.4125), "width": .integer(300)]),
          ]))
      a["comp"] = nil
      b["comp"] = nil
      #expect(a == b)
      // feel reads it: the control file checks, and nothing else in the folder changed (the
      // file is new text renamed over the old one)
      let check = try runFeel(["controls", "--folder", copy.folder.url.path])
      #expect(check.status == 0, "\(check.errors)")
      let others = { (listing: [String]) in
        listing.filter { !$0.hasPrefix("controls/castro.toml ") && !$0.hasPrefix("controls ") }
      }
      #expect(others(try copy.folder.listing()) == others(before))
    }
  }

  @Test("a preview writes nothing")
  func preview() async throws {
    let copy = try Copy()
    let before = try copy.folder.listing()
    try await ServeHarness.onRouter().test(.router) { client in
      let answer = try await client.post(
        "/api/comp",
        ["control": copy.control, "name": "Preview", "values": ["push": 3.5], "preview": true])
      #expect(answer.status == .ok, "\(answer.text)")
      #expect(answer.object["saved"] as? Bool == false)
      #expect(
        answer.object["section"] as? String
          == "[[comp]]\nname = \"Preview\"\nvalues = { push = 3.5 }\n")
      #expect(copy.current == copy.original)
      #expect(try copy.folder.listing() == before)
    }
  }

  @Test("refusals leave the file as it was")
  func refusals() async throws {
    let copy = try Copy()
    let before = try copy.folder.listing()
    let control = copy.control
    nonisolated(unsafe) let cases: [([String: Any], String)] = [
      (
        ["control": control, "name": "Castro 2014", "values": ["damping": 1]],
        "a name no other comp of the file has"
      ),
      (["control": control, "name": "X", "values": ["dampng": 1]], "did you mean 'damping'?"),
      (["control": control, "name": "X", "values": [:] as [String: Any]], "at least one constant"),
      (
        ["control": control, "name": "X", "values": ["damping": "high"]],
        "key 'values.damping': expected a number"
      ),
      (["control": control, "values": ["damping": 1]], "key 'name'"),
      (
        [
          "control": "experiments/scenes/castro-drag-right-80.toml", "name": "X",
          "values": ["damping": 1],
        ], "castro-drag-right-80.toml"
      ),
      (["control": control, "name": "X", "values": ["damping": 1], "colour": 1], "key 'colour'"),
    ]
    try await ServeHarness.onRouter().test(.router) { client in
      for (body, message) in cases {
        let answer = try await client.post("/api/comp", body)
        #expect(answer.status == .badRequest, "\(body) \(answer.text)")
        #expect(answer.error.contains(message), "\(body): \(answer.error)")
        #expect(copy.current == copy.original, "\(body)")
      }
      let out = try await client.post(
        "/api/comp", ["control": "../castro.toml", "name": "X", "values": ["damping": 1]])
      #expect(out.status == .forbidden)
      #expect(try copy.folder.listing() == before)
    }
  }
}
