import FeelSweep

/// A control description file (`experiments/controls/NAME.toml`, docs/controls.md): what
/// FeelLab knows of one control, as data. Its tunable constants, the comps that name sets of
/// them, its presets under `feel check`, its trajectory and export charts for `make plots`,
/// and the notebook's drawing of it (its skin). An experiment names its control
/// (`control = "NAME"`); no Swift module knows any control by name.
///
/// Read by `ControlReader`. Paths of scenes are as written, relative to the control file's
/// folder; `feel` resolves them.
public struct ControlFile: Sendable, Equatable {
  /// How experiments name the control: the file's name without `.toml` (`castro`).
  public var name: String
  /// The control file's path, as messages name it.
  public var file: String
  /// A title for the notebook (`Castro playback scrubber`).
  public var title: String
  /// What the control is (may span lines; may be empty).
  public var description: String
  /// The notebook's drawing of the control.
  public var skin: ControlSkin
  /// The Swift type the notebook's export declares the constants in (`ScrubberFeel`).
  public var swiftType: String
  /// The tunable constants, in file order.
  public var constants: [ControlConstant]
  /// The built-in comps, in file order.
  public var comps: [ControlComp]
  /// The presets `feel check` compares with their trajectory baselines.
  public var presets: [ControlScene]
  /// Trajectory charts `make plots` draws: several scenes' `feel run` rows in one CSV.
  public var trajectoryCharts: [ControlTrajectoryChart]
  /// Scenes whose `feel export` overlay `make plots` draws.
  public var exportCharts: [ControlScene]

  public init(
    name: String, file: String, title: String, description: String = "",
    skin: ControlSkin = ControlSkin(), swiftType: String, constants: [ControlConstant] = [],
    comps: [ControlComp] = [], presets: [ControlScene] = [],
    trajectoryCharts: [ControlTrajectoryChart] = [], exportCharts: [ControlScene] = []
  ) {
    self.name = name
    self.file = file
    self.title = title
    self.description = description
    self.skin = skin
    self.swiftType = swiftType
    self.constants = constants
    self.comps = comps
    self.presets = presets
    self.trajectoryCharts = trajectoryCharts
    self.exportCharts = exportCharts
  }

  /// The constant named `name`.
  public func constant(_ name: String) -> ControlConstant? {
    constants.first { $0.name == name }
  }
}

/// A scene a control file names (a preset, an export chart's scene): its path as written,
/// relative to the control file's folder, and where it is written.
public struct ControlScene: Sendable, Equatable {
  /// The path as written (`../scenes/castro-release-right-80.toml`).
  public var path: String
  public var location: SourceLocation

  /// The scene's name: its file name without `.toml` (`castro-release-right-80`). A preset's
  /// baseline is `NAME.trajectory.csv`.
  public var name: String { ControlFile.baseName(path) }
}

/// A trajectory chart: the `feel run` rows of several scenes in one CSV (`make plots` writes
/// it to `out/data/NAME.csv`, with a first column `scene`), drawn by `plots/NAME.gp`.
public struct ControlTrajectoryChart: Sendable, Equatable {
  /// The chart's name: its CSV's and gnuplot script's file name without extension.
  public var name: String
  /// The scenes, in the CSV's order.
  public var scenes: [ControlScene]
}

extension ControlFile {
  /// `experiments/controls/castro.toml` → `castro`.
  public static func baseName(_ path: String) -> String {
    var name = Substring(path)
    if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
    if name.hasSuffix(".toml") { name = name.dropLast(5) }
    return String(name)
  }
}
