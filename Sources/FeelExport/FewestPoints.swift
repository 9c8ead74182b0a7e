/// The fewest printed points that keep a piecewise-linear CSS curve (`linear()` stops,
/// `@keyframes`) within its tolerance: a shortest path over the samples 0…`end`, where a
/// segment from sample i to sample j may be taken when `allowed(i, j)` (the printed segment
/// passes within the tolerance of samples i…j). Among paths with as few points, the one that
/// reaches each sample from the earliest point wins, so the result is deterministic.
enum FewestPoints {
  /// The samples kept, in order: 0 first, `end` last.
  static func path(to end: Int, allowed: (Int, Int) -> Bool) -> [Int] {
    var fewest = [Int](repeating: Int.max, count: end + 1)
    var previous = [Int](repeating: 0, count: end + 1)
    fewest[0] = 0
    for j in 1...end {
      for i in 0..<j where fewest[i] != Int.max && fewest[i] + 1 < fewest[j] && allowed(i, j) {
        fewest[j] = fewest[i] + 1
        previous[j] = i
      }
      if fewest[j] == Int.max {
        // Unreachable only if a sample's own rounding misses: fall back to the neighbour.
        fewest[j] = fewest[j - 1] + 1
        previous[j] = j - 1
      }
    }
    var path = [end]
    while path[path.count - 1] != 0 { path.append(previous[path[path.count - 1]]) }
    return path.reversed()
  }
}
