import FeelCommandSupport
import FeelScene
import FeelSweep
import Foundation

/// A live session's messages from the client (docs/live-protocol.md), checked key by
/// key; a bad one is refused with a message naming the key, what was expected and what came.
enum LiveMessage {
  /// `timing`: frames carry the engine's time for them (`step_s`, docs/live-protocol.md);
  /// `experiment`: the experiment the session explores, watched with its control file.
  case open(SceneInput, timing: Bool, experiment: String?)
  case touch(id: String, phase: LiveSession.Phase, t_s: Double, x_pt: Double, y_pt: Double)
  case advance(to_t_s: Double)
  case set([SceneSetting])
  case save(path: String, replace: Bool)
  /// `feel metrics --json` of the scene `save` would write (the studio's metrics table).
  case metrics

  static let types = ["open", "touch", "advance", "set", "save", "metrics"]
  /// Each type's keys, one row each (`type` is read first, by `Head`).
  static let tables: [String: RequestTable] = {
    let type = RequestKey("type", "one of \(types.joined(separator: ", "))")
    let number = { (name: String) in RequestKey(name, "a number") }
    let phases = LiveSession.Phase.allCases.map(\.rawValue).joined(separator: ", ")
    return [
      "open": RequestTable(
        [
          type, APIRequest.Keys.scene, APIRequest.Keys.sceneTOML, APIRequest.Keys.set,
          RequestKey("timing", "true or false"), APIRequest.Keys.experiment,
        ], choices: [APIRequest.Keys.sceneChoice]),
      "touch": RequestTable([
        type, RequestKey("id", "the touch's id (a string)"),
        RequestKey("phase", "one of \(phases)"),
        number("t_s"), number("x_pt"), number("y_pt"),
      ]),
      "advance": RequestTable([type, number("to_t_s")]),
      "set": RequestTable([type, APIRequest.Keys.set]),
      "save": RequestTable([
        type,
        RequestKey(
          "path", APIRequest.Keys.pathExpected,
          missing: "a scene file's path under the server's root"),
        RequestKey("replace", "true or false"),
      ]),
      "metrics": RequestTable([type]),
    ]
  }()

  /// The message in `bytes`, or the refusal's text: its `type` read first, then the message
  /// of that type decoded.
  static func parse(_ bytes: [UInt8]) throws(LiveSession.Refusal) -> LiveMessage {
    let form = "expected a JSON object with a \"type\" (\(types.joined(separator: ", "))), got "
    guard !bytes.isEmpty else { throw LiveSession.Refusal(form + "nothing") }
    do {
      let decoder = JSONDecoder()
      let data = Data(bytes)
      let type = try decoder.decode(Head.self, from: data).type
      switch type {
      case "open": return try decoder.decode(Open.self, from: data).message
      case "touch": return try decoder.decode(Touch.self, from: data).message
      case "advance": return try decoder.decode(Advance.self, from: data).message
      case "set": return try decoder.decode(Set.self, from: data).message
      case "metrics":
        _ = try decoder.decode(Metrics.self, from: data)
        return .metrics
      default: return try decoder.decode(Save.self, from: data).message
      }
    } catch let error as APIError {
      throw LiveSession.Refusal(error.liveMessage)
    } catch {
      throw LiveSession.Refusal(form + (Received.shown(bytes) ?? "text that is not JSON"))
    }
  }

  /// A message's `type`, one of `types`. Its refusal names no message type (none is known
  /// yet): `key 'type': expected one of open, …, got "opn"; did you mean 'open'?`.
  private struct Head: Decodable {
    let type: String

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: JSONKey.self)
      let given = try container.decodeIfPresent(Checked<String>.self, forKey: JSONKey("type"))
      let refused = { (got: String, suggestion: String?) in
        RequestError(
          file: "", key: "type", expected: "one of \(types.joined(separator: ", "))", got: got,
          suggestion: suggestion
        ).badRequest
      }
      guard let type = given?.value else {
        throw refused(
          container.contains(JSONKey("type")) ? given?.shown ?? "null" : "nothing", nil)
      }
      guard tables[type] != nil else {
        throw refused(Received.quoted(type), NameSuggestion.closest(to: type, among: types))
      }
      self.type = type
    }
  }

  /// The object of a message of `type`, every key among that type's.
  private static func object(_ decoder: any Decoder, type: String) throws -> RequestObject {
    try RequestObject(decoder, table: tables[type]!, file: type)
  }

  /// A finite number at `key`.
  private static func number(_ body: RequestObject, _ key: String) throws -> Double {
    let x = try body.required(Double.self, key)
    guard x.isFinite else { throw body.refusal(key, expected: "a finite number", got: "\(x)") }
    return x
  }

  /// `open`: the scene (`scene` or `scene_toml`, `set`), `timing`, `experiment`.
  private struct Open: Decodable {
    let message: LiveMessage

    init(from decoder: any Decoder) throws {
      let body = try LiveMessage.object(decoder, type: "open")
      let timing = try body.value(Bool.self, "timing") ?? false
      var experiment: String?
      if body.has("experiment") {
        experiment = try RequestPath.checked(body, key: "experiment")
      }
      message = .open(try APIRequest.scene(body), timing: timing, experiment: experiment)
    }
  }

  /// `touch`: one sample of a finger.
  private struct Touch: Decodable {
    let message: LiveMessage

    init(from decoder: any Decoder) throws {
      let body = try LiveMessage.object(decoder, type: "touch")
      let id = try body.required(String.self, "id")
      let name = try body.required(String.self, "phase")
      guard let phase = LiveSession.Phase(rawValue: name) else {
        throw body.refusal(
          "phase", expected: body.table.key("phase").expected, got: Received.quoted(name))
      }
      message = .touch(
        id: id, phase: phase, t_s: try LiveMessage.number(body, "t_s"),
        x_pt: try LiveMessage.number(body, "x_pt"), y_pt: try LiveMessage.number(body, "y_pt"))
    }
  }

  /// `advance`: step every frame up to `to_t_s`.
  private struct Advance: Decodable {
    let message: LiveMessage

    init(from decoder: any Decoder) throws {
      let body = try LiveMessage.object(decoder, type: "advance")
      message = .advance(to_t_s: try LiveMessage.number(body, "to_t_s"))
    }
  }

  /// `set`: new constants.
  private struct Set: Decodable {
    let message: LiveMessage

    init(from decoder: any Decoder) throws {
      let body = try LiveMessage.object(decoder, type: "set")
      guard let settings = try APIRequest.settings(body) else {
        throw body.refusal("set", expected: APIRequest.Keys.set.expected, got: "nothing")
      }
      message = .set(settings)
    }
  }

  /// `metrics`: no key but its type.
  private struct Metrics: Decodable {
    init(from decoder: any Decoder) throws { _ = try LiveMessage.object(decoder, type: "metrics") }
  }

  /// `save`: write the session as a scene file under the root.
  private struct Save: Decodable {
    let message: LiveMessage

    init(from decoder: any Decoder) throws {
      let body = try LiveMessage.object(decoder, type: "save")
      guard body.has("path") else {
        throw body.refusal("path", expected: body.table.key("path").missing!, got: "nothing")
      }
      let path = try RequestPath.checked(body, key: "path")
      guard path.hasSuffix(".toml") else {
        throw body.refusal(
          "path", expected: "a scene file's path ending in .toml", got: Received.quoted(path))
      }
      let replace = try body.value(Bool.self, "replace") ?? false
      message = .save(path: path, replace: replace)
    }
  }
}

extension APIError {
  /// The text of an `error` message of a live session: the 400's message; a refused path
  /// says only that it is outside the root (as the 403 says nothing more).
  var liveMessage: String {
    switch self {
    case .badRequest(let text), .tooLarge(let text): text
    case .forbidden: "the path is outside the server's root, or not allowed (403)"
    case .notFound: "not found"
    case .methodNotAllowed: "not allowed"
    }
  }
}
