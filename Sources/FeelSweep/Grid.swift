/// The shape of an experiment's grid: how many values each axis has, and how its points are
/// numbered. Point `index` (0 ≤ index < count) is numbered in `feel sweep`'s row order, the
/// first axis outermost and the last varying fastest; its coordinates are one value index per
/// axis. Sweeps, `feel solve`, `feel check` and the notebook all number points this way, and
/// all thin a big grid with one rule (`thinned(maxPoints:keeping:)`).
public struct Grid: Sendable, Equatable {
  /// Values on each axis, in the experiment's order.
  public let counts: [Int]
  /// Points: the product of `counts`; `Int.max` when that overflows (`overflows`).
  public let count: Int
  /// Whether the product of `counts` is beyond `Int.max`.
  public let overflows: Bool

  public init(counts: [Int]) {
    self.counts = counts
    var total = 1
    var overflows = false
    for n in counts {
      let (product, overflowed) = total.multipliedReportingOverflow(by: n)
      overflows = overflows || overflowed
      total = overflowed ? Int.max : product
    }
    count = total
    self.overflows = overflows
  }

  /// The value index on each axis of point `index`.
  public func coordinates(of index: Int) -> [Int] {
    var rest = index
    var coordinates = Array(repeating: 0, count: counts.count)
    for a in counts.indices.reversed() {
      coordinates[a] = rest % counts[a]
      rest /= counts[a]
    }
    return coordinates
  }

  /// The point at `coordinates` (one value index per axis).
  public func index(of coordinates: [Int]) -> Int {
    var index = 0
    for (a, c) in coordinates.enumerated() { index = index * counts[a] + c }
    return index
  }

  /// Moves `coordinates` to the next point's (the last axis fastest); past the last point they
  /// wrap to the first's.
  @inline(__always) public func advance(_ coordinates: inout [Int]) {
    var a = counts.count - 1
    while a >= 0 {
      coordinates[a] += 1
      if coordinates[a] < counts[a] { return }
      coordinates[a] = 0
      a -= 1
    }
  }
}
