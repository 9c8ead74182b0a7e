import FeelCommandSupport
import FeelScene
import FeelSweep

/// The JSON bodies of the HTTP API (docs/http-api.md), checked key by key with
/// messages in the command line's form, the body named `<request>` where a file name would
/// stand: `<request>: key 'touches': expected an array of touches, got an object`.
enum APIRequest {
  /// What a scene's text given whole is called in messages and reports.
  static let textName = "<request>"

  /// `POST /api/run` and `/api/metrics`: `scene` (a path under the root) or `scene_toml`,
  /// exactly one; `touches` optional.
  static let sceneKeys = ["scene", "scene_toml", "set", "touches"]
  static let touchKeys = ["id", "samples"]
  /// `POST /api/sweep`: `experiment`; `set` and `axes` optional.
  static let sweepKeys = ["experiment", "set", "axes"]
  static let rangeKeys = ["from", "to", "step", "count"]

  /// The scene a run or metrics request describes.
  static func scene(_ body: [UInt8]) throws(APIError) -> SceneInput {
    let members = try object(body, keys: sceneKeys, form: "scene or scene_toml, set, touches")
    return try scene(members)
  }

  /// A live session's `open`: its `scene` or `scene_toml`, and `set` (the other keys were
  /// checked by the caller).
  static func liveScene(_ members: [String: JSONValue]) throws(APIError) -> SceneInput {
    try scene(members)
  }

  private static func scene(_ members: [String: JSONValue]) throws(APIError) -> SceneInput {
    let source: SceneInput.Source
    switch (members["scene"], members["scene_toml"]) {
    case (let path?, nil):
      source = .file(try RequestPath.checked(path, key: "scene"))
    case (nil, let text?):
      guard case .string(let toml) = text else {
        throw bad("scene_toml", expected: "a scene file's text (a string)", got: text)
      }
      source = .text(toml, name: textName)
    case (nil, nil):
      throw .badRequest(
        "\(textName): key 'scene': expected a scene (\"scene\": a path under the server's "
          + "root, or \"scene_toml\": a scene file's text), got nothing")
    case (_?, _?):
      throw .badRequest(
        "\(textName): key 'scene_toml': expected one of \"scene\" and \"scene_toml\", got both")
    }
    var input = SceneInput(source)
    if let touches = members["touches"] { input.touches = try addedTouches(touches) }
    if let set = members["set"] { input.settings = try settings(set) }
    return input
  }

  /// The experiment a sweep request names (a path under the root), and the changes its `set`
  /// and `axes` make to it, as `feel sweep --set --axis` makes them.
  static func sweep(_ body: [UInt8]) throws(APIError) -> (
    experiment: String, overrides: SweepOverrides
  ) {
    let members = try object(body, keys: sweepKeys, form: "experiment, set, axes")
    guard let path = members["experiment"] else {
      throw .badRequest(
        "\(textName): key 'experiment': expected an experiment file's path under the server's "
          + "root, got nothing")
    }
    let experiment = try RequestPath.checked(path, key: "experiment")
    var overrides = SweepOverrides()
    if let set = members["set"] { overrides.settings = try settings(set) }
    if let axes = members["axes"] { overrides.axes = try axisOverrides(axes) }
    return (experiment, overrides)
  }

  /// `axes`: `{"damping": {"from": 0.2, "to": 0.5, "step": 0.01}, "release_pt": [40, 80]}`,
  /// each written as the TOML an experiment's axis holds (`range = { … }`, `values = […]`) and
  /// read by the experiment reader, in the order of the names.
  static func axisOverrides(_ value: JSONValue) throws(APIError) -> [SweepOverrides.AxisOverride] {
    let form =
      "an object of axis names and their values ({\"from\": …, \"to\": …, \"step\": …}, "
      + "{\"from\": …, \"to\": …, \"count\": …} or an array of values)"
    guard case .object(let members) = value else { throw bad("axes", expected: form, got: value) }
    var overrides: [SweepOverrides.AxisOverride] = []
    for name in members.keys.sorted() {
      let key = "axes.\(name)"
      let toml: String
      switch members[name]! {
      case .object(let range):
        var fields: [String] = []
        for field in range.keys.sorted(by: { order($0) < order($1) }) {
          guard rangeKeys.contains(field) else {
            throw .badRequest(
              "\(textName): key '\(key).\(field)': expected one of from, to, step, count, got "
                + "an unknown key" + NameSuggestion.didYouMean(field, among: rangeKeys))
          }
          guard case .number(let x) = range[field]! else {
            throw bad("\(key).\(field)", expected: "a number", got: range[field]!)
          }
          fields.append("\(field) = \(SceneInput.tomlNumber(x))")
        }
        toml = "{ " + fields.joined(separator: ", ") + " }"
      case .array(let elements):
        var cells: [String] = []
        for element in elements {
          switch element {
          case .number(let x): cells.append(SceneInput.tomlNumber(x))
          case .string(let s): cells.append(QuotedString.quoted(s))
          case .bool(let b): cells.append(b ? "true" : "false")
          default:
            throw bad(key, expected: "an array of numbers, strings or true/false", got: element)
          }
        }
        toml = "[" + cells.joined(separator: ", ") + "]"
      case let other:
        throw bad(key, expected: form, got: other)
      }
      do {
        overrides.append(
          try SweepOverrides.AxisOverride(
            name: name, toml: toml, shown: "\(textName): key '\(key)'"))
      } catch {
        throw .badRequest(
          "\(textName): key '\(key)\(error.key.map { ".\($0)" } ?? "")': expected "
            + "\(error.expected), got \(error.got)"
            + NameSuggestion.didYouMean(error.suggestion))
      }
    }
    return overrides
  }

  /// A range's keys in the order an experiment file writes them.
  private static func order(_ key: String) -> Int {
    rangeKeys.firstIndex(of: key) ?? rangeKeys.count
  }

  /// The body as a JSON object whose keys are all among `keys`.
  static func object(_ body: [UInt8], keys: [String], form: String) throws(APIError)
    -> [String: JSONValue]
  {
    guard let json = JSONValue.parse(body) else {
      throw .badRequest(
        "\(textName): expected a JSON object (\(form)), got \(body.isEmpty ? "nothing" : "text that is not JSON")"
      )
    }
    guard case .object(let members) = json else {
      throw .badRequest("\(textName): expected a JSON object (\(form)), got \(json.shown)")
    }
    for key in members.keys.sorted() where !keys.contains(key) {
      throw .badRequest(
        "\(textName): key '\(key)': expected one of \(keys.joined(separator: ", ")), got an "
          + "unknown key" + NameSuggestion.didYouMean(key, among: keys))
    }
    return members
  }

  /// `set`: `{"behavior.scrub-snap.damping": 0.5, "profile": "ios7", …}`, applied in the
  /// order of the paths' names (each path may be set once, so the order changes no result),
  /// each as `--set 'PATH=VALUE'`.
  static func settings(_ value: JSONValue) throws(APIError) -> [SceneSetting] {
    guard case .object(let members) = value else {
      throw bad("set", expected: "an object of experiment paths and their values", got: value)
    }
    var settings: [SceneSetting] = []
    for path in members.keys.sorted() {
      let setting: AxisValue
      switch members[path]! {
      case .number(let x): setting = .number(x)
      case .string(let s): setting = .string(s)
      case .bool(let b): setting = .boolean(b)
      case let other:
        throw bad("set.\(path)", expected: "a number, a string or true/false", got: other)
      }
      settings.append(SceneInput.setting(path: path, value: setting))
    }
    return settings
  }

  /// `touches`: `[{"id": "f", "samples": [[t_s, x_pt, y_pt], …]}, …]`. The numbers are
  /// checked by the scene reader, as in a file; here only that they are numbers.
  private static func addedTouches(_ value: JSONValue) throws(APIError)
    -> [SceneInput.AddedTouch]
  {
    let form = "an array of touches ({\"id\": \"f\", \"samples\": [[t_s, x_pt, y_pt], …]})"
    guard case .array(let elements) = value else {
      throw bad("touches", expected: form, got: value)
    }
    var touches: [SceneInput.AddedTouch] = []
    for (index, element) in elements.enumerated() {
      let key = "touches[\(index)]"
      guard case .object(let members) = element else {
        throw bad(key, expected: form, got: element)
      }
      for name in members.keys.sorted() where !touchKeys.contains(name) {
        throw .badRequest(
          "\(textName): key '\(key).\(name)': expected id or samples, got an unknown key"
            + NameSuggestion.didYouMean(name, among: touchKeys))
      }
      guard case .string(let id)? = members["id"] else {
        throw bad(
          "\(key).id", expected: "the touch's id (a string)", got: members["id"] ?? .null,
          missing: members["id"] == nil)
      }
      let samplesForm = "the touch's samples: an array of [t_s, x_pt, y_pt] numbers"
      guard case .array(let rows)? = members["samples"] else {
        throw bad(
          "\(key).samples", expected: samplesForm, got: members["samples"] ?? .null,
          missing: members["samples"] == nil)
      }
      var samples: [[Double]] = []
      samples.reserveCapacity(rows.count)
      for (r, row) in rows.enumerated() {
        guard case .array(let cells) = row else {
          throw bad("\(key).samples[\(r)]", expected: samplesForm, got: row)
        }
        var sample: [Double] = []
        for cell in cells {
          guard case .number(let x) = cell else {
            throw bad("\(key).samples[\(r)]", expected: samplesForm, got: cell)
          }
          sample.append(x)
        }
        samples.append(sample)
      }
      touches.append(SceneInput.AddedTouch(id: id, samples: samples))
    }
    return touches
  }

  static func bad(
    _ key: String, expected: String, got value: JSONValue, missing: Bool = false
  ) -> APIError {
    .badRequest(
      "\(textName): key '\(key)': expected \(expected), got \(missing ? "nothing" : value.shown)")
  }
}

/// A path given in a request: relative to the server's root, without `..`, and (once resolved,
/// symlinks included) inside the root. Anything else is refused with 403, before any file is
/// looked at.
enum RequestPath {
  /// The path `value` gives for `key`, checked.
  static func checked(_ value: JSONValue, key: String) throws(APIError) -> String {
    guard case .string(let path) = value, !path.isEmpty else {
      throw .badRequest(
        "\(APIRequest.textName): key '\(key)': expected a path under the server's root (a "
          + "non-empty string), got \(value.shown)")
    }
    if path.hasPrefix("/") || path.hasPrefix("~") || path.contains("\0") {
      throw .forbidden(reason: "\(key) \"\(path)\" is absolute")
    }
    if path.split(separator: "/", omittingEmptySubsequences: false).contains("..") {
      throw .forbidden(reason: "\(key) \"\(path)\" has a '..'")
    }
    do {
      try ReadRoot.check(path)
    } catch {
      throw .forbidden(reason: error.description)
    }
    return path
  }
}
