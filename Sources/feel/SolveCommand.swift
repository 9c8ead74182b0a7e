import ArgumentParser
import FeelCommandSupport
import FeelScene
import FeelSolve
import FeelSweep
import Foundation

/// `feel solve EXPERIMENT`: the constants that meet targets, on the experiment's grid and
/// refined between its values.
struct SolveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "solve",
    abstract: "Find the axis values of an experiment that meet targets on its metrics.",
    discussion: """
      Runs the experiment's grid (as `feel sweep` does), keeps the points that satisfy every \
      --where constraint (an empty metric, such as an unsettled settle time, never does), \
      picks the best by --minimize/--maximize (ties: the point farthest inside the \
      constraints, then grid order), marks the Pareto front of the objective against the \
      constrained metrics, then refines the best point between grid values with the engine \
      (bisection on constraint boundaries, golden-section for the objective, to 1/256 of the \
      grid spacing). With no feasible point it names the binding constraint and the closest \
      point. --for-all AXIS makes an axis something the answer must hold over (a flick's \
      speed, a phone's width) rather than a knob: a point of the other axes is feasible only if \
      every constraint holds at every value of it, and is ranked by its worst case there; the \
      best point's axes are the solved ones. docs/solve.md has the details and the output \
      contracts.

      Exit status: 0 a feasible point was found, 1 none was, 2 bad input.
      """
  )

  @Argument(help: "The experiment file (TOML).")
  var experiment: String

  @Option(
    name: .customLong("where"),
    help: ArgumentHelp(
      "A constraint: METRIC OP NUMBER, OP one of <=, >=, <, >, == (repeat for more).",
      valueName: "constraint"))
  var constraints: [String] = []

  @Option(help: ArgumentHelp("The metric to make as small as possible.", valueName: "metric"))
  var minimize: String?

  @Option(help: ArgumentHelp("The metric to make as large as possible.", valueName: "metric"))
  var maximize: String?

  @Option(
    name: .customLong("fix"),
    help: ArgumentHelp(
      "Hold an axis at one of its grid values: AXIS=VALUE (repeat for more).",
      valueName: "axis=value"))
  var fixes: [String] = []

  @Option(
    name: .customLong("for-all"),
    help: ArgumentHelp(
      "An axis the answer must hold over, not a knob: every target met at every value of it, ranked by the worst case (repeat for more).",
      valueName: "axis"))
  var forAll: [String] = []

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp(
      "Write the grid's CSV (as feel sweep's, plus feasible and pareto columns) there.",
      valueName: "path"))
  var output: String?

  @Flag(help: "Print only JSON on standard output.")
  var json = false

  @OptionGroup var common: CommonOptions

  func validate() throws {
    try FeelError.validating { () throws(FeelError) in
      if output == "-" {
        throw FeelError(
          "--output: expected a file path (standard output holds the summary or JSON)")
      }
    }
  }

  func run() throws {
    let threads = common.workers
    let (_, full) = try InputFile.sweep(experiment, force: false)
    let question: SolveQuestion
    do {
      question = try SolveQuestion(
        full, where: constraints, minimize: minimize, maximize: maximize, fix: fixes,
        forAll: forAll)
    } catch {
      throw FeelError(String(describing: error))
    }

    // Opened first, so that a path that cannot be written fails before the grid runs.
    let file = try output.map { path throws(FeelError) in try OutputText(path, what: "the CSV") }
    let start = Date()
    let bar = ProgressBar(enabled: !common.quiet && isatty(STDERR_FILENO) != 0)
    let (grid, rows, solution) = question.gridPass(threads: threads, progress: bar.update)
    bar.finish()
    let gridSeconds = Date().timeIntervalSince(start)
    let refinement = question.refine(solution, grid)
    let refineSeconds = Date().timeIntervalSince(start) - gridSeconds

    if let output, let file {
      do {
        try file.write(
          SolveCSV.text(
            question.sweep, rows: rows, fixes: question.fixes, solution: solution,
            refinement: refinement, grid: grid, solvedPointOfRow: question.solvedPointOfRow,
            forAll: forAll))
        try file.commit()
      } catch {
        file.discard()
        throw FeelError("\(output): cannot write the CSV (\(error.localizedDescription))")
      }
    }
    let report = SolveReport(
      grid: grid, solution: solution, refinement: refinement, fixes: question.fixes,
      forAll: question.forAll.axes.map {
        (question.sweep.axes[$0].axis.name, question.sweep.axes[$0].axis.values.count)
      })
    let text = json ? report.json : report.summary(experiment: experiment)
    FileHandle.standardOutput.write(Data(text.utf8))
    if !common.quiet {
      let runs = refinement?.engineRuns ?? 0
      let line =
        "feel solve: \(grid.count) grid points in \(String(format: "%.3f", gridSeconds)) s "
        + "(\(threads) thread\(threads == 1 ? "" : "s")), refinement \(runs) engine "
        + "run\(runs == 1 ? "" : "s") in \(String(format: "%.3f", refineSeconds)) s"
        + (output.map { " -> \($0)" } ?? "") + "\n"
      FileHandle.standardError.write(Data(line.utf8))
    }
    if solution.best == nil { throw ExitCode(1) }
  }
}
