import FeelSweep

/// `--for-all AXIS` (repeatable): axes the answer must hold over, not knobs to choose. A point
/// of the other axes (the *solved* axes) is feasible only if every constraint holds at every
/// value of the for-all axes, and it is ranked by its worst case over them: each metric is
/// read at its worst over the for-all values (the highest where lower is better, the lowest
/// where higher is better; an empty value anywhere makes it empty), and the problem is solved
/// on that grid of the solved axes (docs/solve.md, "Robust answers: --for-all").
public struct ForAllAxes: Sendable {
  /// The for-all axes' positions in the sweep's axes, in the order given.
  public let axes: [Int]
  /// The solved axes' positions, in the sweep's order.
  public let solved: [Int]
  /// The worst-case grid's metrics, each one metric of the sweep read at its highest or
  /// lowest over the for-all values.
  public let columns: [Column]

  /// One metric of the worst-case grid.
  public struct Column: Sendable, Equatable {
    /// The sweep metric it reads.
    public var metric: Int
    /// True: its highest value over the for-all axes; false: its lowest.
    public var highest: Bool
  }

  /// Reads `--for-all` names against the sweep's axes (not a fixed one, each once, at least
  /// one axis left to solve) and lays out the worst-case metrics for `problem`.
  public init(
    _ names: [String], axes: [SolveAxis], fixes: [AxisFix], metrics: [SolveMetric],
    problem: SolveProblem
  ) throws(SolveError) {
    let axisNames = axes.map(\.name)
    var chosen: [Int] = []
    for name in names {
      guard let a = axisNames.firstIndex(of: name) else {
        throw SolveError(
          option: "--for-all", argument: name,
          expected: "an axis of the experiment (\(axisNames.joined(separator: ", ")))",
          got: "\"\(name)\"", suggestions: SolveError.suggestions(for: name, among: axisNames))
      }
      if chosen.contains(a) {
        throw SolveError(
          option: "--for-all", argument: name, expected: "each axis named once",
          got: "\(name) twice")
      }
      if let fix = fixes.first(where: { $0.axis == a }) {
        throw SolveError(
          option: "--for-all", argument: name,
          expected: "an axis that is not fixed (--fix holds it at one value; --for-all "
            + "asks for every value)", got: "\(name), also --fix \(fix)")
      }
      chosen.append(a)
    }
    let solved = axes.indices.filter { !chosen.contains($0) }
    if !chosen.isEmpty && solved.isEmpty {
      throw SolveError(
        option: "--for-all", argument: names.joined(separator: ", "),
        expected: "at least one axis left to solve", got: "every axis")
    }
    self.axes = chosen
    self.solved = solved
    // Which way each metric is pushed: by the constraints and the objective.
    var lower = Set<Int>()
    var higher = Set<Int>()
    for c in problem.constraints {
      switch c.prefersLower {
      case true?: lower.insert(c.metricIndex)
      case false?: higher.insert(c.metricIndex)
      case nil:
        lower.insert(c.metricIndex)
        higher.insert(c.metricIndex)
      }
    }
    if let objective = problem.objective {
      if objective.direction == .minimize {
        lower.insert(objective.metricIndex)
      } else {
        higher.insert(objective.metricIndex)
      }
    }
    // A column per metric: its highest, unless only higher values are wanted; a metric
    // pushed both ways (a band, `==`) gets its lowest in a second column.
    var columns = metrics.indices.map { m in
      Column(metric: m, highest: !(higher.contains(m) && !lower.contains(m)))
    }
    for m in metrics.indices where higher.contains(m) && lower.contains(m) {
      columns.append(Column(metric: m, highest: false))
    }
    self.columns = columns
  }

  /// Whether any axis is held for all its values.
  public var isEmpty: Bool { axes.isEmpty }

  /// The worst-case column of metric `m` read at its highest or lowest.
  func column(_ m: Int, highest: Bool) -> Int {
    columns.firstIndex { $0.metric == m && $0.highest == highest }
      ?? columns.firstIndex { $0.metric == m }!
  }

  /// The worst-case grid's metrics: the sweep's names; a metric's second (lowest) column is
  /// `NAME_lowest`.
  public func metrics(_ metrics: [SolveMetric]) -> [SolveMetric] {
    columns.enumerated().map { c, column in
      var metric = metrics[column.metric]
      if c >= metrics.count { metric.name += "_lowest" }
      return metric
    }
  }

  /// The problem on the worst-case grid: each constraint on the column that reads its
  /// metric's worst case for it (`==` as `<=` on the highest and `>=` on the lowest), the
  /// objective on its worst case.
  public func problem(_ problem: SolveProblem) -> SolveProblem {
    var constraints: [Constraint] = []
    for c in problem.constraints {
      var copy = c
      switch c.prefersLower {
      case true?:
        copy.metricIndex = column(c.metricIndex, highest: true)
        constraints.append(copy)
      case false?:
        copy.metricIndex = column(c.metricIndex, highest: false)
        constraints.append(copy)
      case nil:
        copy.relation = .atMost
        copy.metricIndex = column(c.metricIndex, highest: true)
        constraints.append(copy)
        copy.relation = .atLeast
        copy.metricIndex = column(c.metricIndex, highest: false)
        constraints.append(copy)
      }
    }
    var objective = problem.objective
    if let o = objective {
      objective!.metricIndex = column(o.metricIndex, highest: o.direction == .minimize)
    }
    return SolveProblem(constraints: constraints, objective: objective)
  }

  /// The worst case of the rows measured at every for-all value of one solved point.
  func worst(_ rows: [[Double?]]) -> [Double?] {
    columns.map { column in
      var worst: Double?
      for row in rows {
        guard let x = row[column.metric] else { return nil }
        worst = worst.map { column.highest ? max($0, x) : min($0, x) } ?? x
      }
      return worst
    }
  }

  /// The full grid's points of each solved point, in the solved grid's order.
  public func points(of full: Grid) -> [[Int]] {
    let solvedGrid = Grid(counts: solved.map { full.counts[$0] })
    let heldGrid = Grid(counts: axes.map { full.counts[$0] })
    return (0..<solvedGrid.count).map { s in
      let solvedCoordinates = solvedGrid.coordinates(of: s)
      return (0..<heldGrid.count).map { h in
        let held = heldGrid.coordinates(of: h)
        var coordinates = Array(repeating: 0, count: full.counts.count)
        for (i, a) in solved.enumerated() { coordinates[a] = solvedCoordinates[i] }
        for (i, a) in axes.enumerated() { coordinates[a] = held[i] }
        return full.index(of: coordinates)
      }
    }
  }

  /// The worst-case grid of the solved axes from the full grid.
  public func grid(_ full: SolveGrid) -> SolveGrid {
    let rows = points(of: full.grid).map { points in worst(points.map { full.row($0) }) }
    return SolveGrid(
      axes: solved.map { full.axes[$0] }, metrics: metrics(full.metrics), rows: rows)
  }

  /// The solved point of each full grid point (for the CSV's feasible and pareto columns).
  public func solvedPoint(of full: Grid) -> [Int] {
    var map = Array(repeating: 0, count: full.count)
    for (s, points) in points(of: full).enumerated() {
      for p in points { map[p] = s }
    }
    return map
  }

  /// An evaluator of solved points (for refinement): the sweep's evaluator run at every
  /// for-all value, its rows reduced to the worst case.
  public func evaluator(
    axes full: [SolveAxis], _ evaluate: @escaping @Sendable ([AxisValue]) -> [Double?]
  ) -> @Sendable ([AxisValue]) -> [Double?] {
    let held = Grid(counts: axes.map { full[$0].values.count })
    let forAll = axes
    let solved = solved
    let this = self
    return { values in
      var rows: [[Double?]] = []
      for h in 0..<held.count {
        let coordinates = held.coordinates(of: h)
        var point = Array(repeating: AxisValue.number(0), count: full.count)
        for (i, a) in solved.enumerated() { point[a] = values[i] }
        for (i, a) in forAll.enumerated() { point[a] = full[a].values[coordinates[i]] }
        rows.append(evaluate(point))
      }
      return this.worst(rows)
    }
  }
}
