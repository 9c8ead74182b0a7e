/// Which grid points the notebook stores trajectories for. Small grids are stored whole. A big
/// grid keeps, on each axis, every k-th value (k as small as the budget allows, the axis with
/// the most kept values coarsened first), always with the first and last values and the values
/// asked to be kept (the base scene's, so Castro's constants stay on the grid). The explorer's
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
    var strides = Array(repeating: 1, count: counts.count)
    func kept(_ a: Int) -> [Int] {
      Self.values(count: counts[a], stride: strides[a], keep: a < keep.count ? keep[a] : [])
    }
    var current = counts.indices.map(kept)
    func total() -> Int { current.reduce(1) { $0 * $1.count } }
    while total() > maxPoints {
      // Coarsen the axis that keeps the most values and can still lose some.
      guard
        let a = counts.indices.filter({ strides[$0] < counts[$0] - 1 })
          .max(by: { current[$0].count < current[$1].count })
      else { break }
      strides[a] += 1
      current[a] = kept(a)
    }
    self.strides = strides
    self.kept = current
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
