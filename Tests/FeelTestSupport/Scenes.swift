import FeelScene
import Foundation

/// The repository root, found from this file's path.
public let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Reads and parses a committed scene, e.g. `experiments/scenes/apple-snap.toml`.
public func loadScene(_ relativePath: String) throws -> Scene {
  let url = repositoryRoot.appendingPathComponent(relativePath)
  let text = try String(contentsOf: url, encoding: .utf8)
  return try SceneReader.parse(text, file: relativePath)
}

/// Runs a scene and returns, for each frame 0…n, every item's state.
public func trajectory(_ scene: Scene) -> [[ItemState]] {
  var sim = SceneSimulation(scene)
  var frames = [scene.items.indices.map { sim.state(ofItem: $0) }]
  for _ in 0..<scene.frameCount {
    sim.advance()
    frames.append(scene.items.indices.map { sim.state(ofItem: $0) })
  }
  return frames
}

/// The first frame after which the animator is paused, if any.
public func pauseFrame(_ scene: Scene) -> Int? {
  var sim = SceneSimulation(scene)
  for _ in 0..<scene.frameCount {
    sim.advance()
    if !sim.isRunning { return sim.frame }
  }
  return nil
}

/// Five lines of scene text, one item "bar" of 100 × 50 pt, for tests of bad input: cases
/// append their lines from line 6 on (see `barScene`).
public let barSceneBase = """
  duration = 1.0
  [[item]]
  id = "bar"
  size = [100, 50]
  center = [50, 25]
  """

/// `barSceneBase` followed by `lines`, the first of them on line 6, ending with a newline.
public func barScene(_ lines: [String]) -> String {
  ([barSceneBase] + lines).joined(separator: "\n") + "\n"
}

/// Castro's 320 × 50 pt bar snapped to (160, 25) pt with the given damping ratio, released
/// at rest `release_pt` right of that point, without resistance (1/s), turning only if
/// `allowsRotation`.
public func snappedBarScene(
  release_pt: Double, damping: Double, allowsRotation: Bool = false, duration_s: Double = 3,
  frameRate_hz: Double = 60
) -> Scene {
  Scene(
    frameRate_hz: frameRate_hz, duration_s: duration_s,
    items: [SceneItem(id: "bar", size_pt: Point(320, 50), center_pt: Point(160 + release_pt, 25))],
    behaviors: [
      SceneBehavior(
        id: "snap", items: ["bar"],
        kind: .snap(SnapSpec(point_pt: Point(160, 25), damping: damping))),
      SceneBehavior(
        id: "rot", items: ["bar"],
        kind: .item(
          ItemPropertiesSpec(resistance: 0, angularResistance: 0, allowsRotation: allowsRotation))),
    ])
}
