import FeelScene

extension SceneValueKind {
  /// What is wrong with `value` as a value of this kind, if anything: what was expected (the
  /// range and unit of a number, the names of a choice) and a close name for a misspelt choice.
  /// The one check of a value set through a path: an experiment's `[fixed]` values and axes
  /// (`ParameterGrid`), and `--set` (`SceneSetting`).
  public func problem(with value: AxisValue) -> (expected: String, suggestion: String?)? {
    switch (self, value) {
    case (.number(let range, let unit), .number(let x)):
      if range.contains(x) { return nil }
      return (range.phrase + (unit.isEmpty ? "" : " (\(unit))"), nil)
    case (.number(let range, let unit), _):
      return (range.phrase + (unit.isEmpty ? "" : " (\(unit))"), nil)
    case (.choice(let names, let phrase), .string(let name)):
      if names.contains(name) { return nil }
      return (
        "\(phrase) (\(names.joined(separator: ", ")))",
        NameSuggestion.closest(to: name, among: names)
      )
    case (.choice(let names, let phrase), _):
      return ("\(phrase) (\(names.joined(separator: ", ")))", nil)
    case (.boolean, .boolean):
      return nil
    case (.boolean, _):
      return ("true or false", nil)
    }
  }
}
