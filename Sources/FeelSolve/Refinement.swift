import FeelSweep
import Foundation

/// The best grid point refined between grid values with the engine itself.
///
/// Each continuous axis (`SolveAxis.isContinuous`; not a `--fix`ed one) is searched once, in
/// the experiment's order, holding the other axes at the best values found so far, within the
/// bracket of its two neighbouring grid values (one at the ends of the grid):
///
/// 1. **Bisection** on each side whose neighbour is infeasible finds where the constraints cut
///    the bracket (the last feasible and first infeasible values, `bisectionFraction` = 1/256
///    of the grid spacing apart: 8 runs a side); the feasible end bounds the search. When the
///    optimum sits on a constraint, it is that end.
/// 2. The objective is then searched over the feasible bracket:
///    - a continuous objective (a length, a speed) by **golden-section search**, to 1/256 of
///      the spacing (at most 15 runs);
///    - a quantised objective (a frame time, which moves in whole display frames, or a count)
///      by a **scan** at 1/16 of the spacing (at most 33 runs): golden-section cannot rank
///      the ties of a step function. A better step found is taken at the middle of its run of
///      equal scan points, so a small change of the value does not lose the frame gained;
///    - without an objective, the depth inside the constraints (the smallest normalised
///      slack) is maximised by golden-section.
///
/// A point replaces the best so far only if its objective is strictly better (without an
/// objective: its depth), so on a plateau of equal frames the grid value stays. Every point
/// probed is an engine run at exactly those values; the point kept is a feasible probe, never
/// worse than the grid best. Finally each moved value is cut to the decimals its search step
/// needs, towards the grid value it started from, and run again; the rounded point is kept if it is feasible and still better
/// than the grid best. Either way the values printed are values that were run.
public struct Refinement: Sendable {
  /// What the search did on one axis.
  public struct AxisSearch: Sendable {
    /// The axis's position in the grid's axes.
    public var axis: Int
    public var name: String
    /// The value the search started from (a grid value).
    public var start: Double
    /// The neighbouring grid values around `start`: the bracket searched.
    public var bracket: ClosedRange<Double>
    /// How the objective was searched.
    public var method: Method
    /// The resolution of that search, in the axis's unit: the golden-section tolerance, or
    /// the scan step (a fraction of the grid spacing, `goldenFraction` or `scanFraction`).
    public var tolerance: Double
    /// The constraint boundaries bisection located: the last feasible and first infeasible
    /// values, less than `tolerance` apart.
    public var boundaries: [(feasible: Double, infeasible: Double)]
    /// The feasible bracket searched for the objective (nil when narrower than the
    /// tolerance).
    public var searched: ClosedRange<Double>?
    /// Engine runs on this axis.
    public var runs: Int
    /// The value after the search.
    public var result: Double
  }

  /// The refined point's axis values (fixed and non-continuous axes as on the grid).
  public var values: [AxisValue]
  /// Its metrics, from an engine run at exactly `values`.
  public var metrics: [Double?]
  public var rank: SolveProblem.Rank
  /// What it gained over the grid best.
  public var gain: Gain
  /// Whether it ranks strictly better than the grid best.
  public var improved: Bool { gain != .none }

  /// What refinement gained over the grid best.
  public enum Gain: String, Sendable {
    /// A better objective value.
    case objective
    /// Without an objective: farther inside the constraints (a larger smallest normalised
    /// slack).
    case depth
    /// Nothing: the refined point is the grid best.
    case none
  }
  /// One per continuous axis, in order.
  public var searches: [AxisSearch]
  /// Engine runs used by the refinement (grid points it reused are not counted).
  public var engineRuns: Int

  /// How the objective was searched on an axis.
  public enum Method: String, Sendable {
    case goldenSection = "golden-section"
    case scan
  }

  /// Bisection's and golden-section's tolerance, as a fraction of the axis's grid spacing.
  public static let goldenFraction = 1.0 / 256
  /// The scan's step for a quantised objective, as a fraction of the grid spacing.
  public static let scanFraction = 1.0 / 16

  /// Refines `solution`'s best point; `evaluate` runs the engine at any axis values and
  /// returns the metrics as the grid holds them. Nil when there is no best point (nothing is
  /// feasible) or no continuous axis to move.
  public static func refine(
    _ solution: GridSolution, _ grid: SolveGrid, evaluate: ([AxisValue]) -> [Double?]
  ) -> Refinement? {
    guard let best = solution.best else { return nil }
    let continuous = grid.axes.indices.filter { grid.axes[$0].isContinuous }
    guard !continuous.isEmpty else { return nil }
    let problem = solution.problem
    let scales = solution.scales
    let quantised = problem.objective.map { grid.metrics[$0.metricIndex].quantum != nil } ?? false
    var runs = 0
    var cache: [String: [Double?]] = [:]
    func measure(_ values: [AxisValue]) -> [Double?] {
      if let point = grid.point(at: values) { return grid.row(point) }
      let key = values.map(\.csvCell).joined(separator: ",")
      if let row = cache[key] { return row }
      runs += 1
      let row = evaluate(values)
      cache[key] = row
      return row
    }
    /// Whether `a` improves on `b`: a strictly better objective; without an objective, a
    /// strictly larger depth inside the constraints.
    func improves(_ a: SolveProblem.Rank, on b: SolveProblem.Rank) -> Bool {
      guard a.isFeasible else { return false }
      return problem.objective == nil ? a.depth > b.depth : a.cost < b.cost
    }
    let gridRank = problem.rank(grid.row(best), scales: scales)
    var incumbent = (values: grid.axisValues(of: best), row: grid.row(best), rank: gridRank)

    var searches: [AxisSearch] = []
    for a in continuous {
      let axis = grid.axes[a]
      guard case .number(let start) = incumbent.values[a], let i = axis.index(of: start),
        let spacing = axis.spacing
      else { continue }
      let runsBefore = runs
      let held = incumbent.values
      /// Runs the point with axis `a` at `x`; `keep`: make it the best so far if it improves.
      func probe(_ x: Double, keep: Bool = true) -> SolveProblem.Rank {
        var values = held
        values[a] = .number(x)
        let row = measure(values)
        let rank = problem.rank(row, scales: scales)
        if keep && improves(rank, on: incumbent.rank) { incumbent = (values, row, rank) }
        return rank
      }
      // 1. Where the constraints cut the bracket.
      let fine = spacing * goldenFraction
      var low = start
      var high = start
      var boundaries: [(feasible: Double, infeasible: Double)] = []
      for n in [i - 1, i + 1] where n >= 0 && n < axis.values.count {
        let neighbour = axis.number(n)!
        var end = neighbour
        if !probe(neighbour, keep: !quantised).isFeasible {
          var feasible = start
          var infeasible = neighbour
          while abs(infeasible - feasible) > fine {
            let middle = (feasible + infeasible) / 2
            if probe(middle, keep: !quantised).isFeasible {
              feasible = middle
            } else {
              infeasible = middle
            }
          }
          end = feasible
          boundaries.append((feasible, infeasible))
        }
        if neighbour < start { low = end } else { high = end }
      }
      // 2. The objective over the feasible bracket.
      let method: Method = quantised ? .scan : .goldenSection
      let tolerance = spacing * (quantised ? scanFraction : goldenFraction)
      var searched: ClosedRange<Double>?
      if high - low > tolerance {
        searched = low...high
        if quantised {
          let steps = Int(((high - low) / tolerance).rounded(.up))
          // Scan values within round-off of the start are the start (the grid has it).
          let xs = (0...steps).map { k -> Double in
            let x = k == steps ? high : low + Double(k) * (high - low) / Double(steps)
            return abs(x - start) <= 1e-9 * spacing ? start : x
          }
          let ranks = xs.map { probe($0, keep: false) }
          if let chosen = middleOfBestRun(xs, ranks), improves(ranks[chosen], on: incumbent.rank) {
            _ = probe(xs[chosen])
          }
        } else {
          goldenSection(low, high, tolerance: tolerance) { probe($0) }
        }
      }
      let neighbours = [i - 1, i, i + 1].filter { $0 >= 0 && $0 < axis.values.count }
        .map { axis.number($0)! }
      guard case .number(let result) = incumbent.values[a] else { continue }
      searches.append(
        AxisSearch(
          axis: a, name: axis.name, start: start,
          bracket: neighbours.min()!...neighbours.max()!, method: method, tolerance: tolerance,
          boundaries: boundaries, searched: searched, runs: runs - runsBefore, result: result))
    }

    // The moved values rounded to the decimals their search step needs, run again.
    var rounded = incumbent.values
    for search in searches where search.result != search.start {
      rounded[search.axis] = .number(
        Self.rounded(search.result, towards: search.start, tolerance: search.tolerance))
    }
    if rounded != incumbent.values {
      let row = measure(rounded)
      let rank = problem.rank(row, scales: scales)
      // Values move only for a gain over the grid best; the rounded point must keep one.
      if improves(rank, on: gridRank) { incumbent = (rounded, row, rank) }
    }
    for s in searches.indices {
      if case .number(let x) = incumbent.values[searches[s].axis] { searches[s].result = x }
    }
    let gain: Gain =
      !improves(incumbent.rank, on: gridRank)
      ? .none : problem.objective == nil ? .depth : .objective
    return Refinement(
      values: incumbent.values, metrics: incumbent.row, rank: incumbent.rank, gain: gain,
      searches: searches, engineRuns: runs)
  }

  /// The scan point to take: the middle of the longest run of consecutive points with the
  /// best cost (the first such run), or nil when no point is feasible.
  static func middleOfBestRun(_ xs: [Double], _ ranks: [SolveProblem.Rank]) -> Int? {
    guard let bestCost = ranks.filter(\.isFeasible).map(\.cost).min() else { return nil }
    var bestRun: Range<Int>?
    var k = 0
    while k < ranks.count {
      guard ranks[k].isFeasible && ranks[k].cost == bestCost else {
        k += 1
        continue
      }
      var end = k
      while end < ranks.count && ranks[end].isFeasible && ranks[end].cost == bestCost { end += 1 }
      if bestRun == nil || end - k > bestRun!.count { bestRun = k..<end }
      k = end
    }
    return bestRun.map { ($0.lowerBound + $0.upperBound - 1) / 2 }
  }

  /// Golden-section search for the lowest rank on [low, high], until the bracket is at most
  /// `tolerance` wide; `probe` runs a value and returns its rank.
  static func goldenSection(
    _ low: Double, _ high: Double, tolerance: Double,
    _ probe: (Double) -> SolveProblem.Rank
  ) {
    let ratio = (5.0.squareRoot() - 1) / 2
    var low = low
    var high = high
    var c = high - ratio * (high - low)
    var d = low + ratio * (high - low)
    var rankC = probe(c)
    var rankD = probe(d)
    while high - low > tolerance {
      if rankC < rankD {
        high = d
        d = c
        rankD = rankC
        c = high - ratio * (high - low)
        rankC = probe(c)
      } else {
        low = c
        c = d
        rankC = rankD
        d = low + ratio * (high - low)
        rankD = probe(d)
      }
    }
  }

  /// `x` cut to the fewest decimals whose half-unit is within `tolerance`, towards `start`
  /// (the grid value the search began from, on the feasible side of any constraint the search
  /// ended on), so the cut value moves at most one unit of the last decimal.
  static func rounded(_ x: Double, towards start: Double, tolerance: Double) -> Double {
    let decimals = max(0, Int((-log10(2 * tolerance)).rounded(.up)))
    let unit = pow(10, Double(decimals))
    let scaled = x * unit
    let cut = x > start ? scaled.rounded(.down) : scaled.rounded(.up)
    // Through the decimal text, so that 0.6344 is the double that reads "0.6344".
    return Double(String(format: "%.\(decimals)f", cut / unit)) ?? x
  }
}
