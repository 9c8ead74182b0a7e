import FeelCore
import FeelScene
import FeelSolve
import FeelSweep

/// A designer's question answered by `feel solve` (FeelSolve) when the notebook is written:
/// targets on an experiment's metrics, the grid's best point and the best point refined
/// between grid values with the engine. The page shows it beside its own targets panel (which
/// re-applies the same rules to the grid as sliders move) and can load its targets into that
/// panel; the refined answer needs the engine, so it is computed here.
public struct NotebookQuestion: Sendable, Equatable {
  /// A point: each axis's value as the CSV writes it (in the experiment's axis order), and
  /// each metric's value as the CSV prints it (nil: empty), in the experiment's metric order.
  public struct Answer: Sendable, Equatable {
    public var labels: [String]
    public var metrics: [Double?]
  }

  /// The `--where` constraints and the `--minimize` / `--maximize` objective, as FeelSolve
  /// parsed them.
  public var problem: SolveProblem
  /// The `--fix` axes.
  public var fixed: [AxisFix]
  /// Points the question covers (the grid, or its slice at the fixed values).
  public var gridPoints: Int
  public var feasiblePoints: Int
  /// Points on the Pareto front.
  public var frontPoints: Int
  /// The best grid point; nil when no point is feasible.
  public var best: Answer?
  /// The best point refined between grid values (nil when nothing is feasible or no axis is
  /// continuous), with what it gained (`objective`, `depth` or `none`) and its engine runs.
  public var refined: Answer?
  public var gain: String?
  public var engineRuns: Int
  /// `feel solve`'s summary of the answer, as it prints it.
  public var summary: String

  /// The question `report` answers (`feel solve`'s grid pass and refinement), with the
  /// summary `feel solve` prints for it.
  public init(_ report: SolveReport, summary: String) {
    let (grid, solution, refinement) = (report.grid, report.solution, report.refinement)
    problem = solution.problem
    fixed = report.fixes
    gridPoints = grid.count
    feasiblePoints = solution.feasibleCount
    frontPoints = solution.front.count
    best = solution.best.map {
      Answer(labels: grid.axisValues(of: $0).map(\.label), metrics: grid.row($0))
    }
    refined = refinement.map { Answer(labels: $0.values.map(\.label), metrics: $0.metrics) }
    gain = refinement?.gain.rawValue
    engineRuns = refinement?.engineRuns ?? 0
    self.summary = summary
  }

  /// The question as one line: `where overshoot_pt <= 3, settle_time_s <= 0.35; minimize
  /// settle_time_s; fix release_pt = 80`.
  public var text: String {
    var parts: [String] = []
    if !problem.constraints.isEmpty {
      parts.append(
        "where "
          + problem.constraints.map {
            "\($0.metric) \($0.relation.rawValue) \(SceneTOMLWriter.number($0.bound))"
          }
          .joined(separator: ", "))
    }
    if let objective = problem.objective { parts.append(objective.description) }
    if !fixed.isEmpty { parts.append("fix " + fixed.map(\.description).joined(separator: ", ")) }
    return parts.joined(separator: "; ")
  }

  var literal: JSONTree {
    func answer(_ a: Answer?) -> JSONTree {
      guard let a else { return .null }
      return .object([("labels", .strings(a.labels)), ("metrics", .numbers(a.metrics))])
    }
    return .object([
      ("text", .string(text)),
      (
        "where",
        .array(
          problem.constraints.map {
            .object([
              ("metric", .string($0.metric)), ("op", .string($0.relation.rawValue)),
              ("bound", .number($0.bound)),
            ])
          })
      ),
      (
        "objective",
        problem.objective.map {
          .object([
            ("metric", .string($0.metric)), ("direction", .string($0.direction.rawValue)),
          ])
        } ?? .null
      ),
      ("fixed", .object(fixed.map { ($0.axisName, .string($0.value.csvCell)) })),
      ("gridPoints", .int(gridPoints)), ("feasiblePoints", .int(feasiblePoints)),
      ("frontPoints", .int(frontPoints)), ("best", answer(best)), ("refined", answer(refined)),
      ("gain", gain.map { .string($0) } ?? .null), ("engineRuns", .int(engineRuns)),
      ("summary", .string(summary)),
    ])
  }
}

extension AxisValue {
  /// The value as the notebook labels it: the CSV's text, a profile name unquoted.
  fileprivate var label: String {
    if case .string(let s) = self { return s }
    return csvCell
  }
}
