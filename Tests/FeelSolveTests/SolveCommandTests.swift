import FeelTestSupport
import Foundation
import Testing

/// `feel solve` as scripts and designers run it: the JSON contract, the CSV beside `feel
/// sweep`'s, exit statuses and messages.
@Suite(.serialized) struct SolveCommandTests {
  static let scenes = repositoryRoot.appendingPathComponent("experiments/scenes").path

  /// 9 dampings × 2 releases of the Castro bar.
  static func experiment(_ scratch: TemporaryFolder) throws -> String {
    try scratch.write(
      """
      title = "Solve test"
      description = "A test."
      scene = "\(scenes)/castro-release-right-40.toml"
      metrics = ["overshoot_pt", "oscillations", "settle_time_s", "pause_time_s"]

      [measure]
      band = 0.5

      [[axis]]
      name = "damping"
      path = "behavior.scrub-snap.damping"
      range = { from = 0.3, to = 0.7, step = 0.05 }

      [[axis]]
      name = "release_pt"
      set = [ { path = "item.bar.center.0", offset = 160 } ]
      values = [40, 80]
      """, to: "solve.toml"
    ).path
  }

  static let question = [
    "--where", "overshoot_pt <= 3", "--where", "settle_time_s <= 0.35", "--minimize",
    "settle_time_s",
  ]

  /// The CSV's lines: comments, the column header, the rows.
  static func parts(_ csv: String) -> (comments: [String], header: String, rows: [String]) {
    let lines = csv.split(separator: "\n").map(String.init)
    let comments = lines.filter { $0.hasPrefix("#") }
    let rest = lines.filter { !$0.hasPrefix("#") }
    return (comments, rest[0], Array(rest.dropFirst()))
  }

  @Test func jsonHoldsTheContractAndNothingElse() throws {
    let scratch = try TemporaryFolder()
    let exp = try Self.experiment(scratch)
    let csvPath = scratch.path("solve.csv")
    let run = try runFeel(["solve", exp] + Self.question + ["--json", "--output", csvPath])
    #expect(run.status == 0, "\(run.errors)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any], "stdout is JSON")
    #expect(json["grid_points"] as? Int == 18)
    let feasible = try #require(json["feasible_points"] as? Int)
    let best = try #require(json["best"] as? [String: Any])
    let bestAxes = try #require(best["axes"] as? [String: Double])
    let bestMetrics = try #require(best["metrics"] as? [String: Any])
    #expect(Set(bestAxes.keys) == ["damping", "release_pt"])
    #expect(
      Set(bestMetrics.keys) == ["overshoot_pt", "oscillations", "settle_time_s", "pause_time_s"])
    let refined = try #require(json["refined"] as? [String: Any])
    let refinedAxes = try #require(refined["axes"] as? [String: Double])
    let refinedMetrics = try #require(refined["metrics"] as? [String: Double])
    // Documented additions only.
    let contract: Set = ["feasible_points", "grid_points", "best", "refined"]
    let additions: Set = [
      "problem", "pareto", "refinement", "binding", "relaxations", "closest", "best_on_grid_edge",
    ]
    #expect(Set(json.keys).subtracting(contract).isSubset(of: additions), "\(json.keys)")
    #expect(Set(json.keys).isSuperset(of: contract))

    // Against the CSV: the feasible count, and the best is the feasible row of least settle
    // time (ties: the larger overshoot slack, as documented), computed here from the rows.
    let (_, header, rows) = Self.parts(try String(contentsOfFile: csvPath, encoding: .utf8))
    let columns = header.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    let cells = rows.map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    func cell(_ row: [String], _ name: String) -> Double? {
      Double(row[columns.firstIndex(of: name)!])
    }
    let feasibleRows = cells.filter { $0[columns.firstIndex(of: "feasible")!] == "1" }
    #expect(feasibleRows.count == feasible)
    for row in cells {
      let meets =
        (cell(row, "overshoot_pt").map { $0 <= 3 } ?? false)
        && (cell(row, "settle_time_s").map { $0 <= 0.35 } ?? false)
      #expect((row[columns.firstIndex(of: "feasible")!] == "1") == meets)
    }
    let least = feasibleRows.map { cell($0, "settle_time_s")! }.min()!
    #expect(bestMetrics["settle_time_s"] as? Double == least)
    #expect(
      feasibleRows.contains {
        cell($0, "damping") == bestAxes["damping"]
          && cell($0, "release_pt") == bestAxes["release_pt"]
      })
    // The refined point meets the targets and is no worse.
    #expect(refinedMetrics["overshoot_pt"]! <= 3 && refinedMetrics["settle_time_s"]! <= 0.35)
    #expect(refinedMetrics["settle_time_s"]! <= least)
    #expect(refinedAxes["release_pt"] != nil)
  }

  @Test func csvIsSweepsPlusTwoColumns() throws {
    let scratch = try TemporaryFolder()
    let exp = try Self.experiment(scratch)
    let solvePath = scratch.path("solve.csv")
    let sweepPath = scratch.path("sweep.csv")
    var run = try runFeel(["solve", exp] + Self.question + ["-o", solvePath, "--quiet"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors.isEmpty, "--quiet")
    run = try runFeel(["sweep", exp, "-o", sweepPath, "--quiet"])
    #expect(run.status == 0)
    let solve = Self.parts(try String(contentsOfFile: solvePath, encoding: .utf8))
    let sweep = Self.parts(try String(contentsOfFile: sweepPath, encoding: .utf8))
    // feel sweep's comment lines, in order, then the solve's own.
    #expect(Array(solve.comments.prefix(sweep.comments.count)) == sweep.comments)
    let added = solve.comments.dropFirst(sweep.comments.count).map { $0.prefix(10) }
    #expect(
      added == ["# solve: w", "# column f", "# column p", "# best: da", "# refined:"], "\(added)")
    #expect(solve.header == sweep.header + ",feasible,pareto")
    #expect(solve.rows.count == sweep.rows.count && !sweep.rows.isEmpty)
    for (a, b) in zip(solve.rows, sweep.rows) {
      #expect(a.hasPrefix(b + ","))
      let extra = a.dropFirst(b.count)
      #expect([",0,0", ",1,0", ",1,1"].contains(extra), "\(extra)")
    }
    #expect(solve.rows.contains { $0.hasSuffix(",1,1") })
    #expect(solve.rows.contains { $0.hasSuffix(",0,0") })
    // The same bytes with one thread.
    let one = scratch.path("one.csv")
    run = try runFeel(["solve", exp] + Self.question + ["-o", one, "--quiet", "--threads", "1"])
    #expect(
      try String(contentsOfFile: one, encoding: .utf8)
        == (try String(contentsOfFile: solvePath, encoding: .utf8)))
  }

  /// With --fix the CSV has the fixed slice of the grid, each row identical to the full
  /// sweep's row for the same axis values.
  @Test func fixedRowsAreTheFullSweepsRows() throws {
    let scratch = try TemporaryFolder()
    let exp = try Self.experiment(scratch)
    let solvePath = scratch.path("solve.csv")
    let sweepPath = scratch.path("sweep.csv")
    var run = try runFeel(
      ["solve", exp] + Self.question + ["--fix", "release_pt=80", "-o", solvePath, "--json"])
    #expect(run.status == 0, "\(run.errors)")
    let json = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
    #expect(json["grid_points"] as? Int == 9)
    run = try runFeel(["sweep", exp, "-o", sweepPath, "--quiet"])
    let solve = Self.parts(try String(contentsOfFile: solvePath, encoding: .utf8))
    let sweep = Self.parts(try String(contentsOfFile: sweepPath, encoding: .utf8))
    #expect(solve.rows.count == 9)
    #expect(
      solve.comments.contains("# axis release_pt (1 value): item.bar.center.0 = 160 + 1 × value"))
    #expect(solve.comments.contains("# grid: 9 × 1 = 9 points, in rows with the last axis fastest"))
    for row in solve.rows {
      let shared = String(row.dropLast(4))
      #expect(row.split(separator: ",")[1] == "80")
      #expect(sweep.rows.contains(shared), "\(shared)")
    }
  }

  @Test func infeasibleNamesTheBindingConstraint() throws {
    let scratch = try TemporaryFolder()
    let exp = try Self.experiment(scratch)
    let out = scratch.path("solve.csv")
    let bounds = ["overshoot_pt": 0.01, "settle_time_s": 0.15]
    let args = [
      "solve", exp, "--where", "overshoot_pt <= 0.01", "--where", "settle_time_s <= 0.15",
    ]
    var run = try runFeel(args + ["--quiet", "-o", out])
    #expect(run.status == 1, "no feasible point: exit 1")
    #expect(run.output.contains("feasible: 0 of 18 grid points"))
    #expect(FileManager.default.fileExists(atPath: out), "the CSV is written all the same")

    // The binding constraint as docs/solve.md defines it, from the CSV's values: for each
    // constraint, the points meeting the other one; the bound that admits the first of them,
    // as a fraction of the metric's range over the grid; the smallest fraction binds.
    let (_, header, rows) = Self.parts(try String(contentsOfFile: out, encoding: .utf8))
    let columns = header.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    let cells = rows.map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    func values(_ name: String) -> [Double?] {
      cells.map { Double($0[columns.firstIndex(of: name)!]) }
    }
    var change: [String: Double] = [:]
    var relaxedTo: [String: Double] = [:]
    for (name, other) in [("overshoot_pt", "settle_time_s"), ("settle_time_s", "overshoot_pt")] {
      let mine = values(name)
      let theirs = values(other)
      let present = mine.compactMap { $0 }
      let range = present.max()! - present.min()!
      let admitted = zip(mine, theirs).filter { $1.map { $0 <= bounds[other]! } ?? false }
        .compactMap(\.0)
      if let nearest = admitted.min() {
        relaxedTo[name] = nearest
        change[name] = (nearest - bounds[name]!) / range
      }
    }
    let binding = try #require(change.min { $0.value < $1.value }?.key)
    let relaxed = "\(binding) <= " + String(format: "%.9g", relaxedTo[binding]!)
    #expect(
      run.output.contains(
        "\nbinding: \(binding) <= \(bounds[binding]!): relaxing it to \(relaxed)"),
      "\(run.output)")
    #expect(run.output.contains("\nclosest: damping = "))

    run = try runFeel(args + ["--quiet", "--json"])
    #expect(run.status == 1)
    let json = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
    #expect(json["feasible_points"] as? Int == 0)
    #expect(json["best"] is NSNull && json["refined"] is NSNull)
    let named = try #require(json["binding"] as? [String: Any])
    #expect(named["constraint"] as? String == "\(binding) <= \(bounds[binding]!)")
    #expect(named["relaxed"] as? String == relaxed)
    #expect(json["closest"] is [String: Any])
  }

  @Test(arguments: [
    (
      ["--where", "overshot_pt <= 3"],
      "feel: error: --where \"overshot_pt <= 3\": expected a metric the experiment measures "
        + "(overshoot_pt, oscillations, settle_time_s, pause_time_s), got \"overshot_pt\"; did "
        + "you mean 'overshoot_pt'?\n"
    ),
    (
      ["--where", "overshoot_pt =< 3"],
      "feel: error: --where \"overshoot_pt =< 3\": expected METRIC OP NUMBER with OP one of <=, "
        + ">=, <, >, == (as in \"overshoot_pt <= 3\"), got '=<' (write <=)\n"
    ),
    (
      ["--where", "overshoot_pt <= 3", "--fix", "release_pt=60"],
      "feel: error: --fix \"release_pt=60\": expected a value on the grid of axis release_pt "
        + "(the grid pass runs grid points only; refinement then moves between them): 40, 80, "
        + "got 60 (nearest: 40, 80)\n"
    ),
    (
      ["--where", "overshoot_pt <= 3", "--fix", "damping=0.33"],
      "feel: error: --fix \"damping=0.33\": expected a value on the grid of axis damping (the "
        + "grid pass runs grid points only; refinement then moves between them): 0.3 to 0.7 in "
        + "steps of 0.05 (9 values), got 0.33 (nearest: 0.3, 0.35)\n"
    ),
    (
      ["--minimize", "hop_pt"],
      "feel: error: --minimize \"hop_pt\": expected a metric the experiment measures "
        + "(overshoot_pt, oscillations, settle_time_s, pause_time_s), got \"hop_pt\", which the "
        + "experiment does not measure (add it to its metrics)\n"
    ),
    (
      [],
      "feel: error: --where/--minimize/--maximize: expected something to solve: --where "
        + "constraints, a --minimize or --maximize objective, or both, got neither\n"
    ),
  ])
  func badArgumentsExitTwo(arguments: [String], message: String) throws {
    let scratch = try TemporaryFolder()
    let exp = try Self.experiment(scratch)
    let out = scratch.path("solve.csv")
    let run = try runFeel(["solve", exp] + arguments + ["-o", out])
    #expect(run.status == 2)
    #expect(run.errors == message)
    #expect(run.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: out), "nothing written")
  }
}
