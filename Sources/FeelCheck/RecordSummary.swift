/// What `feel check --record` did to one baseline, in words: it is printed for every baseline
/// so that a recording run never passes silently.
public struct RecordSummary: Sendable, Equatable {
  public enum Change: Sendable, Equatable {
    /// The file did not exist.
    case created(rows: Int)
    /// The same bytes: the file is left alone.
    case unchanged
    /// Only the comment lines changed (title, description, version…): no value moved.
    case commentsOnly
    /// Values changed: how many, how many of them beyond tolerance, and the largest (by its
    /// size relative to its tolerance).
    case values(changed: Int, beyondTolerance: Int, largest: Drift)
    /// The old file had another shape (grid, axes, metrics, frames) or could not be read.
    case replaced(reason: String)
  }

  public var name: String
  /// The baseline file.
  public var file: String
  public var change: Change

  /// The largest change with a finite size, when the largest is infinite (a value appeared or
  /// vanished, a count or a flag changed); nil otherwise.
  public var largestFinite: Drift?

  /// Whether the file has to be (re)written.
  public var rewrites: Bool { change != .unchanged }

  /// Compares the old baseline's text (nil: no file) with the new one for `subject`.
  public init(_ subject: CheckSubject, file: String, old: String?, new: String) {
    name = subject.name
    self.file = file
    guard let old else {
      let rows = (try? BaselineCSV.parse(new, file: file))?.rows.count ?? 0
      change = .created(rows: rows)
      return
    }
    if old == new {
      change = .unchanged
      return
    }
    do throws(CheckError) {
      let before = try BaselineCSV.parse(old, file: file)
      let after = try BaselineCSV.parse(new, file: "(this run of \(subject.name))")
      let changes = try subject.changes(from: before, to: after)
      guard let largest = changes.min(by: Drift.tableOrder) else {
        change = .commentsOnly
        return
      }
      change = .values(
        changed: changes.count, beyondTolerance: changes.filter { $0.size > 1 }.count,
        largest: largest)
      if largest.size.isInfinite {
        largestFinite = changes.filter { $0.size.isFinite }.max { $0.size < $1.size }
      }
    } catch {
      change = .replaced(reason: (error.line.map { "line \($0): " } ?? "") + error.message)
    }
  }

  /// One line: `experiments/baselines/x.metrics.csv: 12 values changed (3 beyond tolerance);
  /// largest: overshoot_pt at damping=0.35 release_pt=80: 1.2 → 1.5 (+0.3, 6 × tolerance)`.
  public var line: String {
    switch change {
    case .created(let rows):
      return "\(file): new baseline, \(rows) rows"
    case .unchanged:
      return "\(file): unchanged"
    case .commentsOnly:
      return "\(file): rewritten, header comments changed, no value changed"
    case .values(let changed, let beyond, let d):
      var text =
        "\(file): rewritten, \(changed) value\(changed == 1 ? "" : "s") changed "
        + "(\(beyond) beyond tolerance); largest: \(Self.describe(d))"
      if d.size.isInfinite, let finite = largestFinite {
        text += "; largest finite: \(Self.describe(finite))"
      }
      return text
    case .replaced(let reason):
      return "\(file): rewritten, the old baseline no longer fitted: \(reason)"
    }
  }

  /// `x_pt at frame 30 bar: 160.05 → 160 (-0.05, 5 × tolerance ±0.01 pt)`.
  static func describe(_ d: Drift) -> String {
    let difference = d.difference.map { CheckNumber.signed($0) } ?? CheckReport.difference(d)
    return
      "\(d.column) at \(d.at): \(CheckReport.cell(d.was)) → \(CheckReport.cell(d.now)) "
      + "(\(difference), \(CheckReport.size(d.size)) × tolerance \(d.tolerance))"
  }
}
