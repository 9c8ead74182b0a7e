import ArgumentParser
import FeelScene

/// `feel`: the FeelLab command line. Parses arguments, reads files, calls the libraries,
/// writes output. All I/O lives in this target.
@main
struct Feel: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "feel",
    abstract: "Tune how UIKit Dynamics controls feel, off the device.",
    discussion: """
      FeelLab simulates UIKit Dynamics (snap, push, gravity, collision, attachment and item \
      behaviors) the way UIKit does, from scene files (TOML). Lengths are in points, times in \
      seconds, angles in radians.
      """,
    // `feel --version`: the version every CSV header and notebook names (FeelLabVersion.swift).
    version: FeelLabVersion.current,
    subcommands: [
      Run.self, Metrics.self, SweepCommand.self, NotebookCommand.self, CheckCommand.self,
      SolveCommand.self, ExportCommand.self, SVGCommand.self, ControlsCommand.self,
      ChartSpecCommand.self,
      ServeCommand.self,
      InspectCommand.self,
    ]
  )
}
