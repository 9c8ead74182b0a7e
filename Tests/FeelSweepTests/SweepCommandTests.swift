import FeelTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `feel sweep` and `feel metrics` as a designer runs them: files, bytes, exit statuses.
@Suite(.serialized) struct SweepCommandTests {
  let scenes = repositoryRoot.appendingPathComponent("experiments/scenes").path

  /// A small experiment in `scratch`, on a committed scene (by absolute path).
  func experiment(
    _ scratch: Scratch, axes: String, scene: String = "castro-release-right-40.toml",
    metrics: String = "[\"overshoot_pt\", \"settle_time_s\", \"pause_time_s\"]"
  ) throws -> String {
    try scratch.writeFile(
      """
      title = "Command test"
      description = "A test."
      scene = "\(scenes)/\(scene)"
      metrics = \(metrics)

      \(axes)
      """, to: "exp.toml")
  }

  /// 12 × 3 = 36 points.
  static let dampingAxes = DampingReleaseAxes.text(
    damping: "range = { from = 0.1, to = 1.2, step = 0.1 }", release: "values = [10, 40, 160]")

  @Test func sameBytesWithOneOrTwoThreads() throws {
    let scratch = try Scratch()
    let exp = try experiment(scratch, axes: Self.dampingAxes)
    var files: [String] = []
    for threads in ["1", "2", "5"] {
      let out = scratch.path("out-\(threads).csv")
      let run = try FeelCommand.run(
        ["sweep", exp, "--output", out, "--threads", threads], scratch: scratch)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stdout.isEmpty)
      #expect(run.stderr.hasPrefix("feel sweep: 36 points in "), "timing line: \(run.stderr)")
      #expect(run.stderr.contains(" points/s, \(threads) thread"))
      files.append(try String(contentsOfFile: out, encoding: .utf8))
    }
    #expect(files[0] == files[1])
    #expect(files[0] == files[2])
    let lines = files[0].split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "# experiment: \(exp)")
    #expect(lines.contains("# FeelLab: 0.3.0"))
    #expect(lines.contains("# profile: modern"))
    #expect(lines.contains("# settle band: 0.5 pt"))
    let header = lines.first { !$0.hasPrefix("#") }
    #expect(header == "damping,release_pt,overshoot_pt,settle_time_s,pause_time_s,flags")
    let rows = lines.filter { !$0.hasPrefix("#") && !$0.isEmpty }.dropFirst()
    #expect(rows.count == 36)
    #expect(rows.first?.hasPrefix("0.1,10,") == true)
    #expect(rows.last?.hasPrefix("1.2,160,") == true)
    // Nothing else is left in the folder: no temporary file.
    let left = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path)
    #expect(left.filter { $0.hasSuffix(".tmp") }.isEmpty, "\(left)")
  }

  @Test func outputDashWritesToStandardOutput() throws {
    let scratch = try Scratch()
    let exp = try experiment(scratch, axes: Self.dampingAxes)
    let run = try FeelCommand.run(["sweep", exp, "-o", "-", "--quiet"], scratch: scratch)
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty, "--quiet: no timing line")
    #expect(run.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.count == 37)
  }

  /// Bad experiments: one message naming file, line and key, exit status 2, no file written.
  @Test(arguments: [
    (
      "[[axis]]\nname = \"a\"\npath = \"behavior.scrub-snap.dampng\"\nvalues = [0.3]",
      ":8: axis \"a\" key 'path': expected a key of snap behavior \"scrub-snap\" (point, damping) after 'behavior.scrub-snap', got \"behavior.scrub-snap.dampng\"; did you mean 'behavior.scrub-snap.damping'?"
    ),
    (
      "[[axis]]\nname = \"a\"\npath = \"behavior.scrub-snap.damping\"\nrange = { from = 1, to = 2, step = -1 }",
      ":9: axis \"a\" range key 'step': expected a step from 1 towards 2 (> 0), got -1: the range is empty"
    ),
    (
      "[[axis]]\nname = \"a\"\npath = \"behavior.scrub-snap.damping\"\nvalues = [0.3, nan]",
      ":9: axis \"a\" key 'values': expected a non-empty array of finite numbers, of strings or of true/false, got nan in [0.3, nan]"
    ),
    (
      "[[axis]]\nname = \"w\"\npath = \"item.bar.size.0\"\nvalues = [320, -1]",
      ":9: axis \"w\" key 'values': expected values that item.bar.size.0 accepts: a number > 0 (pt), got -1"
    ),
  ])
  func badExperimentsExitTwo(axes: String, message: String) throws {
    let scratch = try Scratch()
    let exp = try experiment(scratch, axes: axes)
    let out = scratch.path("out.csv")
    let run = try FeelCommand.run(["sweep", exp, "--output", out], scratch: scratch)
    #expect(run.status == 2)
    #expect(run.stderr == "feel: error: \(exp)\(message)\n")
    #expect(run.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func missingSceneAndHugeGridsExitTwo() throws {
    let scratch = try Scratch()
    let missing = try scratch.writeFile(
      "title = \"t\"\nscene = \"nowhere.toml\"\nmetrics = [\"overshoot_pt\"]\n"
        + "[[axis]]\nname = \"a\"\npath = \"duration\"\nvalues = [1]\n", to: "missing.toml")
    var run = try FeelCommand.run(["sweep", missing], scratch: scratch)
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "feel: error: \(missing):2: key 'scene': expected the base scene's path, relative to the experiment file, got \"nowhere.toml\" (\(scratch.url.path)/nowhere.toml: no such file)\n"
    )
    let huge = try experiment(
      scratch,
      axes: DampingReleaseAxes.text(
        damping: "range = { from = 0, to = 3, count = 2000 }",
        release: "range = { from = 0, to = 100, count = 1001 }"))
    run = try FeelCommand.run(["sweep", huge, "--output", scratch.path("h.csv")], scratch: scratch)
    #expect(run.status == 2)
    #expect(run.stderr.contains("expected at most 2000000 grid points (run with --force for more)"))
    run = try FeelCommand.run(["sweep", huge, "--threads", "0"], scratch: scratch)
    #expect(run.status == 2)
    #expect(run.stderr == "feel: error: --threads: expected a number ≥ 1, got 0\n")
  }

  /// A sweep killed half-way leaves nothing at the output path; interrupted politely, it also
  /// removes its temporary file. Killed outright, it cannot: the next sweep to the same path
  /// removes it.
  @Test(arguments: [SIGKILL, SIGTERM, SIGINT])
  func aKilledSweepLeavesNoPartialFile(signal: Int32) throws {
    let scratch = try Scratch()
    let exp = try experiment(
      scratch,
      axes: DampingReleaseAxes.text(
        damping: "range = { from = 0.05, to = 1.5, count = 2000 }",
        release: "range = { from = 10, to = 160, count = 100 }"))
    let out = scratch.path("killed.csv")
    let sweep = try FeelProcess(
      ["sweep", exp, "--output", out, "--threads", "1"], scratch: scratch)
    defer { if sweep.process.isRunning { kill(sweep.process.processIdentifier, SIGKILL) } }
    // Wait until rows have reached the temporary file.
    let deadline = Date().addingTimeInterval(120)
    var temporary: String?
    while Date() < deadline {
      let names = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path)
      if let name = names.first(where: { $0.hasPrefix(".killed.csv.") && $0.hasSuffix(".tmp") }) {
        let path = scratch.path(name)
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
        let header = 3000
        if size > header {
          temporary = path
          break
        }
      }
      usleep(20_000)
    }
    try #require(temporary != nil, "the sweep started writing rows")
    kill(sweep.process.processIdentifier, signal)
    let result = try sweep.finish()
    #expect(result.status != 0)
    #expect(!FileManager.default.fileExists(atPath: out), "no CSV at the output path")
    if signal != SIGKILL {
      #expect(!FileManager.default.fileExists(atPath: temporary!), "temporary file removed")
      #expect(result.status == 128 + signal)
    } else {
      #expect(FileManager.default.fileExists(atPath: temporary!), "SIGKILL leaves it behind")
      let small = try experiment(scratch, axes: Self.dampingAxes)
      let again = try FeelCommand.run(["sweep", small, "--output", out], scratch: scratch)
      #expect(again.status == 0, "\(again.stderr)")
      #expect(!FileManager.default.fileExists(atPath: temporary!), "the next sweep removed it")
      #expect(FileManager.default.fileExists(atPath: out))
    }
  }

  @Test func metricsTableAndJSON() throws {
    let scratch = try Scratch()
    let scene = "experiments/scenes/castro-tap-hint-left.toml"
    let table = try FeelCommand.run(["metrics", scene], scratch: scratch)
    #expect(table.status == 0, "\(table.stderr)")
    let lines = table.stdout.split(separator: "\n")
    #expect(lines.first == "Castro tap hint, left half")
    #expect(lines.contains { $0.hasPrefix("touched ") && $0.contains(" 1  0/1") })
    #expect(lines.contains { $0.hasPrefix("contact_time_s ") && $0.contains(" 0.3  s") })

    let json = try FeelCommand.run(
      ["metrics", scene, "--json", "--band", "0.25"], scratch: scratch)
    #expect(json.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["band_pt"] as? Double == 0.25)
    #expect(object["item"] as? String == "bar")
    let metrics = try #require(object["metrics"] as? [String: Any])
    #expect(metrics["touched"] as? Int == 1)
    #expect(metrics["contact_time_s"] as? Double == 0.3)
    // Every scene metric (docs/metrics.md), travel_pt, the three end metrics and the two list
    // metrics included: all but the 19 corpus metrics.
    #expect(metrics.count == 54 - 19)

    // A release never touches anything: empty contact time, and the JSON says why.
    let release = try FeelCommand.run(
      ["metrics", "experiments/scenes/castro-release-left-80.toml", "--json"], scratch: scratch)
    let releaseObject = try #require(
      try JSONSerialization.jsonObject(with: Data(release.stdout.utf8)) as? [String: Any])
    let releaseMetrics = try #require(releaseObject["metrics"] as? [String: Any])
    #expect(releaseMetrics["contact_time_s"] is NSNull)
    let because = try #require(releaseObject["empty_because"] as? [String: String])
    #expect(because["contact_time_s"] == "untouched")
    #expect(because["hop_pt"] == "no-push")
    // A release is no tap hint and nothing turns the bar: those metrics do not apply.
    #expect(because["hint_total_s"] == "no-push")
    #expect(because["coast_angle_deg"] == "no-turn")
  }

  @Test func metricsBadInputExitsTwo() throws {
    let scratch = try Scratch()
    let scene = "experiments/scenes/castro-tap-hint-left.toml"
    var run = try FeelCommand.run(["metrics", scene, "--item", "baz"], scratch: scratch)
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "feel: error: \(scene): no item \"baz\" in the scene (items: bar); did you mean 'bar'?\n"
    )
    run = try FeelCommand.run(["metrics", scene, "--band=-1"], scratch: scratch)
    #expect(run.status == 2)
    #expect(run.stderr == "feel: error: --band: expected a number ≥ 0 (pt), got -1.0\n")
    run = try FeelCommand.run(["metrics", scene, "--target", "1;2"], scratch: scratch)
    #expect(run.status == 2)
  }
}
