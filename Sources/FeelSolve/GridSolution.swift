/// A problem solved on an evaluated grid: which points are feasible, the Pareto front, the best
/// point, and, when no point is feasible, why (`Infeasibility`).
public struct GridSolution: Sendable {
  public let problem: SolveProblem
  /// Each metric's range over the grid (`SolveProblem.scales`).
  public let scales: [Double]
  /// Whether each grid point satisfies every constraint.
  public let feasible: [Bool]
  public let feasibleCount: Int
  /// The metrics the front compares (`SolveProblem.paretoCriteria`).
  public let criteria: [SolveProblem.Criterion]
  /// The Pareto front: the feasible points with a value on every criterion that no other such
  /// point dominates, best on the first criterion (the objective) first. With no criteria,
  /// every feasible point.
  public let front: [Int]
  /// The best point: the front point of best `Rank` (objective, then depth inside the
  /// constraints, then grid order); among all feasible points when the front is empty (the
  /// objective empty everywhere). Nil when no point is feasible.
  public let best: Int?
  /// Why no point is feasible; nil when some point is.
  public let infeasibility: Infeasibility?

  public init(_ problem: SolveProblem, _ grid: SolveGrid) {
    self.problem = problem
    let scales = SolveProblem.scales(grid)
    self.scales = scales
    let feasible = (0..<grid.count).map { problem.isFeasible(grid.row($0)) }
    self.feasible = feasible
    let feasiblePoints = feasible.indices.filter { feasible[$0] }
    feasibleCount = feasiblePoints.count
    let criteria = problem.paretoCriteria
    self.criteria = criteria
    let comparable = feasiblePoints.filter { p in
      criteria.allSatisfy { grid.value(p, $0.metricIndex) != nil }
    }
    front = ParetoFront.indices(comparable, criteria: criteria.count) { p, c in
      let x = grid.value(p, criteria[c].metricIndex)!
      return criteria[c].lowerIsBetter ? x : -x
    }
    var best: (point: Int, rank: SolveProblem.Rank)?
    for p in (front.isEmpty ? feasiblePoints : front.sorted()) {
      let rank = problem.rank(grid.row(p), scales: scales)
      if best == nil || rank < best!.rank { best = (p, rank) }
    }
    self.best = best?.point
    infeasibility =
      feasiblePoints.isEmpty ? Infeasibility(problem, grid, scales: scales) : nil
  }

  /// Whether each grid point is on the front.
  public var onFront: [Bool] {
    var marks = Array(repeating: false, count: feasible.count)
    for p in front { marks[p] = true }
    return marks
  }
}

/// Why no grid point satisfies every constraint, and how close the grid came.
public struct Infeasibility: Sendable {
  /// What relaxing one constraint alone would do.
  public struct Relaxation: Sendable {
    /// The constraint's position in the problem.
    public var constraint: Int
    /// The points that satisfy every other constraint: what dropping this one admits.
    public var admits: Int
    /// The constraint relaxed just enough to admit the first of them (its bound moved to
    /// their value nearest it; a strict `<` or `>` becomes `<=` or `>=`); nil when none of
    /// them has a value for its metric.
    public var relaxed: Constraint?
    /// How far the bound moves, divided by the metric's range over the grid.
    public var normalisedChange: Double?
  }

  /// One per constraint, in the problem's order.
  public let relaxations: [Relaxation]
  /// The constraint that binds: the one that needs the smallest normalised change to admit a
  /// point (ties: the one admitting more points when dropped, then the first written). Nil
  /// when no single constraint can be relaxed to admit a point (two or more must move).
  public let binding: Int?
  /// The grid point that came closest: the fewest empty values among the constrained
  /// metrics, then the smallest total normalised violation (each constraint's violation
  /// divided by its metric's range over the grid), then the first in grid order.
  public let closest: Int
  /// Its total normalised violation (over the constraints whose metric has a value).
  public let closestViolation: Double

  init(_ problem: SolveProblem, _ grid: SolveGrid, scales: [Double]) {
    let constraints = problem.constraints
    var admits = Array(repeating: 0, count: constraints.count)
    var nearest: [(value: Double, violation: Double)?] = Array(
      repeating: nil, count: constraints.count)
    var closest: (point: Int, empty: Int, total: Double)?
    for p in 0..<grid.count {
      var broken: [Int] = []
      var empty = 0
      var total = 0.0
      for (i, c) in constraints.enumerated() {
        let value = grid.value(p, c.metricIndex)
        if !c.isSatisfied(by: value) { broken.append(i) }
        if let violation = c.violation(value) {
          total += violation / scales[c.metricIndex]
        } else {
          empty += 1
        }
      }
      if closest == nil || (empty, total) < (closest!.empty, closest!.total) {
        closest = (p, empty, total)
      }
      guard broken.count == 1 else { continue }
      let i = broken[0]
      admits[i] += 1
      let c = constraints[i]
      if let value = grid.value(p, c.metricIndex), let violation = c.violation(value),
        nearest[i] == nil || violation < nearest[i]!.violation
      {
        nearest[i] = (value, violation)
      }
    }
    relaxations = constraints.indices.map { i in
      let c = constraints[i]
      guard let found = nearest[i] else {
        return Relaxation(constraint: i, admits: admits[i], relaxed: nil, normalisedChange: nil)
      }
      var relaxed = c.relaxed(to: found.value)
      if relaxed.relation == .below { relaxed.relation = .atMost }
      if relaxed.relation == .above { relaxed.relation = .atLeast }
      return Relaxation(
        constraint: i, admits: admits[i], relaxed: relaxed,
        normalisedChange: abs(found.value - c.bound) / scales[c.metricIndex])
    }
    binding =
      relaxations.filter { $0.normalisedChange != nil }.min { a, b in
        (a.normalisedChange!, -a.admits, a.constraint)
          < (b.normalisedChange!, -b.admits, b.constraint)
      }?.constraint
    self.closest = closest?.point ?? 0
    closestViolation = closest?.total ?? 0
  }
}
