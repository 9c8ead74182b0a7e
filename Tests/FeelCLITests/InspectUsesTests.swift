import FeelTestSupport
import Foundation
import Testing

/// `feel inspect SCENE --uses`, by which the Makefile picks the scenes of the differential test
/// and the benchmark, against a reading of each committed file's text made here with regular
/// expressions over its lines, without FeelLab's reader.
@Suite("feel inspect --uses: what each committed scene uses, as its text says")
struct InspectUsesTests {
  /// The words a scene's text calls for: a `[[touch]]`; a `type = "inertia"` or `"detent"`; a
  /// field; a noise or turbulence field; any key the ios7 profile refuses (collision bounds
  /// other than a rectangle, `anchored`, `charge`, a field, a group, an attachment kind other
  /// than distance); a `type = "scroll"`.
  static func expectedWords(_ text: String) -> [String] {
    let lines = text.split(separator: "\n").map(String.init)
    func any(_ pattern: String) -> Bool {
      lines.contains { $0.range(of: pattern, options: .regularExpression) != nil }
    }
    let ios9 =
      #"^(bounds = "(ellipse|path)"|anchored|charge|type = "field"|\[\[group\]\]|kind = "(fixed|pin|sliding|limit)")"#
    let words: [(String, Bool)] = [
      ("touch", any(#"^\[\[touch\]\]"#)),
      ("rotation", any(#"^type = "(inertia|detent)""#)),
      ("field", any(#"^type = "field""#)),
      ("noise", any(#"^kind = "(noise|turbulence)""#)),
      ("ios9", any(ios9)),
      ("scroll", any(#"^type = "scroll""#)),
    ]
    return words.filter(\.1).map(\.0)
  }

  @Test(
    "every committed scene: the words its text calls for, in order", arguments: committedSceneFiles)
  func committedScene(_ path: String) throws {
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    let result = try runFeel(["inspect", path, "--uses"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == Self.expectedWords(text).joined(separator: " ") + "\n")
  }

  @Test("--uses with --json is refused before anything is read")
  func usesWithJSON() throws {
    let result = try runFeel(["inspect", "experiments/scenes/apple-snap.toml", "--uses", "--json"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.errors.contains("--json and --uses"))
  }
}
