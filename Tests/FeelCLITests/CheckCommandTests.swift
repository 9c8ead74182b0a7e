import FeelTestSupport
import Foundation
import Testing

/// The committed baseline `name` (a file of experiments/baselines/).
private func committedBaseline(_ name: String) throws -> String {
  try String(
    contentsOf: repositoryRoot.appendingPathComponent("experiments/baselines/\(name)"),
    encoding: .utf8)
}

/// `text` with the number in `column` of the row on 1-based `line` moved by `delta`.
private func moving(_ text: String, line: Int, column: String, by delta: Double) throws -> String {
  var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let header = try #require(lines.first { !$0.hasPrefix("#") }).split(separator: ",")
  let c = try #require(header.firstIndex { $0 == column })
  var cells = lines[line - 1].split(separator: ",", omittingEmptySubsequences: false)
    .map(String.init)
  let value = try #require(Double(cells[c]))
  cells[c] = String(value + delta)
  lines[line - 1] = cells.joined(separator: ",")
  return lines.joined(separator: "\n")
}

/// The 1-based line of the first row starting with `prefix`.
private func line(startingWith prefix: String, in text: String) throws -> Int {
  try #require(text.split(separator: "\n").firstIndex { $0.hasPrefix(prefix) }) + 1
}

/// `feel check` as a process: the verdict, the drift table and the exit status (0 clean, 1
/// drift, 2 bad input). Run on the presets and the small phone-width experiment, so each run
/// takes about a second in a debug build; `make test` runs the whole check. With `FEEL_RECORD`
/// set, the tests that compare with the committed baselines re-record them and fail
/// (`GoldenRecording.failIfRecording`).
@Suite("feel check: exit status, table, verdict, --record")
struct CheckCommandTests {
  @Test("committed baselines: exit 0, the verdict only")
  func clean() throws {
    if GoldenRecording.failIfRecording() { return }
    let result = try runFeel([
      "check", "--quiet", "--experiments", "castro-release-right-80,castro-tap-hint-left",
      "phone-width-push",
    ])
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    #expect(result.output == "feel check: 3 baselines, 0 drifted\n")
    #expect(result.errors.isEmpty)
  }

  @Test("values moved beyond tolerance: exit 1, the table largest first, the verdict")
  func drift() throws {
    if GoldenRecording.failIfRecording() { return }
    let folder = try TemporaryFolder()
    // Frame 30 of the release: x 0.05 pt off (5 × 0.01 pt). Phone width 320, push 4: the hop
    // 1 pt off (20 × 0.05 pt), and its total one frame off (within tolerance).
    let release = try moving(
      committedBaseline("castro-release-right-80.trajectory.csv"), line: 32, column: "x_pt",
      by: 0.05)
    try folder.write(release, to: "castro-release-right-80.trajectory.csv")
    var widths = try committedBaseline("phone-width-push.metrics.csv")
    let row = try line(startingWith: "320,4,", in: widths)
    widths = try moving(widths, line: row, column: "hop_pt", by: 1)
    widths = try moving(widths, line: row, column: "hint_total_s", by: 1.0 / 60)
    try folder.write(widths, to: "phone-width-push.metrics.csv")
    try folder.write(
      committedBaseline("castro-tap-hint-left.trajectory.csv"),
      to: "castro-tap-hint-left.trajectory.csv")

    let arguments = [
      "check", "--quiet", "--baselines", folder.url.path, "--experiments",
      "castro-release-right-80", "castro-tap-hint-left", "phone-width-push",
    ]
    let result = try runFeel(arguments)
    #expect(result.status == 1, "\(result.errors)")
    #expect(result.errors.isEmpty)
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 8, "\(result.output)")
    #expect(lines[0].hasPrefix("experiment/preset"))
    let hop = cells(lines[1])
    #expect(hop.count == 8)
    #expect(Array(hop.prefix(3)) == ["phone-width-push", "width_pt=320 push=4", "hop_pt"])
    #expect(Array(hop.suffix(3)) == ["-1", "±0.05 pt", "20"])
    let x = cells(lines[2])
    #expect(Array(x.prefix(3)) == ["castro-release-right-80", "frame 30 bar", "x_pt"])
    #expect(Array(x.suffix(3)) == ["-0.05", "±0.01 pt", "5"])
    #expect(lines[3] == "")
    #expect(lines[4].hasPrefix("drifted: phone-width-push: 1 of "))
    #expect(lines[5].hasPrefix("drifted: castro-release-right-80: 1 of "))
    #expect(lines[6] == "feel check: 3 baselines, 2 drifted")
    #expect(lines[7] == "")

    let short = try runFeel(arguments + ["--max-rows", "1"])
    #expect(short.status == 1)
    let shortLines = short.output.split(separator: "\n")
    #expect(shortLines[1].hasPrefix("phone-width-push "))
    #expect(shortLines[2] == "… and 1 more")
    #expect(shortLines.last == "feel check: 3 baselines, 2 drifted")
  }

  @Test("an unknown name: exit 2, with the names known and a suggestion")
  func unknownName() throws {
    let result = try runFeel(["check", "--experiments", "snap-damping"])
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(result.errorLines.count == 1)
    #expect(
      result.errors.hasPrefix("feel: error: --experiments: expected the name of an experiment ("))
    #expect(result.errors.contains("castro-tap-hint-right"))
    #expect(result.errors.contains("got \"snap-damping\"; did you mean 'snap-damping-release'?"))
    let typo = try runFeel(["check", "--experiments", "castro-tap-hint-lfet"])
    #expect(typo.status == 2)
    #expect(
      typo.errors.hasSuffix("got \"castro-tap-hint-lfet\"; did you mean 'castro-tap-hint-left'?\n"))
  }

  @Test("a missing baseline: the others checked, then exit 1 naming it and how to record it")
  func missingBaseline() throws {
    if GoldenRecording.failIfRecording() { return }
    let folder = try TemporaryFolder()
    try folder.write(
      try committedBaseline("phone-width-push.metrics.csv"), to: "phone-width-push.metrics.csv")
    let arguments = [
      "check", "--quiet", "--baselines", folder.url.path, "--experiments",
      "castro-tap-hint-left", "phone-width-push",
    ]
    let without = try runFeel(arguments)
    #expect(without.status == 1, "\(without.output)\(without.errors)")
    #expect(without.errors.isEmpty)
    let missing = folder.url.appendingPathComponent("castro-tap-hint-left.trajectory.csv").path
    #expect(
      without.output
        == "feel check: 1 baseline, 0 drifted, 1 without a baseline\n"
        + "no baseline: castro-tap-hint-left (\(missing) does not exist); record it on purpose "
        + "with feel check --record --experiments castro-tap-hint-left\n")
    // The same check with the baseline in place: nothing missing, exit 0.
    try folder.write(
      try committedBaseline("castro-tap-hint-left.trajectory.csv"),
      to: "castro-tap-hint-left.trajectory.csv")
    let with = try runFeel(arguments)
    #expect(with.status == 0, "\(with.output)\(with.errors)")
    #expect(with.output == "feel check: 2 baselines, 0 drifted\n")
  }

  @Test("a missing baseline beside a drifting one: exit 1, both reported")
  func missingBaselineWithDrift() throws {
    if GoldenRecording.failIfRecording() { return }
    let folder = try TemporaryFolder()
    let text = try committedBaseline("phone-width-push.metrics.csv")
    let row = try line(startingWith: "320,4,", in: text)
    try folder.write(
      try moving(text, line: row, column: "hop_pt", by: 1),
      to: "phone-width-push.metrics.csv")
    let result = try runFeel([
      "check", "--quiet", "--baselines", folder.url.path, "--experiments",
      "castro-tap-hint-left", "phone-width-push",
    ])
    #expect(result.status == 1, "\(result.output)\(result.errors)")
    #expect(result.output.contains("feel check: 1 baseline, 1 drifted, 1 without a baseline\n"))
    #expect(result.output.hasSuffix("--record --experiments castro-tap-hint-left\n"))
  }

  @Test("a garbled baseline: exit 2, naming the file and the line")
  func garbledBaseline() throws {
    let folder = try TemporaryFolder()
    var lines = try committedBaseline("castro-tap-hint-left.trajectory.csv")
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines[9] = lines[9].split(separator: ",").dropLast().joined(separator: ",")  // line 10
    try folder.write(lines.joined(separator: "\n"), to: "castro-tap-hint-left.trajectory.csv")
    let result = try runFeel([
      "check", "--baselines", folder.url.path, "--experiments", "castro-tap-hint-left",
    ])
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(result.errorLines.count == 1)
    #expect(
      result.errors.hasPrefix(
        "feel: error: \(folder.url.path)/castro-tap-hint-left.trajectory.csv:10: expected 10 "
          + "cells (frame,t_s,item,x_pt,y_pt,angle_rad,vx_pt_s,vy_pt_s,omega_rad_s,running), "
          + "got 9: 8,0.13333333333333333,bar,"))
  }

  @Test("an experiment whose grid changed: exit 2, saying what changed")
  func gridChanged() throws {
    let folder = try TemporaryFolder()
    let root = folder.url
    for sub in ["experiments/scenes", "experiments/baselines", "experiments/controls"] {
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent(sub), withIntermediateDirectories: true)
    }
    // the experiment's control, whose presets are left out here (only the experiment is checked)
    try folder.write(
      String(
        contentsOf: repositoryRoot.appendingPathComponent("experiments/controls/castro.toml"),
        encoding: .utf8),
      to: "experiments/controls/castro.toml")
    let experiment = try String(
      contentsOf: repositoryRoot.appendingPathComponent("experiments/phone-width-push.toml"),
      encoding: .utf8)
    let narrower = experiment.replacingOccurrences(
      of: "values = [320, 375, 390, 393, 430]", with: "values = [320, 375]")
    try #require(narrower != experiment)
    try folder.write(narrower, to: "experiments/phone-width-push.toml")
    try folder.write(
      String(
        contentsOf: repositoryRoot.appendingPathComponent(
          "experiments/scenes/castro-tap-hint-right.toml"), encoding: .utf8),
      to: "experiments/scenes/castro-tap-hint-right.toml")
    try folder.write(
      committedBaseline("phone-width-push.metrics.csv"),
      to: "experiments/baselines/phone-width-push.metrics.csv")
    let header = try line(
      startingWith: "width_pt,", in: committedBaseline("phone-width-push.metrics.csv"))
    let result = try runFeel(["check", "--experiments", "phone-width-push"], in: root)
    #expect(result.status == 2, "\(result.output)")
    #expect(
      result.errors.contains(
        "experiments/baselines/phone-width-push.metrics.csv:\(header): the grid of experiment "
          + "phone-width-push changed: axis width_pt now has 2 values (320 to 375), the "
          + "baseline 5 values (320 to 430). If the change is intended, re-record: feel check "
          + "--record --experiments phone-width-push"), "\(result.errors)")
    #expect(
      result.output.hasSuffix("feel check: 0 baselines, 0 drifted, 1 could not be compared\n"))
  }

  @Test("a baseline no experiment or preset has: exit 2 before anything runs")
  func strayBaseline() throws {
    let folder = try TemporaryFolder()
    let root = folder.url
    for sub in ["experiments/scenes", "experiments/baselines", "experiments/controls"] {
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent(sub), withIntermediateDirectories: true)
    }
    let files =
      ["experiments/phone-width-push.toml", "experiments/controls/castro.toml"]
      + [
        "castro-release-right-80", "castro-tap-hint-left", "castro-tap-hint-right",
        "castro-drag-right-80", "castro-drag-right-80-velocity", "castro-swipe-right",
        "castro-tap-left", "castro-tap-right", "dial-coast-author", "dial-coast-uikit",
        "dial-flick-author",
      ].map { "experiments/scenes/\($0).toml" }
    for file in files {
      try folder.write(
        String(contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8),
        to: file)
    }
    try folder.write("x\n", to: "experiments/baselines/removed-experiment.metrics.csv")
    let result = try runFeel(["check"], in: root)
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(
      result.errors.hasPrefix(
        "feel: error: experiments/baselines/removed-experiment.metrics.csv: a baseline of no "
          + "experiment or preset (expected one of phone-width-push.metrics.csv, "
          + "castro-release-right-80.trajectory.csv, "), "\(result.errors)")
    #expect(result.errors.contains("delete it if its experiment was removed on purpose\n"))
  }

  @Test("bad options: exit 2")
  func badOptions() throws {
    for arguments in [["--max-rows", "-1"], ["--threads", "0"], ["--bogus"]] {
      let result = try runFeel(["check"] + arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.output.isEmpty, "\(arguments)")
    }
  }

  @Test("--record: new, unchanged, then what changed; exit 0; the committed bytes")
  func record() throws {
    if GoldenRecording.failIfRecording() { return }
    let folder = try TemporaryFolder()
    let name = "castro-tap-hint-right.trajectory.csv"
    let path = folder.url.appendingPathComponent(name).path
    let arguments = [
      "check", "--record", "--quiet", "--baselines", folder.url.path, "--experiments",
      "castro-tap-hint-right",
    ]
    let committed = try committedBaseline(name)

    let first = try runFeel(arguments)
    #expect(first.status == 0, "\(first.errors)")
    #expect(
      first.output
        == "feel check --record: \(path): new baseline, 121 rows\n"
        + "feel check --record: rewrote 1 of 1 baselines in \(folder.url.path); review them "
        + "(git diff \(folder.url.path)) and commit them with the change that caused them\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == committed)

    let second = try runFeel(arguments)
    #expect(second.status == 0)
    #expect(
      second.output
        == "feel check --record: \(path): unchanged\n"
        + "feel check --record: rewrote 0 of 1 baselines in \(folder.url.path); nothing to "
        + "commit\n")

    // Frame 30: x 0.05 pt off (5 × tolerance) and y 0.001 pt off (within it).
    var moved = try moving(committed, line: 32, column: "x_pt", by: 0.05)
    moved = try moving(moved, line: 32, column: "y_pt", by: 0.001)
    try folder.write(moved, to: name)
    let third = try runFeel(arguments)
    #expect(third.status == 0)
    let x = cellText(committed, line: 32, column: 3)
    let xMoved = cellText(moved, line: 32, column: 3)
    #expect(
      third.output.hasPrefix(
        "feel check --record: \(path): rewritten, 2 values changed (1 beyond tolerance); "
          + "largest: x_pt at frame 30 bar: \(xMoved) → \(x) (-0.05, 5 × tolerance ±0.01 pt)\n"),
      "\(third.output)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == committed)
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    #expect(left == [name])  // no temporary file left behind
  }

  /// A table line's cells: separated by two or more spaces.
  private func cells(_ line: Substring) -> [String] {
    line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }

  private func cellText(_ text: String, line: Int, column: Int) -> String {
    let row = text.split(separator: "\n", omittingEmptySubsequences: false)[line - 1]
    return String(row.split(separator: ",", omittingEmptySubsequences: false)[column])
  }
}
