import FeelMetrics
import FeelNotebook
import FeelScene
import FeelSweep
import Foundation

/// How fast `feel sweep` computes a grid: every point measured and its CSV row built (as
/// `SweepRunner.run` does for `feel sweep`, rows discarded rather than written), timed on
/// `threads` threads and on one, fastest of several runs, in wall-clock and CPU time.
struct SweepBenchmark {
  /// The experiment's file name without `.toml`.
  var name: String
  var points: Int
  var threads: Int
  /// Grid points per second of wall time on `threads` threads, and on one (fastest run).
  var pointsPerSecond: Double
  var onePointsPerSecond: Double
  /// Grid points per CPU-second (all threads), fastest run on `threads` threads: steadier
  /// than wall time on a shared machine.
  var pointsPerCPUSecond: Double
  /// Engine sub-steps per point (mean over a sample of points, run on the scalar path).
  var substepsPerPoint: Double
  /// Runs timed.
  var runs: Int

  /// ns per scenario-sub-step on one thread (one-thread wall time per point / sub-steps).
  var nsPerScenarioSubstep: Double { 1e9 / onePointsPerSecond / substepsPerPoint }

  /// Reads an experiment and its base scene (a path relative to the experiment file).
  static func loadSweep(_ path: String) throws -> ParameterGrid {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw BenchError("\(path): cannot read the experiment file")
    }
    do {
      let experiment = try ExperimentReader.parse(text, file: path)
      let folder = (path as NSString).deletingLastPathComponent
      let sceneFile = ((folder as NSString).appendingPathComponent(experiment.scene) as NSString)
        .standardizingPath
      let scene = try FeelBench.loadScene(sceneFile)
      return try ParameterGrid(experiment, scene: scene, sceneFile: sceneFile, force: true)
    } catch let error as ExperimentError {
      throw BenchError(error.description)
    }
  }

  /// Times the sweep's whole grid, at least three runs and `minimumSeconds` of runs, on
  /// `threads` threads and on one.
  static func measure(_ path: String, threads: Int, minimumSeconds: Double) throws
    -> SweepBenchmark
  {
    let sweep = try loadSweep(path)
    let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    func best(_ threads: Int) -> (wall_s: Double, cpu_s: Double, runs: Int) {
      var fastest = (wall_s: Double.infinity, cpu_s: Double.infinity)
      var total = 0.0
      var runs = 0
      while runs < 3 || total < minimumSeconds {
        let run = timeRun(sweep, threads: threads)
        if run.wall_s < fastest.wall_s { fastest.wall_s = run.wall_s }
        if run.cpu_s < fastest.cpu_s { fastest.cpu_s = run.cpu_s }
        total += run.wall_s
        runs += 1
      }
      return (fastest.wall_s, fastest.cpu_s, runs)
    }
    let many = best(threads)
    let one = best(1)
    let points = Double(sweep.count)
    return SweepBenchmark(
      name: name, points: sweep.count, threads: threads, pointsPerSecond: points / many.wall_s,
      onePointsPerSecond: points / one.wall_s, pointsPerCPUSecond: points / many.cpu_s,
      substepsPerPoint: substepsPerPoint(sweep), runs: many.runs + one.runs)
  }

  /// One run of the whole grid: wall and CPU seconds.
  static func timeRun(_ sweep: ParameterGrid, threads: Int) -> (wall_s: Double, cpu_s: Double) {
    var bytes = 0
    let cpu0 = cpuSeconds()
    let clock = ContinuousClock()
    let start = clock.now
    SweepRunner.run(sweep, threads: threads, emit: { bytes += $0.utf8.count })
    let wall = clock.now - start
    let cpu = cpuSeconds() - cpu0
    precondition(bytes > 0)
    return (seconds(wall), cpu)
  }

  /// Sub-steps per point over every k-th point of the grid (at most 2,000 points), each run
  /// on the scalar path until `SceneMeasurement` would stop it (out of frames or at rest).
  static func substepsPerPoint(_ sweep: ParameterGrid) -> Double {
    let stride = max(1, sweep.count / 2_000)
    var total = 0
    var sampled = 0
    for index in Swift.stride(from: 0, to: sweep.count, by: stride) {
      var sim = SceneSimulation(sweep.scene(at: index))
      while sim.frame < sim.scene.frameCount {
        sim.advance()
        if sim.isAtRest { break }
      }
      total += sim.animator.substepsRun
      sampled += 1
    }
    return Double(total) / Double(max(sampled, 1))
  }

  /// CPU time of the whole process so far (s), all threads.
  static func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
  }

  /// The 1, 5 and 15 minute load averages (`/proc/loadavg`; nil where there is none).
  static func loadAverage() -> String? {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else {
      return nil
    }
    return text.split(separator: " ").prefix(3).joined(separator: " ")
  }

  /// Writes `count` points of each experiment's grid, evenly spaced, as scene files
  /// `folder/NAME/NNNNNN.toml`, for the reference engine's rate on the same grid.
  static func writeSamples(_ paths: [String], count: Int, to folder: String) throws {
    for path in paths {
      let sweep = try loadSweep(path)
      let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
      let directory = (folder as NSString).appendingPathComponent(name)
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true)
      let n = min(count, sweep.count)
      for k in 0..<n {
        let index = k * sweep.count / n
        let file = (directory as NSString).appendingPathComponent(
          String(format: "%07d.toml", index))
        let text = SceneTOMLWriter.text(
          sweep.scene(at: index), header: ["\(path), grid point \(index)"])
        try text.write(toFile: file, atomically: true, encoding: .utf8)
      }
    }
  }
}

/// pybox2d's rate on sampled grid points (`Tests/Contract/Reference/bench_sweep_reference.py`): CSV with
/// `experiment`, `samples`, `seconds`, by experiment name.
enum ReferenceSweepFigures {
  static func read(_ path: String) throws -> [String: (samples: Int, seconds: Double)] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw BenchError("\(path): cannot read the reference sweep figures")
    }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    guard let header = lines.first?.split(separator: ","),
      let nameColumn = header.firstIndex(of: "experiment"),
      let samplesColumn = header.firstIndex(of: "samples"),
      let secondsColumn = header.firstIndex(of: "seconds")
    else {
      throw BenchError("\(path): expected a CSV header with experiment, samples and seconds")
    }
    var figures: [String: (samples: Int, seconds: Double)] = [:]
    for line in lines.dropFirst() {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      guard fields.count == header.count, let samples = Int(fields[samplesColumn]),
        let seconds = Double(fields[secondsColumn])
      else { throw BenchError("\(path): bad line \(line)") }
      figures[String(fields[nameColumn])] = (samples, seconds)
    }
    return figures
  }
}
