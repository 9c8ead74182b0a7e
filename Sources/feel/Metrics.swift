import ArgumentParser
import FeelMetrics
import FeelScene
import Foundation

/// `feel metrics SCENE`: the feel metrics of one scene run, as a table or JSON.
struct Metrics: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Measure a scene: overshoot, settle time, pause, hop, contact… as a table or JSON.",
    discussion: """
      The item is measured against a target: by default the snap point of the snap behavior \
      acting on it (at t = 0 or added by a rule). The snap metrics (overshoot, oscillations, \
      settle time) are measured from when that snap last enters the animator: the release, the \
      contact swap of a tap hint, or a touch-driven drag's drag-ended rule (docs/touches.md: \
      also the drag metrics and --touch, --commit-after). A metric without a value shows "—" \
      with the reason. docs/metrics.md defines every metric and flag.
      """
  )

  @Argument(help: "The scene file (TOML).")
  var scene: String

  @Option(help: "The id of the item to measure (default: the snap behavior's item).")
  var item: String?

  @Option(
    help: ArgumentHelp("The target point, x,y in pt (default: the snap point).", valueName: "x,y"))
  var target: TargetPoint?

  @Option(
    help: ArgumentHelp(
      "Half-width of the settle band (pt; default: the scene's [measure] band, else 0.5).",
      valueName: "pt"))
  var band: Double?

  @Option(help: "The id of the touch whose first drag is measured (default: any touch's).")
  var touch: String?

  @Option(
    help: ArgumentHelp(
      "A drag shorter than this is not committed (s; default: the scene's [measure] commit_after).",
      valueName: "s"))
  var commitAfter: Double?

  @Flag(help: "Print JSON instead of a table.")
  var json = false

  func validate() throws {
    try FeelError.validating { () throws(FeelError) in
      if let band, !(band.isFinite && band >= 0) {
        throw FeelError("--band: expected a number ≥ 0 (pt), got \(band)")
      }
      if let commitAfter, !(commitAfter.isFinite && commitAfter >= 0) {
        throw FeelError("--commit-after: expected a number ≥ 0 (s), got \(commitAfter)")
      }
    }
  }

  func run() throws {
    let parsed = try InputFile.scene(scene)
    let options = SceneMeasure(
      item: item, target_pt: target?.point, band_pt: band, touch: touch,
      commitAfter_s: commitAfter)
    let plan: MeasurePlan
    do {
      plan = try MeasurePlan(parsed, options)
    } catch {
      throw FeelError("\(scene): \(error.description)")
    }
    let run = SceneMeasurement.measureRun(parsed, plan)
    let report = MetricsReport(
      sceneFile: scene, scene: parsed, plan: plan, result: run.result,
      framesSimulated: run.framesSimulated)
    let text = json ? report.json : report.table
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}

/// `--target x,y`.
struct TargetPoint: ExpressibleByArgument {
  var point: Point

  init?(argument: String) {
    let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2,
      let x = Double(parts[0].trimmingCharacters(in: .whitespaces)),
      let y = Double(parts[1].trimmingCharacters(in: .whitespaces)), x.isFinite, y.isFinite
    else { return nil }
    point = Point(x, y)
  }

  static var defaultCompletionKind: CompletionKind { .default }
}

/// How `feel metrics` prints a result.
struct MetricsReport {
  var sceneFile: String
  var scene: Scene
  var plan: MeasurePlan
  var result: MetricsResult
  var framesSimulated: Int

  /// A number for people: six significant digits.
  static func shown(_ x: Double, _ metric: Metric) -> String {
    if metric.isCount { return String(Int64(x)) }
    if x == 0 { return "0" }
    return String(format: "%.6g", x)
  }

  var table: String {
    var lines: [String] = []
    lines.append(scene.title ?? sceneFile)
    var target = "none"
    if let point = plan.target(in: scene) {
      target =
        "(\(Self.plain(point.x)), \(Self.plain(point.y))) pt, \(plan.targetSource(in: scene))"
    } else if let point = result.restTarget_pt {
      target =
        "(\(TrajectoryCSV.number(point.x)), \(TrajectoryCSV.number(point.y))) pt, "
        + "where the item came to rest (rest-target)"
    }
    lines.append(
      "item \(plan.itemID); target \(target); settle band \(Self.plain(plan.band_pt)) pt; "
        + "profile \(scene.profile.rawValue); \(Self.plain(scene.frameRate_hz)) Hz; "
        + "\(framesSimulated) of \(scene.frameCount) frames simulated")
    lines.append("")
    let rows: [(String, String, String, String)] = Metric.sceneMetrics.map { metric in
      let value = result[metric].map { Self.shown($0, metric) } ?? "—"
      let note = result.reason(metric).map { "\($0.rawValue): \($0.explanation)" } ?? ""
      return (metric.column, value, metric.unit, note)
    }
    let header = ("metric", "value", "unit", "")
    let widths = (
      ([header] + rows).map(\.0.count).max()!, ([header] + rows).map(\.1.count).max()!,
      ([header] + rows).map(\.2.count).max()!
    )
    func pad(_ s: String, _ width: Int) -> String {
      s + String(repeating: " ", count: max(0, width - s.count))
    }
    for row in [header] + rows {
      let line =
        pad(row.0, widths.0) + "  " + String(repeating: " ", count: max(0, widths.1 - row.1.count))
        + row.1 + "  " + pad(row.2, widths.2) + (row.3.isEmpty ? "" : "  " + row.3)
      lines.append(line.replacingOccurrences(of: " +$", with: "", options: .regularExpression))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  var json: String {
    func number(_ x: Double?) -> String {
      guard let x, x.isFinite else { return "null" }
      return TrajectoryCSV.number(x)
    }
    func string(_ s: String) -> String { QuotedString.quoted(s) }
    let target =
      (plan.target(in: scene) ?? result.restTarget_pt).map { "[\(number($0.x)), \(number($0.y))]" }
      ?? "null"
    let metrics = Metric.sceneMetrics.map { "    \(string($0.column)): \(number(result[$0]))" }
    let units = Metric.sceneMetrics.map { "    \(string($0.column)): \(string($0.unit))" }
    let empty = Metric.sceneMetrics.compactMap { metric in
      result.reason(metric).map { "    \(string(metric.column)): \(string($0.rawValue))" }
    }
    let flags = result.flags().map { string($0.rawValue) }.joined(separator: ", ")
    var lines = ["{"]
    lines.append("  \"scene\": \(string(sceneFile)),")
    lines.append("  \"title\": \(scene.title.map(string) ?? "null"),")
    lines.append("  \"profile\": \(string(scene.profile.rawValue)),")
    lines.append("  \"item\": \(string(plan.itemID)),")
    lines.append("  \"target_pt\": \(target),")
    lines.append("  \"band_pt\": \(number(plan.band_pt)),")
    lines.append("  \"frames_simulated\": \(framesSimulated),")
    lines.append("  \"metrics\": {\n" + metrics.joined(separator: ",\n") + "\n  },")
    lines.append("  \"units\": {\n" + units.joined(separator: ",\n") + "\n  },")
    lines.append(
      "  \"empty_because\": {"
        + (empty.isEmpty ? "" : "\n" + empty.joined(separator: ",\n") + "\n  ")
        + "},")
    lines.append("  \"flags\": [\(flags)]")
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// A number for headers: shortest form, no trailing `.0`.
  static func plain(_ x: Double) -> String {
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return x.description
  }
}
