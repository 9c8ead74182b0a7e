import FeelCommandSupport
import FeelScene
import FeelSweep

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

  static let types = ["open", "touch", "advance", "set", "save"]
  static let keys: [String: [String]] = [
    "open": ["type", "scene", "scene_toml", "set", "timing", "experiment"],
    "touch": ["type", "id", "phase", "t_s", "x_pt", "y_pt"],
    "advance": ["type", "to_t_s"],
    "set": ["type", "set"],
    "save": ["type", "path", "replace"],
  ]

  /// The message in `bytes`, or the refusal's text.
  static func parse(_ bytes: [UInt8]) throws(LiveSession.Refusal) -> LiveMessage {
    if let message = LiveMessageFastPath.parse(bytes) { return message }
    return try parseAny(bytes)
  }

  /// Any message, through a `JSONValue` tree: the way that says what is wrong with a bad one.
  static func parseAny(_ bytes: [UInt8]) throws(LiveSession.Refusal) -> LiveMessage {
    guard let json = JSONValue.parse(bytes) else {
      throw LiveSession.Refusal(
        "expected a JSON object with a \"type\" (\(types.joined(separator: ", "))), got "
          + (bytes.isEmpty ? "nothing" : "text that is not JSON"))
    }
    guard case .object(let members) = json else {
      throw LiveSession.Refusal(
        "expected a JSON object with a \"type\" (\(types.joined(separator: ", "))), got "
          + json.shown)
    }
    guard case .string(let type)? = members["type"] else {
      throw LiveSession.Refusal(
        "key 'type': expected one of \(types.joined(separator: ", ")), got "
          + (members["type"]?.shown ?? "nothing"))
    }
    guard let allowed = keys[type] else {
      throw LiveSession.Refusal(
        "key 'type': expected one of \(types.joined(separator: ", ")), got \(JSONValue.string(type).shown)"
          + NameSuggestion.didYouMean(type, among: types))
    }
    for key in members.keys.sorted() where !allowed.contains(key) {
      throw LiveSession.Refusal(
        "\(type): key '\(key)': expected one of \(allowed.joined(separator: ", ")), got an "
          + "unknown key" + NameSuggestion.didYouMean(key, among: allowed))
    }
    func number(_ key: String) throws(LiveSession.Refusal) -> Double {
      guard case .number(let x)? = members[key] else {
        throw LiveSession.Refusal(
          "\(type): key '\(key)': expected a number, got \(members[key]?.shown ?? "nothing")")
      }
      guard x.isFinite else {
        throw LiveSession.Refusal("\(type): key '\(key)': expected a finite number, got \(x)")
      }
      return x
    }
    switch type {
    case "open":
      var body = members
      body.removeValue(forKey: "type")
      var timing = false
      if let value = body.removeValue(forKey: "timing") {
        guard case .bool(let flag) = value else {
          throw LiveSession.Refusal(
            "open: key 'timing': expected true or false, got \(value.shown)")
        }
        timing = flag
      }
      do {
        var experiment: String?
        if let value = body.removeValue(forKey: "experiment") {
          experiment = try RequestPath.checked(value, key: "experiment")
        }
        return .open(try APIRequest.liveScene(body), timing: timing, experiment: experiment)
      } catch {
        throw LiveSession.Refusal(error.liveMessage)
      }
    case "touch":
      guard case .string(let id)? = members["id"] else {
        throw LiveSession.Refusal(
          "touch: key 'id': expected the touch's id (a string), got "
            + (members["id"]?.shown ?? "nothing"))
      }
      let phases = LiveSession.Phase.allCases.map(\.rawValue)
      guard case .string(let name)? = members["phase"],
        let phase = LiveSession.Phase(rawValue: name)
      else {
        throw LiveSession.Refusal(
          "touch: key 'phase': expected one of \(phases.joined(separator: ", ")), got "
            + (members["phase"]?.shown ?? "nothing"))
      }
      return .touch(
        id: id, phase: phase, t_s: try number("t_s"), x_pt: try number("x_pt"),
        y_pt: try number("y_pt"))
    case "advance":
      return .advance(to_t_s: try number("to_t_s"))
    case "set":
      guard let set = members["set"] else {
        throw LiveSession.Refusal(
          "set: key 'set': expected an object of experiment paths and their values, got nothing")
      }
      do {
        return .set(try APIRequest.settings(set))
      } catch {
        throw LiveSession.Refusal(error.liveMessage)
      }
    default:  // save
      guard let path = members["path"] else {
        throw LiveSession.Refusal(
          "save: key 'path': expected a scene file's path under the server's root, got nothing")
      }
      let checked: String
      do {
        checked = try RequestPath.checked(path, key: "path")
      } catch {
        throw LiveSession.Refusal(error.liveMessage)
      }
      guard checked.hasSuffix(".toml") else {
        throw LiveSession.Refusal(
          "save: key 'path': expected a scene file's path ending in .toml, got \(path.shown)")
      }
      var replace = false
      if let value = members["replace"] {
        guard case .bool(let flag) = value else {
          throw LiveSession.Refusal(
            "save: key 'replace': expected true or false, got \(value.shown)")
        }
        replace = flag
      }
      return .save(path: checked, replace: replace)
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
