import FeelScene
import FeelSweep

/// The control files of a folder (`experiments/controls/*.toml`), checked together: presets
/// and trajectory charts are named across controls (`feel check --experiments NAME`,
/// `out/data/NAME.csv`), so each name may be used once.
public struct ControlSet: Sendable, Equatable {
  /// The controls, by name.
  public var controls: [ControlFile]

  /// `controls` in the order given (by file name, from `feel`). Throws for a preset or chart
  /// name that two controls use.
  public init(_ controls: [ControlFile]) throws(ControlError) {
    var presets: [String: ControlFile] = [:]
    var charts: [String: ControlFile] = [:]
    for control in controls {
      for preset in control.presets {
        if let other = presets[preset.name] {
          throw preset.location.error(
            expected: "a preset no other control has",
            got: "\"\(preset.name)\", a preset of \(other.file) too")
        }
        presets[preset.name] = control
      }
      for chart in control.trajectoryCharts {
        if let other = charts[chart.name] {
          throw SourceLocation(
            file: control.file, line: chart.scenes.first?.location.line,
            table: "trajectories \"\(chart.name)\"", key: "name"
          ).error(
            expected: "a chart name no other control uses",
            got: "\"\(chart.name)\", a chart of \(other.file) too")
        }
        charts[chart.name] = control
      }
    }
    self.controls = controls
  }

  /// The control named `name` (an experiment's `control`).
  public func control(_ name: String) -> ControlFile? {
    controls.first { $0.name == name }
  }

  /// Every preset, in control order then file order, with its control.
  public var presets: [(control: ControlFile, scene: ControlScene)] {
    controls.flatMap { control in control.presets.map { (control, $0) } }
  }

  public static func == (a: ControlSet, b: ControlSet) -> Bool { a.controls == b.controls }
}
