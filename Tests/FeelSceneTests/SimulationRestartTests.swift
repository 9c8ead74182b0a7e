import FeelScene
import FeelTestSupport
import Testing

/// A simulation restarted for a scene (`SceneSimulation.restart`, how a sweep's thread reuses
/// one simulation for grid point after grid point) is what a new one made for that scene is:
/// the same world at frame 0 as `feel inspect` lists it (bodies, fixtures and their masks,
/// joints, fields), then the same bits in every item's state, the same events and running
/// flags, frame by frame.
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

  @Test func aRestartedSimulationRunsAsANewOne() throws {
    let scenes = try committedSceneFiles.map { try loadScene($0) }
    #expect(scenes.count > 40)
    var differing: [String] = []
    for (k, scene) in scenes.enumerated() {
      var fresh = SceneSimulation(scene)
      let world = fresh.animator.inspection()
      let expected = Self.play(&fresh)
      var reused = SceneSimulation(scenes[(k + 1) % scenes.count])
      _ = Self.play(&reused)
      reused.restart(scene)
      if reused.animator.inspection() != world || Self.play(&reused) != expected {
        differing.append(committedSceneFiles[k])
      }
    }
    #expect(differing.isEmpty, "restarted runs differ: \(differing)")
  }
}
