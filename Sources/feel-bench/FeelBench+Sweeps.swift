import Foundation

extension FeelBench {
  /// The sweep targets (issue 39): grid points per second on the benchmark's threads as a
  /// multiple of the C loop's scenarios per second, measured in the same run, by experiment name.
  static let sweepTargets: [String: Double] = ["release-60k": 18, "tap-hint-12k": 10]

  /// The C loop of the snap's float32 math (`Tests/Bench/snap_loop.c`, built by the Makefile
  /// with gcc -O2), run as a process: scenarios per second and ns per sub-step, its fastest
  /// batch of at least `minimumSeconds`.
  static func measureCLoop(_ path: String, minimumSeconds: Double) throws -> (
    scenariosPerSecond: Double, nsPerSubstep: Double, substeps: Int
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = [String(minimumSeconds)]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let fields = String(decoding: output, as: UTF8.self).split(separator: ",")
    guard process.terminationStatus == 0, fields.count == 4,
      let rate = Double(fields[0]), let ns = Double(fields[1]), let substeps = Int(fields[2])
    else { throw BenchError("\(path): expected scenarios_per_s,ns_per_substep,substeps,checksum") }
    return (rate, ns, substeps)
  }

  /// Sub-steps per scenario and scenarios timed in each batch of the bare loops.
  static let bareSubsteps = 130
  static let bareScenarios = 400

  /// The bare snap loop's fastest batch: ns per sub-step one scenario at a time, and ns per
  /// scenario-sub-step in eight lanes.
  static func measureBareLoop(minimumSeconds: Double) -> (scalar_ns: Double, lanes_ns: Double) {
    let clock = ContinuousClock()
    var checksum: Float = 0
    func fastest(_ body: () -> Float) -> Double {
      var best = Double.infinity
      var elapsed = 0.0
      var batches = 0
      while batches < 5 || elapsed < minimumSeconds {
        let start = clock.now
        checksum += body()
        let seconds = SweepBenchmark.seconds(clock.now - start)
        best = min(best, seconds)
        elapsed += seconds
        batches += 1
      }
      return best
    }
    let perBatch = Double(bareScenarios * bareSubsteps)
    let scalar = fastest {
      BareSnapLoop.scalarRun(scenarios: bareScenarios, substeps: bareSubsteps)
    }
    let lanes = fastest {
      BareSnapLoop.laneRun(groups: bareScenarios / 8, substeps: bareSubsteps)
    }
    if checksum.isNaN { print("(checksum NaN)") }
    return (1e9 * scalar / perBatch, 1e9 * lanes / perBatch)
  }

  static func runSweeps(
    _ paths: [String], threads: Int, minimumSeconds: Double,
    reference: [String: (samples: Int, seconds: Double)], cLoopPath: String?, csvPath: String?
  ) throws {
    #if DEBUG
      print("feel-bench --sweeps: DEBUG build (use -c release for figures)")
    #endif
    let date = ISO8601DateFormatter().string(from: Date())
    print("feel-bench sweeps, \(date): whole grids through SweepRunner (every point measured,")
    print("its CSV row built, not written); fastest of at least 3 runs and \(minimumSeconds) s")
    print("per grid and thread count. The machine may be shared: the load average is printed")
    print("with the figures, and the ratios to the yardsticks measured in this run are steadier")
    print("than the rates.")
    let loadBefore = SweepBenchmark.loadAverage()
    print("load average (1, 5, 15 min) at the start: \(loadBefore ?? "n/a")")
    print("")
    // The C loop before and after the grids: the faster of the two is the yardstick.
    let cBefore = try cLoopPath.map { try measureCLoop($0, minimumSeconds: minimumSeconds) }
    let bare = measureBareLoop(minimumSeconds: minimumSeconds)
    print("bare float32 loop of the snap math (4 soft joints, 8 iterations, no world, no")
    print("angular terms, as the Castro bar), \(bareSubsteps) sub-steps per scenario:")
    print("  one scenario at a time:    \(format(bare.scalar_ns, 1)) ns per sub-step")
    print("  eight scenarios (SIMD8):   \(format(bare.lanes_ns, 1)) ns per scenario-sub-step")
    print("")
    var results: [SweepBenchmark] = []
    for path in paths {
      results.append(
        try SweepBenchmark.measure(path, threads: threads, minimumSeconds: minimumSeconds))
    }
    let cAfter = try cLoopPath.map { try measureCLoop($0, minimumSeconds: minimumSeconds) }
    let cLoop = [cBefore, cAfter].compactMap { $0 }.max {
      $0.scenariosPerSecond < $1.scenariosPerSecond
    }
    if let cLoop, let cBefore, let cAfter {
      print(
        """
        C loop of the snap's float32 math with its angular terms (Tests/Bench/snap_loop.c, gcc -O2;
        4 soft joints, 8 iterations, one scenario of \(cLoop.substeps) sub-steps at a time):
          \(format(cLoop.scenariosPerSecond, 0)) scenarios/s, \(format(cLoop.nsPerSubstep, 1)) ns per sub-step \
        (before the grids \(format(cBefore.scenariosPerSecond, 0)), after \(format(cAfter.scenariosPerSecond, 0)))
          the Swift loop one scenario at a time (no angular terms) runs \
        \(format(cLoop.nsPerSubstep / bare.scalar_ns, 2)) × its sub-steps per second
        """)
      print("")
    }
    let loadAfter = SweepBenchmark.loadAverage()
    let columns = [
      pad("experiment", 22), pad("points", 8, right: true),
      pad("pts/s \(threads) thr", 13, right: true), pad("pts/s 1 thr", 12, right: true),
      pad("pts/CPU-s", 10, right: true), pad("sub-steps", 10, right: true),
      pad("ns/scn-sub", 11, right: true), pad("÷ bare 8", 9, right: true),
      pad("× C loop", 9, right: true), pad("pybox2d pts/s", 14, right: true),
      pad("feel/pybox2d", 13, right: true),
    ]
    print(columns.joined(separator: " "))
    var csv = [
      "experiment,points,threads,points_per_s,points_per_s_one_thread,points_per_cpu_s,"
        + "substeps_per_point,ns_per_scenario_substep,bare_scalar_ns_per_substep,"
        + "bare_lanes_ns_per_scenario_substep,c_loop_scenarios_per_s,c_loop_ratio,"
        + "pybox2d_points_per_s_one_thread,load_average_before,load_average_after"
    ]
    for r in results {
      // pybox2d: its one-thread rate on the sampled points, scaled to the thread count.
      let py = reference[r.name].map { Double($0.samples) / $0.seconds }
      let cRatio = cLoop.map { r.pointsPerSecond / $0.scenariosPerSecond }
      let row = [
        pad(r.name, 22), pad(String(r.points), 8, right: true),
        pad(format(r.pointsPerSecond, 0), 13, right: true),
        pad(format(r.onePointsPerSecond, 0), 12, right: true),
        pad(format(r.pointsPerCPUSecond, 0), 10, right: true),
        pad(format(r.substepsPerPoint, 1), 10, right: true),
        pad(format(r.nsPerScenarioSubstep, 1), 11, right: true),
        pad(format(r.nsPerScenarioSubstep / bare.lanes_ns, 2), 9, right: true),
        pad(cRatio.map { format($0, 1) } ?? "-", 9, right: true),
        pad(py.map { format($0, 0) } ?? "-", 14, right: true),
        pad(py.map { format(r.onePointsPerSecond / $0, 1) } ?? "-", 13, right: true),
      ]
      print(row.joined(separator: " "))
      csv.append(
        [
          r.name, String(r.points), String(r.threads), format(r.pointsPerSecond, 1),
          format(r.onePointsPerSecond, 1), format(r.pointsPerCPUSecond, 1),
          format(r.substepsPerPoint, 2), format(r.nsPerScenarioSubstep, 2),
          format(bare.scalar_ns, 2), format(bare.lanes_ns, 2),
          cLoop.map { format($0.scenariosPerSecond, 1) } ?? "", cRatio.map { format($0, 2) } ?? "",
          py.map { format($0, 1) } ?? "",
          loadBefore ?? "", loadAfter ?? "",
        ].joined(separator: ","))
    }
    print("")
    print("load average (1, 5, 15 min) at the end: \(loadAfter ?? "n/a")")
    print(
      """
      columns: pts/s: grid points per second of wall time; pts/CPU-s: per CPU-second of all
      threads; sub-steps: engine sub-steps per point (mean over a sample); ns/scn-sub: one
      thread's time per point divided by its sub-steps; ÷ bare 8: that against the bare Swift
      loop eight scenarios at once; × C loop: pts/s on \(threads) threads over the C loop's
      scenarios per second; pybox2d: the reference engine (Python around Box2D 2.3's C++) on
      sampled points of the same grid, one thread; feel/pybox2d: feel's one-thread rate over
      pybox2d's.
      """)
    for r in results {
      guard let target = sweepTargets[r.name] else { continue }
      guard let cLoop else {
        print("target >= \(format(target, 0)) × the C loop, \(r.name): no C loop (--c-loop)")
        continue
      }
      let ratio = r.pointsPerSecond / cLoop.scenariosPerSecond
      let verdict = ratio >= target ? "met" : "missed by \(format(100 * (1 - ratio / target), 0)) %"
      print(
        "target >= \(format(target, 0)) × the C loop on \(r.threads) threads, \(r.name): "
          + "\(format(r.pointsPerSecond, 0)) points/s = \(format(ratio, 1)) ×, \(verdict)")
    }
    if let csvPath {
      try (csv.joined(separator: "\n") + "\n").write(
        toFile: csvPath, atomically: true, encoding: .utf8)
    }
  }
}
