import ArgumentParser
import FeelCommandSupport
import FeelEngine
import FeelScene
import FeelSweep
import Foundation

/// `feel inspect SCENE [--json | --uses | --paths [--json]]`: the bodies, fixtures, masks and
/// joints UIKit builds from a scene at frame 0, what the scene uses that some tools lack, or
/// the paths it accepts (`ScenePath.listing`).
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

      --uses prints, on one line, the words for what the scene uses that a tool may lack: \
      touch (a [[touch]]), rotation (FeelLab's kinematic inertia or detent), field (a field \
      behavior), noise (a noise or turbulence field), ios9 (a key the ios7 profile refuses), \
      scroll (a scroll behavior). \
      The Makefile picks the scenes of the differential test and the benchmark by them.

      --paths lists every path the scene accepts, one a line with what its value must be: the \
      paths a sweep's axis or [fixed] table, --set and the studio's set take (docs/sweeps.md). \
      With --json: one object with the key paths.
      """
  )

  @Argument(help: "The scene file (TOML).")
  var scene: String

  @Flag(help: "Print one JSON object (bodies, joints, fields; or paths) instead of a listing.")
  var json = false

  @Flag(
    help: "Print what the scene uses (touch, rotation, field, noise, ios9, scroll) on one line.")
  var uses = false

  @Flag(help: "List every path a sweep, --set or the studio's set accepts, with its value kind.")
  var paths = false

  func validate() throws {
    if json && uses { throw ValidationError("--json and --uses: choose one") }
    if paths && uses { throw ValidationError("--paths and --uses: choose one") }
  }

  func run() throws {
    let read = try InputFile.scene(scene)
    if uses {
      print(usedWords(read).joined(separator: " "))
      return
    }
    if paths {
      let entries = ScenePath.listing(in: read)
      let text = json ? ScenePath.listingJSON(entries) : ScenePath.listingText(entries)
      FileHandle.standardOutput.write(Data(text.utf8))
      return
    }
    let inspection = SceneInspection(read)
    FileHandle.standardOutput.write(Data((json ? inspection.json : inspection.text).utf8))
  }

  /// The words of `--uses`, in a fixed order. `ios9` is whatever the reader refuses once the
  /// profile is set to ios7, so the scene reader stays the one place that knows iOS 9's keys.
  func usedWords(_ read: Scene) -> [String] {
    let kinds = read.behaviors.map(\.kind)
    let fields = kinds.compactMap { kind -> FieldKind? in
      if case .field(let spec) = kind { return spec.kind }
      return nil
    }
    let refusedInIOS7 = (try? InputFile.scene(scene, profile: .ios7)) == nil
    let words: [(String, Bool)] = [
      ("touch", !read.touches.isEmpty),
      ("rotation", kinds.contains(where: \.isKinematicRotation)),
      ("field", !fields.isEmpty),
      ("noise", fields.contains(where: \.isNoise)),
      ("ios9", refusedInIOS7),
      ("scroll", kinds.contains { if case .scroll = $0 { true } else { false } }),
    ]
    return words.filter(\.1).map(\.0)
  }
}
