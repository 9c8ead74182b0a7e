/// The Pareto front of a set of points over several criteria: the points no other point
/// dominates. Point q dominates p when q is at least as good as p on every criterion and
/// strictly better on one; points equal on every criterion do not dominate each other (both
/// are on the front).
enum ParetoFront {
  /// The indices of `points` on the front, in the order of the criteria (best on the first
  /// criterion first, then the second…, then by index). `value(p, c)` is point p's value on
  /// criterion c, oriented so that lower is better.
  ///
  /// Sorted that way, a point can only be dominated by one before it, and a point dominated
  /// by anything is dominated by a front point before it (dominance is transitive), so each
  /// point is compared with the front found so far only.
  static func indices(_ points: [Int], criteria: Int, value: (Int, Int) -> Double) -> [Int] {
    // Values flat, `criteria` per position in `points`.
    var keys: [Double] = []
    keys.reserveCapacity(points.count * criteria)
    for p in points {
      for c in 0..<criteria { keys.append(value(p, c)) }
    }
    let order = points.indices.sorted { a, b in
      for c in 0..<criteria where keys[a * criteria + c] != keys[b * criteria + c] {
        return keys[a * criteria + c] < keys[b * criteria + c]
      }
      return points[a] < points[b]
    }
    var front: [Int] = []
    for a in order {
      let dominated = front.reversed().contains { b in
        var strictly = false
        for c in 0..<criteria {
          let kb = keys[b * criteria + c]
          let ka = keys[a * criteria + c]
          if kb > ka { return false }
          if kb < ka { strictly = true }
        }
        return strictly
      }
      if !dominated { front.append(a) }
    }
    return front.map { points[$0] }
  }
}
