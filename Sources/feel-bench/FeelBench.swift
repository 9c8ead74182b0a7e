import ArgumentParser
import FeelBenchAlloc
import FeelScene
import Foundation

@main
struct FeelBenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "feel-bench",
    abstract: "Nanoseconds per engine sub-step of scenes, or grid points per second of sweeps.",
    discussion: """
      Scenes: the whole scene through SceneSimulation.advance(), next to pybox2d's figures \
      (--reference) and the heap allocations per sub-step. With --sweeps: the experiments' \
      grids, next to the C loop of the snap's math (--c-loop) and pybox2d's rate on sampled \
      points (--reference-sweeps). With --write-samples: those sampled points as scene files. \
      FEEL_BENCH_TRACE=1 in the environment lists the frames that allocate.
      """)

  @Option(
    name: .customLong("min-seconds"),
    help: "Time each scene (each grid, each thread count) for at least this long (s).")
  var minimumSeconds = 0.5

  @Option(name: .customLong("reference"), help: "pybox2d's figures (bench_reference.py).")
  var referencePath: String?

  @Option(name: .customLong("csv"), help: "Also write the figures as CSV there.")
  var csvPath: String?

  @Option(
    name: .customLong("target-ratio"),
    help: "Judge each scene by feel/pybox2d <= R instead of the ns target.")
  var targetRatio: Double?

  @Option(
    name: .customLong("real-time"),
    help: "Also time feel run's work on each scene (one thread); judge it by ≥ X times real time.")
  var realTimeTarget: Double?

  @Flag(help: "Time the experiments' grids instead of scenes.")
  var sweeps = false

  @Option(help: "Threads for --sweeps.")
  var threads = 2

  @Option(
    name: .customLong("reference-sweeps"), help: "pybox2d's rates (bench_sweep_reference.py).")
  var referenceSweepsPath: String?

  @Option(
    name: .customLong("c-loop"),
    help: "The C loop of the snap's math, run before and after the grids: the yardstick.")
  var cLoopPath: String?

  @Option(
    name: .customLong("write-samples"),
    help: "Write --samples evenly spaced grid points of each experiment as scenes under DIR.")
  var samplesFolder: String?

  @Option(help: "How many grid points --write-samples writes per experiment.")
  var samples = 48

  @Argument(help: "Scene files, or experiment files with --sweeps or --write-samples.")
  var scenes: [String]

  func validate() throws {
    guard minimumSeconds >= 0 else { throw ValidationError("--min-seconds: expected ≥ 0") }
    if let targetRatio, !(targetRatio > 0) {
      throw ValidationError("--target-ratio: expected a number > 0")
    }
    if let realTimeTarget, !(realTimeTarget > 0) {
      throw ValidationError("--real-time: expected a number > 0")
    }
    guard threads >= 1 else { throw ValidationError("--threads: expected a whole number ≥ 1") }
    guard samples >= 1 else { throw ValidationError("--samples: expected a whole number ≥ 1") }
  }

  func run() throws {
    if let samplesFolder {
      try SweepBenchmark.writeSamples(scenes, count: samples, to: samplesFolder)
      return
    }
    if sweeps {
      try FeelBench.runSweeps(
        scenes, threads: threads, minimumSeconds: minimumSeconds,
        reference: try referenceSweepsPath.map(ReferenceSweepFigures.read) ?? [:],
        cLoopPath: cLoopPath, csvPath: csvPath)
      return
    }
    try FeelBench.runScenes(
      scenes, minimumSeconds: minimumSeconds, referencePath: referencePath,
      targetRatio: targetRatio, realTimeTarget: realTimeTarget, csvPath: csvPath)
  }
}

/// `feel-bench`'s measurements: ns per engine sub-step for scene files in a release build, next
/// to the reference engine's figures (pybox2d, measured by Tests/Contract/Reference/bench_reference.py in
/// the same `make bench` run), and heap allocations per sub-step; grid points per second of
/// experiments' sweeps (FeelBench+Sweeps.swift).
enum FeelBench {
  /// Issue 2's yardsticks (ns per sub-step, measured on the release scene).
  static let yardsticks = """
    yardsticks (issue 2, measured on the release scene): pybox2d ~1,500 ns/sub-step,
    Box2D 2.4 (C++) ~1,100 ns, a bare float32 loop of just the snap math (4 soft joints,
    8 iterations, no world, no contacts) ~440 ns: the floor for a body that can turn (the
    Castro bar cannot, and feel drops its angular terms, which are exact zeros).
    target: <= 600 ns per sub-step on one core, no allocation in the step.
    """

  static let targetNsPerSubstep = 600.0

  static func runScenes(
    _ scenes: [String], minimumSeconds: Double, referencePath: String?, targetRatio: Double?,
    realTimeTarget: Double?, csvPath: String?
  ) throws {
    let reference = try referencePath.map(ReferenceFigures.read) ?? [:]

    #if DEBUG
      print("feel-bench: ns per engine sub-step, DEBUG build (use -c release for figures)")
    #else
      print("feel-bench: ns per engine sub-step, release build, one thread")
    #endif
    print(
      """
      feel: the whole scene through SceneSimulation.advance(), rules included;
      pybox2d: its world.Step calls in Tests/Contract/Reference's model of the same scene.
      Each figure is the fastest of at least five batches (the machine may be shared);
      the means are in the CSV.
      """)
    print(
      "allocations: "
        + (allocationsAreCounted ? "counted by an interposed malloc" : "not counted here"))
    print("")
    let columns = [
      pad("scene", 28), pad("sub-steps", 10, right: true), pad("feel ns", 10, right: true),
      pad("pybox2d ns", 11, right: true), pad("feel/pybox2d", 13, right: true),
      pad("allocs/sub-step", 16, right: true), pad("allocs/run", 11, right: true),
    ]
    print(columns.joined(separator: " "))
    var csv = [
      "scene,substeps_per_run,runs,feel_ns_per_substep,feel_mean_ns_per_substep,"
        + "pybox2d_ns_per_substep,ratio,step_allocations_per_substep,allocations_per_run"
    ]
    var results: [SceneBenchmark] = []
    for path in scenes {
      let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
      let scene = try loadScene(path)
      let result = try SceneBenchmark.measure(scene, name: name, minimumSeconds: minimumSeconds)
      results.append(result)
      let pybox2d = reference[name]
      let ratio = pybox2d.map { result.nsPerSubstep / $0 }
      let row = [
        pad(name, 28), pad(String(result.substepsPerRun), 10, right: true),
        pad(format(result.nsPerSubstep, 0), 10, right: true),
        pad(pybox2d.map { format($0, 0) } ?? "-", 11, right: true),
        pad(ratio.map { format($0, 3) } ?? "-", 13, right: true),
        pad(result.stepAllocationsPerSubstep.map { format($0, 3) } ?? "n/a", 16, right: true),
        pad(result.allocationsPerRun.map(String.init) ?? "n/a", 11, right: true),
      ]
      print(row.joined(separator: " "))
      csv.append(
        [
          name, String(result.substepsPerRun), String(result.runs),
          format(result.nsPerSubstep, 1), format(result.meanNsPerSubstep, 1),
          pybox2d.map { format($0, 1) } ?? "",
          ratio.map { format($0, 4) } ?? "",
          result.stepAllocationsPerSubstep.map { format($0, 4) } ?? "",
          result.allocationsPerRun.map(String.init) ?? "",
        ].joined(separator: ","))
    }
    print("")
    summarise(results, reference: reference, targetRatio: targetRatio)
    if let realTimeTarget {
      for path in scenes {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let run = RealTimeRun.measure(try loadScene(path), minimumSeconds: minimumSeconds)
        print(run.line(name, target: realTimeTarget))
      }
    }
    if targetRatio == nil { print(yardsticks) }
    if let csvPath {
      try (csv.joined(separator: "\n") + "\n").write(
        toFile: csvPath, atomically: true, encoding: .utf8)
    }
  }

  /// The all-scenes figures and the verdict against the target on every scene: feel/pybox2d
  /// at most `targetRatio` if given, else at most `targetNsPerSubstep`.
  static func summarise(
    _ results: [SceneBenchmark], reference: [String: Double], targetRatio: Double? = nil
  ) {
    let totalSubsteps = results.reduce(0) { $0 + $1.substepsPerRun }
    let feelMean =
      results.reduce(0) { $0 + $1.nsPerSubstep * Double($1.substepsPerRun) }
      / Double(max(totalSubsteps, 1))
    var line = "all scenes (weighted by sub-steps): feel \(format(feelMean, 0)) ns/sub-step"
    var ratio: Double?
    if results.allSatisfy({ reference[$0.name] != nil }), !results.isEmpty {
      let pyMean =
        results.reduce(0) { $0 + reference[$1.name]! * Double($1.substepsPerRun) }
        / Double(max(totalSubsteps, 1))
      ratio = feelMean / pyMean
      line += ", pybox2d \(format(pyMean, 0)) ns, ratio \(format(feelMean / pyMean, 3))"
    }
    print(line)
    if let targetRatio {
      let target = "target feel/pybox2d <= \(format(targetRatio, 2)) on each scene"
      if ratio != nil {
        let ratios = results.map { ($0.name, $0.nsPerSubstep / reference[$0.name]!) }
        let over = ratios.filter { $0.1 > targetRatio }
        if let worst = over.max(by: { $0.1 < $1.1 }) {
          print(
            target + ": missed on \(over.count) of \(results.count) scenes "
              + "(worst \(worst.0) \(format(worst.1, 3)))")
        } else {
          print(target + ": met on every scene")
        }
      } else {
        print(target + ": no pybox2d figure for every scene")
      }
    } else {
      let slow = results.filter { $0.nsPerSubstep > targetNsPerSubstep }
      print(
        slow.isEmpty
          ? "target <= \(format(targetNsPerSubstep, 0)) ns/sub-step: met on every scene"
          : "target <= \(format(targetNsPerSubstep, 0)) ns/sub-step: missed on "
            + "\(slow.count) of \(results.count) scenes (slowest \(format(slow.map(\.nsPerSubstep).max()!, 0)) ns)"
      )
    }
    let allocating = results.filter { ($0.stepAllocationsPerSubstep ?? 0) > 0 }
    if allocationsAreCounted {
      print(
        allocating.isEmpty
          ? "no allocation in the step (steady frames, without events) on any scene"
          : "the step allocates on \(allocating.count) of \(results.count) scenes (FEEL_BENCH_TRACE=1 lists the frames)"
      )
    }
  }

  static func loadScene(_ path: String) throws -> Scene {
    guard let data = FileManager.default.contents(atPath: path),
      let text = String(data: data, encoding: .utf8)
    else { throw BenchError("\(path): cannot read the scene file") }
    do {
      return try SceneReader.parse(text, file: path)
    } catch {
      throw BenchError(error.description)
    }
  }

  static func format(_ value: Double, _ decimals: Int) -> String {
    String(format: "%.\(decimals)f", value)
  }

  static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return right ? padding + text : text + padding
  }
}

/// Whether this platform counts allocations (see FeelBenchAlloc).
var allocationsAreCounted: Bool { feel_bench_allocations() >= 0 }
