import FeelCommandSupport
import FeelScene
import FeelSweep
import Foundation

/// The JSON bodies of the HTTP API (docs/http-api.md) as `Decodable` types, read by
/// Foundation's `JSONDecoder` through their `RequestTable`s (one row per key), with messages in
/// the command line's form, the body named `<request>` where a file name would stand:
/// `<request>: key 'touches': expected an array of touches, got an object`.
enum APIRequest {
  /// What a scene's text given whole is called in messages and reports.
  static let textName = "<request>"

  /// The rows of the keys several bodies share: a path under the root, the scene, `set`.
  enum Keys {
    static let pathExpected = "a path under the server's root (a non-empty string)"
    static func path(_ name: String, of what: String) -> RequestKey {
      RequestKey(name, pathExpected, missing: "\(what)'s path under the server's root")
    }
    static let scene = path("scene", of: "a scene file")
    static let sceneTOML = RequestKey("scene_toml", "a scene file's text (a string)")
    static let set = RequestKey("set", "an object of experiment paths and their values")
    static let touches = RequestKey(
      "touches", "an array of touches ({\"id\": \"f\", \"samples\": [[t_s, x_pt, y_pt], …]})")
    static let experiment = path("experiment", of: "an experiment file")
    static let control = path("control", of: "a control file")
    /// The scene by path or as its text, one of the two.
    static let sceneChoice = RequestChoice(
      keys: ["scene", "scene_toml"],
      none: (
        "scene",
        "a scene (\"scene\": a path under the server's root, or \"scene_toml\": a scene file's "
          + "text)"
      ), both: ("scene_toml", "one of \"scene\" and \"scene_toml\""))
  }

  /// `POST /api/run`, `/api/metrics` and `/api/export`: `scene` (a path under the root) or
  /// `scene_toml`, exactly one; `set` and `touches` optional.
  struct Scene: Decodable {
    static let table = RequestTable(
      [Keys.scene, Keys.sceneTOML, Keys.set, Keys.touches], choices: [Keys.sceneChoice])
    static let form = "scene or scene_toml, set, touches"
    let input: SceneInput

    init(from decoder: any Decoder) throws {
      input = try APIRequest.scene(try RequestObject(decoder, table: Self.table))
    }
  }

  /// `POST /api/sweep`: the experiment (a path under the root), and the changes its `set` and
  /// `axes` make to it, as `feel sweep --set --axis` makes them.
  struct Sweep: Decodable {
    static let table = RequestTable([
      Keys.experiment, Keys.set,
      RequestKey(
        "axes",
        "an object of axis names and their values ({\"from\": …, \"to\": …, \"step\": …}, "
          + "{\"from\": …, \"to\": …, \"count\": …} or an array of values)"),
    ])
    static let form = "experiment, set, axes"
    let experiment: String
    let overrides: SweepOverrides

    init(from decoder: any Decoder) throws {
      let body = try RequestObject(decoder, table: Self.table)
      experiment = try RequestPath.required(body, "experiment")
      var overrides = SweepOverrides()
      if let set = try APIRequest.settings(body) { overrides.settings = set }
      if let axes = try APIRequest.axisOverrides(body) { overrides.axes = axes }
      self.overrides = overrides
    }
  }

  /// The body as `T`: an empty body, text that is not JSON and a JSON value that is not an
  /// object are refused naming the body's `form`; `T`'s own refusals go on as they are.
  static func decode<T: Decodable>(_ type: T.Type, _ body: [UInt8], form: String)
    throws(APIError) -> T
  {
    func refused(_ got: String) -> APIError {
      .badRequest("\(textName): expected a JSON object (\(form)), got \(got)")
    }
    guard !body.isEmpty else { throw refused("nothing") }
    do {
      return try JSONDecoder().decode(T.self, from: Data(body))
    } catch let error as APIError {
      throw error
    } catch {
      throw refused(Received.shown(body) ?? "text that is not JSON")
    }
  }

  /// The scene a body gives: `scene` or `scene_toml` (as its table's choice says: a table
  /// without `scene_toml` requires `scene`), `touches`, `set` (the other keys are the caller's).
  static func scene(_ body: RequestObject) throws -> SceneInput {
    let body = body.renamed(textName)
    let source: SceneInput.Source
    if try body.chosen("scene") == "scene" {
      source = .file(try RequestPath.checked(body, key: "scene"))
    } else {
      let toml = try body.required(String.self, "scene_toml", expected: Keys.sceneTOML.expected)
      source = .text(toml, name: textName)
    }
    var input = SceneInput(source)
    if let touches = try body.value([AddedTouch].self, "touches", expected: Keys.touches.expected) {
      input.touches = touches.map(\.touch)
    }
    if let set = try settings(body) { input.settings = set }
    return input
  }

  /// `set`: `{"behavior.scrub-snap.damping": 0.5, "profile": "ios7", …}`, applied in the
  /// order of the paths' names (each path may be set once, so the order changes no result),
  /// each as `--set 'PATH=VALUE'`; nil without `set`.
  static func settings(_ body: RequestObject) throws -> [SceneSetting]? {
    let body = body.renamed(textName)
    guard
      let members = try body.value(
        [String: Checked<SetValue>].self, "set", expected: Keys.set.expected)
    else { return nil }
    var settings: [SceneSetting] = []
    for path in members.keys.sorted() {
      let given = members[path]!
      guard let value = given.value else {
        throw body.refusal(
          "set.\(path)", expected: "a number, a string or true/false", got: given.shown)
      }
      settings.append(SceneInput.setting(path: path, value: value.axisValue))
    }
    return settings
  }

  /// One of `touches`: `{"id": "f", "samples": [[t_s, x_pt, y_pt], …]}`. The numbers are
  /// checked by the scene reader, as in a file; here only that they are numbers.
  struct AddedTouch: Decodable {
    static let samplesForm = "the touch's samples: an array of [t_s, x_pt, y_pt] numbers"
    static let table = RequestTable(
      [RequestKey("id", "the touch's id (a string)"), RequestKey("samples", samplesForm)],
      unknown: "id or samples")
    let touch: SceneInput.AddedTouch

    init(from decoder: any Decoder) throws {
      let name = "touches[\(decoder.codingPath.last?.intValue ?? 0)]"
      guard (try? decoder.container(keyedBy: JSONKey.self)) != nil else {
        throw RequestError(
          file: textName, key: name, expected: Keys.touches.expected,
          got: try Received(from: decoder).shown
        ).badRequest
      }
      let body = try RequestObject(decoder, table: Self.table, prefix: "\(name).")
      let id = try body.required(String.self, "id")
      let rows = try body.required([Checked<[Checked<Double>]>].self, "samples")
      var samples: [[Double]] = []
      samples.reserveCapacity(rows.count)
      for (r, row) in rows.enumerated() {
        let refused = { (got: String) in
          body.refusal("samples[\(r)]", expected: Self.samplesForm, got: got)
        }
        guard let cells = row.value else { throw refused(row.shown) }
        var sample: [Double] = []
        for cell in cells {
          guard let x = cell.value else { throw refused(cell.shown) }
          sample.append(x)
        }
        samples.append(sample)
      }
      touch = SceneInput.AddedTouch(id: id, samples: samples)
    }
  }

  /// An axis's new values in `axes`: a range (`{"from": …, "to": …, "step" | "count": …}`) or
  /// a list of values.
  enum AxisSpec: Decodable {
    case range([String: Checked<Double>])
    case list([Checked<SetValue>])

    init(from decoder: any Decoder) throws {
      if let range = try? [String: Checked<Double>](from: decoder) {
        self = .range(range)
      } else {
        self = .list(try [Checked<SetValue>](from: decoder))
      }
    }
  }

  static let rangeKeys = ["from", "to", "step", "count"]

  /// `axes`: `{"damping": {"from": 0.2, "to": 0.5, "step": 0.01}, "release_pt": [40, 80]}`,
  /// in the order of the names; nil without `axes`. Each is checked by the experiment reader as
  /// an experiment file's axis is (`SweepOverrides.AxisSpec`, the values as data).
  static func axisOverrides(_ body: RequestObject) throws -> [SweepOverrides.AxisOverride]? {
    let form = Sweep.table.key("axes").expected
    guard let members = try body.value([String: Checked<AxisSpec>].self, "axes", expected: form)
    else { return nil }
    var overrides: [SweepOverrides.AxisOverride] = []
    for name in members.keys.sorted() {
      let key = "axes.\(name)"
      let given: SweepOverrides.AxisSpec
      switch members[name]!.value {
      case .range(let range):
        var numbers: [String: Double] = [:]
        for field in range.keys.sorted(by: { order($0) < order($1) }) {
          guard rangeKeys.contains(field) else {
            throw body.error(
              "\(key).\(field)", expected: "one of from, to, step, count", got: "an unknown key",
              suggestion: NameSuggestion.closest(to: field, among: rangeKeys))
          }
          guard let x = range[field]!.value else {
            throw body.refusal("\(key).\(field)", expected: "a number", got: range[field]!.shown)
          }
          numbers[field] = x
        }
        given = .range(numbers)
      case .list(let elements):
        var values: [AxisValue] = []
        for element in elements {
          guard let value = element.value else {
            throw body.refusal(
              key, expected: "an array of numbers, strings or true/false", got: element.shown)
          }
          values.append(value.axisValue)
        }
        given = .list(values)
      case nil:
        throw body.refusal(key, expected: form, got: members[name]!.shown)
      }
      do {
        overrides.append(
          try SweepOverrides.AxisOverride(
            name: name, given: given, shown: "\(textName): key '\(key)'"))
      } catch {
        throw body.error(
          key + (error.key.map { ".\($0)" } ?? ""), expected: error.expected, got: error.got,
          suggestion: error.suggestion)
      }
    }
    return overrides
  }

  /// A range's keys in the order an experiment file writes them.
  private static func order(_ key: String) -> Int {
    rangeKeys.firstIndex(of: key) ?? rangeKeys.count
  }
}

/// A path given in a request: relative to the server's root, without `..`, and (once resolved,
/// symlinks included) inside the root. Anything else is refused with 403, before any file is
/// looked at.
enum RequestPath {
  /// Refuses a body that gives no `key` (its row's `missing` words: a scene file's path).
  static func given(_ body: RequestObject, _ key: String) throws(APIError) {
    guard body.has(key) else {
      let row = body.table.key(key)
      throw body.renamed(APIRequest.textName).error(
        key, expected: row.missing ?? row.expected, got: "nothing")
    }
  }

  /// The path `body` must give for `key`, checked.
  static func required(_ body: RequestObject, _ key: String) throws -> String {
    try given(body, key)
    return try checked(body, key: key)
  }

  /// The path `body` gives for `key`, checked.
  static func checked(_ body: RequestObject, key: String) throws -> String {
    let body = body.renamed(APIRequest.textName)
    let expected = APIRequest.Keys.pathExpected
    let path = try body.required(String.self, key, expected: expected)
    guard !path.isEmpty else { throw body.refusal(key, expected: expected, got: "\"\"") }
    return try checked(path, key: key)
  }

  /// `path`, given for `key`, checked.
  static func checked(_ path: String, key: String) throws(APIError) -> String {
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
