import FeelSweep
import Foundation

/// A `--where` constraint: a metric compared with a bound, `overshoot_pt <= 3`.
///
/// A point satisfies it only when the metric has a value there: an empty cell (a flag such as
/// `unsettled`) never satisfies a constraint, whatever the relation.
public struct Constraint: Sendable, Equatable, CustomStringConvertible {
  /// How the metric compares with the bound.
  public enum Relation: String, Sendable, CaseIterable {
    case atMost = "<="
    case atLeast = ">="
    case below = "<"
    case above = ">"
    /// Exact equality: counts and 0/1 metrics only (`oscillations == 1`, `touched == 1`).
    case equal = "=="

    /// The relation with its sides swapped (`3 >= overshoot_pt` is `overshoot_pt <= 3`).
    var flipped: Relation {
      switch self {
      case .atMost: .atLeast
      case .atLeast: .atMost
      case .below: .above
      case .above: .below
      case .equal: .equal
      }
    }
  }

  /// The metric's column name.
  public var metric: String
  /// The metric's position in the grid's metrics.
  public var metricIndex: Int
  public var relation: Relation
  /// The bound, in the metric's unit.
  public var bound: Double

  /// `overshoot_pt <= 3`.
  public var description: String {
    "\(metric) \(relation.rawValue) \(AxisValue.number(bound).csvCell)"
  }

  /// Whether `value` satisfies the constraint; an empty value (nil) never does.
  public func isSatisfied(by value: Double?) -> Bool {
    guard let value else { return false }
    switch relation {
    case .atMost: return value <= bound
    case .atLeast: return value >= bound
    case .below: return value < bound
    case .above: return value > bound
    case .equal: return value == bound
    }
  }

  /// How far `value` is past the bound, in the metric's unit: 0 when it satisfies the
  /// constraint or sits on the bound of a strict one; nil when empty.
  public func violation(_ value: Double?) -> Double? {
    guard let value else { return nil }
    switch relation {
    case .atMost, .below: return max(0, value - bound)
    case .atLeast, .above: return max(0, bound - value)
    case .equal: return abs(value - bound)
    }
  }

  /// How far inside the bound `value` is, in the metric's unit (negative outside); nil for
  /// `==`, whose satisfied points are all on the bound.
  public func slack(_ value: Double) -> Double? {
    switch relation {
    case .atMost, .below: return bound - value
    case .atLeast, .above: return value - bound
    case .equal: return nil
    }
  }

  /// Which way the constraint pushes its metric: true for `<=` and `<` (lower is better),
  /// false for `>=` and `>`, nil for `==`.
  public var prefersLower: Bool? {
    switch relation {
    case .atMost, .below: true
    case .atLeast, .above: false
    case .equal: nil
    }
  }

  /// The constraint with its bound moved to `bound`.
  func relaxed(to bound: Double) -> Constraint {
    var copy = self
    copy.bound = bound
    return copy
  }

  // MARK: - Parsing

  /// The form every message repeats.
  static let form =
    "METRIC OP NUMBER with OP one of <=, >=, <, >, == (as in \"overshoot_pt <= 3\")"

  /// Parses `METRIC OP NUMBER` (or `NUMBER OP METRIC`), spaces optional, against the metrics
  /// the grid measures; `known` are every metric name FeelLab has (to tell a misspelling from
  /// a metric the experiment does not measure).
  public static func parse(_ text: String, metrics: [SolveMetric], known: [String])
    throws(SolveError) -> Constraint
  {
    func error(_ expected: String, got: String? = nil) -> SolveError {
      SolveError(option: "--where", argument: text, expected: expected, got: got)
    }
    for (reversed, meant) in [("=<", "<="), ("=>", ">=")] where text.contains(reversed) {
      throw error(Self.form, got: "'\(reversed)' (write \(meant))")
    }
    let operators = operatorsIn(text)
    guard let first = operators.first else {
      if text.contains("!=") {
        throw error(Self.form, got: "'!=' (not a comparison solve knows)")
      }
      throw error(Self.form, got: "no comparison")
    }
    if operators.count > 1 {
      throw error(
        "one comparison per --where (for a range, give two: --where \"a >= 1\" --where "
          + "\"a <= 2\")", got: "\(operators.count) comparisons")
    }
    let left = text[..<first.range.lowerBound].trimmingCharacters(in: .whitespaces)
    let right = text[first.range.upperBound...].trimmingCharacters(in: .whitespaces)
    guard let relation = first.relation else {
      throw error(Self.form, got: "'=' (write == for equality, or <= / >=)")
    }
    // The metric on the left, or on the right of a number.
    let (name, number, written) =
      Double(left) != nil && Double(right) == nil
      ? (right, left, relation.flipped) : (left, right, relation)
    if name.isEmpty { throw error(Self.form, got: "no metric name") }
    if number.isEmpty {
      throw error("a number after '\(relation.rawValue)' (\(Self.form))", got: "nothing")
    }
    let index = try metrics.index(of: name, option: "--where", argument: text, known: known)
    let metric = metrics[index]
    guard let bound = Double(number), bound.isFinite else {
      throw error(
        "a finite number after '\(written.rawValue)', in the unit of \(metric.name)",
        got: "\"\(number)\"")
    }
    if written == .equal {
      guard metric.isCount else {
        throw error(
          "== only for counts and 0/1 metrics (an exact match of a measured length or time "
            + "almost never happens): for \(metric.name) give a range, --where \"\(metric.name) "
            + ">= …\" --where \"\(metric.name) <= …\"", got: "\(metric.name) ==")
      }
      guard bound == bound.rounded() else {
        throw error("a whole number after == (\(metric.name) is a count)", got: number)
      }
    }
    return Constraint(metric: metric.name, metricIndex: index, relation: written, bound: bound)
  }

  /// The comparison operators in `text`, in order, longest match first (`<=` before `<`);
  /// a lone `=` has no relation.
  private static func operatorsIn(_ text: String) -> [(
    range: Range<String.Index>, relation: Relation?
  )] {
    var found: [(Range<String.Index>, Relation?)] = []
    var i = text.startIndex
    while i < text.endIndex {
      let next = text.index(after: i)
      let pair = next < text.endIndex ? String(text[i...next]) : ""
      if let relation = Relation(rawValue: pair) {
        found.append((i..<text.index(after: next), relation))
        i = text.index(after: next)
        continue
      }
      if pair == "!=" { return [] }
      switch text[i] {
      case "<": found.append((i..<next, .below))
      case ">": found.append((i..<next, .above))
      case "=": found.append((i..<next, nil))
      default: break
      }
      i = next
    }
    return found
  }
}
