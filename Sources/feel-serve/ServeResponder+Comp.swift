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
extension ServeResponder {
  static let compKeys = ["control", "name", "note", "values", "preview"]

  func comp(_ body: [UInt8]) async throws(APIError) -> Response {
    let members = try APIRequest.object(
      body, keys: Self.compKeys, form: "control, name, note, values, preview")
    guard let pathValue = members["control"] else {
      throw .badRequest(
        "\(APIRequest.textName): key 'control': expected a control file's path under the "
          + "server's root, got nothing")
    }
    let path = try RequestPath.checked(pathValue, key: "control")
    guard case .string(let name)? = members["name"] else {
      throw APIRequest.bad(
        "name", expected: "the comp's name (a string)", got: members["name"] ?? .null,
        missing: members["name"] == nil)
    }
    var note = ""
    if let value = members["note"] {
      guard case .string(let text) = value else {
        throw APIRequest.bad("note", expected: "a string", got: value)
      }
      note = text
    }
    guard case .object(let given)? = members["values"] else {
      throw APIRequest.bad(
        "values", expected: "an object of the control's constants and their values",
        got: members["values"] ?? .null, missing: members["values"] == nil)
    }
    var values: [ControlComp.Value] = []
    for key in given.keys.sorted() {
      guard case .number(let x) = given[key]! else {
        throw APIRequest.bad("values.\(key)", expected: "a number", got: given[key]!)
      }
      values.append(ControlComp.Value(key, x))
    }
    var preview = false
    if let value = members["preview"] {
      guard case .bool(let flag) = value else {
        throw APIRequest.bad("preview", expected: "true or false", got: value)
      }
      preview = flag
    }
    let comp = ControlComp(name: name, note: note, values: values)
    let logger = logger
    let previewOnly = preview
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
        let members = JSONText.object([("control", path), ("name", name), ("section", section)])
        return ServeResponses.json(
          String(members.dropLast(2)) + ", \"saved\": \(previewOnly ? "false" : "true")}\n")
      } catch {
        throw APIError(error)
      }
    }
  }
}
