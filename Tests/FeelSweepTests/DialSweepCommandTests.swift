import FeelTestSupport
import Foundation
import Testing

/// `feel sweep` on the committed dial experiment (docs/touches.md, "Rotary experiment"): it runs,
/// the same bytes on 1 and 2 threads and when sharded and merged; bad input exits 2 with one
/// message and no CSV.
@Suite(.serialized) struct DialSweepCommandTests {
  static let experiment = "experiments/dial-deadspot-slop.toml"

  @Test("the committed dial experiment: the same bytes with 1 and 2 threads, and sharded")
  func committedExperiment() throws {
    let scratch = try Scratch()
    var files: [Data] = []
    for threads in ["1", "2"] {
      let out = scratch.path("d-\(threads).csv")
      let run = try FeelCommand.run(
        ["sweep", Self.experiment, "--output", out, "--threads", threads], scratch: scratch)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stderr.hasPrefix("feel sweep: 651 points in "), "\(run.stderr)")
      files.append(try Data(contentsOf: URL(fileURLWithPath: out)))
    }
    #expect(files[0] == files[1])
    let text = String(decoding: files[0], as: UTF8.self)
    #expect(text.contains("# corpus: 3000 traces: 1000 taps, 1000 drags, 1000 holds\n"))
    #expect(text.contains("\n# rotary: centre (160, 200) pt, radius 120 pt, 12 labels at 100 pt"))
    #expect(text.contains("\n# dead zone before the axes: 22 pt;"))
    #expect(
      text.contains(
        "\ndead_zone_pt,slop_pt,tap_as_turn_rate,turn_as_tap_rate,turn_lost_rate,"
          + "rotary_misread_rate,turn_error_deg,tap_as_turn_count,turn_as_tap_count,"
          + "turn_lost_count,rotary_misread_count,flags\n"))

    // Three shards merge into the one machine's bytes.
    let parts = (1...3).map { scratch.path("part-\($0).csv") }
    for k in 1...3 {
      let run = try FeelCommand.run(
        ["sweep", Self.experiment, "--shard", "\(k)/3", "-o", parts[k - 1], "--quiet"],
        scratch: scratch)
      #expect(run.status == 0, "\(run.stderr)")
    }
    let merged = scratch.path("merged.csv")
    let run = try FeelCommand.run(
      ["sweep", Self.experiment, "--merge"] + parts + ["-o", merged], scratch: scratch)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: merged)) == files[0])
  }

  @Test("bad dial input: exit 2, one message naming the file, line and key, no CSV written")
  func badInput() throws {
    let scratch = try Scratch()
    let out = scratch.path("out.csv")
    let exp = try scratch.writeFile(
      """
      title = "Bad dial"
      metrics = ["turn_lost_rate"]

      [corpus]
      seed = 1
      drags = 10

      [corpus.rotary]
      center = [0, 0]
      radius = -5
      count = 12

      [[axis]]
      name = "dead_zone_pt"
      path = "rotary.dead_zone"
      values = [0, 22]
      """, to: "dial.toml")
    let run = try FeelCommand.run(["sweep", exp, "--output", out], scratch: scratch)
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "feel: error: \(exp):10: [corpus.rotary] key 'radius': expected the disc's radius: a number > 0 (pt), got -5\n"
    )
    #expect(run.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: out))
  }
}
