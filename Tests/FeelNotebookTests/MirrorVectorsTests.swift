import FeelCore
import FeelNotebook
import FeelSolve
import FeelTestSupport
import Testing

/// The vectors js/codec.js, js/grid.js and js/solve.js are checked against in the browser
/// (Tests/Contract/Notebook/test_notebook_mirror.py): the Swift codecs and FeelSolve's grid
/// answer on seeded inputs, compared here with the committed files (`MirrorVectors`).
@Suite struct MirrorVectorsTests {
  static let writer = JSONWriter(layout: .lines)

  // MARK: - The codecs

  struct TrajectoryCase: Encodable {
    let count: Int
    let integers: [Int64]
    let text: String
  }

  struct GridMetricCase: Encodable {
    /// The CSV's cells ("" empty), for people reading the file.
    let cells: [String]
    let text: String
    /// What each cell reads to (null: empty) and why it is empty (−1: a value).
    let values: [JSONNumber?]
    let reasons: [Int]
  }

  struct CodecVectors: Encodable {
    let trajectory: [TrajectoryCase]
    let gridMetric: [GridMetricCase]
  }

  /// Channels of integers: the varint's edges (one character, two, many), large steps both
  /// ways, a constant tail (encoded once, padded back), and seeded random walks of every size
  /// of step.
  static func channels() -> [[Int64]] {
    var out: [[Int64]] = [
      [0], [1], [-1], [15, 16, -16, -17], [31, 32, 33, -32, -33, 0], [1023, 1024, -1024, -1025],
      [2_147_483_647, -2_147_483_648, 0], [1 << 40, -(1 << 40), 7], [5, 5, 5, 5], [3, 9, 9, 9],
    ]
    var random = SplitMix64(seed: 40, stream: 1)
    for bits in stride(from: 1, through: 41, by: 4) {
      var value: Int64 = 0
      var walk: [Int64] = []
      for _ in 0..<40 {
        value += Int64(bitPattern: random.next()) >> Int64(63 - bits)
        walk.append(value)
      }
      out.append(walk)
    }
    return out
  }

  /// One metric's CSV cells per case: nine-digit values of every magnitude and sign, whole
  /// counts, zeros, and empty cells of several reasons.
  static func metricCells() -> [[String]] {
    var random = SplitMix64(seed: 40, stream: 2)
    var out: [[String]] = [
      ["0", "-0", "12", "-3", "0.35", "1.5e-05", "123456789", "1e+20", "-9.87654321e-100"],
      ["", "0.1", "", "0.2", "0.30000001"],
    ]
    for magnitude in [-30, -6, -1, 0, 2, 8, 30] {
      var cells: [String] = []
      for _ in 0..<30 {
        let draw = random.unit()
        if draw < 0.15 {
          cells.append("")
        } else {
          let x = (random.unit() - 0.3) * pow10(magnitude)
          cells.append(draw < 0.3 ? NineDigits.number(x.rounded()) : NineDigits.number(x))
        }
      }
      out.append(cells)
    }
    return out
  }

  static func pow10(_ k: Int) -> Double { Double("1e\(k)")! }

  static func codecVectors() -> CodecVectors {
    let trajectory = channels().map { integers in
      TrajectoryCase(
        count: integers.count, integers: integers, text: TrajectoryCodec.encode(integers))
    }
    let gridMetric = metricCells().map { cells in
      // An empty cell's reason: its position among the case's empty cells, modulo 3.
      var empties = 0
      let coded = cells.map { text -> GridMetricCodec.Cell in
        guard let decimal = GridMetricCodec.decimal(text) else {
          empties += 1
          return .empty(reason: (empties - 1) % 3)
        }
        return .value(mantissa: decimal.mantissa, exponent: decimal.exponent)
      }
      return GridMetricCase(
        cells: cells, text: GridMetricCodec.encode(coded),
        values: coded.map { $0.number.map(JSONNumber.shortest) },
        reasons: coded.map { if case .empty(let r) = $0 { r } else { -1 } })
    }
    return CodecVectors(trajectory: trajectory, gridMetric: gridMetric)
  }

  @Test func codecVectorsAreTheSwiftCodecs() throws {
    let vectors = Self.codecVectors()
    for channel in vectors.trajectory {
      #expect(TrajectoryCodec.decode(channel.text, count: channel.count) == channel.integers)
    }
    for metric in vectors.gridMetric {
      let cells = try #require(GridMetricCodec.decode(metric.text))
      #expect(cells.map { $0.number.map(JSONNumber.shortest) } == metric.values)
    }
    try MirrorVectors.check(Self.writer.line(vectors), file: "codec.json")
  }

  // MARK: - The grid's answer to a solve

  struct SolveConstraint: Encodable {
    let metric: Int
    let op: String
    let bound: JSONNumber
  }

  struct SolveObjective: Encodable {
    let metric: Int
    let direction: String
  }

  /// A problem as js/solve.js takes it (metrics by index), and FeelSolve's answer.
  struct SolveCase: Encodable {
    let asked: [String]
    let `where`: [SolveConstraint]
    let objective: SolveObjective?
    let feasible: [Int]
    let front: [Int]
    let best: Int?
    let scales: [JSONNumber]

    enum CodingKeys: String, CodingKey {
      case asked, `where`, objective, feasible, front, best, scales
    }

    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(asked, forKey: .asked)
      try c.encode(`where`, forKey: .where)
      if let objective {
        try c.encode(objective, forKey: .objective)
      } else {
        try c.encodeNil(forKey: .objective)
      }
      try c.encode(feasible, forKey: .feasible)
      try c.encode(front, forKey: .front)
      if let best { try c.encode(best, forKey: .best) } else { try c.encodeNil(forKey: .best) }
      try c.encode(scales, forKey: .scales)
    }
  }

  struct SolveVectors: Encodable {
    let metrics: [String]
    /// The axes' value counts (the last fastest).
    let counts: [Int]
    /// Each metric's value at each point, in grid order (null: empty).
    let values: [[JSONNumber?]]
    let problems: [SolveCase]
  }

  static let solveMetrics = [
    SolveMetric(name: "overshoot_pt"), SolveMetric(name: "settle_time_s"),
    SolveMetric(name: "oscillations", isCount: true),
  ]

  /// A 6 × 5 grid of the three metrics at nine digits, about one cell in eight empty.
  static func solveGrid() -> SolveGrid {
    var random = SplitMix64(seed: 40, stream: 3)
    let axes = [
      SolveAxis(name: "damping", values: .list((0..<6).map { .number(0.2 + 0.1 * Double($0)) })),
      SolveAxis(name: "release_pt", values: .list((0..<5).map { .number(40 * Double($0 + 1)) })),
    ]
    let rows = (0..<30).map { _ -> [Double?] in
      let overshoot = Double(NineDigits.number(8 * random.unit()))!
      let settle = Double(NineDigits.number(0.2 + 0.4 * random.unit()))!
      let count = Double(Int(random.unit() * 4))
      return [overshoot, settle, count].map { random.unit() < 0.12 ? nil : $0 }
    }
    return SolveGrid(axes: axes, metrics: solveMetrics, rows: rows)
  }

  /// Problems of every kind: bounds alone, with an objective either way, strict relations,
  /// `==` on the count, an objective alone, and one nothing satisfies.
  static let solveQuestions: [(where: [String], minimize: String?, maximize: String?)] = [
    (["overshoot_pt <= 3"], nil, nil),
    (["overshoot_pt <= 4", "settle_time_s <= 0.45"], "settle_time_s", nil),
    (["overshoot_pt < 5", "settle_time_s > 0.3"], nil, "overshoot_pt"),
    (["oscillations == 1"], "overshoot_pt", nil),
    (["oscillations >= 1", "overshoot_pt >= 2", "overshoot_pt <= 6"], nil, nil),
    ([], "settle_time_s", nil),
    ([], nil, "oscillations"),
    (["overshoot_pt <= 0.01", "settle_time_s <= 0.21"], "settle_time_s", nil),
  ]

  static func solveVectors() throws -> SolveVectors {
    let grid = solveGrid()
    let names = solveMetrics.map(\.name)
    let problems = try solveQuestions.map { question in
      let problem = try SolveProblem.parse(
        where: question.where, minimize: question.minimize, maximize: question.maximize,
        metrics: solveMetrics, known: names)
      let solution = GridSolution(problem, grid)
      return SolveCase(
        asked: question.where + (question.minimize.map { ["minimize \($0)"] } ?? [])
          + (question.maximize.map { ["maximize \($0)"] } ?? []),
        where: problem.constraints.map {
          SolveConstraint(
            metric: $0.metricIndex, op: $0.relation.rawValue, bound: .shortest($0.bound))
        },
        objective: problem.objective.map {
          SolveObjective(metric: $0.metricIndex, direction: $0.direction.rawValue)
        },
        feasible: solution.feasible.indices.filter { solution.feasible[$0] },
        front: solution.front.sorted(), best: solution.best,
        scales: solution.scales.map(JSONNumber.shortest))
    }
    return SolveVectors(
      metrics: names, counts: grid.axes.map(\.values.count),
      values: names.indices.map { m in
        (0..<grid.count).map { p in grid.value(p, m).map(JSONNumber.shortest) }
      },
      problems: problems)
  }

  @Test func solveVectorsAreFeelSolves() throws {
    let vectors = try Self.solveVectors()
    // Every kind of answer is among the cases: a front, a best point, none feasible.
    #expect(vectors.problems.contains { $0.front.count > 1 })
    #expect(vectors.problems.contains { $0.best == nil && $0.feasible.isEmpty })
    #expect(vectors.problems.allSatisfy { $0.best == nil || $0.feasible.contains($0.best!) })
    try MirrorVectors.check(Self.writer.line(vectors), file: "solve.json")
  }
}
