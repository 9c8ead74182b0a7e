import FeelTestSupport
import Foundation
import Testing

/// The picture-in-picture tile of issue 25 (experiments/scenes/pip-*.toml) measured by
/// `feel metrics`, checked against its own frames from `feel run`: the 2-D metrics computed here
/// from the rows with plain geometry (docs/metrics.md's definitions), the release point from the
/// follow drag's closed form (the tile's centre plus the finger's translation).
@Suite struct PipMetricsTests {
  static let flick = "experiments/scenes/pip-flick.toml"
  static let attachment = "experiments/scenes/pip-attachment.toml"
  /// Where the finger leaves the tile: its centre (96, 740) plus the drag's translation from
  /// (110, 750) to (210, 520).
  static let release = (x: 96.0 + (210 - 110), y: 740.0 + (520 - 750))
  static let corner = (x: 294.0, y: 104.0)
  /// The drag-ended frame: the lift sample at t = 0.35 s, delivered before frame 21's step.
  static let liftFrame = 21

  /// The tile's centre after each frame, from `feel run`'s rows.
  func centres(_ scene: String, scratch: Scratch) throws -> [Int: (x: Double, y: Double)] {
    let run = try FeelCommand.run(["run", scene], scratch: scratch)
    #expect(run.status == 0, "\(run.stderr)")
    var rows: [Int: (x: Double, y: Double)] = [:]
    for line in run.stdout.split(separator: "\n").dropFirst() {
      let cells = line.split(separator: ",", omittingEmptySubsequences: false)
      guard cells.count == 10, cells[2] == "tile", let frame = Int(cells[0]),
        let x = Double(cells[3]), let y = Double(cells[4])
      else { continue }
      rows[frame] = (x, y)
    }
    return rows
  }

  /// `feel metrics --json`'s metrics object.
  func metrics(_ arguments: [String], scratch: Scratch) throws -> [String: Any] {
    let result = try FeelCommand.run(["metrics"] + arguments + ["--json"], scratch: scratch)
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    return try #require(object["metrics"] as? [String: Any])
  }

  /// The settling phase's samples: the release point (its start, the frame before the lift's),
  /// then the tile after every frame from the lift on.
  func phase(_ rows: [Int: (x: Double, y: Double)]) -> [(x: Double, y: Double)] {
    [Self.release] + rows.keys.sorted().filter { $0 >= Self.liftFrame }.map { rows[$0]! }
  }

  /// The largest distance from the line through the release point and the corner.
  func deviation(_ samples: [(x: Double, y: Double)]) -> Double {
    let dx = Self.release.x - Self.corner.x
    let dy = Self.release.y - Self.corner.y
    let length = (dx * dx + dy * dy).squareRoot()
    return samples.map { p in
      abs((p.x - Self.corner.x) * dy - (p.y - Self.corner.y) * dx) / length
    }.max()!
  }

  /// The largest distance from the corner from the first sample within `band` of it, or the
  /// first whose distance grows after it has shrunk, to the end.
  func excursion(_ samples: [(x: Double, y: Double)], band: Double = 0.5) -> Double? {
    let d = samples.map { p in
      ((p.x - Self.corner.x) * (p.x - Self.corner.x) + (p.y - Self.corner.y) * (p.y - Self.corner.y))
        .squareRoot()
    }
    var shrunk = false
    for i in d.indices {
      if d[i] <= band || (shrunk && d[i] > d[i - 1]) { return d[i...].max() }
      if i > 0 && d[i] < d[i - 1] { shrunk = true }
    }
    return nil
  }

  /// The flick's snap: the tile curves into the corner and swings sideways into the right edge
  /// (x 309 pt, 15 pt past the corner's 294) on the way. Along the release line it barely
  /// overshoots, so the swing shows in `deviation_pt`; `excursion_pt` is what it does once
  /// there.
  @Test func theFlicksSidewaysSwing() throws {
    let scratch = try Scratch()
    let samples = phase(try centres(Self.flick, scratch: scratch))
    let m = try metrics([Self.flick], scratch: scratch)
    let deviation = try #require(m["deviation_pt"] as? Double)
    expectClose(deviation, self.deviation(samples), .printedMetric, "deviation_pt")
    #expect(deviation > 15, "the sideways swing: \(deviation) pt")
    let excursion = try #require(m["excursion_pt"] as? Double)
    expectClose(excursion, try #require(self.excursion(samples)), .printedMetric, "excursion_pt")
    // Past the corner in x by 15 pt on the way in: the rows say so too.
    let rightmost = samples.map(\.x).max()!
    #expect(rightmost - Self.corner.x > 14, "x reaches \(rightmost) pt")
    #expect(m["hint_total_s"] is NSNull, "no tap hint: no hint_total_s")
  }

  /// The attachment variant has no snap: `--target` measures it against the corner, its
  /// settling phase from the lift, with every target metric a number.
  @Test func theAttachmentVariantTakesATarget() throws {
    let scratch = try Scratch()
    let samples = phase(try centres(Self.attachment, scratch: scratch))
    let m = try metrics([Self.attachment, "--target", "294,104"], scratch: scratch)
    for key in [
      "overshoot_pt", "oscillations", "excursion_pt", "deviation_pt", "settle_time_s",
    ] {
      #expect(m[key] is Double, "\(key) has a value: \(String(describing: m[key]))")
    }
    expectClose(
      try #require(m["deviation_pt"] as? Double), deviation(samples), .printedMetric,
      "deviation_pt")
    expectClose(
      try #require(m["excursion_pt"] as? Double), try #require(excursion(samples)),
      .printedMetric, "excursion_pt")
    // Settled: the last sample farther than 0.5 pt from the corner, counted from the lift's
    // frame before.
    let far = samples.indices.filter { i in
      let p = samples[i]
      return
        ((p.x - Self.corner.x) * (p.x - Self.corner.x)
        + (p.y - Self.corner.y) * (p.y - Self.corner.y)).squareRoot() > 0.5
    }
    let settle = try #require(m["settle_time_s"] as? Double)
    expectClose(settle, Double(far.last!) / 60, .printedMetric, "settle_time_s")
    // `[measure] target` is the same as --target.
    let folder = try Scratch()
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent(Self.attachment), encoding: .utf8)
    let scene = try folder.writeFile(
      text + "\n[measure]\ntarget = [294, 104]\n", to: "pip-attachment-target.toml")
    let measured = try metrics([scene], scratch: scratch)
    #expect(measured["settle_time_s"] as? Double == settle)
    #expect(measured["deviation_pt"] as? Double == m["deviation_pt"] as? Double)
  }

  /// The corner picked at the release is the target: with the snap's own point in the file at
  /// the bottom-left corner, the drag-ended rule's pick (the top-right, nearest the projected
  /// release) is what `feel metrics` measures against and prints.
  @Test func thePickedCornerIsTheTarget() throws {
    let scratch = try Scratch()
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent(Self.flick), encoding: .utf8)
    let moved = text.replacingOccurrences(of: "point = [294, 104]", with: "point = [96, 740]")
    try #require(moved != text)
    let scene = try scratch.writeFile(moved, to: "pip-bottom-left.toml")
    let table = try FeelCommand.run(["metrics", scene], scratch: scratch)
    #expect(table.status == 0, "\(table.stderr)")
    #expect(table.stdout.contains("target (294, 104) pt, picked at the release"), "\(table.stdout)")
    let result = try FeelCommand.run(["metrics", scene, "--json"], scratch: scratch)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["target_pt"] as? [Double] == [294, 104])
    let m = try #require(object["metrics"] as? [String: Any])
    let original = try metrics([Self.flick], scratch: scratch)
    #expect(m["deviation_pt"] as? Double == original["deviation_pt"] as? Double)
    #expect(m["settle_time_s"] as? Double == original["settle_time_s"] as? Double)
  }
}
