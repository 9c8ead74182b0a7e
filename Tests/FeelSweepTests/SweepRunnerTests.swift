import FeelScene
import FeelSweep
import FeelTestSupport
import Foundation
import Testing

/// The parallel runner: rows in grid order, the same bytes whatever the threads and chunks.
@Suite struct SweepRunnerTests {
  /// 3 × 4 × 2 = 24 short tap hints: contacts, swaps, untouched points, both profiles.
  static func sweep() throws -> ParameterGrid {
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
    return try ParameterGrid(e, scene: try loadScene(path), sceneFile: path)
  }

  func output(_ sweep: ParameterGrid, threads: Int, chunkSize: Int?) -> String {
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

/// Lanes (`SceneRuns`, `LaneGroup`) against the scalar path on every experiment: the same CSV
/// bytes.
@Suite struct SweepLaneTests {
  static func sweep(_ file: String) throws -> ParameterGrid {
    let url = repositoryRoot.appendingPathComponent(file)
    let e = try ExperimentReader.parse(String(contentsOf: url, encoding: .utf8), file: file)
    let folder = file.split(separator: "/").dropLast().joined(separator: "/")
    let scenePath = folder + "/" + e.scene
    return try ParameterGrid(e, scene: try loadScene(scenePath), sceneFile: scenePath)
  }

  @Test(arguments: [
    "experiments/snap-damping-release.toml", "experiments/profile-modern-ios7.toml",
    "experiments/tap-hint-push-gravity.toml", "experiments/wall-offset-damping.toml",
    "experiments/phone-width-push.toml",
    // Touches (on the scalar path while a finger is down, in lanes once the last one has
    // lifted: LaneRunTests checks that they enter) and rest targets (two runs of each scene).
    "experiments/touch-drag-commit.toml", "Tests/Controls/experiments/hanging-card-spring.toml",
  ])
  func sameBytesWithAndWithoutLanes(_ file: String) throws {
    var sweep = try Self.sweep(file)
    // Both ends of the larger grids (every axis value of the last axis, the first and last
    // values of the others).
    let ranges =
      sweep.count <= 600 ? [0..<sweep.count] : [0..<300, (sweep.count - 300)..<sweep.count]
    for range in ranges {
      sweep.useLanes = true
      let lanes = sweep.rows(range)
      sweep.useLanes = false
      let scalar = sweep.rows(range)
      #expect(lanes == scalar, "\(file), points \(range)")
    }
    // The runner's chunks give the same bytes (its first 300 points or so suffice).
    sweep.useLanes = true
    let first = sweep.rows(ranges[0])
    var text = ""
    struct Enough: Error {}
    try? SweepRunner.run(
      sweep, threads: 2, chunkSize: 37,
      emit: { (chunk: String) throws(Enough) in
        text += chunk
        if text.utf8.count >= first.utf8.count { throw Enough() }
      })
    #expect(text.hasPrefix(first))
  }
}
