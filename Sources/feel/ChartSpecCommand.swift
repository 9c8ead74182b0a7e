import ArgumentParser
import FeelCommandSupport
import FeelNotebook
import FeelScene
import Foundation

/// `feel chart-spec EXP [--output FILE]`: the generic gnuplot chart's spec for an experiment
/// (`GnuplotChartSpec`), which plots/generic.gp loads.
struct ChartSpecCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "chart-spec",
    abstract: "Print the charts of an experiment as gnuplot variables for plots/generic.gp.",
    discussion: """
      The charts the notebook draws for the experiment (its [[chart]] sections, else the \
      notebook's default choice: the first one or two metrics over the first two axes that \
      vary), as gnuplot variable assignments: per chart k, metricK, labelK, xK, yK, linesK, \
      heldK and heldatK (the axes held, at the base scene's value), lowK, highK, logK. \
      `make plots` writes it beside the sweep's CSV for every experiment without its own \
      plots/NAME.gp and draws it with plots/generic.gp (docs/experiments.md, "A chart for \
      every experiment"). Runs no scene.
      """
  )

  @Argument(help: "The experiment file (TOML).")
  var experiment: String

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp("Write the spec to this file instead of standard output.", valueName: "file")
  )
  var output: String?

  func run() throws {
    let (_, sweep) = try InputFile.sweep(experiment, force: true)
    let text = GnuplotChartSpec.text(sweep, source: experiment, version: FeelLabVersion.current)
    if let output {
      try OutputText.write(text, to: output, what: "the chart spec")
    } else {
      FileHandle.standardOutput.write(Data(text.utf8))
    }
  }
}
