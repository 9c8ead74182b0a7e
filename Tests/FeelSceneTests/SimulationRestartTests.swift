import FeelScene
import FeelTestSupport
import Testing

/// A simulation restarted for a scene (`SceneSimulation.restart`, how a sweep's thread reuses
/// one simulation for grid point after grid point) is what a new one made for that scene is:
/// the same value, stored property by stored property down to the world's scratch (as `dump`
/// prints them: a property the restart forgot to reset shows), then the same bits in every
/// item's state, the same events and running flags, frame by frame.
/// Every committed scene is restarted from the end of another committed scene's run (a
/// different size, profile, behavior list, touches or fields), so that anything the restart
/// failed to reset would show.
@Suite struct SimulationRestartTests {
  /// Every frame of a run from `sim` (not yet advanced): each item's state as bit patterns,
  /// the running flag, and the frame's events.
  static func play(_ sim: inout SceneSimulation) -> [String] {
    var frames: [String] = []
    func record(_ events: [SceneEvent]) {
      let states = sim.scene.items.indices.map { i -> String in
        let s = sim.state(ofItem: i)
        return [
          s.center_pt.x, s.center_pt.y, s.angle_rad, s.velocity_pt_s.x, s.velocity_pt_s.y,
          s.angularVelocity_rad_s,
        ].map { String($0.bitPattern, radix: 16) }.joined(separator: " ")
      }
      frames.append(
        "\(sim.frame) \(sim.isRunning) \(states) \(events.map(TrajectoryCSV.eventRow))")
    }
    record([])
    while sim.frame < sim.scene.frameCount { record(sim.advance()) }
    return frames
  }

  /// `dump`'s text with each set's members sorted: two equal sets may list their members in
  /// different orders (Swift seeds each set's hashing apart).
  static func sortingSets(_ text: String) -> [String] {
    var lines = text.split(separator: "\n").map(String.init)
    var i = 0
    while i < lines.count {
      defer { i += 1 }
      guard lines[i].hasSuffix(" members") else { continue }
      let depth = lines[i].prefix { $0 == " " }.count
      var end = i + 1
      while end < lines.count, lines[end].prefix(while: { $0 == " " }).count > depth { end += 1 }
      lines[(i + 1)..<end].sort()
    }
    return lines
  }

  @Test func aRestartedSimulationRunsAsANewOne() throws {
    let scenes = try committedSceneFiles.map { try loadScene($0) }
    #expect(scenes.count > 40)
    var differing: [String] = []
    for (k, scene) in scenes.enumerated() {
      var fresh = SceneSimulation(scene)
      var reused = SceneSimulation(scenes[(k + 1) % scenes.count])
      _ = Self.play(&reused)
      reused.restart(scene)
      var freshValue = ""
      var reusedValue = ""
      dump(fresh, to: &freshValue)
      dump(reused, to: &reusedValue)
      if Self.sortingSets(reusedValue) != Self.sortingSets(freshValue)
        || Self.play(&reused) != Self.play(&fresh)
      {
        differing.append(committedSceneFiles[k])

      }
    }
    #expect(differing.isEmpty, "restarted runs differ: \(differing)")
  }
}
