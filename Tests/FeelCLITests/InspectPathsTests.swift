import FeelTestSupport
import Foundation
import Testing

/// `feel inspect SCENE --paths [--json]` through the command: the listing's text and JSON name
/// the same paths, each of which `feel run --set` takes; `--uses` with it is refused.
@Suite("feel inspect --paths: the paths a scene accepts")
struct InspectPathsTests {
  static let scene = "experiments/scenes/apple-snap.toml"

  @Test("text and JSON list the same paths, with the same words for their values")
  func textAndJSON() throws {
    let text = try runFeel(["inspect", Self.scene, "--paths"])
    #expect(text.status == 0, "\(text.errors)")
    let lines = text.output.split(separator: "\n").map(String.init)
    let json = try runFeel(["inspect", Self.scene, "--paths", "--json"])
    #expect(json.status == 0, "\(json.errors)")
    let object = try #require(
      JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
    let entries = try #require(object["paths"] as? [[String: Any]])
    #expect(lines.count == entries.count)
    for (line, entry) in zip(lines, entries) {
      let path = try #require(entry["path"] as? String)
      let expected = try #require(entry["expected"] as? String)
      #expect(line.hasPrefix(path + " ") && line.hasSuffix("  " + expected), "\(line)")
    }
    // The snap's damping, as apple-snap.toml names it, is listed as a number.
    let damping = try #require(
      entries.first { ($0["path"] as? String)?.hasSuffix(".damping") == true })
    #expect(damping["kind"] as? String == "number")
  }

  @Test("a listed path is one feel run --set takes")
  func listedPathIsSettable() throws {
    let text = try runFeel(["inspect", Self.scene, "--paths"])
    let first = try #require(
      text.output.split(separator: "\n").first { $0.hasPrefix("behavior.") })
    let path = String(first.prefix { $0 != " " })
    let run = try runFeel(["run", Self.scene, "--set", "\(path)=0.3"])
    #expect(run.status == 0, "\(run.errors)")
  }

  @Test("--paths with --uses is refused before anything is read")
  func pathsWithUses() throws {
    let result = try runFeel(["inspect", Self.scene, "--paths", "--uses"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.errors.contains("--paths and --uses"))
  }
}
