import FeelMetrics
import FeelScene

/// The CSV `feel sweep` writes: comment lines (`# …`) saying what was run and what every column
/// means, one header line (axes, then metrics, then `flags`), then one row per grid point in
/// grid order. Nothing in it depends on the machine, the time or the thread count.
public enum SweepCSV {
  /// The comment lines and the column header, each ending in a line break.
  public static func header(_ sweep: ParameterGrid) -> String {
    let e = sweep.experiment
    var lines: [String] = []
    lines.append("experiment: \(e.file)")
    lines.append("title: \(e.title)")
    var description = e.description.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.trimmingTrailingSpaces() }
    while description.last?.isEmpty == true { description.removeLast() }
    for (i, line) in description.enumerated() {
      lines.append((i == 0 ? "description: " : "  ") + line)
    }
    if let corpus = sweep.corpus {
      lines += corpusLines(corpus, sweep: sweep)
    } else {
      lines += sceneLines(sweep)
    }
    for setting in e.fixed {
      lines.append("fixed: \(setting.path) = \(setting.value.description)")
    }
    let sizes = sweep.axes.map { String($0.axis.values.count) }.joined(separator: " × ")
    lines.append("grid: \(sizes) = \(sweep.count) points, in rows with the last axis fastest")
    for axis in sweep.axes {
      let values = axis.axis.values
      var span = "\(values.count) value\(values.count == 1 ? "" : "s")"
      if values.count > 1 {
        span += ", \(values[0].csvCell) to \(values[values.count - 1].csvCell)"
      }
      let sets = axis.axis.targets.map { target in
        "\(target.path) = \(ParameterGrid.describe(target))"
      }.joined(separator: "; ")
      lines.append("axis \(axis.axis.name) (\(span)): \(sets)")
    }
    for metric in sweep.metrics {
      let definition = metric.definition(measuringList: sweep.plan.measuresList)
      lines.append("column \(metric.column): \(definition)")
    }
    let flags = MetricFlag.allCases.filter { flag in
      sweep.metrics.contains {
        $0.possibleFlags(measuringList: sweep.plan.measuresList).contains(flag)
      } && canOccur(flag, in: sweep)
    }
    if flags.isEmpty {
      lines.append("column flags: always empty (these metrics always have a value)")
    } else {
      let note = flags.contains(.restTarget) ? " (and the note rest-target)" : ""
      lines.append("column flags: why cells are empty\(note), separated by ';':")
      for flag in flags { lines.append("  \(flag.rawValue) = \(flag.explanation)") }
    }
    return lines.map { "# " + $0 + "\n" }.joined() + columns(sweep).joined(separator: ",") + "\n"
  }

  /// What the scene and its measurement were: the base scene, the profile, the version, the
  /// item and target (a list's: `listLines`) and band.
  static func sceneLines(_ sweep: ParameterGrid) -> [String] {
    var lines: [String] = []
    let base = sweep.base
    lines.append(
      "scene: \(sweep.sceneFile) (\(number(base.frameRate_hz)) Hz, \(number(base.duration_s)) s"
        + " before the axes)")
    if let axis = sweep.axes.first(where: { $0.paths.contains { $0.text == "profile" } }) {
      lines.append("profile: varied by axis \(axis.axis.name)")
    } else {
      lines.append("profile: \(base.profile.rawValue)")
    }
    lines.append("FeelLab: \(FeelLabVersion.current)")
    let plan = sweep.plan
    var target = plan.measuresRestTarget ? "where the item comes to rest (rest-target)" : "none"
    if let point = plan.target(in: base) {
      target =
        "\(plan.targetSource(in: base)), (\(number(point.x)), \(number(point.y))) pt in the "
        + "base scene"
      if let pick = plan.releasePick(in: base) {
        // Each run's release picks its own: the file's point is only where the snap starts.
        let candidates = pick.candidates_pt.map { "(\(number($0.x)), \(number($0.y)))" }
        target =
          "picked per run at the release, the nearest of \(candidates.joined(separator: ", ")) "
          + "pt (\(plan.targetSource(in: base)) is (\(number(point.x)), \(number(point.y))) pt "
          + "in the base scene's file)"
      }
    }
    if plan.measuresList {
      lines += listLines(sweep, target: target)
    } else {
      lines.append("item: \(plan.itemID); target: \(target)")
    }
    lines.append("settle band: \(number(plan.band_pt)) pt")
    return lines
  }

  /// What a sweep of a list measures: the single item (and its target) only if a metric reads
  /// them (`Metric.subject(measuringList:)`), then the measured items (`MeasurePlan.listLine`).
  static func listLines(_ sweep: ParameterGrid, target: String) -> [String] {
    let plan = sweep.plan
    var lines: [String] = []
    let itemMetrics = sweep.metrics.filter { $0.subject(measuringList: true) == .item }
    if !itemMetrics.isEmpty {
      let line = "item: \(plan.itemID) (\(itemMetrics.map(\.column).joined(separator: ", ")))"
      let readsTarget = itemMetrics.contains { $0.readsItemTarget(measuringList: true) }
      lines.append(line + (readsTarget ? "; target: \(target)" : ""))
    }
    if let list = plan.listLine(in: sweep.base, metrics: sweep.metrics) { lines.append(list) }
    return lines
  }

  /// What a recognizer experiment read: its corpus (how many traces of each label, where from)
  /// and the recognizer before the axes.
  static func corpusLines(_ corpus: TouchCorpus, sweep: ParameterGrid) -> [String] {
    func counts(_ count: (GestureLabel) -> Int) -> String {
      GestureLabel.allCases.map { $0.counted(count($0)) }.joined(separator: ", ")
    }
    var lines = ["corpus: \(corpus.traces.count) traces: \(counts(corpus.count))"]
    if let folder = corpus.folder {
      lines.append("  recorded: \(corpus.recordedCount) in \(folder) (\(counts(corpus.recorded)))")
    }
    if let synthetic = corpus.synthetic {
      let rates = synthetic.touchRates_hz.map(number).joined(separator: "/")
      lines.append(
        "  synthetic: \(counts(synthetic.count)), SplitMix64 seed \(synthetic.seed), sampled at "
          + "\(rates) Hz (docs/touches.md, \"The synthetic corpus\")")
    }
    let r = sweep.base.recognizer
    lines.append(
      "recognizer before the axes: slop \(number(r.slop_pt)) pt, hold \(number(r.hold_s)) s; "
        + "each trace is read in time order, its reading the first of drag-began, hold and tap")
    if let rotary = corpus.synthetic?.rotary {
      let c = rotary.center_pt
      lines.append(
        "rotary: centre (\(number(c.x)), \(number(c.y))) pt, radius \(number(rotary.radius_pt)) pt, "
          + "\(rotary.count) labels at \(number(rotary.labelRadius_pt)) pt from phase "
          + "\(number(rotary.phase_rad)) rad; taps on the labels, turning drags about the centre, "
          + "holds on the disc (docs/touches.md, \"The rotary corpus\")")
      lines.append(
        "dead zone before the axes: \(number(sweep.basePoint.rotaryDeadZone_pt ?? 0)) pt; each "
          + "turning drag read as a drag is tracked about the centre from its touch-down, a turn "
          + "more than pi/\(rotary.count) off the one meant lost")
    }
    lines.append("FeelLab: \(FeelLabVersion.current)")
    return lines
  }

  /// Whether `flag` can occur at all in `sweep` (the legend leaves out those that cannot).
  static func canOccur(_ flag: MetricFlag, in sweep: ParameterGrid) -> Bool {
    let plan = sweep.plan
    switch flag {
    case .noTarget, .restTarget: return plan.target(in: sweep.base) == nil
    case .noSnap: return plan.snap.map { !sweep.base.behaviors[$0].start } ?? true
    case .noPush, .hopUnfinished:
      return (plan.push == nil) == (flag == .noPush)
    case .noTurn: return !plan.turnsItem
    default: return true
    }
  }

  /// The column names: the axes, the metrics (with their units), `flags`.
  public static func columns(_ sweep: ParameterGrid) -> [String] {
    sweep.axes.map(\.axis.name) + sweep.metrics.map(\.column) + ["flags"]
  }

  /// A metric cell: a whole number for counts, else nine significant digits (enough for the
  /// engine's float32 positions).
  public static func cell(_ x: Double, count: Bool) -> String {
    var bytes: [UInt8] = []
    appendCell(x, count: count, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `cell(x, count:)` as UTF-8.
  static func appendCell(_ x: Double, count: Bool, to bytes: inout [UInt8]) {
    if count, x == x.rounded(), abs(x) < 1e15 {
      appendInteger(Int64(x), to: &bytes)
    } else {
      TrajectoryCSV.appendNumber(x, to: &bytes)
    }
  }

  /// Appends the decimal digits of `n` (as `String(n)` writes it).
  static func appendInteger(_ n: Int64, to bytes: inout [UInt8]) {
    if n < 0 { bytes.append(0x2D) }
    let magnitude = n.magnitude
    var divisor: UInt64 = 1
    while divisor <= magnitude / 10 { divisor *= 10 }
    repeat {
      bytes.append(UInt8(truncatingIfNeeded: magnitude / divisor % 10) &+ 0x30)
      divisor /= 10
    } while divisor > 0
  }

  /// A number as headers show it.
  static func number(_ x: Double) -> String { AxisValue.shortest(x) }
}

extension Substring {
  fileprivate func trimmingTrailingSpaces() -> String {
    var s = self
    while let last = s.last, last == " " || last == "\t" || last == "\r" { s = s.dropLast() }
    return String(s)
  }
}
