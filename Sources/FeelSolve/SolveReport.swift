import FeelCore
import FeelScene
import FeelSweep
import Foundation

/// What `feel solve` prints: the JSON for scripts (`--json`) and the summary for people.
public struct SolveReport: Sendable {
  public var grid: SolveGrid
  public var solution: GridSolution
  public var refinement: Refinement?
  public var fixes: [AxisFix]
  /// The `--for-all` axes and their value counts: the grid is the worst case over them.
  public var forAll: [(name: String, count: Int)]

  public init(
    grid: SolveGrid, solution: GridSolution, refinement: Refinement?, fixes: [AxisFix] = [],
    forAll: [(name: String, count: Int)] = []
  ) {
    self.grid = grid
    self.solution = solution
    self.refinement = refinement
    self.fixes = fixes
    self.forAll = forAll
  }

  private var problem: SolveProblem { solution.problem }

  // MARK: - JSON

  /// The JSON: `feasible_points`, `grid_points`, `best` and `refined` (the contract), then
  /// the documented additions `problem`, `pareto`, `refinement`, `binding`, `relaxations`
  /// and `closest`. Numbers as the CSV prints them; an empty metric is null.
  public var json: String {
    // Each member on one line, but the Pareto front's points one a line.
    func line(_ tree: JSONTree) -> JSONTree { .laid(.inline, tree) }
    var fields: [(String, JSONTree)] = [
      ("feasible_points", .int(solution.feasibleCount)),
      ("grid_points", .int(grid.count)),
      ("best", solution.best.map { point(grid.axisValues(of: $0), grid.row($0)) } ?? .null),
      ("refined", refinement.map { point($0.values, $0.metrics) } ?? .null),
      ("best_on_grid_edge", .array(edgeAxes.map(JSONTree.string))),
      (
        "problem",
        line(
          .object([
            ("where", .array(problem.constraints.map { .string($0.description) })),
            ("objective", problem.objective.map { .string($0.description) } ?? .null),
            ("fixed", .object(fixes.map { ($0.axisName, value($0.value)) })),
            ("for_all", .array(forAll.map { .string($0.name) })),
          ])
        )
      ),
      (
        "pareto",
        line(
          .object([
            (
              "criteria",
              .array(
                solution.criteria.map {
                  .object([
                    ("metric", .string($0.metric)),
                    ("better", .string($0.lowerIsBetter ? "lower" : "higher")),
                  ])
                })
            ),
            (
              "points",
              .laid(
                .lines,
                .array(
                  solution.front.map { line(point(grid.axisValues(of: $0), grid.row($0))) })
              )
            ),
          ])
        )
      ),
      ("refinement", refinement.map(refinementJSON) ?? .null),
    ]
    if let infeasibility = solution.infeasibility {
      let binding = infeasibility.binding.map { relaxationJSON(infeasibility.relaxations[$0]) }
      let p = infeasibility.closest
      let violations = problem.constraints.map { c in
        (c.description, derived(c.violation(grid.value(p, c.metricIndex))))
      }
      fields += [
        ("binding", binding ?? .null),
        ("relaxations", .array(infeasibility.relaxations.map(relaxationJSON))),
        (
          "closest",
          .object([
            ("axes", axes(grid.axisValues(of: p))), ("metrics", metrics(grid.row(p))),
            ("violation", .object(violations)),
            ("normalised_violation", derived(infeasibility.closestViolation)),
          ])
        ),
      ]
    } else {
      fields += [("binding", .null), ("relaxations", .array([])), ("closest", .null)]
    }
    return JSONWriter().line(JSONTree.object(fields.map { ($0.0, line($0.1)) }))
  }

  private func refinementJSON(_ r: Refinement) -> JSONTree {
    let searches = r.searches.map { s -> JSONTree in
      .object([
        ("axis", .string(s.name)), ("from", boundJSON(s.start)), ("to", boundJSON(s.result)),
        ("bracket", .array([boundJSON(s.bracket.lowerBound), boundJSON(s.bracket.upperBound)])),
        ("tolerance", boundJSON(s.tolerance)),
        (
          "bisection",
          .array(s.boundaries.map { .array([boundJSON($0.feasible), boundJSON($0.infeasible)]) })
        ),
        ("method", .string(s.method.rawValue)),
        (
          "searched",
          s.searched.map { .array([boundJSON($0.lowerBound), boundJSON($0.upperBound)]) } ?? .null
        ),
        ("engine_runs", .int(s.runs)),
      ])
    }
    return .object([
      ("improved", .bool(r.improved)), ("gain", .string(r.gain.rawValue)),
      ("engine_runs", .int(r.engineRuns)), ("axes", .array(searches)),
    ])
  }

  private func relaxationJSON(_ r: Infeasibility.Relaxation) -> JSONTree {
    .object([
      ("constraint", .string(problem.constraints[r.constraint].description)),
      ("admits", .int(r.admits)),
      ("relaxed", r.relaxed.map { .string($0.description) } ?? .null),
    ])
  }

  private func point(_ values: [AxisValue], _ row: [Double?]) -> JSONTree {
    .object([("axes", axes(values)), ("metrics", metrics(row))])
  }

  private func axes(_ values: [AxisValue]) -> JSONTree {
    .object(zip(grid.axes, values).map { ($0.name, value($1)) })
  }

  private func metrics(_ row: [Double?]) -> JSONTree {
    .object(zip(grid.metrics, row).map { ($0.name, metricJSON($1, $0)) })
  }

  /// An axis value as written: a number in its shortest exact form.
  private func value(_ v: AxisValue) -> JSONTree {
    switch v {
    case .number(let x): .number(.shortest(x))
    case .boolean(let b): .bool(b)
    case .string(let s): .string(s)
    }
  }

  /// A metric as the CSV writes it: a count as an integer, other values to nine digits.
  private func metricJSON(_ x: Double?, _ metric: SolveMetric) -> JSONTree {
    guard let x else { return .null }
    if metric.isCount, x == x.rounded(), abs(x) < 1e15 { return .int(Int(x)) }
    return .number(JSONNumber(x))
  }

  /// An axis value or bound: its shortest exact form.
  private func boundJSON(_ x: Double?) -> JSONTree {
    x.map { .number(.shortest($0)) } ?? .null
  }

  /// A metric for the summary: as the CSV writes it.
  private func cell(_ x: Double?, _ metric: SolveMetric) -> String {
    x.map { SweepCSV.cell($0, count: metric.isCount) } ?? "null"
  }

  /// An axis value or bound for the summary: its shortest exact form.
  private func number(_ x: Double?) -> String {
    guard let x, x.isFinite else { return "null" }
    return AxisValue.number(x).csvCell
  }

  /// A derived number (a violation): nine significant digits, as the CSV's metrics.
  private func derived(_ x: Double?) -> JSONTree {
    x.map { .number(JSONNumber($0)) } ?? .null
  }

  /// The axes (of more than one value) on which the best grid point is the first or last
  /// value: the optimum may lie beyond the grid.
  public var edgeAxes: [String] {
    guard let best = solution.best else { return [] }
    return zip(grid.axes, grid.grid.coordinates(of: best)).filter { axis, c in
      axis.values.count > 1 && (c == 0 || c == axis.values.count - 1)
    }.map(\.0.name)
  }

  // MARK: - Summary

  /// How many Pareto points the summary lists.
  public static let listedFrontPoints = 10

  /// The summary for people: the problem, the feasible count, the best point with its
  /// constrained metrics against their bounds, the refinement, the Pareto front; or, when no
  /// point is feasible, the binding constraint, what relaxing each would admit, and the
  /// closest point.
  public func summary(experiment: String) -> String {
    var lines: [String] = []
    var heading = "feel solve: \(experiment): \(grid.count) grid point\(grid.count == 1 ? "" : "s")"
    if !fixes.isEmpty {
      heading +=
        " ("
        + fixes.map { "\($0.axisName) fixed at \($0.value.csvCell)" }
        .joined(separator: ", ") + ")"
    }
    lines.append(heading)
    if !forAll.isEmpty {
      lines.append(
        "  for all "
          + forAll.map { "\($0.count) values of \($0.name)" }.joined(separator: " × ")
          + ": each point meets every target at all of them, its metrics are its worst case")
    }
    var asked = problem.constraints.map(\.description).joined(separator: ", ")
    asked = asked.isEmpty ? "no constraints" : "where " + asked
    if let objective = problem.objective { asked += "; \(objective)" }
    lines.append("  " + asked)
    guard let best = solution.best else {
      lines += infeasibleLines()
      return lines.joined(separator: "\n") + "\n"
    }
    lines.append("feasible: \(solution.feasibleCount) of \(grid.count) grid points")
    lines.append("best on the grid: " + SolveCSV.pairs(grid.axisValues(of: best), grid))
    lines += metricLines(grid.row(best))
    if !edgeAxes.isEmpty {
      lines.append(
        "  on the edge of the grid (\(edgeAxes.joined(separator: ", ")) at its first or last "
          + "value): a better point may lie beyond it; extend the axis to see")
    }
    if let refinement {
      let objectiveName = problem.objective?.metric
      let gain =
        switch refinement.gain {
        case .objective: "a better \(objectiveName ?? "objective") than the grid best"
        case .depth: "farther inside the constraints than the grid best"
        case .none: "no better than the grid best"
        }
      lines.append(
        "refined: " + SolveCSV.pairs(refinement.values, grid) + " (\(gain); "
          + "\(refinement.engineRuns) engine run\(refinement.engineRuns == 1 ? "" : "s"))")
      lines += metricLines(refinement.metrics)
      for s in refinement.searches {
        var how =
          "  \(s.name): from \(number(s.start)) within \(number(s.bracket.lowerBound))"
          + " to \(number(s.bracket.upperBound))"
        for b in s.boundaries {
          how +=
            "; bisection: a constraint cuts between \(short(b.feasible)) (feasible) and"
            + " \(short(b.infeasible))"
        }
        if let g = s.searched {
          how += "; \(s.method.rawValue) on \(short(g.lowerBound)) to \(short(g.upperBound))"
          how +=
            s.method == .scan ? " in steps of \(short(s.tolerance))" : " to ±\(short(s.tolerance))"
        }
        lines.append(how + "; \(s.runs) run\(s.runs == 1 ? "" : "s")")
      }
      if let objective = problem.objective,
        let quantum = grid.metrics[objective.metricIndex].quantum, refinement.gain != .objective
      {
        lines.append(
          "  \(objective.metric) moves in steps of \(short(quantum)) (whole display frames or "
            + "counts): refinement keeps the grid value unless a whole step is gained")
      }
    } else {
      lines.append(
        "refined: none (no continuous axis to move: profiles, booleans and fixed axes stay on the grid)"
      )
    }
    let criteria = solution.criteria.map {
      "\($0.metric) \($0.lowerIsBetter ? "lower" : "higher")"
    }
    lines.append(
      "Pareto front (\(criteria.isEmpty ? "no metric to trade off" : criteria.joined(separator: ", ") + " is better")): "
        + "\(solution.front.count) point\(solution.front.count == 1 ? "" : "s")")
    for p in solution.front.prefix(Self.listedFrontPoints) {
      let values = solution.criteria.map { c in
        "\(c.metric) \(cell(grid.value(p, c.metricIndex), grid.metrics[c.metricIndex]))"
      }
      lines.append(
        "  " + SolveCSV.pairs(grid.axisValues(of: p), grid) + ": "
          + values.joined(separator: ", "))
    }
    if solution.front.count > Self.listedFrontPoints {
      lines.append(
        "  … and \(solution.front.count - Self.listedFrontPoints) more (the CSV's pareto column)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The objective's and every constrained metric's value, against its bound.
  private func metricLines(_ row: [Double?]) -> [String] {
    var lines: [String] = []
    if let objective = problem.objective {
      let m = objective.metricIndex
      lines.append(
        "  \(objective.metric) = \(cell(row[m], grid.metrics[m])) "
          + "(\(objective.direction == .minimize ? "minimised" : "maximised"))")
    }
    for c in problem.constraints {
      let m = c.metricIndex
      var line = "  \(c.metric) = \(cell(row[m], grid.metrics[m])) (\(c): "
      if let value = row[m], let slack = c.slack(value) {
        line += slack >= 0 ? "\(short(slack)) to spare)" : "\(short(-slack)) over)"
      } else if row[m] == nil {
        line += "empty)"
      } else {
        line += c.isSatisfied(by: row[m]) ? "met)" : "not met)"
      }
      lines.append(line)
    }
    return lines
  }

  private func infeasibleLines() -> [String] {
    guard let infeasibility = solution.infeasibility else { return [] }
    var lines = [
      "feasible: 0 of \(grid.count) grid points: no point satisfies every constraint"
    ]
    func relaxation(_ r: Infeasibility.Relaxation) -> String {
      let c = problem.constraints[r.constraint]
      guard let relaxed = r.relaxed else {
        return "\(c): relaxing it alone admits no point"
          + (r.admits > 0 ? " (the \(r.admits) points meeting the others have no \(c.metric))" : "")
      }
      return "\(c): relaxing it to \(relaxed) admits the first point (dropping it admits "
        + "\(r.admits))"
    }
    if let binding = infeasibility.binding {
      lines.append("binding: " + relaxation(infeasibility.relaxations[binding]))
      for r in infeasibility.relaxations where r.constraint != binding {
        lines.append("  also: " + relaxation(r))
      }
    } else {
      lines.append(
        "binding: no single constraint: relaxing any one alone admits no point; at least two "
          + "must move")
    }
    let p = infeasibility.closest
    lines.append(
      "closest: " + SolveCSV.pairs(grid.axisValues(of: p), grid)
        + " (total normalised violation \(short(infeasibility.closestViolation)))")
    lines += metricLines(grid.row(p))
    return lines
  }

  /// Six significant digits.
  private func short(_ x: Double) -> String {
    x == 0 ? "0" : String(format: "%.6g", x)
  }

  /// The Pareto column's definition, for the CSV header.
  static func paretoDefinition(_ solution: GridSolution) -> String {
    let criteria = solution.criteria.map {
      "\($0.metric) (\($0.lowerIsBetter ? "lower" : "higher") is better)"
    }
    if criteria.isEmpty {
      return "1 for every feasible point (no metric to trade off: the problem has no objective "
        + "and no one-sided constraint), else 0"
    }
    return "1 if the point is feasible and on the Pareto front over "
      + criteria.joined(separator: ", ") + ": no other feasible point is at least as good on "
      + "each and better on one; else 0"
  }
}
