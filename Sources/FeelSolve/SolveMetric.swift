/// A metric a solve can constrain or optimise: a column of the experiment's CSV.
public struct SolveMetric: Sendable, Equatable {
  /// The column name, with its unit (`overshoot_pt`).
  public var name: String
  /// Whether the values are whole numbers (counts, 0/1): the only metrics `==` compares.
  public var isCount: Bool
  /// The step the values move in when they are quantised, in the metric's unit: one display
  /// frame (1/60 s at 60 Hz) for a frame time, 1 for a count; nil for a continuous value.
  public var quantum: Double?

  public init(name: String, isCount: Bool = false, quantum: Double? = nil) {
    self.name = name
    self.isCount = isCount
    self.quantum = quantum
  }
}

extension [SolveMetric] {
  /// The names, comma-separated, as messages list them.
  var listed: String { map(\.name).joined(separator: ", ") }

  /// The index of the metric called `name`, or the error for `option "argument"` naming the
  /// measured metrics (with a "did you mean") and saying when `name` is a metric of FeelLab
  /// (one of `known`) the experiment does not measure.
  func index(of name: String, option: String, argument: String, known: [String])
    throws(SolveError) -> Int
  {
    if let index = firstIndex(where: { $0.name == name }) { return index }
    let got =
      known.contains(name)
      ? "\"\(name)\", which the experiment does not measure (add it to its metrics)"
      : "\"\(name)\""
    throw SolveError(
      option: option, argument: argument,
      expected: "a metric the experiment measures (\(listed))", got: got,
      suggestions: known.contains(name)
        ? [] : SolveError.suggestions(for: name, among: map(\.name)))
  }
}
