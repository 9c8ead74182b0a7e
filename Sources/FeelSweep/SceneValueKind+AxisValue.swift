import FeelScene

extension SceneValueKind {
  /// What is wrong with `value` as a value of this kind, if anything: what was expected (the
  /// range and unit of a number, the names of a choice) and a close name for a misspelt choice.
  /// The one check of a value set through a path: an experiment's `[fixed]` values and axes
  /// (`ParameterGrid`), and `--set` (`SceneSetting`).
  public func problem(with value: AxisValue) -> (expected: String, suggestion: String?)? {
    switch (self, value) {
    case (.number(let range, _), .number(let x)):
      if range.contains(x) { return nil }
    case (.choice(let names, _), .string(let name)):
      if names.contains(name) { return nil }
      return (expected, NameSuggestion.closest(to: name, among: names))
    case (.boolean, .boolean):
      return nil
    default:
      break
    }
    return (expected, nil)
  }

  /// What a value of this kind must be, in the words errors and `feel inspect --paths` use: the
  /// range and unit of a number ("a number ≥ 0 (pt)"), the names of a choice, true or false.
  public var expected: String {
    switch self {
    case .number(let range, let unit): range.phrase + (unit.isEmpty ? "" : " (\(unit))")
    case .choice(let names, let phrase): "\(phrase) (\(names.joined(separator: ", ")))"
    case .boolean: "true or false"
    }
  }
}
