import FeelCore
import FeelMetrics
import FeelScene
import Foundation

/// A scene measured as `feel metrics` measures it, and the two ways it prints the result: the
/// table, and the JSON of `--json` (which feel-serve's `/api/metrics` answers with).
public struct MetricsReport: Sendable {
  /// The scene's name as the report shows it: its path, or `<request>` for a scene's text.
  public var sceneFile: String
  public var scene: Scene
  public var plan: MeasurePlan
  public var result: MetricsResult
  public var framesSimulated: Int

  /// Measures `scene` (named `name`: its path, or `<request>`) with `options`; a plan the scene
  /// cannot be measured with (no such item, no touch) is bad input naming the scene.
  public static func measure(_ scene: Scene, named name: String, _ options: SceneMeasure)
    throws(FeelError) -> MetricsReport
  {
    let plan: MeasurePlan
    do {
      plan = try MeasurePlan(scene, options)
    } catch {
      throw FeelError("\(name): \(error.description)")
    }
    let run = SceneMeasurement.measureRun(scene, plan)
    return MetricsReport(
      sceneFile: name, scene: scene, plan: plan, result: run.result,
      framesSimulated: run.framesSimulated)
  }

  /// A number for people: six significant digits.
  static func shown(_ x: Double, _ metric: Metric) -> String {
    if metric.isCount { return String(Int64(x)) }
    if x == 0 { return "0" }
    return String(format: "%.6g", x)
  }

  public var table: String {
    var lines: [String] = []
    lines.append(scene.title ?? sceneFile)
    var target = "none"
    if let point = plan.target(in: scene) {
      target =
        "(\(Self.plain(point.x)), \(Self.plain(point.y))) pt, \(plan.targetSource(in: scene))"
      if let picked = result.target_pt, picked != point {
        let how =
          plan.releasePick(in: scene) != nil
          ? "picked at the release by a drag-ended rule's nearest" : "set by a rule's set"
        target =
          "(\(Self.plain(picked.x)), \(Self.plain(picked.y))) pt, \(how) "
          + "(\(plan.targetSource(in: scene)) in the file: "
          + "(\(Self.plain(point.x)), \(Self.plain(point.y))) pt)"
      }
    } else if let point = result.restTarget_pt {
      target =
        "(\(TrajectoryCSV.number(point.x)), \(TrajectoryCSV.number(point.y))) pt, "
        + "where the item came to rest (rest-target)"
    }
    lines.append(
      "item \(plan.itemID); target \(target); settle band \(Self.plain(plan.band_pt)) pt; "
        + "profile \(scene.profile.rawValue); \(Self.plain(scene.frameRate_hz)) Hz; "
        + "\(framesSimulated) of \(scene.frameCount) frames simulated")
    if let list = plan.listLine(in: scene, metrics: Metric.sceneMetrics) { lines.append(list) }
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

  /// The JSON of `--json` (docs/metrics.md): keys in this order, a metric with no
  /// value `null` with its reason in `empty_because`.
  public var json: String { JSONWriter().line(document) }

  /// The value `json` writes (a live session's `metrics` answer holds it too).
  public var document: Document {
    Document(
      scene: sceneFile, title: scene.title, profile: scene.profile.rawValue, item: plan.itemID,
      target_pt: (result.target_pt ?? plan.target(in: scene)).map { [$0.x, $0.y] },
      band_pt: plan.band_pt, frames_simulated: framesSimulated,
      metrics: JSONMembers(Metric.sceneMetrics.map { ($0.column, result[$0]) }),
      units: JSONMembers(Metric.sceneMetrics.map { ($0.column, $0.unit) }),
      empty_because: JSONMembers(
        Metric.sceneMetrics.compactMap { metric in
          result.reason(metric).map { (metric.column, $0.rawValue) }
        }),
      flags: result.flags().map(\.rawValue))
  }

  /// `--json`'s keys, in this order.
  public struct Document: Encodable {
    var scene: String
    var title: String?
    var profile: String
    var item: String
    var target_pt: [Double]?
    var band_pt: Double
    var frames_simulated: Int
    var metrics: JSONMembers<Double?>
    var units: JSONMembers<String>
    var empty_because: JSONMembers<String>
    var flags: [String]
  }

  /// A number for headers: shortest form, no trailing `.0`.
  static func plain(_ x: Double) -> String {
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return x.description
  }
}
