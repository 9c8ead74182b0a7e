import ArgumentParser
import FeelCommandSupport
import FeelEngine
import FeelScene
import Foundation

/// `feel run SCENE`: the trajectory of every item at every display frame, as CSV.
struct Run: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Simulate a scene and print every item's state at every display frame as CSV.",
    discussion: """
      Output columns: frame,t_s,item,x_pt,y_pt,angle_rad,vx_pt_s,vy_pt_s,omega_rad_s,running. \
      Frame 0 is the initial state; frame n the state after n display frames. `running` is 1 \
      while the animator runs after that frame and 0 once it has paused. A scene with touches \
      adds a `touch:ID` row (the finger's x_pt, y_pt) on every frame the touch is down \
      (docs/touches.md).

      --set PATH=VALUE changes a value of the scene before the run, named by its experiment \
      path (`behavior.scrub-snap.damping=0.5`, `item.bar.size.0=375`, `profile=ios7`) and \
      checked as an experiment's [fixed] value is: the run is the scene file's with that value \
      written in (docs/scene-format.md, "Changing a value without editing the file").
      """
  )

  @Argument(help: "The scene file (TOML).")
  var scene: String

  @Flag(
    help: "Also write events (touches, contacts, rules fired, pause) as CSV to standard error.")
  var events = false

  @OptionGroup var settings: SceneSettingOptions

  @Option(
    help: ArgumentHelp(
      "Engine variant: uikit (default) or pybox2d, the reference engine's Box2D build.",
      visibility: .hidden))
  var engine: EngineVariant = .uikit

  func run() throws {
    let parsed = try settings.scene(scene)
    let output = TrajectoryCSV.run(parsed, options: engine.options)
    if events { FileHandle.standardError.write(Data(output.events.utf8)) }
    FileHandle.standardOutput.write(Data(output.rows.utf8))
  }
}

/// `--engine`: which Box2D build to imitate (for differential tests only).
enum EngineVariant: String, ExpressibleByArgument {
  case uikit, pybox2d
  var options: EngineOptions { self == .uikit ? .uikit : .pybox2d }
}
