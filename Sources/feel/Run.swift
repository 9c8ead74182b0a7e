import ArgumentParser
import FeelScene
import Foundation

/// `feel run SCENE`: the trajectory of every item at every display frame, as CSV.
struct Run: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Simulate a scene and print every item's state at every display frame as CSV.",
    discussion: """
      Output columns: frame,t_s,item,x_pt,y_pt,angle_rad,vx_pt_s,vy_pt_s,omega_rad_s,running.
      Frame 0 is the initial state; frame n the state after n display frames. `running` is 1
      while the animator runs after that frame and 0 once it has paused.
      """
  )

  @Argument(help: "The scene file (TOML).")
  var scene: String

  @Flag(help: "Also write events (contacts, rules fired, pause) as CSV to standard error.")
  var events = false

  func run() throws {
    let parsed = try loadScene(scene)
    let output = TrajectoryCSV.run(parsed)
    if events { FileHandle.standardError.write(Data(output.events.utf8)) }
    FileHandle.standardOutput.write(Data(output.rows.utf8))
  }
}
