import FeelCore

/// A designer's question answered by `feel solve` (FeelSolve) when the notebook is written:
/// targets on an experiment's metrics, the grid's best point and the best point refined
/// between grid values with the engine. The page shows it beside its own targets panel (which
/// re-applies the same rules to the grid as sliders move) and can load its targets into that
/// panel; the refined answer needs the engine, so it is computed here.
public struct NotebookQuestion: Sendable, Equatable {
  /// A `--where` constraint: `metric relation bound`.
  public struct Bound: Sendable, Equatable {
    public var metric: String
    /// `<=`, `>=`, `<`, `>` or `==`.
    public var relation: String
    public var bound: Double

    public init(metric: String, relation: String, bound: Double) {
      self.metric = metric
      self.relation = relation
      self.bound = bound
    }
  }

  /// An axis held at one value (`--fix`): the value's text as the CSV writes it.
  public struct Fixed: Sendable, Equatable {
    public var axis: String
    public var label: String

    public init(axis: String, label: String) {
      self.axis = axis
      self.label = label
    }
  }

  /// A point: each axis's value as the CSV writes it (in the experiment's axis order), and
  /// each metric's value as the CSV prints it (nil: empty), in the experiment's metric order.
  public struct Answer: Sendable, Equatable {
    public var labels: [String]
    public var metrics: [Double?]

    public init(labels: [String], metrics: [Double?]) {
      self.labels = labels
      self.metrics = metrics
    }
  }

  public var constraints: [Bound]
  /// The metric to minimise or maximise, if any.
  public var objective: (metric: String, maximize: Bool)?
  public var fixed: [Fixed]
  /// Points the question covers (the grid, or its slice at the fixed values).
  public var gridPoints: Int
  public var feasiblePoints: Int
  /// Points on the Pareto front.
  public var frontPoints: Int
  /// The best grid point; nil when no point is feasible.
  public var best: Answer?
  /// The best point refined between grid values (nil when nothing is feasible or no axis is
  /// continuous), with what it gained (`objective`, `depth` or `none`) and its engine runs.
  public var refined: Answer?
  public var gain: String?
  public var engineRuns: Int
  /// `feel solve`'s summary of the answer, as it prints it.
  public var summary: String

  public init(
    constraints: [Bound], objective: (metric: String, maximize: Bool)?, fixed: [Fixed],
    gridPoints: Int, feasiblePoints: Int, frontPoints: Int, best: Answer?, refined: Answer?,
    gain: String?, engineRuns: Int, summary: String
  ) {
    self.constraints = constraints
    self.objective = objective
    self.fixed = fixed
    self.gridPoints = gridPoints
    self.feasiblePoints = feasiblePoints
    self.frontPoints = frontPoints
    self.best = best
    self.refined = refined
    self.gain = gain
    self.engineRuns = engineRuns
    self.summary = summary
  }

  public static func == (a: NotebookQuestion, b: NotebookQuestion) -> Bool {
    a.constraints == b.constraints && a.objective?.metric == b.objective?.metric
      && a.objective?.maximize == b.objective?.maximize && a.fixed == b.fixed
      && a.gridPoints == b.gridPoints && a.feasiblePoints == b.feasiblePoints
      && a.frontPoints == b.frontPoints && a.best == b.best && a.refined == b.refined
      && a.gain == b.gain && a.engineRuns == b.engineRuns && a.summary == b.summary
  }

  /// The question as one line: `where overshoot_pt <= 3, settle_time_s <= 0.35; minimize
  /// settle_time_s; fix release_pt = 80`.
  public var text: String {
    var parts: [String] = []
    if !constraints.isEmpty {
      parts.append(
        "where "
          + constraints.map { "\($0.metric) \($0.relation) \(SceneTOMLWriter.number($0.bound))" }
          .joined(separator: ", "))
    }
    if let objective {
      parts.append("\(objective.maximize ? "maximize" : "minimize") \(objective.metric)")
    }
    if !fixed.isEmpty {
      parts.append("fix " + fixed.map { "\($0.axis) = \($0.label)" }.joined(separator: ", "))
    }
    return parts.joined(separator: "; ")
  }

  var literal: JSONTree {
    func answer(_ a: Answer?) -> JSONTree {
      guard let a else { return .null }
      return .object([("labels", .strings(a.labels)), ("metrics", .numbers(a.metrics))])
    }
    return .object([
      ("text", .string(text)),
      (
        "where",
        .array(
          constraints.map {
            .object([
              ("metric", .string($0.metric)), ("op", .string($0.relation)),
              ("bound", .number($0.bound)),
            ])
          })
      ),
      (
        "objective",
        objective.map {
          .object([
            ("metric", .string($0.metric)),
            ("direction", .string($0.maximize ? "maximize" : "minimize")),
          ])
        } ?? .null
      ),
      ("fixed", .object(fixed.map { ($0.axis, .string($0.label)) })),
      ("gridPoints", .int(gridPoints)), ("feasiblePoints", .int(feasiblePoints)),
      ("frontPoints", .int(frontPoints)), ("best", answer(best)), ("refined", answer(refined)),
      ("gain", gain.map { .string($0) } ?? .null), ("engineRuns", .int(engineRuns)),
      ("summary", .string(summary)),
    ])
  }
}
