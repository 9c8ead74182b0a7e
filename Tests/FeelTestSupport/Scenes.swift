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
