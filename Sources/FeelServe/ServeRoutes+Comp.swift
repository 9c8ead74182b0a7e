import FeelCommandSupport
import FeelControl
import FeelCore
import Hummingbird

/// `POST /api/comp`: the studio's "Save as comp" (docs/http-api.md). The body names a control file
/// under the root and a comp, `{"control": "experiments/controls/castro.toml", "name": "…",
/// "note": "…", "values": {"damping": 0.4}, "preview": false}`. The comp is added to the file's
/// text after its last comp, every other byte kept (`ControlCompInsertion`), and the file
/// replaced atomically (a temporary file renamed over it). With `"preview": true` nothing is
/// written: the answer shows the section the file would gain, for the page to ask the user.
/// Answer 200 `{"control": PATH, "name": NAME, "section": TEXT, "saved": true|false}`; a bad
/// body, a control file with an error, a name taken or an unknown constant: 400 with the
/// message naming the file.
extension ServeRoutes {
  /// The body of `POST /api/comp`.
  struct CompRequest: Decodable {
    static let table = RequestTable([
      APIRequest.Keys.control, RequestKey("name", "the comp's name (a string)"),
      RequestKey("note", "a string"),
      RequestKey("values", "an object of the control's constants and their values"),
      RequestKey("preview", "true or false"),
    ])
    static let form = "control, name, note, values, preview"
    let control: String
    let comp: ControlComp
    let preview: Bool

    init(from decoder: any Decoder) throws {
      let body = try RequestObject(decoder, table: Self.table)
      control = try RequestPath.required(body, "control")
      let name = try body.required(String.self, "name")
      let note = try body.value(String.self, "note") ?? ""
      let given = try body.required([String: Checked<Double>].self, "values")
      var values: [ControlComp.Value] = []
      for key in given.keys.sorted() {
        guard let x = given[key]!.value else {
          throw body.refusal("values.\(key)", expected: "a number", got: given[key]!.shown)
        }
        values.append(ControlComp.Value(key, x))
      }
      comp = ControlComp(name: name, note: note, values: values)
      preview = try body.value(Bool.self, "preview") ?? false
    }
  }

  /// The answer of `/api/comp`.
  struct CompAnswer: Encodable {
    let control: String
    let name: String
    let section: String
    let saved: Bool
  }

  func comp(_ body: [UInt8]) async throws(APIError) -> Response {
    let request = try APIRequest.decode(CompRequest.self, body, form: CompRequest.form)
    let path = request.control
    let comp = request.comp
    let name = comp.name
    let logger = logger
    let previewOnly = request.preview
    return try await Self.offload { () throws(APIError) -> Response in
      do throws(FeelError) {
        let text = try InputFile.text(path, .control)
        let new: String
        let section: String
        do throws(ControlError) {
          (new, section) = try ControlCompInsertion.insertion(comp, into: text, file: path)
        } catch {
          throw FeelError(error)
        }
        if !previewOnly {
          let file = try AtomicFile(path, what: "the control file")
          do {
            try file.write(new)
            try file.commit()
          } catch {
            file.discard()
            throw FeelError("\(path): cannot write the control file (\(error))")
          }
          logger.info("comp \"\(name)\" saved into \(path)")
        }
        return ServeResponses.json(
          ServeResponses.writer.line(
            CompAnswer(control: path, name: name, section: section, saved: !previewOnly)))
      } catch {
        throw APIError(error)
      }
    }
  }
}
