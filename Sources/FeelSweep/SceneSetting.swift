import FeelScene

/// A scene value set by its experiment path outside any experiment file: `feel run --set
/// PATH=VALUE`, `feel metrics --set`, and the `set` of feel-serve's requests. Each is resolved
/// and checked exactly as an experiment's `[fixed]` value is (docs/experiments.md, "Paths"):
/// the path against the scene (`ScenePath`, with a "did you mean" for a wrong segment; a `*`
/// in its id stands for every id it matches, `ScenePath.expanding`), the
/// value against the path's kind (`SceneValueKind.problem(with:)`: range and unit, choices,
/// booleans), each path set once, the frame count of the result
/// (`SceneSchema.frameCountProblem`) and its reference bounds' insets
/// (`SceneSchema.referenceBoundsProblem`).
public struct SceneSetting: Sendable, Equatable {
  /// The experiment path as given (`behavior.scrub-snap.damping`).
  public var path: String
  public var value: AxisValue
  /// How messages name the setting: `--set 'behavior.scrub-snap.damping=0.5'`.
  public var shown: String

  public init(path: String, value: AxisValue, shown: String) {
    self.path = path
    self.value = value
    self.shown = shown
  }

  /// What is wrong with a setting: what was expected, what was given, and a close name.
  public struct Problem: Error, Sendable, Equatable {
    public var expected: String
    public var got: String
    public var suggestion: String?
  }

  /// A setting that could not be applied, and why.
  public struct Failure: Error, Sendable, Equatable {
    public var setting: SceneSetting
    public var problem: Problem
  }

  /// Parses `PATH=VALUE` (`shown` names it in messages). VALUE is a TOML value, as an
  /// experiment's `[fixed]` table holds: a number (`0.5`, `1e-3`, `375`), `true` or `false`, a
  /// quoted string; a bare word that is no TOML value is taken as a string, so that
  /// `profile=ios7` needs no quotes. The path is resolved later, against the scene.
  public init(parsing argument: String, shown: String) throws(Problem) {
    self.shown = shown
    guard let equals = argument.firstIndex(of: "=") else {
      throw Problem(
        expected: "PATH=VALUE: an experiment path (docs/experiments.md, \"Paths\") and a value",
        got: "no '='")
    }
    path = String(argument[..<equals]).trimmingSpaces
    guard !path.isEmpty else {
      throw Problem(expected: "an experiment path before '='", got: "nothing")
    }
    value = try Self.value(String(argument[argument.index(after: equals)...]))
  }

  /// VALUE read as TOML (as the value of a `[fixed]` key), or as a bare word.
  static func value(_ text: String) throws(Problem) -> AxisValue {
    let written = text.trimmingSpaces
    let table: ExperimentTable
    do {
      table = try ExperimentTable.parse("value = " + written, file: "--set")
    } catch {
      // Not TOML: a bare word is a string (a profile's name); anything that set out to be a
      // TOML string, array or table is a mistake.
      if let first = written.first, "\"'[{".contains(first) || written.contains("\n") {
        throw Problem(
          expected: "a TOML value: a number, true or false, or a \"quoted string\"",
          got: written)
      }
      return .string(written)
    }
    guard table.keys == ["value"], let plain = table.value("value") else {
      throw Problem(expected: "one TOML value", got: written)
    }
    guard let value = AxisValue(plain) else {
      throw Problem(expected: ExperimentSchema.fixedValueForm, got: ExperimentReader.shown(plain))
    }
    return value
  }

  /// Sets every setting in `scene`, in order, each checked first; the first that fails is
  /// thrown, and `scene` is then left as it was. `scene` is one the reader accepted (a file's,
  /// or one built from it): the profile check runs only when a setting may fail it.
  public static func apply(_ settings: [SceneSetting], to scene: inout Scene) throws(Failure) {
    var result = scene
    var claimed: [String: SceneSetting] = [:]
    var checksProfile = false
    for setting in settings {
      func fail(_ expected: String, _ got: String, _ suggestion: String? = nil) -> Failure {
        Failure(
          setting: setting,
          problem: Problem(expected: expected, got: got, suggestion: suggestion))
      }
      // A wildcard path sets the value at every path it stands for (docs/experiments.md).
      let texts: [String]
      do {
        texts = try ScenePath.expanding(setting.path, in: result) ?? [setting.path]
      } catch {
        throw fail(error.expected, "\"\(setting.path)\"", error.suggestion)
      }
      for text in texts {
        let path: ScenePath
        do {
          path = try ScenePath(text, in: result)
        } catch {
          // A wildcard's paths differ only in the id: the setting as written is what was wrong.
          throw fail(error.expected, "\"\(setting.path)\"", error.suggestion)
        }
        if let earlier = claimed[path.text] {
          throw fail("a path set once", "also set by \(earlier.shown)")
        }
        claimed[path.text] = setting
        if let problem = path.kind.problem(with: setting.value) {
          throw fail(problem.expected, setting.value.description, problem.suggestion)
        }
        if path.mayMeetProfileCheck(in: result) { checksProfile = true }
        path.set(setting.value, in: &result)
        if path.isTiming, let problem = SceneSchema.frameCountProblem(result) {
          throw fail(problem.expected, problem.got)
        }
        if let problem = SceneSchema.referenceBoundsProblem(result) {
          throw fail(problem.expected, problem.got)
        }
      }
    }
    // What the reader refuses under the profile the settings leave (an iOS 9 key under
    // iOS 7's): blamed on the setting of the profile, else on the last setting. (A re-read of
    // the scene: only when a setting may change what it finds, as a live set is in a hurry.)
    if checksProfile, let setting = claimed["profile"] ?? settings.last,
      let error = SceneSchema.profileProblem(result)
    {
      throw Failure(setting: setting, problem: Problem(profileError: error))
    }
    scene = result
  }
}

extension SceneSetting.Problem {
  /// The scene reader's refusal of an iOS 9 key under iOS 7's profile, naming the key as the
  /// reader does: `expected no bounds with profile = "ios7" (bounds is iOS 9's) in item "bar"
  /// key 'bounds', got "ellipse"`.
  init(profileError error: SceneError) {
    self.init(
      expected: "\(error.expected) in \(error.qualifiedKey)", got: error.got ?? "nothing",
      suggestion: nil)
  }
}

extension String {
  /// Without the spaces and tabs at either end.
  fileprivate var trimmingSpaces: String {
    var text = Substring(self)
    while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" { text.removeLast() }
    return String(text)
  }
}
