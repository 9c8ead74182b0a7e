/// "Did you mean …?": the known name closest to a misspelt one, if it is close enough. Every
/// reader's messages (scenes, experiments, controls, options of `feel`) suggest names with it.
public enum NameSuggestion {
  /// The candidate nearest to `name` (case-insensitive, counting insertions, deletions,
  /// substitutions and swaps of neighbours), or nil if none is within 2 edits (1 for names
  /// of up to 4 characters, where 2 edits would turn `to` into `at`).
  public static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
    let lowered = name.lowercased()
    let length = lowered.count
    let allowed = length <= 4 ? 1 : 2
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let other = candidate.lowercased()
      // The distance is at least the difference in length: a name far longer than every
      // candidate (a fuzzer's, a pasted paragraph) costs no distance table at all.
      guard abs(other.count - length) <= allowed else { continue }
      let distance = editDistance(lowered, other)
      if distance <= allowed, distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    return best?.name
  }

  /// The end of a message that suggests names: `; did you mean 'damping'?`, or for several
  /// `; did you mean 'overshoot_pt' or 'overshoot_pct'?`; empty when there is none. Every
  /// message that suggests a name ends with it.
  public static func didYouMean(_ suggestions: [String]) -> String {
    guard !suggestions.isEmpty else { return "" }
    return "; did you mean " + suggestions.map { "'\($0)'" }.joined(separator: " or ") + "?"
  }

  /// `didYouMean` of one suggestion, or empty for nil.
  public static func didYouMean(_ suggestion: String?) -> String {
    didYouMean(suggestion.map { [$0] } ?? [])
  }

  /// `didYouMean` of the candidate closest to `name`, or empty when none is close.
  public static func didYouMean(_ name: String, among candidates: some Sequence<String>) -> String {
    didYouMean(closest(to: name, among: candidates))
  }

  /// Optimal-string-alignment distance: Levenshtein plus transposition of adjacent characters.
  public static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    // d[i][j]: distance between the first i characters of a and the first j of b.
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[a.count][b.count]
  }
}
