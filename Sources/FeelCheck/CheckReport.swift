/// What `feel check` found over all its baselines: the drift table and the verdict, as text
/// (the executable prints them).
public struct CheckReport: Sendable, Equatable {
  /// Every baseline compared, in the order checked.
  public var results: [BaselineResult]

  public init(results: [BaselineResult]) {
    self.results = results
  }

  /// The default number of rows the drift table shows.
  public static let defaultMaxRows = 20

  /// Whether any value of any baseline moved beyond its tolerance.
  public var hasDrift: Bool { results.contains { !$0.drifts.isEmpty } }

  /// The baselines with drift.
  public var drifted: [BaselineResult] { results.filter { !$0.drifts.isEmpty } }

  /// Every drift, largest first (`Drift.tableOrder`).
  public var sortedDrifts: [Drift] {
    var all: [Drift] = []
    for (index, result) in results.enumerated() {
      for var drift in result.drifts {
        drift.baselineIndex = index
        all.append(drift)
      }
    }
    return all.sorted(by: Drift.tableOrder)
  }

  /// `feel check: 8 baselines, 0 drifted`.
  public var verdict: String {
    let count = results.count
    return "feel check: \(count) baseline\(count == 1 ? "" : "s"), \(drifted.count) drifted"
  }

  /// The whole output: nothing but the verdict when clean; else the drift table (at most
  /// `maxRows` rows, then `… and K more`), a line per drifted baseline, and the verdict. Every
  /// line ends in a line break.
  public func text(maxRows: Int = defaultMaxRows) -> String {
    var lines: [String] = []
    if hasDrift {
      lines += table(maxRows: maxRows)
      lines.append("")
      for result in drifted {
        lines.append(
          "drifted: \(result.name): \(result.drifts.count) of \(result.valuesCompared) values "
            + "beyond tolerance (\(Self.largest(result.drifts))), baseline \(result.file)")
      }
    }
    lines.append(verdict)
    return lines.map { $0 + "\n" }.joined()
  }

  /// The drift table's lines: a header, then the largest drifts, then `… and K more` if
  /// some were left out.
  public func table(maxRows: Int = defaultMaxRows) -> [String] {
    let drifts = sortedDrifts
    let shown = drifts.prefix(max(0, maxRows))
    var rows: [[String]] = [
      [
        "experiment/preset", "grid point / frame", "metric/column", "baseline", "now",
        "difference", "tolerance", "× tolerance",
      ]
    ]
    for d in shown {
      rows.append([
        d.baseline, d.at, d.column, Self.cell(d.was), Self.cell(d.now), Self.difference(d),
        d.tolerance.description, Self.size(d.size),
      ])
    }
    var widths = Array(repeating: 0, count: rows[0].count)
    for row in rows {
      for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
    }
    var lines = rows.map { row in
      var line = ""
      for (i, cell) in row.enumerated() {
        if i > 0 { line += "  " }
        line += cell + String(repeating: " ", count: widths[i] - cell.count)
      }
      while line.hasSuffix(" ") { line.removeLast() }
      return line
    }
    if drifts.count > shown.count {
      lines.append("… and \(drifts.count - shown.count) more")
    }
    return lines
  }

  /// `largest: x_pt at frame 30 bar, 5 × tolerance`; when the largest is infinite (a value
  /// appeared or vanished, a count or flag changed), also the largest finite one.
  static func largest(_ drifts: [Drift]) -> String {
    guard let top = drifts.min(by: Drift.tableOrder) else { return "none" }
    var text = "largest: \(top.column) at \(top.at), \(size(top.size)) × tolerance"
    if top.size.isInfinite,
      let finite = drifts.filter({ $0.size.isFinite }).max(by: { $0.size < $1.size })
    {
      text += "; largest finite: \(finite.column) at \(finite.at), \(size(finite.size)) × tolerance"
    }
    return text
  }

  static func cell(_ text: String) -> String { text.isEmpty ? "(empty)" : text }

  static func difference(_ d: Drift) -> String {
    if let x = d.difference { return CheckNumber.signed(x) }
    switch (d.was.isEmpty, d.now.isEmpty) {
    case (true, false): return "now has a value"
    case (false, true): return "now empty"
    default: return "changed"
    }
  }

  /// `86.4` (times the tolerance, three significant digits), `∞` for an exact tolerance or an
  /// empty side.
  static func size(_ x: Double) -> String {
    x.isInfinite ? "∞" : CheckNumber.short(x, digits: 3)
  }
}
