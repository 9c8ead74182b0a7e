import FeelScene

/// A bad `feel solve` argument: which option, the argument as given, and what was expected.
///
/// Its `description` is the one line `feel solve` prints before exiting with status 2:
///
///     --where "overshot_pt <= 3": expected a metric the experiment measures (overshoot_pt,
///       settle_time_s), got "overshot_pt"; did you mean 'overshoot_pt'?
///     --fix "release_pt=81": expected a value on the grid of axis release_pt (the grid pass
///       runs grid points only): 10 to 160 in steps of 2.5, got 81 (nearest: 80, 82.5)
public struct SolveError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The option, as the command line names it: `--where`, `--minimize`, `--fix`.
  public var option: String
  /// The argument as given; empty when the problem is the options together.
  public var argument: String
  /// What was expected, in the designer's words.
  public var expected: String
  /// What was given instead.
  public var got: String?
  /// Known names close to a misspelt one; printed as "did you mean 'a' or 'b'?".
  public var suggestions: [String] = []

  /// The names to suggest for `name`: the closest misspelling within two edits, else every
  /// name that starts with it (`overshoot` → overshoot_pt, overshoot_pct).
  static func suggestions(for name: String, among names: [String]) -> [String] {
    if let close = NameSuggestion.closest(to: name, among: names) { return [close] }
    guard !name.isEmpty else { return [] }
    return names.filter { $0.hasPrefix(name) }
  }

  public var description: String {
    var text = option
    if !argument.isEmpty { text += " \"\(argument)\"" }
    text += ": expected \(expected)"
    if let got { text += ", got \(got)" }
    return text + NameSuggestion.didYouMean(suggestions)
  }
}
