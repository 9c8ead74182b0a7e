import FeelTestSupport
import Foundation
import Testing

/// `feel sweep` on the committed noise-field experiment (docs/fields.md, "Noise and
/// turbulence"): the noise is float arithmetic with explicit fused operations and a portable
/// sine, so the CSV is the same bytes on 1 and 2 threads; the smoothness and strength paths
/// reach the field (the rows differ across the grid).
@Suite(.serialized) struct NoiseSweepCommandTests {
  static let experiment = "experiments/noise-smoothness-strength.toml"

  @Test func theNoiseExperimentGivesTheSameBytesWithOneOrTwoThreads() throws {
    let scratch = try Scratch()
    var files: [Data] = []
    for threads in ["1", "2"] {
      let out = scratch.path("noise-\(threads).csv")
      let run = try FeelCommand.run(
        ["sweep", Self.experiment, "--output", out, "--threads", threads], scratch: scratch)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stderr.hasPrefix("feel sweep: 40 points in "), "\(run.stderr)")
      files.append(try Data(contentsOf: URL(fileURLWithPath: out)))
    }
    #expect(files[0] == files[1])
    let text = String(decoding: files[0], as: UTF8.self)
    let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst()
    #expect(rows.count == 40)
    // Each axis reaches the field: the travel differs along both.
    let travel = rows.map { $0.split(separator: ",", omittingEmptySubsequences: false)[2] }
    #expect(Set(travel).count > 30, "travel_pt varies over the grid")
    let smooth = rows.filter { $0.hasPrefix("1,") }
    let rough = rows.filter { $0.hasPrefix("0,") }
    #expect(smooth.count == 8 && rough.count == 8)
  }
}
