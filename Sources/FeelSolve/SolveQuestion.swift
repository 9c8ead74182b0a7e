import FeelScene
import FeelSweep

/// A question on an experiment, as `feel solve`'s options state it (`--where`, `--minimize` or
/// `--maximize`, `--fix`), read against the experiment's sweep. `feel solve` and
/// `feel notebook --solve` both ask through it, so the two answer a question the same way.
public struct SolveQuestion: Sendable {
  /// The constraints and the objective, as solved on the grid the solution's points index:
  /// with `--for-all`, on the worst-case grid of the solved axes (`ForAllAxes.problem`).
  public var problem: SolveProblem
  /// The `--for-all` axes (none: every axis is solved).
  public var forAll: ForAllAxes
  /// The axes held at one grid value, in the order given.
  public var fixes: [AxisFix]
  /// The experiment's sweep with the fixed axes cut to their value (`SweepSolve.fixing`).
  public var sweep: ParameterGrid

  /// Reads the options against `full`, the experiment's whole sweep. Throws `SolveError` for
  /// a bad option, `ExperimentError` if the fixed scene cannot be built.
  public init(
    _ full: ParameterGrid, where constraints: [String], minimize: String? = nil,
    maximize: String? = nil, fix fixTexts: [String] = [], forAll forAllNames: [String] = []
  ) throws {
    fixes = try AxisFix.parse(fixTexts, axes: SweepSolve.axes(full))
    let asked = try SolveProblem.parse(
      where: constraints, minimize: minimize, maximize: maximize,
      metrics: SweepSolve.metrics(full), known: SweepSolve.knownMetrics)
    forAll = try ForAllAxes(
      forAllNames, axes: SweepSolve.axes(full), fixes: fixes, metrics: SweepSolve.metrics(full),
      problem: asked)
    problem = forAll.isEmpty ? asked : forAll.problem(asked)
    sweep = try SweepSolve.fixing(full, fixes)
  }

  /// The grid pass: every point measured on `threads` worker threads, each point's CSV row as
  /// `feel sweep` writes it, and the points that answer the question.
  public func gridPass(
    threads: Int, progress: (SweepRunner.Progress) -> Void = { _ in }
  ) -> (grid: SolveGrid, rows: [String], solution: GridSolution) {
    let (full, rows) = SweepSolve.evaluate(sweep, threads: threads, progress: progress)
    let grid = forAll.isEmpty ? full : forAll.grid(full)
    return (grid, rows, GridSolution(problem, grid))
  }

  /// The point of the solved grid each CSV row (a point of the sweep) belongs to: itself, or
  /// with `--for-all` the point of the solved axes it shares.
  public var solvedPointOfRow: [Int]? {
    forAll.isEmpty ? nil : forAll.solvedPoint(of: sweep.grid)
  }

  /// The best grid point refined between grid values with the engine; nil without a best
  /// point or a continuous axis.
  public func refine(_ solution: GridSolution, _ grid: SolveGrid) -> Refinement? {
    let evaluate = SweepSolve.evaluator(sweep)
    return Refinement.refine(
      solution, grid,
      evaluate: forAll.isEmpty
        ? evaluate : forAll.evaluator(axes: SweepSolve.axes(sweep), evaluate))
  }
}
