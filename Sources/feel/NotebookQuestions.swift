import ArgumentParser
import FeelCommandSupport
import FeelNotebook
import FeelSolve
import FeelSweep
import Foundation

/// `feel notebook --solve "QUESTION"`: a question written as `feel solve`'s arguments (the
/// experiment file, `--where`, `--minimize`/`--maximize`, `--fix`), answered with FeelSolve as
/// `feel solve` answers it (the grid pass, the best point, the refinement) for the notebook.
extension NotebookCommand {
  /// The question's experiment (its index in `experiments`, the notebook's experiment files)
  /// and its answer.
  func answer(_ text: String, experiments: [String]) throws -> (
    experiment: Int, question: NotebookQuestion
  ) {
    let option = "--solve \"\(text)\""
    guard let words = ShellWords.split(text) else {
      throw FeelError("\(option): expected feel solve's arguments, got an unclosed quote")
    }
    let command: SolveCommand
    do {
      command = try SolveCommand.parse(words)
    } catch {
      throw FeelError(
        "\(option): expected feel solve's arguments (EXPERIMENT --where … --minimize … --fix …): "
          + SolveCommand.message(for: error).replacingOccurrences(of: "\n", with: " "))
    }
    if !command.forAll.isEmpty {
      throw FeelError(
        "\(option): expected a question without --for-all: the notebook's own targets panel "
          + "answers for every value of an axis (its \"for every\" choice); feel solve "
          + "--for-all prints the same answer")
    }
    if command.output != nil || command.json {
      throw FeelError(
        "\(option): expected a question (EXPERIMENT, --where, --minimize, --maximize, --fix), "
          + "got \(command.json ? "--json" : "--output"): the notebook writes its own output")
    }
    let path = URL(fileURLWithPath: command.experiment).standardizedFileURL.path
    guard
      let index = experiments.firstIndex(where: {
        URL(fileURLWithPath: $0).standardizedFileURL.path == path
      })
    else {
      throw FeelError(
        "\(option): expected a question on one of the notebook's experiments ("
          + experiments.joined(separator: ", ") + "), got \(command.experiment)")
    }
    let (_, full) = try InputFile.sweep(command.experiment, force: false)
    let solve: SolveQuestion
    do {
      solve = try SolveQuestion(
        full, where: command.constraints, minimize: command.minimize,
        maximize: command.maximize, fix: command.fixes)
    } catch {
      throw FeelError("\(option): \(error)")
    }
    let (grid, _, solution) = solve.gridPass(threads: common.workers)
    let refinement = solve.refine(solution, grid)
    let report = SolveReport(
      grid: grid, solution: solution, refinement: refinement, fixes: solve.fixes)
    let question = NotebookQuestion(report, summary: report.summary(experiment: command.experiment))
    return (index, question)
  }
}
