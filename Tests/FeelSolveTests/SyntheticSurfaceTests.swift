import FeelSolve
import FeelSweep
import FeelTestSupport
import Foundation
import Testing

/// The solver on a synthetic metric surface whose optimum, Pareto front and binding
/// constraint are known in closed form: the metrics are formulas of the axes, injected as the
/// evaluator in place of the engine.
///
/// x: 0 to 1 in steps of 0.1; y: 0 to 2 in steps of 0.25.
/// cost = (x − 0.537)² + 2 (y − 1.1)², smallest at (0.537, 1.1); load = x;
/// settle = 1 − x, empty where x > 0.8 (as an unsettled run leaves settle_time_s empty).
@Suite struct SyntheticSurfaceTests {
  static let x0 = 0.537
  static let y0 = 1.1
  static func cost(_ x: Double, _ y: Double) -> Double {
    (x - x0) * (x - x0) + 2 * (y - y0) * (y - y0)
  }

  static let axes = [
    SolveAxis(name: "x", values: .range(from: 0, step: 0.1, count: 11, last: 1)),
    SolveAxis(name: "y", values: .range(from: 0, step: 0.25, count: 9, last: 2)),
  ]
  static let metrics = [
    SolveMetric(name: "cost"), SolveMetric(name: "load"), SolveMetric(name: "settle"),
  ]
  static let xs = (0...10).map { AxisValues.range(from: 0, step: 0.1, count: 11, last: 1)[$0] }
    .map(number)
  static let ys = (0...8).map { AxisValues.range(from: 0, step: 0.25, count: 9, last: 2)[$0] }
    .map(number)

  static func number(_ v: AxisValue) -> Double {
    guard case .number(let x) = v else { fatalError("a number axis") }
    return x
  }

  /// The surface, counting its evaluations.
  final class Surface: @unchecked Sendable {
    var evaluations = 0
    func evaluate(_ values: [AxisValue]) -> [Double?] {
      evaluations += 1
      let x = number(values[0])
      let y = number(values[1])
      return [cost(x, y), x, x > 0.8 ? nil : 1 - x]
    }
  }

  static func solve(_ texts: [String], minimize: String? = nil, maximize: String? = nil) throws
    -> (GridSolution, SolveGrid, Surface)
  {
    let surface = Surface()
    let grid = SolveGrid.evaluating(axes: axes, metrics: metrics, surface.evaluate)
    let problem = try SolveProblem.parse(
      where: texts, minimize: minimize, maximize: maximize, metrics: metrics,
      known: metrics.map(\.name))
    return (GridSolution(problem, grid), grid, surface)
  }

  /// The grid point at (x index, y index).
  static func point(_ i: Int, _ j: Int) -> Int { i * 9 + j }

  @Test func gridBestAndRefinedOptimumOnTheConstraint() throws {
    let (solution, grid, surface) = try Self.solve(["load <= 0.46"], minimize: "cost")
    // Feasible: x ≤ 0.46, i.e. x = 0, 0.1, …, 0.4, every y: 5 × 9 points.
    #expect(solution.feasibleCount == 45)
    // Grid best: the largest grid x within the bound (cost falls towards 0.537), and the grid
    // y nearest 1.1.
    let bestX = Self.xs.filter { $0 <= 0.46 }.max()!
    let bestY = Self.ys.min { abs($0 - Self.y0) < abs($1 - Self.y0) }!
    #expect(bestX == 0.4 && bestY == 1)
    #expect(solution.best == Self.point(4, 4))
    #expect(grid.axisValues(of: solution.best!) == [.number(bestX), .number(bestY)])

    // Refined: x on the constraint x = 0.46 (from below, within bisection's tolerance),
    // y at the unconstrained optimum 1.1 (within golden-section's tolerance).
    surface.evaluations = 0
    let refined = try #require(Refinement.refine(solution, grid, evaluate: surface.evaluate))
    let x = Self.number(refined.values[0])
    let y = Self.number(refined.values[1])
    let xTolerance = 0.1 * Refinement.goldenFraction
    let yTolerance = 0.25 * Refinement.goldenFraction
    #expect(x <= 0.46, "feasible: load = x <= 0.46, got \(x)")
    #expect(abs(x - 0.46) <= xTolerance, "x \(x) within \(xTolerance) of the constraint 0.46")
    #expect(abs(y - Self.y0) <= yTolerance, "y \(y) within \(yTolerance) of 1.1")
    #expect(refined.metrics[0] == Self.cost(x, y), "the metrics are those of the values")
    #expect(refined.gain == .objective)
    #expect(refined.metrics[0]! < Self.cost(bestX, bestY))
    // Per axis: bisection on the infeasible side of x (8 runs), golden-section (≤ 15 runs)
    // each; every run counted.
    #expect(refined.engineRuns == surface.evaluations)
    let searchX = refined.searches[0]
    #expect(searchX.boundaries.count == 1)
    #expect(searchX.boundaries[0].feasible <= 0.46 && searchX.boundaries[0].infeasible > 0.46)
    #expect(searchX.method == .goldenSection)
    #expect(refined.searches[1].boundaries.isEmpty)
    #expect(refined.engineRuns <= 2 * (2 + 8 + 15) + 1)
  }

  @Test func paretoFrontIsTheLowestCostAtEachLoad() throws {
    let (solution, grid, _) = try Self.solve(["load <= 0.46"], minimize: "cost")
    // Cost (lower) against load = x (lower): at each feasible x only y = 1 (nearest 1.1) is
    // not dominated by the same x; across x, lower load costs more (x < 0.537), so every
    // feasible x keeps its y = 1 point.
    let expected = (0...4).map { Self.point($0, 4) }
    #expect(Set(solution.front) == Set(expected))
    #expect(solution.criteria.map(\.metric) == ["cost", "load"])
    #expect(solution.criteria.map(\.lowerIsBetter) == [true, true])
    // Ordered by the first criterion: lowest cost (x = 0.4) first.
    #expect(solution.front.first == Self.point(4, 4))
    let marks = solution.onFront
    #expect(marks.filter { $0 }.count == 5)
    #expect(grid.count == 99)
  }

  @Test func maximisingTurnsTheFrontAround() throws {
    // Maximise load = x subject to cost <= 0.1: the largest x whose best y (1) keeps
    // (x − 0.537)² + 0.02 <= 0.1: |x − 0.537| <= √0.08.
    let (solution, grid, _) = try Self.solve(["cost <= 0.1"], maximize: "load")
    let reach = Self.x0 + 0.08.squareRoot()
    let bestX = Self.xs.filter { $0 <= reach }.max()!
    let best = try #require(solution.best)
    #expect(Self.number(grid.axisValues(of: best)[0]) == bestX)
    #expect(Self.number(grid.axisValues(of: best)[1]) == 1)
    #expect(solution.criteria.map(\.lowerIsBetter) == [false, true])
  }

  @Test func emptyValuesNeverSatisfyAConstraint() throws {
    // settle <= 100 holds for every value, but settle is empty where x > 0.8 (x = 0.9, 1).
    let (solution, _, _) = try Self.solve(["settle <= 100"])
    #expect(solution.feasibleCount == 9 * 9)
    let (atLeast, _, _) = try Self.solve(["settle >= -100"])
    #expect(atLeast.feasibleCount == 9 * 9)
  }

  @Test func tiesGoToTheDeepestPointThenGridOrder() throws {
    // Without an objective, the best point is the one farthest inside the constraints:
    // load <= 0.46 has the most slack at x = 0; every y ties there: the first in grid order.
    let (solution, _, _) = try Self.solve(["load <= 0.46"])
    #expect(solution.best == Self.point(0, 0))
    // Minimising settle = 1 − x ties nowhere: x = 0.8 is the lowest settle with a value.
    let (settle, grid, _) = try Self.solve(["load <= 0.95"], minimize: "settle")
    #expect(Self.number(grid.axisValues(of: settle.best!)[0]) == 0.8)
  }

  @Test func infeasibleNamesTheBindingConstraintAndTheClosestPoint() throws {
    // load <= 0.2 and cost <= 0.03 together admit no point.
    let (solution, grid, _) = try Self.solve(["load <= 0.2", "cost <= 0.03"])
    #expect(solution.feasibleCount == 0)
    #expect(solution.best == nil)
    let why = try #require(solution.infeasibility)
    // Dropping load admits the points with cost <= 0.03: y = 1 and x = 0.5, 0.6 (cost
    // 0.0214, 0.0240; x = 0.4 costs 0.0388); the nearest needs load <= 0.5.
    let cheap = Self.xs.flatMap { x in Self.ys.map { (x, $0) } }.filter {
      Self.cost($0, $1) <= 0.03
    }
    #expect(cheap.count == 2)
    #expect(why.relaxations[0].admits == 2)
    #expect(why.relaxations[0].relaxed?.bound == cheap.map(\.0).min())
    // Dropping cost admits x <= 0.2: 3 × 9 points; the cheapest is (0.2, 1).
    #expect(why.relaxations[1].admits == 27)
    let cheapest = Self.cost(0.2, 1)
    #expect(why.relaxations[1].relaxed?.bound == cheapest)
    // Normalised by the metrics' ranges over the grid: load 0 to 1; cost from its smallest
    // grid value (0.5, 1) to its largest (0, 2).
    let costRange = Self.cost(0, 2) - Self.cost(0.5, 1)
    let loadChange = (0.5 - 0.2) / 1
    let costChange = (cheapest - 0.03) / costRange
    #expect(costChange < loadChange)
    #expect(why.binding == 1, "cost binds: it moves \(costChange) of its range, load \(loadChange)")
    // The closest point: the smallest total normalised violation, computed here over the grid.
    func violation(_ x: Double, _ y: Double) -> Double {
      max(0, x - 0.2) / 1 + max(0, Self.cost(x, y) - 0.03) / costRange
    }
    let closest = (0..<grid.count).min { a, b in
      let va = grid.axisValues(of: a).map(Self.number)
      let vb = grid.axisValues(of: b).map(Self.number)
      return (violation(va[0], va[1]), a) < (violation(vb[0], vb[1]), b)
    }!
    #expect(why.closest == closest)
    let refined = Refinement.refine(solution, grid) { _ in [nil, nil, nil] }
    #expect(refined == nil, "nothing to refine without a feasible point")
  }

  @Test func quantisedObjectiveIsScannedAndGainsWholeSteps() throws {
    // frames = ⌈60 |x − 0.537|⌉ / 60 s: a frame-quantised time, smallest near x = 0.537.
    let axes = [Self.axes[0]]
    let metrics = [SolveMetric(name: "frames_s", quantum: 1.0 / 60)]
    let evaluate: ([AxisValue]) -> [Double?] = { values in
      [(60 * abs(Self.number(values[0]) - Self.x0)).rounded(.up) / 60]
    }
    let grid = SolveGrid.evaluating(axes: axes, metrics: metrics, evaluate)
    let problem = try SolveProblem.parse(
      where: [], minimize: "frames_s", metrics: metrics, known: ["frames_s"])
    let solution = GridSolution(problem, grid)
    // On the grid: x = 0.5 (0.037 away: 3 frames) beats 0.6 (0.063: 4 frames).
    #expect(solution.best == 5)
    let refined = try #require(Refinement.refine(solution, grid, evaluate: evaluate))
    let x = Self.number(refined.values[0])
    // Within one frame's reach of 0.537 the time is one frame: the best a scan of step
    // 0.1/16 between 0.4 and 0.6 can find.
    #expect(refined.metrics[0] == 1.0 / 60)
    #expect(abs(x - Self.x0) <= 1.0 / 60, "x \(x)")
    #expect(refined.searches[0].method == .scan)
    #expect(refined.searches[0].tolerance == 0.1 * Refinement.scanFraction)
    #expect(refined.gain == .objective)
  }

  @Test func plateauKeepsTheGridValue() throws {
    // A quantised objective flat across the bracket: nothing better to find, the grid value
    // stays (no move for a tie).
    let axes = [Self.axes[0]]
    let metrics = [SolveMetric(name: "frames_s", quantum: 1.0 / 60)]
    let evaluate: ([AxisValue]) -> [Double?] = { _ in [0.25] }
    let grid = SolveGrid.evaluating(axes: axes, metrics: metrics, evaluate)
    let problem = SolveProblem(
      constraints: [],
      objective: Objective(metric: "frames_s", metricIndex: 0, direction: .minimize))
    let solution = GridSolution(problem, grid)
    #expect(solution.best == 0)
    let refined = try #require(Refinement.refine(solution, grid, evaluate: evaluate))
    #expect(refined.values == [.number(0)])
    #expect(refined.gain == .none)
  }
}
