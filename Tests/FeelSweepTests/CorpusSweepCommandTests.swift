import FeelTestSupport
import Foundation
import Testing

/// `feel sweep` on recognizer experiments: a folder of recorded traces read at every point,
/// with rates worked out by hand, and bad input exiting 2 with one message and no CSV.
@Suite(.serialized) struct CorpusSweepCommandTests {
  /// Writes `files` (name → CSV text) into `corpus/` and an experiment reading them at slop
  /// 9.99 and 10 pt × hold 0.5 and 1 s.
  func experiment(_ scratch: Scratch, _ files: [String: String], corpus: String? = nil) throws
    -> String
  {
    for (name, text) in files { try scratch.write(text, to: "corpus/\(name)") }
    return try scratch.writeFile(
      """
      title = "Hand-made corpus"
      metrics = ["tap_as_drag_rate", "drag_as_tap_rate", "hold_missed_rate", "false_hold_rate",
        "misread_rate", "tap_as_drag_count", "false_hold_count"]

      [corpus]
      \(corpus ?? "folder = \"corpus\"")

      [[axis]]
      name = "slop_pt"
      path = "recognizer.slop"
      values = [9.99, 10]

      [[axis]]
      name = "hold_s"
      path = "recognizer.hold"
      values = [0.5, 1]
      """, to: "recognizer.toml")
  }

  static func csv(_ rows: [(Double, Double, Double)]) -> String {
    "# a hand-made trace\nt_s,x_pt,y_pt\n"
      + rows.map { "\($0.0),\($0.1),\($0.2)" }.joined(separator: "\n") + "\n"
  }

  /// Five traces whose readings are worked out in `handMadeRates`.
  static let handMade: [String: String] = [
    // Moves exactly 10 pt at 0.05 s: a drag at slop 9.99, a tap at 10.
    "tap-ten.csv": csv([(0, 100, 100), (0.05, 110, 100), (0.1, 110, 100)]),
    // Still for 0.6 s: a hold at hold 0.5 s, a tap at 1 s.
    "tap-long.csv": csv([(0, 0, 0), (0.3, 0, 0), (0.6, 0, 0)]),
    // 30 pt away at 0.6 s: a hold at 0.5 s (it comes first), a drag at 1 s.
    "drag-late.csv": csv([(0, 0, 0), (0.4, 2, 0), (0.6, 30, 0), (0.7, 40, 0)]),
    // Lifted at 0.45 s: a tap.
    "hold-short.csv": csv([(0, 0, 0), (0.2, 0, 0), (0.45, 0, 0)]),
    // Lifted at exactly 0.5 s: a hold at 0.5 s (ties go to the hold), a tap at 1 s.
    "hold-exact.csv": csv([(0, 0, 0), (0.25, 0, 0), (0.5, 0, 0)]),
    // Not traces: left alone.
    "README.md": "not a trace",
    ".swipe-1.csv": "hidden, and it would be a bad label",
  ]

  @Test("rates of a hand-made recorded corpus, worked out by hand")
  func handMadeRates() throws {
    let scratch = try Scratch()
    let exp = try experiment(scratch, Self.handMade)
    try FileManager.default.createDirectory(
      atPath: scratch.path("corpus/sub-folder.csv"), withIntermediateDirectories: true)
    let run = try FeelCommand.run(["sweep", exp, "-o", "-", "--quiet"], scratch: scratch)
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains("# corpus: 5 traces: 2 taps, 1 drag, 2 holds"))
    #expect(
      lines.contains("#   recorded: 5 in \(scratch.path("corpus")) (2 taps, 1 drag, 2 holds)"))
    let rows = Array(lines.drop { $0.hasPrefix("#") })
    // Columns: the axes, tap→drag of 2 taps, drag→tap of 1 drag, holds missed of 2, false
    // holds of 3 taps and drags, misreads of 5, then the tap→drag and false-hold counts.
    // (9.99, 0.5): tap-ten drag, tap-long hold, drag-late hold, hold-short tap, hold-exact hold.
    // (9.99, 1): tap-ten drag, tap-long tap, drag-late drag, both holds taps.
    // (10, 0.5): tap-ten tap, tap-long hold, drag-late hold, hold-short tap, hold-exact hold.
    // (10, 1): tap-ten tap, tap-long tap, drag-late drag, both holds taps.
    #expect(
      rows == [
        "slop_pt,hold_s,tap_as_drag_rate,drag_as_tap_rate,hold_missed_rate,false_hold_rate,misread_rate,tap_as_drag_count,false_hold_count,flags",
        "9.99,0.5,0.5,0,0.5,0.666666667,0.8,1,2,",
        "9.99,1,0.5,0,1,0,0.6,1,0,",
        "10,0.5,0,0,0.5,0.666666667,0.6,0,2,",
        "10,1,0,0,1,0,0.4,0,0,",
      ])
  }

  @Test("bad corpus input: exit 2, one message naming the file (and line), no CSV written")
  func badInput() throws {
    let scratch = try Scratch()
    let out = scratch.path("out.csv")
    let badRow = Self.csv([(0, 0, 0)]) + "0.5,1,nan\n"
    let cases: [([String: String], String?, (String) -> String)] = [
      (
        ["tap-ok.csv": Self.csv([(0, 0, 0), (0.1, 0, 0)]), "hold-bad.csv": badRow], nil,
        { _ in
          "feel: error: \(scratch.path("corpus/hold-bad.csv")):4: corpus trace (hold) column 'y_pt': expected a finite number (pt), got \"nan\"\n"
        }
      ),
      (
        ["swipe-1.csv": Self.csv([(0, 0, 0)])], nil,
        { _ in
          "feel: error: \(scratch.path("corpus/swipe-1.csv")): corpus trace: expected a file name that starts with its label and a dash (tap-….csv, drag-….csv, hold-….csv), got \"swipe-1.csv\"\n"
        }
      ),
      (
        [:], "folder = \"nowhere\"",
        { exp in
          "feel: error: \(exp):6: [corpus] key 'folder': expected a folder of recorded traces (LABEL-….csv), relative to the experiment file, got \"nowhere\" (\(scratch.path("nowhere")): no such folder)\n"
        }
      ),
      (
        [:], "folder = \"recognizer.toml\"",
        { exp in
          "feel: error: \(exp):6: [corpus] key 'folder': expected a folder of recorded traces (LABEL-….csv), relative to the experiment file, got \"recognizer.toml\" (\(scratch.path("recognizer.toml")): not a folder)\n"
        }
      ),
      (
        ["README.md": "nothing"], nil,
        { exp in
          "feel: error: \(exp):5: [corpus]: expected a corpus of at least one trace, got no LABEL-….csv file in \(scratch.path("corpus")) and no synthetic traces (taps, drags, holds)\n"
        }
      ),
    ]
    for (files, corpus, message) in cases {
      try? FileManager.default.removeItem(atPath: scratch.path("corpus"))
      try FileManager.default.createDirectory(
        atPath: scratch.path("corpus"), withIntermediateDirectories: true)
      let exp = try experiment(scratch, files, corpus: corpus)
      let run = try FeelCommand.run(["sweep", exp, "--output", out], scratch: scratch)
      #expect(run.status == 2)
      #expect(run.stderr == message(exp))
      #expect(run.stdout.isEmpty)
      #expect(!FileManager.default.fileExists(atPath: out))
    }
    // A file that is not UTF-8 text.
    try? FileManager.default.removeItem(atPath: scratch.path("corpus"))
    let exp = try experiment(scratch, ["tap-ok.csv": Self.csv([(0, 0, 0), (0.1, 0, 0)])])
    try Data([0x74, 0xFF, 0xFE, 0x0A]).write(
      to: scratch.url.appendingPathComponent("corpus/drag-x.csv"))
    let run = try FeelCommand.run(["sweep", exp, "--output", out], scratch: scratch)
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "feel: error: \(scratch.path("corpus/drag-x.csv")): cannot read the trace file: it is not a "
        + "text file (byte 0xFF at offset 1, line 1, is not UTF-8); expected a CSV trace with the "
        + "header t_s,x_pt,y_pt (UTF-8)\n"
    )
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test("the committed recognizer experiment: the same bytes with 1 and 2 threads")
  func committedExperimentIsDeterministic() throws {
    let scratch = try Scratch()
    var files: [String] = []
    for threads in ["1", "2"] {
      let out = scratch.path("r-\(threads).csv")
      let run = try FeelCommand.run(
        ["sweep", "experiments/recognizer-slop-hold.toml", "--output", out, "--threads", threads],
        scratch: scratch)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stderr.hasPrefix("feel sweep: 899 points in "), "\(run.stderr)")
      files.append(try String(contentsOfFile: out, encoding: .utf8))
    }
    #expect(files[0] == files[1])
    #expect(files[0].contains("# corpus: 3000 traces: 1000 taps, 1000 drags, 1000 holds\n"))
  }

  @Test("a sharded corpus sweep: its trace files are the parts' inputs, the merge is one machine's")
  func shardedCorpusSweep() throws {
    let scratch = try Scratch()
    let exp = try experiment(scratch, Self.handMade)
    let full = scratch.path("full.csv")
    #expect(
      try FeelCommand.run(["sweep", exp, "-o", full, "--quiet"], scratch: scratch).status == 0)
    let parts = [scratch.path("part-1.csv"), scratch.path("part-2.csv")]
    for k in 1...2 {
      let run = try FeelCommand.run(
        ["sweep", exp, "--shard", "\(k)/2", "-o", parts[k - 1], "--quiet"], scratch: scratch)
      #expect(run.status == 0, "\(run.stderr)")
    }
    // The five recorded traces are named in the label, each with its digest.
    let label = try String(contentsOfFile: parts[0], encoding: .utf8)
    #expect(label.components(separatedBy: "\n# shard input: trace ").count - 1 == 5)
    let merged = scratch.path("merged.csv")
    var run = try FeelCommand.run(
      ["sweep", exp, "--merge"] + parts + ["-o", merged], scratch: scratch)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: merged))
        == Data(contentsOf: URL(fileURLWithPath: full)))

    // An edited trace: the parts were read from another corpus.
    try FileManager.default.removeItem(atPath: merged)
    try scratch.write(
      Self.csv([(0, 100, 100), (0.05, 111, 100), (0.1, 110, 100)]), to: "corpus/tap-ten.csv")
    run = try FeelCommand.run(
      ["sweep", exp, "--merge"] + parts + ["-o", merged], scratch: scratch)
    #expect(run.status == 2)
    #expect(
      run.stderr.contains("tap-ten.csv has changed since the part was computed"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: merged))
  }
}
