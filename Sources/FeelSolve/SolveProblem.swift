/// What a solve asks: constraints every answer must satisfy, and optionally a metric to
/// minimise or maximise.
///
/// Points are ranked by `Rank`: the objective first; then, between equal objectives (and
/// always when there is no objective), the point farthest inside the constraints: the larger
/// smallest normalised slack (each one-sided constraint's slack divided by its metric's range
/// over the grid); then, on the grid, the first point in grid order.
public struct SolveProblem: Sendable, Equatable {
  public var constraints: [Constraint]
  public var objective: Objective?

  public init(constraints: [Constraint], objective: Objective? = nil) {
    self.constraints = constraints
    self.objective = objective
  }

  /// The problem from the command's arguments: each `--where` text, the `--minimize` or
  /// `--maximize` metric. `metrics` are the grid's; `known` every metric name FeelLab has.
  public static func parse(
    where texts: [String], minimize: String? = nil, maximize: String? = nil,
    metrics: [SolveMetric], known: [String]
  ) throws(SolveError) -> SolveProblem {
    var constraints: [Constraint] = []
    for text in texts {
      constraints.append(try Constraint.parse(text, metrics: metrics, known: known))
    }
    var objective: Objective?
    switch (minimize, maximize) {
    case (.some(let a), .some(let b)):
      throw SolveError(
        option: "--minimize/--maximize", argument: "",
        expected: "one objective: --minimize or --maximize, not both",
        got: "--minimize \(a) and --maximize \(b)")
    case (.some(let name), nil), (nil, .some(let name)):
      let option = minimize != nil ? "--minimize" : "--maximize"
      let index = try metrics.index(of: name, option: option, argument: name, known: known)
      objective = Objective(
        metric: name, metricIndex: index, direction: minimize != nil ? .minimize : .maximize)
    case (nil, nil):
      break
    }
    if constraints.isEmpty && objective == nil {
      throw SolveError(
        option: "--where/--minimize/--maximize", argument: "",
        expected: "something to solve: --where constraints, a --minimize or --maximize "
          + "objective, or both", got: "neither")
    }
    return SolveProblem(constraints: constraints, objective: objective)
  }

  /// Whether a point with these metric values satisfies every constraint.
  public func isFeasible(_ row: [Double?]) -> Bool {
    constraints.allSatisfy { $0.isSatisfied(by: row[$0.metricIndex]) }
  }

  /// The rank of a point with these metric values (`scales`: each metric's range over the
  /// grid, from `scales(_:)`). Infeasible points rank after every feasible one.
  public func rank(_ row: [Double?], scales: [Double]) -> Rank {
    guard isFeasible(row) else { return .infeasible }
    let cost = objective.map { $0.cost(row[$0.metricIndex]) } ?? 0
    return Rank(cost: cost, depth: depth(row, scales: scales))
  }

  /// The smallest normalised slack over the one-sided constraints (+∞ without any): how far
  /// inside the constraints the point is, in fractions of each metric's range over the grid.
  public func depth(_ row: [Double?], scales: [Double]) -> Double {
    var smallest = Double.infinity
    for c in constraints {
      guard let value = row[c.metricIndex], let slack = c.slack(value) else { continue }
      smallest = min(smallest, slack / scales[c.metricIndex])
    }
    return smallest
  }

  /// Each metric's range over the grid (largest minus smallest value), the unit that
  /// normalises slacks and violations; 1 when the metric is constant or always empty.
  public static func scales(_ grid: SolveGrid) -> [Double] {
    grid.ranges.map { range in
      guard let range, range.max > range.min else { return 1 }
      return range.max - range.min
    }
  }

  /// The metrics the Pareto front compares, and which way each is better: the objective's
  /// metric in its direction, then each metric of a one-sided constraint (`<=`, `<`: lower is
  /// better; `>=`, `>`: higher), in the order written. Left out: `==` constraints (every
  /// feasible point has the same value), a constraint on the objective's metric (the objective
  /// says which way is better), and a metric bounded on both sides (a band to land in, not a
  /// trade-off).
  public var paretoCriteria: [Criterion] {
    var criteria: [Criterion] = []
    if let objective {
      criteria.append(
        Criterion(
          metric: objective.metric, metricIndex: objective.metricIndex,
          lowerIsBetter: objective.direction == .minimize))
    }
    var bands = Set<Int>()
    for c in constraints {
      guard let lower = c.prefersLower, c.metricIndex != objective?.metricIndex else { continue }
      if let existing = criteria.first(where: { $0.metricIndex == c.metricIndex }) {
        if existing.lowerIsBetter != lower { bands.insert(c.metricIndex) }
        continue
      }
      criteria.append(Criterion(metric: c.metric, metricIndex: c.metricIndex, lowerIsBetter: lower))
    }
    return criteria.filter { !bands.contains($0.metricIndex) }
  }

  /// A metric of the Pareto front and which way it is better.
  public struct Criterion: Sendable, Equatable {
    public var metric: String
    public var metricIndex: Int
    public var lowerIsBetter: Bool
  }

  /// How good a point is: lower `cost` is better (the objective's value, negated when
  /// maximised; +∞ when empty; 0 for every point without an objective); between equal costs,
  /// higher `depth` (the smallest normalised slack) is better.
  public struct Rank: Sendable, Equatable, Comparable {
    public var cost: Double
    public var depth: Double

    /// Where every infeasible point ranks: after all feasible ones.
    public static let infeasible = Rank(cost: .infinity, depth: -.infinity)

    public var isFeasible: Bool { self != .infeasible }

    public static func < (a: Rank, b: Rank) -> Bool {
      a.cost < b.cost || (a.cost == b.cost && a.depth > b.depth)
    }
  }
}
