import ArgumentParser
import FeelCommandSupport
import FeelControl
import FeelMetrics
import FeelScene
import FeelSweep
import Foundation

/// `feel controls`: the control files (experiments/controls/*.toml) as `make plots` and people
/// read them: a summary of each, their presets and export scenes, and their trajectory charts'
/// data.
struct ControlsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "controls",
    abstract: "List the control files; write their trajectory charts' data for `make plots`.",
    discussion: """
      Reads every control file of FOLDER/controls/ (docs/controls.md) and checks it (the \
      scenes it names must exist, its glyphs must convert). With no option it prints each \
      control: its constants, comps, presets, charts, skin and glyphs.

      --presets and --export-scenes print one line per preset name or export chart scene \
      path, for scripts. --trajectories DIR writes DIR/NAME.csv for every trajectory chart: \
      the `feel run` rows of its scenes, after a first column `scene` (written to a \
      temporary file renamed into place); plots/NAME.gp draws it.
      """
  )

  @Option(
    help: ArgumentHelp(
      "The experiments folder, whose controls/ holds the control files.", valueName: "folder"))
  var folder = "experiments"

  @Flag(help: "Print every preset's name, one per line.")
  var presets = false

  @Flag(help: "Print the path of every export chart's scene, one per line.")
  var exportScenes = false

  @Option(
    help: ArgumentHelp(
      "Write every trajectory chart's CSV into this folder.", valueName: "dir"))
  var trajectories: String?

  func run() throws {
    let set = try InputFile.controls(in: folder)
    // Every scene a control names must be there, and its glyphs convert, whatever is asked.
    for control in set.controls {
      for scene in control.presets + control.exportCharts
        + control.trajectoryCharts.flatMap(\.scenes)
      {
        _ = try InputFile.scenePath(scene, of: control)
      }
      _ = try InputFile.glyphs(of: control)
    }
    var out = ""
    if presets {
      for (_, scene) in set.presets { out += scene.name + "\n" }
    }
    if exportScenes {
      for control in set.controls {
        for scene in control.exportCharts {
          out += try InputFile.scenePath(scene, of: control) + "\n"
        }
      }
    }
    if let trajectories {
      try writeTrajectories(set, into: trajectories)
    }
    if !presets && !exportScenes && trajectories == nil {
      out = try set.controls.map { control in
        var values: [String: [Double?]] = [:]
        for preset in control.presets {
          values[preset.name] = try Self.values(
            of: control, in: try InputFile.scene(try InputFile.scenePath(preset, of: control)))
        }
        return Self.summary(control, presetValues: values)
      }.joined(separator: "\n")
      if set.controls.isEmpty { out = "no control files in \(folder)/controls\n" }
    }
    FileHandle.standardOutput.write(Data(out.utf8))
  }

  /// DIR/NAME.csv for every trajectory chart: `scene,` + the `feel run` header, then each
  /// scene's rows after its name.
  private func writeTrajectories(_ set: ControlSet, into dir: String) throws {
    for control in set.controls {
      for chart in control.trajectoryCharts {
        var text = "scene," + TrajectoryCSV.header + "\n"
        for scene in chart.scenes {
          let rows = TrajectoryCSV.run(
            try InputFile.scene(try InputFile.scenePath(scene, of: control))
          ).rows
          for line in rows.split(separator: "\n").dropFirst() {
            text += scene.name + "," + line + "\n"
          }
        }
        let path = (dir as NSString).appendingPathComponent(chart.name + ".csv")
        try OutputText.write(text, to: path, what: "the chart's data")
        FileHandle.standardOutput.write(
          Data(
            ("feel controls: \(chart.name) (\(chart.scenes.map(\.name).joined(separator: " ")))"
              + " -> \(path)\n").utf8))
      }
    }
  }

  /// The control's constants in `scene`, as the notebook reads them off a point's scene: the
  /// measured item of the scene's `[measure]` (else its snap's, else its first), and a
  /// `gap_to` constant from the target the release picks, else the item's target, else its
  /// start (`ControlConstant.gapRest_pt`). Nil for a constant the scene does not hold.
  static func values(of control: ControlFile, in scene: Scene) throws -> [Double?] {
    let plan: MeasurePlan
    do throws(MetricsError) {
      plan = try MeasurePlan(scene)
    } catch {
      throw FeelError("\(control.file): \(error.description)")
    }
    let rest = ControlConstant.gapRest_pt(
      of: plan.item, in: scene, target_pt: plan.target(in: scene),
      picked_pt: plan.releasePickedTarget(in: scene))
    return control.constants.map { $0.value(in: scene, item: plan.item, rest_pt: rest) }
  }

  /// A control as people read it; `presetValues`: each preset's constants (`values`), by name.
  static func summary(_ control: ControlFile, presetValues: [String: [Double?]] = [:]) -> String {
    var lines = ["\(control.name): \(control.title) (\(control.file))"]
    lines.append("  skin: \(control.skin.name)")
    for glyph in control.skin.glyphs { lines.append("  glyph \(glyph.name): \(glyph.path)") }
    for c in control.constants {
      let unit = c.unit.isEmpty ? "" : " (\(c.unit))"
      var export: [String] = []
      if let swift = c.swift { export.append("Swift \(control.swiftType).\(swift): \(c.type)") }
      if let objc = c.objc { export.append("Objective-C \(objc)") }
      lines.append(
        "  constant \(c.name): \(c.label)\(unit)"
          + (export.isEmpty ? "" : "; " + export.joined(separator: ", ")))
    }
    for comp in control.comps {
      let values = comp.values.map { "\($0.constant) \(TrajectoryCSV.number($0.value))" }
      lines.append("  comp \"\(comp.name)\": \(values.joined(separator: ", "))")
    }
    for preset in control.presets {
      lines.append("  preset \(preset.name)")
      guard let values = presetValues[preset.name] else { continue }
      let held = zip(control.constants, values).compactMap { c, v -> String? in
        v.map { "\(c.name) \(TrajectoryCSV.number($0))" + (c.unit.isEmpty ? "" : " \(c.unit)") }
      }
      if !held.isEmpty { lines.append("    values: " + held.joined(separator: ", ")) }
    }
    for chart in control.trajectoryCharts {
      lines.append(
        "  trajectory chart \(chart.name): \(chart.scenes.map(\.name).joined(separator: ", "))")
    }
    for scene in control.exportCharts { lines.append("  export chart export-\(scene.name)") }
    return lines.joined(separator: "\n") + "\n"
  }
}
