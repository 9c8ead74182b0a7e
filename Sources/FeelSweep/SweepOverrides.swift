import FeelCore
import FeelScene

/// Changes to an experiment made outside its file, for one sweep: `feel sweep EXP --set
/// PATH=VALUE --axis NAME=FROM:TO:STEP`, and the `set` and `axes` of feel-serve's `POST
/// /api/sweep` (docs/sweeps.md, "Changing an experiment without editing the file").
///
/// The result is the experiment its file would be with the changes written in: a setting is a
/// `[fixed]` value (replacing the file's own `[fixed]` value of the same path, in place, or
/// added after them), an axis override replaces that axis's `values` or `range`. A setting of a
/// path that an axis moves is ignored: the axis wins, so a caller may send every constant it
/// holds (the studio's sliders) with the axes re-centred around some of them. The sweep's CSV
/// is then byte for byte `feel sweep` of that edited file.
public struct SweepOverrides: Sendable, Equatable {
  /// Values fixed for the whole sweep, in the order given.
  public var settings: [SceneSetting]
  /// Axes whose values are replaced, in the order given.
  public var axes: [AxisOverride]

  public init(settings: [SceneSetting] = [], axes: [AxisOverride] = []) {
    self.settings = settings
    self.axes = axes
  }

  public var isEmpty: Bool { settings.isEmpty && axes.isEmpty }

  /// One axis's new values. `shown` names it in messages: `--axis 'damping=0.2:0.5:0.01'`.
  public struct AxisOverride: Sendable, Equatable {
    public var name: String
    public var values: AxisValues
    public var shown: String

    public init(name: String, values: AxisValues, shown: String) {
      self.name = name
      self.values = values
      self.shown = shown
    }

    /// `NAME=SPEC` as `--axis` takes it: SPEC is `FROM:TO:STEP` (a range by its step), or a
    /// TOML value an experiment's axis takes: an array of values (`[0.2, 0.35, 0.5]`) or a
    /// range table (`{ from = 0.2, to = 0.5, count = 7 }`).
    public init(parsing argument: String, shown: String) throws(Problem) {
      guard let equals = argument.firstIndex(of: "=") else {
        throw Problem(
          shown: shown,
          expected: "NAME=FROM:TO:STEP, NAME=[v, …] or NAME={ from = …, to = …, count = … }: "
            + "an axis's name and its new values", got: "no '='")
      }
      let name = String(argument[..<equals]).trimmingBlanks
      guard !name.isEmpty else {
        throw Problem(shown: shown, expected: "an axis's name before '='", got: "nothing")
      }
      let spec = String(argument[argument.index(after: equals)...]).trimmingBlanks
      let toml: String
      if spec.first == "[" || spec.first == "{" {
        toml = spec
      } else {
        let parts = spec.split(separator: ":", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Double($0.trimmingBlanks) }.filter(\.isFinite)
        guard parts.count == 3, numbers.count == 3 else {
          throw Problem(
            shown: shown,
            expected: "FROM:TO:STEP (three numbers), [v, …] or { from = …, to = …, count = … }",
            got: "\"\(spec)\"")
        }
        let (from, to, step) = (numbers[0], numbers[1], numbers[2])
        toml =
          "{ from = \(AxisValue.shortest(from)), to = \(AxisValue.shortest(to)), "
          + "step = \(AxisValue.shortest(step)) }"
      }
      try self.init(name: name, toml: toml, shown: shown)
    }

    /// The values from their TOML text (`[…]`, or `{ from = …, to = …, step | count = … }`),
    /// read and checked as an experiment file's axis values are.
    public init(name: String, toml: String, shown: String) throws(Problem) {
      try self.init(name: name, shown: shown) { () throws(ExperimentError) in
        try ExperimentReader.axisValues(toml, axis: name)
      }
    }

    /// The values given as data (`/api/sweep`'s `axes`), checked as an experiment file's axis
    /// values are, with the same messages.
    public init(name: String, given: AxisSpec, shown: String) throws(Problem) {
      try self.init(name: name, shown: shown) { () throws(ExperimentError) in
        try ExperimentReader.axisValues(given, axis: name)
      }
    }

    private init(
      name: String, shown: String, read: () throws(ExperimentError) -> AxisValues
    ) throws(Problem) {
      self.name = name
      self.shown = shown
      do {
        values = try read()
      } catch {
        throw Problem(
          shown: shown, key: error.table.hasSuffix(" range") ? error.key : nil,
          expected: error.expected, got: error.got ?? "nothing", suggestion: error.suggestion)
      }
    }
  }

  /// An axis's new values as data, before they are checked: a list (an experiment's `values =
  /// […]`) or a range's keys and numbers (`range = { from = …, to = …, step = … }`).
  public enum AxisSpec: Sendable, Equatable {
    case list([AxisValue])
    case range([String: Double])
  }

  /// What is wrong with a setting or an axis override: `--axis 'damping=0:1:0'`, `key
  /// 'step'`: `expected …, got …`.
  public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The setting or override as messages name it.
    public var shown: String
    /// The key of a range table the problem is in (`step`), if any.
    public var key: String?
    public var expected: String
    public var got: String
    public var suggestion: String?

    public init(
      shown: String, key: String? = nil, expected: String, got: String, suggestion: String? = nil
    ) {
      self.shown = shown
      self.key = key
      self.expected = expected
      self.got = got
      self.suggestion = suggestion
    }

    /// `--axis 'damping=0:1:0': key 'step': expected a step …, got 0: the range is empty`.
    public var description: String {
      MessageText.oneLine(
        "\(shown): \(key.map { "key '\($0)': " } ?? "")expected \(expected), got \(got)"
          + NameSuggestion.didYouMean(suggestion))
    }
  }

  /// `experiment` with these changes, checked against `scene` (its base scene; the default
  /// scene for a recognizer experiment): every axis named exists and is given once, its values
  /// suit every path it moves; every setting's path exists and is set once, and its value
  /// suits the path, as a `[fixed]` value is checked. What `ParameterGrid` checks besides (the
  /// grid's size, the frame count) it checks on the result.
  public func applied(to experiment: Experiment, scene: Scene) throws(Problem) -> Experiment {
    // Wildcard paths stand for the paths they match (a bad one is `ParameterGrid`'s error).
    var result = (try? experiment.expandingWildcards(in: scene)) ?? experiment
    let names = experiment.axes.map(\.name)
    var given: Set<String> = []
    for override in axes {
      guard let index = names.firstIndex(of: override.name) else {
        throw Problem(
          shown: override.shown,
          expected: "the name of an axis of \(experiment.file) (\(names.joined(separator: ", ")))",
          got: "\"\(override.name)\"",
          suggestion: NameSuggestion.closest(to: override.name, among: names))
      }
      guard given.insert(override.name).inserted else {
        throw Problem(
          shown: override.shown, expected: "each axis given once",
          got: "axis \"\(override.name)\" again")
      }
      result.axes[index].values = override.values
      let axis = result.axes[index]
      for target in axis.targets {
        // A path the scene lacks is the experiment's own error, which `ParameterGrid` reports.
        guard let path = try? SweepPath(target.path, in: scene) else { continue }
        do {
          try ParameterGrid.check(axis, target, path, in: scene)
        } catch {
          throw Problem(
            shown: override.shown, expected: error.expected, got: error.got ?? "nothing",
            suggestion: error.suggestion)
        }
      }
    }

    let axisPaths = Set(
      result.axes.flatMap { axis in
        axis.targets.compactMap { try? SweepPath($0.path, in: scene).text }
      })
    var claimed: [String: String] = [:]
    for setting in settings {
      func fail(_ expected: String, _ got: String, _ suggestion: String? = nil) -> Problem {
        Problem(shown: setting.shown, expected: expected, got: got, suggestion: suggestion)
      }
      let path: SweepPath
      do {
        path = try SweepPath(setting.path, in: scene)
      } catch {
        throw fail(error.expected, "\"\(setting.path)\"", error.suggestion)
      }
      if let earlier = claimed[path.text] {
        throw fail("a path set once", "also set by \(earlier)")
      }
      claimed[path.text] = setting.shown
      if let problem = path.kind.problem(with: setting.value) {
        throw fail(problem.expected, setting.value.description, problem.suggestion)
      }
      if axisPaths.contains(path.text) { continue }  // the axis wins
      if let index = result.fixed.firstIndex(where: {
        (try? SweepPath($0.path, in: scene))?.text == path.text
      }) {
        result.fixed[index].value = setting.value
      } else {
        result.fixed.append(
          Setting(
            path: setting.path, value: setting.value,
            location: SourceLocation(file: "--set", line: nil, table: "", key: setting.path)))
      }
    }
    return result
  }
}

extension StringProtocol {
  fileprivate var trimmingBlanks: String {
    let blanks = " \t"
    var text = Substring(self)
    while let first = text.first, blanks.contains(first) { text.removeFirst() }
    while let last = text.last, blanks.contains(last) { text.removeLast() }
    return String(text)
  }
}
