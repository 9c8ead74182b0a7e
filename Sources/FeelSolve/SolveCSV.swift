import FeelSweep

/// The CSV `feel solve --output` writes: `feel sweep`'s CSV of the (fixed) grid, its comment
/// lines and columns unchanged, with comment lines saying what was solved and what the two new
/// columns mean, and the two columns at the end of every row: `feasible` (1 if the point
/// satisfies every constraint) and `pareto` (1 if it is on the Pareto front).
///
/// The `# best:` and `# refined:` lines give the points as `AXIS = value` pairs separated by
/// `, ` (charts read them), or `none`.
public enum SolveCSV {
  /// The whole file: header, then one row per grid point in grid order.
  public static func text(
    _ sweep: ParameterGrid, rows: [String], fixes: [AxisFix], solution: GridSolution,
    refinement: Refinement?, grid: SolveGrid, solvedPointOfRow: [Int]? = nil,
    forAll: [String] = []
  ) -> String {
    var text = header(
      sweep, fixes: fixes, solution: solution, refinement: refinement, grid: grid,
      forAll: forAll)
    text.reserveCapacity(text.utf8.count + rows.count * 100)
    let front = solution.onFront
    for (r, row) in rows.enumerated() {
      let p = solvedPointOfRow?[r] ?? r
      text += row
      text += solution.feasible[p] ? ",1" : ",0"
      text += front[p] ? ",1\n" : ",0\n"
    }
    return text
  }

  /// The comment lines and the column header.
  public static func header(
    _ sweep: ParameterGrid, fixes: [AxisFix], solution: GridSolution, refinement: Refinement?,
    grid: SolveGrid, forAll: [String] = []
  ) -> String {
    let problem = solution.problem
    var lines = SweepCSV.header(sweep).split(separator: "\n").map(String.init)
    let columns = lines.removeLast()
    var asked = problem.constraints.map { "where \($0)" }
    if let objective = problem.objective { asked.append(objective.description) }
    asked += fixes.map { "fix \($0)" }
    asked += forAll.map { "for all \($0)" }
    lines.append("# solve: " + asked.joined(separator: "; "))
    lines.append(
      forAll.isEmpty
        ? "# column feasible: 1 if the point satisfies every --where constraint, else 0 (an "
          + "empty metric value never satisfies one)"
        : "# column feasible: 1 if the point's values of the solved axes satisfy every --where "
          + "constraint at every value of \(forAll.joined(separator: " and ")), else 0 (the "
          + "same on each of those rows; an empty metric value never satisfies one)")
    lines.append("# column pareto: " + SolveReport.paretoDefinition(solution))
    lines.append(
      "# best: " + (solution.best.map { pairs(grid.axisValues(of: $0), grid) } ?? "none"))
    var refined = "none"
    if let refinement {
      refined =
        pairs(refinement.values, grid)
        + " (\(refinement.engineRuns) engine runs; gain over the grid best: "
        + "\(refinement.gain.rawValue))"
    }
    lines.append("# refined: " + refined)
    return lines.joined(separator: "\n") + "\n" + columns + ",feasible,pareto\n"
  }

  /// `damping = 0.55, release_pt = 80`.
  static func pairs(_ values: [AxisValue], _ grid: SolveGrid) -> String {
    zip(grid.axes, values).map { "\($0.name) = \($1.csvCell)" }.joined(separator: ", ")
  }
}
