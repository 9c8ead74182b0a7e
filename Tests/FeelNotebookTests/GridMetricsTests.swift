import FeelMetrics
import FeelNotebook
import FeelScene
import FeelSweep
import FeelTestSupport
import Foundation
import Testing

/// A small tap-hint experiment: some pushes never come back to the wall within the scene's
/// 2 s (gravity too weak), so their contact and total times are empty (flag `untouched`).
private let tapHint = """
  title = "Tap hint"
  scene = "scenes/castro-tap-hint-left.toml"
  metrics = ["hop_pt", "touched", "contact_time_s", "hint_total_s", "overshoot_pt", "settle_frames"]

  [[axis]]
  name = "push"
  path = "behavior.hint-push.magnitude"
  values = [0.5, 4, 8]

  [[axis]]
  name = "gravity"
  path = "behavior.hint-gravity.magnitude"
  range = { from = 0.25, to = 2.25, step = 0.5 }
  """

private func tapHintSweep() throws -> ParameterGrid {
  let file = repositoryRoot.appendingPathComponent("experiments/tap-hint.toml").path
  let experiment = try ExperimentReader.parse(tapHint, file: file)
  let sceneFile = repositoryRoot.appendingPathComponent(
    "experiments/scenes/castro-tap-hint-left.toml")
  let scene = try SceneReader.parse(
    String(contentsOf: sceneFile, encoding: .utf8), file: sceneFile.path)
  return try ParameterGrid(experiment, scene: scene, sceneFile: sceneFile.path)
}

@Suite("The grid's metrics in the notebook's data")
struct GridMetricsTests {
  @Test(
    "A CSV cell's decimal: mantissa without trailing zeros, and its power of ten",
    arguments: [
      ("0.328140259", 328_140_259, -9), ("0.35", 35, -2), ("12", 12, 0), ("1200", 12, 2),
      ("-3.5", -35, -1), ("1.5e-05", 15, -6), ("0", 0, 0), ("-0", 0, 0), ("0.000", 0, 0),
      ("6.02214076e+23", 602_214_076, 15), ("0.0100", 1, -2),
    ] as [(String, Int64, Int)])
  func decimal(_ text: String, mantissa: Int64, exponent: Int) throws {
    let d = try #require(GridMetricCodec.decimal(text))
    #expect(d.mantissa == mantissa)
    #expect(d.exponent == exponent)
    #expect(
      GridMetricCodec.Cell.value(mantissa: mantissa, exponent: exponent).number == Double(text))
  }

  @Test(
    "Text that is not a plain decimal is refused",
    arguments: ["", "-", "abc", "1.2.3", "1e", "nan", "0x10"])
  func notADecimal(_ text: String) {
    #expect(GridMetricCodec.decimal(text) == nil)
  }

  @Test("Cells round-trip through the text; every printed value reads back to the CSV's double")
  func roundTrip() throws {
    var random = SplitMix64(state: 13)
    var cells: [GridMetricCodec.Cell] = []
    var texts: [String?] = []
    for _ in 0..<5000 {
      if Int.random(in: 0..<6, using: &random) == 0 {
        cells.append(.empty(reason: Int.random(in: 0..<40, using: &random)))
        texts.append(nil)
        continue
      }
      // magnitudes from 1e-12 to 1e12, either sign, counts now and then
      let count = Bool.random(using: &random)
      let x =
        count
        ? Double(Int.random(in: -500...500, using: &random))
        : Double.random(in: -1...1, using: &random)
          * pow(10, Double(Int.random(in: -12...12, using: &random)))
      let text = SweepCSV.cell(x, count: count)
      let d = try #require(GridMetricCodec.decimal(text), "\(text)")
      cells.append(.value(mantissa: d.mantissa, exponent: d.exponent))
      texts.append(text)
    }
    let encoded = GridMetricCodec.encode(cells)
    #expect(encoded.utf8.allSatisfy { TrajectoryCodec.alphabet.contains($0) })
    let decoded = try #require(GridMetricCodec.decode(encoded))
    #expect(decoded == cells)
    for (cell, text) in zip(decoded, texts) {
      #expect(cell.number == text.flatMap(Double.init), "\(text ?? "empty")")
    }
    #expect(GridMetricCodec.decode("A_") == nil)
    #expect(GridMetricCodec.decode("B") == nil)  // a value's head without its mantissa
  }

  /// The data script's grid against `feel sweep`'s CSV of the same experiment: every kept
  /// point's every metric is the CSV's value exactly, or empty with one of the row's flags.
  func checkAgainstCSV(maxStoredPoints: Int, maxGridPoints: Int) throws -> (
    kept: [[Int]], empty: Int
  ) {
    let sweep = try tapHintSweep()
    let experiment = NotebookExperiment(sweep: sweep, id: "tap-hint")
    let (files, reports) = NotebookBuilder.build(
      [experiment],
      options: NotebookOptions(
        maxStoredPoints: maxStoredPoints, maxGridPoints: maxGridPoints, threads: 2))
    let data = try assignedObject(
      try #require(files.first { $0.path == "data/tap-hint.js" }).contents)
    let grid = try #require(data["grid"] as? [String: Any])
    let kept = try #require(grid["kept"] as? [[Int]])
    let reasons = try #require(grid["reasons"] as? [String])
    let texts = try #require(grid["metrics"] as? [String])
    let columns = try texts.map { try #require(GridMetricCodec.decode($0)) }
    let points = kept.reduce(1) { $0 * $1.count }
    #expect(grid["points"] as? Int == points)
    #expect(reports[0].chartPoints == points)

    // the CSV feel sweep writes, read back by its header
    let csv = SweepCSV.header(sweep) + sweep.rows(0..<sweep.count)
    let lines = csv.split(separator: "\n").filter { !$0.hasPrefix("#") }
    let header = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    let rows = lines.dropFirst().map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    #expect(rows.count == sweep.count)
    var empty = 0
    for p in 0..<points {
      // grid point p's value index on each axis (the last fastest), then its CSV row
      var rest = p
      var coordinates = Array(repeating: 0, count: kept.count)
      for a in kept.indices.reversed() {
        coordinates[a] = kept[a][rest % kept[a].count]
        rest /= kept[a].count
      }
      let row = rows[zip(coordinates, sweep.axes).reduce(0) { $0 * $1.1.axis.values.count + $1.0 }]
      let flags = row[header.firstIndex(of: "flags")!].split(separator: ";").map(String.init)
      for (m, metric) in sweep.metrics.enumerated() {
        let text = row[header.firstIndex(of: metric.column)!]
        switch columns[m][p] {
        case .empty(let reason):
          #expect(text.isEmpty, "point \(p) \(metric.column): CSV has \(text)")
          let flag = String(reasons[reason].prefix { $0 != ":" })
          #expect(flags.contains(flag), "\(flags) \(reasons[reason])")
          empty += 1
        case .value:
          #expect(columns[m][p].number == Double(text), "point \(p) \(metric.column): \(text)")
        }
      }
    }
    // the stored points (with motion) are grid points
    let axes = try #require(data["axes"] as? [[String: Any]])
    for (a, axis) in axes.enumerated() {
      let stored = try #require(axis["kept"] as? [Int])
      #expect(Set(stored).isSubset(of: Set(kept[a])))
    }
    return (kept, empty)
  }

  @Test("Every grid point's metrics equal feel sweep's CSV, empties with the row's flags")
  func wholeGridEqualsCSV() throws {
    let (kept, empty) = try checkAgainstCSV(maxStoredPoints: 4096, maxGridPoints: 20_000)
    #expect(kept == [[0, 1, 2], [0, 1, 2, 3, 4]])
    #expect(empty > 0)  // the weak gravities never bring the bar back: untouched
  }

  @Test("A thinned grid keeps every stored point and still equals the CSV where it has points")
  func thinnedGridEqualsCSV() throws {
    let (kept, _) = try checkAgainstCSV(maxStoredPoints: 4, maxGridPoints: 6)
    #expect(kept.reduce(1) { $0 * $1.count } < 15)
    #expect(kept[1].contains(4))
  }
}
