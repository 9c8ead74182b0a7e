import FeelCommandSupport
import FeelCore
import FeelExport
import FeelScene
import Foundation
import Hummingbird

/// `POST /api/export`: `feel export`'s report of a scene (docs/http-api.md), the studio's report
/// of the current live motion on demand. The body is `/api/run`'s (`scene` or `scene_toml`,
/// `set`, `touches`); the report is every target's, as `feel export SCENE` prints it with the
/// default `--to all`. Answer 200 `{"text": …, "report": …}`: `text` byte for byte what
/// `feel export SCENE` prints (a `scene_toml` named `<request>`), `report` the JSON contract
/// `--json` prints. A scene with nothing to export: 400 with `feel export`'s message.
extension ServeRoutes {
  func export(_ body: [UInt8]) async throws(APIError) -> Response {
    let input = try APIRequest.decode(APIRequest.Scene.self, body, form: APIRequest.Scene.form)
      .input
    return try await Self.offload { () throws(APIError) -> Response in
      do throws(FeelError) {
        let scene = try input.load()
        let name = URL(fileURLWithPath: input.name).deletingPathExtension().lastPathComponent
        let report: ExportReport
        do throws(ExportError) {
          report = try ExportReport(
            scene, name: name, itemID: nil, targets: ExportTarget.allCases)
        } catch {
          throw FeelError("\(input.name): \(error.description)")
        }
        return ServeResponses.json(
          ServeResponses.writer.line(
            ExportAnswer(
              text: report.text(sceneFile: input.name), report: .init(.lines, report.document))))
      } catch {
        throw APIError(error)
      }
    }
  }

  /// `/api/export`'s answer. `report` keeps `feel export --json`'s layout (a member a line):
  /// written by the same writer, its text is the command's, byte for byte.
  struct ExportAnswer: Encodable {
    let text: String
    let report: JSONLayout.Laid<JSONMembers<JSONMembers<JSONTree>>>
  }
}
