import FeelBenchAlloc
import FeelScene
import Foundation

/// How fast one scene simulates: the whole scene is played again and again (display frames
/// through `SceneSimulation.advance()`, rules included) and the time is divided by the
/// engine sub-steps it took.
struct SceneBenchmark {
  /// The scene's name (its file name without `.toml`).
  var name: String
  /// Engine sub-steps in one play of the scene.
  var substepsPerRun: Int
  /// Plays timed.
  var runs: Int
  /// Nanoseconds per sub-step (time in `advance()` / sub-steps) of the fastest batch of
  /// plays: on a shared machine, the figure least disturbed by other processes.
  var nsPerSubstep: Double
  /// Nanoseconds per sub-step over all timed plays.
  var meanNsPerSubstep: Double
  /// Heap allocations per sub-step in steady frames (see `countAllocations`): the step
  /// itself. Nil where allocations are not counted.
  var stepAllocationsPerSubstep: Double?
  /// Heap allocations in one whole play after the simulation was built, event frames
  /// included (rules that add behaviors make bodies and joints, as UIKit does, and events
  /// are collected in arrays). Nil where allocations are not counted.
  var allocationsPerRun: Int?
  /// A value computed from the final states, so that no play can be optimised away.
  var checksum: Double

  /// Measures `scene`, playing it in batches of about a fiftieth of `minimumSeconds` until at
  /// least `minimumSeconds` of simulation were timed, in at least five batches.
  static func measure(_ scene: Scene, name: String, minimumSeconds: Double) throws(BenchError)
    -> SceneBenchmark
  {
    let substeps = try countSubsteps(scene)
    guard substeps.total > 0 else {
      throw BenchError("\(name): the scene takes no engine sub-step")
    }
    var checksum = play(scene)  // warm-up
    let clock = ContinuousClock()
    let batchLength = Duration.seconds(max(minimumSeconds / 50, 0.002))
    var elapsed = Duration.zero
    var runs = 0
    var batches: [Double] = []
    while batches.count < 5 || elapsed < .seconds(minimumSeconds) {
      var batchElapsed = Duration.zero
      var batchRuns = 0
      while batchRuns == 0 || batchElapsed < batchLength {
        var simulation = SceneSimulation(scene)
        let start = clock.now
        for _ in 0..<scene.frameCount { simulation.advance() }
        batchElapsed += clock.now - start
        checksum += finalChecksum(simulation)
        batchRuns += 1
      }
      elapsed += batchElapsed
      runs += batchRuns
      batches.append(nanoseconds(batchElapsed) / Double(batchRuns * substeps.total))
    }
    let allocations = countAllocations(scene, substepsPerFrame: substeps.perFrame)
    return SceneBenchmark(
      name: name, substepsPerRun: substeps.total, runs: runs,
      nsPerSubstep: batches.min()!,
      meanNsPerSubstep: nanoseconds(elapsed) / Double(runs * substeps.total),
      stepAllocationsPerSubstep: allocations?.stepPerSubstep,
      allocationsPerRun: allocations?.perRun, checksum: checksum)
  }

  private static func nanoseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) * 1e-9
  }

  /// Plays the whole scene once; returns the final states' checksum.
  private static func play(_ scene: Scene) -> Double {
    var simulation = SceneSimulation(scene)
    for _ in 0..<scene.frameCount { simulation.advance() }
    return finalChecksum(simulation)
  }

  private static func finalChecksum(_ simulation: SceneSimulation) -> Double {
    simulation.scene.items.indices.reduce(0) { sum, i in
      let state = simulation.state(ofItem: i)
      return sum + state.center_pt.x + state.center_pt.y + state.angle_rad
    }
  }

  /// Sub-steps of each frame of one play, from the animator's accumulator as the model page
  /// gives it (docs/uikit-dynamics-model.md, "Time stepping"): the animator steps
  /// only while running, and keeps its accumulator while paused. Checked against the
  /// animator's own count (`Animator.substepsRun`), frame by frame. In a scene with touches,
  /// the rules of a frame's touch events run before its step and may start the animator:
  /// whether it steps is read after them (`SceneSimulation.beforeStep`).
  private static func countSubsteps(_ scene: Scene) throws(BenchError) -> (
    total: Int, perFrame: [Int]
  ) {
    var simulation = SceneSimulation(scene)
    simulation.recordsBeforeStep = true
    let dt = simulation.frameDuration_s
    var accumulator = 0.0
    var perFrame: [Int] = []
    for frame in 1..<(scene.frameCount + 1) {
      var substeps = 0
      let runningBefore = simulation.animator.isRunning
      let before = simulation.animator.substepsRun
      simulation.advance()
      if simulation.beforeStep?.running ?? runningBefore {
        switch scene.profile {
        case .modern:
          accumulator += dt
          while accumulator >= EngineConstants.modernThreshold_s {
            substeps += 1
            accumulator -= EngineConstants.modernThreshold_s
          }
        case .ios7:
          let h = EngineConstants.ios7Substep_s
          var total = accumulator + dt
          accumulator = total.truncatingRemainder(dividingBy: h)
          while total > h {
            substeps += 1
            total -= h
          }
        }
      }
      let reported = simulation.animator.substepsRun - before
      guard reported == substeps else {
        throw BenchError(
          "frame \(frame): the animator ran \(reported) sub-steps, the model page's "
            + "accumulator \(substeps)")
      }
      perFrame.append(substeps)
    }
    return (perFrame.reduce(0, +), perFrame)
  }

  /// Allocations during one play (after a warm-up play): per sub-step in steady frames, and
  /// in all. A frame is steady when neither it nor the frame before had an event (no contact
  /// began or ended, no rule fired, no pause) and it is not the first frame of the play: a
  /// world that was just built, or just changed by a rule, may still grow its buffers.
  /// With `FEEL_BENCH_TRACE` set in the environment, prints each frame that allocates.
  private static func countAllocations(_ scene: Scene, substepsPerFrame: [Int]) -> (
    stepPerSubstep: Double, perRun: Int
  )? {
    guard allocationsAreCounted else { return nil }
    let trace = ProcessInfo.processInfo.environment["FEEL_BENCH_TRACE"] != nil
    _ = play(scene)
    var simulation = SceneSimulation(scene)
    var steadyAllocations = 0
    var steadySubsteps = 0
    var total = 0
    var previousFrameQuiet = false
    for frame in 0..<scene.frameCount {
      let before = feel_bench_allocations()
      let events = simulation.advance()
      let count = Int(feel_bench_allocations() - before)
      total += count
      if previousFrameQuiet && events.isEmpty {
        steadyAllocations += count
        steadySubsteps += substepsPerFrame[frame]
      }
      previousFrameQuiet = events.isEmpty
      if trace && count > 0 {
        let kinds = events.map(\.kind.rawValue).joined(separator: " ")
        print(
          "  frame \(frame + 1): \(count) allocation(s); events: \(kinds.isEmpty ? "none" : kinds)")
      }
    }
    return (Double(steadyAllocations) / Double(max(steadySubsteps, 1)), total)
  }
}

/// A benchmark that cannot run; printed, exit status 1.
struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
