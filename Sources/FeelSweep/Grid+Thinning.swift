extension Grid {
  /// The points kept of this grid when it has more than `maxPoints`, by FeelLab's one rule
  /// (docs/notebook.md, "Thinning a big grid"): on each axis every k-th value from the first,
  /// always with the last value and the values `keep` asks for (value indices per axis; those
  /// out of range are ignored). Every stride starts at 1; while more than `maxPoints` points
  /// remain, the axis that keeps the most values and can still lose some (the first such in
  /// axis order on a tie) is coarsened: its stride s becomes max(s + 1, s + ⌊s / 10⌋), at most
  /// n − 1 (its ends only). A grid that fits is kept whole; one that cannot fit even at its
  /// ends and kept values keeps those, more than `maxPoints`.
  public func thinned(maxPoints: Int, keeping keep: [[Int]] = []) -> ThinnedGrid {
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
    // In doubles: the product of a huge grid's counts may overflow an Int.
    func total() -> Double { current.reduce(1.0) { $0 * Double($1) } }
    while total() > Double(maxPoints) {
      guard
        let a = counts.indices.filter({ strides[$0] < counts[$0] - 1 })
          .max(by: { current[$0] < current[$1] })
      else { break }
      strides[a] = min(counts[a] - 1, max(strides[a] + 1, strides[a] + strides[a] / 10))
      current[a] = keptCount(a, strides[a])
    }
    let kept = counts.indices.map {
      Self.kept(count: counts[$0], stride: strides[$0], keep: keep[$0])
    }
    return ThinnedGrid(full: self, kept: kept, strides: strides)
  }

  /// The value indices kept on an axis of `count` values: every `stride`-th from the first,
  /// the last, and `keep`.
  static func kept(count: Int, stride: Int, keep: [Int]) -> [Int] {
    guard count > 0 else { return [] }
    var set = Set(Swift.stride(from: 0, to: count, by: stride))
    set.insert(count - 1)
    for k in keep where k >= 0 && k < count { set.insert(k) }
    return set.sorted()
  }
}

/// The points of a grid kept by `Grid.thinned(maxPoints:keeping:)`: on each axis the kept value
/// indices, themselves a grid (`grid`) whose points are numbered in the same row order.
public struct ThinnedGrid: Sendable, Equatable {
  /// The grid thinned.
  public let full: Grid
  /// Value indices (of `full`) kept on each axis, ascending.
  public let kept: [[Int]]
  /// Every k-th value kept on each axis (1: every value).
  public let strides: [Int]
  /// The kept points as a grid of their own: `kept[a].count` values on axis a.
  public let grid: Grid

  init(full: Grid, kept: [[Int]], strides: [Int]) {
    self.full = full
    self.kept = kept
    self.strides = strides
    grid = Grid(counts: kept.map(\.count))
  }

  /// Points kept.
  public var count: Int { grid.count }

  /// Whether every point of `full` is kept.
  public var isWhole: Bool { grid.counts == full.counts }

  /// The coordinates in `full` of kept point `index` (0 ≤ index < count, in row order).
  public func coordinates(of index: Int) -> [Int] {
    var coordinates = grid.coordinates(of: index)
    for a in coordinates.indices { coordinates[a] = kept[a][coordinates[a]] }
    return coordinates
  }

  /// The index in `full` of kept point `index`.
  public func fullIndex(of index: Int) -> Int {
    full.index(of: coordinates(of: index))
  }
}
