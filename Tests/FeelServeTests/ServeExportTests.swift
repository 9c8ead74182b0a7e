import FeelTestSupport
import Foundation
import HummingbirdTesting
import Testing

@testable import FeelServe

/// `POST /api/export` (docs/http-api.md): `feel export`'s report of a scene, by path and with
/// `set`. Expected: the text byte for byte what `feel export` prints for the same scene file,
/// the report what `feel export --json` prints (the built `feel`); a scene with nothing to
/// export gets `feel export`'s message.
@Suite(.serialized, .timeLimit(.minutes(10))) struct ServeExportTests {
  static let scenes = [
    "experiments/scenes/castro-release-right-80.toml",
    "experiments/scenes/dial-detent-release.toml",
    "experiments/scenes/castro-drag-right-80.toml",
  ]

  static func export(_ arguments: String...) throws -> String {
    let result = try runFeel(["export"] + arguments)
    #expect(result.status == 0, "\(result.errors)")
    return result.output
  }

  @Test("by path: feel export's text and its --json report")
  func byPath() async throws {
    try await ServeHarness.onRouter().test(.router) { client in
      for scene in Self.scenes {
        let answer = try await client.post("/api/export", ["scene": scene])
        #expect(answer.status == .ok, "\(scene) \(answer.text.prefix(300))")
        #expect(answer.object["text"] as? String == (try Self.export(scene)), "\(scene)")
        #expect(
          canonicalJSON(answer.object["report"] ?? NSNull())
            == canonicalJSON(Data(try Self.export(scene, "--json").utf8)), "\(scene)")
      }
    }
  }

  @Test("set: the report of the file edited to hold the value")
  func setEqualsTheEditedFile() async throws {
    let scene = Self.scenes[0]
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent(scene), encoding: .utf8)
    let edited = text.replacingOccurrences(of: "damping = 0.35", with: "damping = 0.6")
    #expect(edited != text)
    // the same file name in another folder: the report names the scene by its file name
    let folder = try TemporaryFolder()
    let path = try folder.write(edited, to: (scene as NSString).lastPathComponent)
    try await ServeHarness.onRouter().test(.router) { client in
      let answer = try await client.post(
        "/api/export", ["scene": scene, "set": ["behavior.scrub-snap.damping": 0.6]])
      #expect(answer.status == .ok, "\(answer.text.prefix(300))")
      #expect(
        canonicalJSON(answer.object["report"] ?? NSNull())
          == canonicalJSON(Data(try Self.export(path.path, "--json").utf8)))
    }
  }

  @Test("a scene with nothing to export: feel export's message")
  func nothingToExport() async throws {
    let toml = "title = \"no items\"\nframe_rate = 60\nduration = 1\n"
    let folder = try TemporaryFolder()
    let path = try folder.write(toml, to: "empty.toml").path
    let cli = try runFeel(["export", path])
    #expect(cli.status == 2)
    try await ServeHarness.onRouter().test(.router) { client in
      let answer = try await client.post("/api/export", ["scene_toml": toml])
      #expect(answer.status == .badRequest)
      #expect(
        answer.error
          == cliError(cli).trimmingCharacters(in: .whitespacesAndNewlines)
          .replacingOccurrences(of: path, with: "<request>"))
    }
  }
}
