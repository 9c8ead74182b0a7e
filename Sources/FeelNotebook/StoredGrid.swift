/// Which grid points the notebook stores trajectories for. Small grids are stored whole. A big
/// grid keeps, on each axis, every k-th value (k as small as the budget allows, the axis with
/// the most kept values coarsened first), always with the first and last values and the values
/// asked to be kept (the base scene's, so its constants stay on the grid). The explorer's
/// controls step through the kept values only.
public struct StoredGrid: Sendable, Equatable {
  /// Value indices kept on each axis, ascending.
  public var kept: [[Int]]
  /// Every k-th value on each axis (1: all).
  public var strides: [Int]
  /// Values on each axis in the full grid.
  public var counts: [Int]

  /// Points stored: the product of the kept counts.
  public var count: Int { kept.reduce(1) { $0 * $1.count } }

  /// The kept values for axes of `counts` values, coarsened until at most `maxPoints` points
  /// remain (or every axis is down to its ends and `keep`).
  public init(counts: [Int], keep: [[Int]] = [], maxPoints: Int) {
    self.counts = counts
    let keep = counts.indices.map { a in
      Array(Set((a < keep.count ? keep[a] : []).filter { $0 >= 0 && $0 < counts[a] })).sorted()
    }
    var strides = Array(repeating: 1, count: counts.count)
    // Kept values of axis a at stride s, counted without listing them (an axis may be huge).
    func keptCount(_ a: Int, _ s: Int) -> Int {
      let n = counts[a]
      guard n > 0 else { return 0 }
      var total = (n + s - 1) / s
      if (n - 1) % s != 0 { total += 1 }
      total += keep[a].filter { $0 % s != 0 && $0 != n - 1 }.count
      return total
    }
    var current = counts.indices.map { keptCount($0, 1) }
    func total() -> Double { current.reduce(1.0) { $0 * Double($1) } }
    while total() > Double(maxPoints) {
      // Coarsen the axis that keeps the most values and can still lose some: by one step, or
      // by a tenth at once when its stride is already large.
      guard
        let a = counts.indices.filter({ strides[$0] < counts[$0] - 1 })
          .max(by: { current[$0] < current[$1] })
      else { break }
      strides[a] = min(counts[a] - 1, max(strides[a] + 1, strides[a] + strides[a] / 10))
      current[a] = keptCount(a, strides[a])
    }
    self.strides = strides
    kept = counts.indices.map {
      Self.values(count: counts[$0], stride: strides[$0], keep: keep[$0])
    }
  }

  static func values(count: Int, stride: Int, keep: [Int]) -> [Int] {
    guard count > 0 else { return [] }
    var set = Set(Swift.stride(from: 0, to: count, by: stride))
    set.insert(count - 1)
    for k in keep where k >= 0 && k < count { set.insert(k) }
    return set.sorted()
  }

  /// The value indices of stored point `index` (the last axis varies fastest).
  public func coordinates(of index: Int) -> [Int] {
    var rest = index
    var result = Array(repeating: 0, count: kept.count)
    for a in kept.indices.reversed() {
      result[a] = kept[a][rest % kept[a].count]
      rest /= kept[a].count
    }
    return result
  }
}
