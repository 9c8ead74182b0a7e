import FeelScene
import FeelSweep
import FeelTestSupport
import Foundation
import Testing

/// The parallel runner: rows in grid order, the same bytes whatever the threads and chunks.
@Suite struct SweepRunnerTests {
  /// 3 × 4 × 2 = 24 short tap hints: contacts, swaps, untouched points, both profiles.
  static func sweep() throws -> Sweep {
    let text = """
      title = "runner"
      scene = "s.toml"
      metrics = ["hop_pt", "contact_time_s", "overshoot_pt", "settle_time_s", "hint_total_s"]
      [fixed]
      duration = 0.6
      [[axis]]
      name = "push"
      path = "behavior.hint-push.magnitude"
      values = [1, 4, 8]
      [[axis]]
      name = "gravity"
      path = "behavior.hint-gravity.magnitude"
      range = { from = 0.5, to = 2, count = 4 }
      [[axis]]
      name = "profile"
      path = "profile"
      values = ["modern", "ios7"]
      """
    let e = try ExperimentReader.parse(text, file: "runner.toml")
    let path = "experiments/scenes/castro-tap-hint-left.toml"
    return try Sweep(e, scene: try loadScene(path), sceneFile: path)
  }

  func output(_ sweep: Sweep, threads: Int, chunkSize: Int?) -> String {
    var text = ""
    SweepRunner.run(sweep, threads: threads, chunkSize: chunkSize, emit: { text += $0 })
    return text
  }

  @Test func sameBytesWhateverTheThreadsAndChunks() throws {
    let sweep = try Self.sweep()
    let sequential = (0..<sweep.count).map { sweep.row(at: $0) + "\n" }.joined()
    #expect(sequential.split(separator: "\n").count == 24)
    for threads in [1, 2, 3, 8] {
      for chunk in [1, 5, nil] as [Int?] {
        #expect(
          output(sweep, threads: threads, chunkSize: chunk) == sequential,
          "threads \(threads), chunk \(chunk.map(String.init) ?? "default")")
      }
    }
    // The grid has untouched points (flags) and both profiles.
    #expect(sequential.contains("untouched"))
    #expect(sequential.contains(",ios7,"))
  }

  @Test func progressCountsUpToTheTotal() throws {
    let sweep = try Self.sweep()
    var seen: [Int] = []
    SweepRunner.run(
      sweep, threads: 2, chunkSize: 5, emit: { _ in }, progress: { seen.append($0.done) })
    #expect(seen == [5, 10, 15, 20, 24])
  }

  struct Full: Error {}

  /// A failing writer stops the run: the error comes back and no thread is left waiting.
  @Test func aWriteErrorStopsTheRun() throws {
    let sweep = try Self.sweep()
    var chunks = 0
    #expect(throws: Full.self) {
      try SweepRunner.run(
        sweep, threads: 2, chunkSize: 2,
        emit: { (_: String) throws(Full) in
          chunks += 1
          if chunks == 3 { throw Full() }
        })
    }
    #expect(chunks == 3)
  }
}

/// Lanes (`LaneBatch`) against the one-point path on the experiments they serve.
@Suite struct SweepLaneTests {
  static func sweep(_ file: String) throws -> Sweep {
    let url = repositoryRoot.appendingPathComponent(file)
    let e = try ExperimentReader.parse(String(contentsOf: url, encoding: .utf8), file: file)
    let scenePath = "experiments/" + e.scene
    return try Sweep(e, scene: try loadScene(scenePath), sceneFile: scenePath)
  }

  @Test(arguments: [
    "experiments/snap-damping-release.toml", "experiments/profile-modern-ios7.toml",
  ])
  func sameBytesWithAndWithoutLanes(_ file: String) throws {
    var sweep = try Self.sweep(file)
    // The modern half of experiment 5 is every other point; its first 1,200 points suffice.
    let count = file.contains("ios7") ? 1200 : sweep.count
    let lanes = sweep.rows(0..<count)
    sweep.useLanes = false
    let scalar = sweep.rows(0..<count)
    #expect(lanes == scalar)
    // The runner's chunks give the same bytes.
    sweep.useLanes = true
    var text = ""
    SweepRunner.run(sweep, threads: 2, chunkSize: 37, emit: { text += $0 })
    #expect(text.hasPrefix(lanes))
  }
}
