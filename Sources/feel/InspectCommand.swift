import ArgumentParser
import FeelCommandSupport
import FeelScene
import Foundation

/// `feel inspect SCENE [--json]`: the bodies, fixtures, masks and joints UIKit builds from a
/// scene at frame 0.
struct InspectCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "inspect",
    abstract: "List the bodies, fixtures, collision masks and joints a scene builds at frame 0.",
    discussion: """
      What UIKit builds once the behaviors that start are added: every body (an item's, a \
      group's, a boundary's, a snap's or attachment's anchor), dynamic or static, with its mass, \
      inertia, centre and angle; its fixtures (shape, vertices in the body's frame, skin, \
      material, UIKit's category, collision and contact masks); every joint. --json prints one \
      object with the keys bodies, joints and fields, for scripts (docs/shapes.md).
      """
  )

  @Argument(help: "The scene file (TOML).")
  var scene: String

  @Flag(help: "Print one JSON object (bodies, joints, fields) instead of a listing.")
  var json = false

  func run() throws {
    let inspection = SceneInspection(try InputFile.scene(scene))
    FileHandle.standardOutput.write(Data((json ? inspection.json : inspection.text).utf8))
  }
}
