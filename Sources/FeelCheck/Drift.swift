/// One value that moved beyond its tolerance: where, what it was, what it is now.
public struct Drift: Sendable, Equatable {
  /// The experiment or preset (its file's base name).
  public var baseline: String
  /// Where in it: the grid point (`damping=0.35 release_pt=80`) or the frame (`frame 42 bar`).
  public var at: String
  /// The metric or trajectory column (`overshoot_pt`, `x_pt`, `flags`).
  public var column: String
  /// The baseline's cell as written ("" for an empty cell).
  public var was: String
  /// The cell the current FeelLab writes.
  public var now: String
  /// now − baseline; nil when one side is empty or the cells are not numbers (flags).
  public var difference: Double?
  public var tolerance: CheckTolerance
  /// Its position in the baseline (row, then column), which orders drift of equal size.
  public var order: Int

  public init(
    baseline: String, at: String, column: String, was: String, now: String,
    difference: Double?, tolerance: CheckTolerance, order: Int
  ) {
    self.baseline = baseline
    self.at = at
    self.column = column
    self.was = was
    self.now = now
    self.difference = difference
    self.tolerance = tolerance
    self.order = order
  }

  /// How far beyond the tolerance: |difference| / tolerance; infinite when the tolerance is
  /// exact or one side is empty (a value appeared or vanished: always the largest drift).
  public var size: Double {
    guard let difference, !tolerance.isExact else { return .infinity }
    return abs(difference) / tolerance.value
  }

  /// The order of the drift table: largest `size` first; among infinite sizes, a value that
  /// appeared or vanished (or changed flags) before a changed count, and larger counts first;
  /// then the order of the checks (baselines in order, rows, columns).
  public static func tableOrder(_ a: Drift, _ b: Drift) -> Bool {
    if a.size != b.size { return a.size > b.size }
    switch (a.difference, b.difference) {
    case (nil, .some): return true
    case (.some, nil): return false
    case (.some(let x), .some(let y)) where abs(x) != abs(y): return abs(x) > abs(y)
    default: break
    }
    if a.baselineIndex != b.baselineIndex { return a.baselineIndex < b.baselineIndex }
    return a.order < b.order
  }

  /// The baseline's position in the check (set by `CheckReport`).
  var baselineIndex = 0
}
