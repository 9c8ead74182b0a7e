import FeelSolve
import FeelSweep
import Testing

/// `--where`, `--minimize`/`--maximize` and `--fix` as written on the command line, and what
/// the Pareto front compares.
@Suite struct ProblemParsingTests {
  static let metrics = [
    SolveMetric(name: "overshoot_pt"), SolveMetric(name: "overshoot_pct"),
    SolveMetric(name: "settle_time_s", quantum: 1.0 / 60),
    SolveMetric(name: "oscillations", isCount: true, quantum: 1),
  ]
  static let known = metrics.map(\.name) + ["hop_pt"]

  static func parse(_ text: String) throws(SolveError) -> Constraint {
    try Constraint.parse(text, metrics: metrics, known: known)
  }

  @Test(arguments: [
    ("overshoot_pt <= 3", "overshoot_pt", Constraint.Relation.atMost, 3.0),
    ("overshoot_pt<=3", "overshoot_pt", .atMost, 3),
    ("  settle_time_s >= 0.1 ", "settle_time_s", .atLeast, 0.1),
    ("settle_time_s < 0.35", "settle_time_s", .below, 0.35),
    ("overshoot_pct > -1e-3", "overshoot_pct", .above, -0.001),
    ("oscillations == 1", "oscillations", .equal, 1),
    ("3 >= overshoot_pt", "overshoot_pt", .atMost, 3),
    ("0.2 < settle_time_s", "settle_time_s", .above, 0.2),
  ])
  func constraintsParse(text: String, metric: String, relation: Constraint.Relation, bound: Double)
    throws
  {
    let c = try Self.parse(text)
    #expect(c.metric == metric)
    #expect(c.metricIndex == Self.metrics.firstIndex { $0.name == metric })
    #expect(c.relation == relation)
    #expect(c.bound == bound)
  }

  @Test func relationsDecideAsWritten() throws {
    let atMost = try Self.parse("overshoot_pt <= 3")
    #expect(
      atMost.isSatisfied(by: 3) && atMost.isSatisfied(by: 2.9) && !atMost.isSatisfied(by: 3.1))
    #expect(!atMost.isSatisfied(by: nil), "an empty value never satisfies a constraint")
    let below = try Self.parse("overshoot_pt < 3")
    #expect(!below.isSatisfied(by: 3) && below.isSatisfied(by: 2.9))
    let above = try Self.parse("overshoot_pt > 3")
    #expect(!above.isSatisfied(by: 3) && above.isSatisfied(by: 3.1) && !above.isSatisfied(by: nil))
    let equal = try Self.parse("oscillations == 1")
    #expect(equal.isSatisfied(by: 1) && !equal.isSatisfied(by: 2) && !equal.isSatisfied(by: nil))
    #expect(atMost.violation(4) == 1 && atMost.violation(2) == 0 && atMost.violation(nil) == nil)
  }

  @Test(arguments: [
    (
      "overshot_pt <= 3",
      "--where \"overshot_pt <= 3\": expected a metric the experiment measures (overshoot_pt, "
        + "overshoot_pct, settle_time_s, oscillations), got \"overshot_pt\"; did you mean "
        + "'overshoot_pt'?"
    ),
    (
      "overshoot <= 3",
      "--where \"overshoot <= 3\": expected a metric the experiment measures (overshoot_pt, "
        + "overshoot_pct, settle_time_s, oscillations), got \"overshoot\"; did you mean "
        + "'overshoot_pt' or 'overshoot_pct'?"
    ),
    (
      "hop_pt <= 3",
      "--where \"hop_pt <= 3\": expected a metric the experiment measures (overshoot_pt, "
        + "overshoot_pct, settle_time_s, oscillations), got \"hop_pt\", which the experiment "
        + "does not measure (add it to its metrics)"
    ),
    (
      "overshoot_pt = 3",
      "--where \"overshoot_pt = 3\": expected METRIC OP NUMBER with OP one of <=, >=, <, >, == "
        + "(as in \"overshoot_pt <= 3\"), got '=' (write == for equality, or <= / >=)"
    ),
    (
      "overshoot_pt != 3",
      "--where \"overshoot_pt != 3\": expected METRIC OP NUMBER with OP one of <=, >=, <, >, "
        + "== (as in \"overshoot_pt <= 3\"), got '!=' (not a comparison solve knows)"
    ),
    (
      "overshoot_pt <= 3pt",
      "--where \"overshoot_pt <= 3pt\": expected a finite number after '<=', in the unit of "
        + "overshoot_pt, got \"3pt\""
    ),
    (
      "overshoot_pt <=",
      "--where \"overshoot_pt <=\": expected a number after '<=' (METRIC OP NUMBER with OP one "
        + "of <=, >=, <, >, == (as in \"overshoot_pt <= 3\")), got nothing"
    ),
    (
      "1 <= overshoot_pt <= 3",
      "--where \"1 <= overshoot_pt <= 3\": expected one comparison per --where (for a range, "
        + "give two: --where \"a >= 1\" --where \"a <= 2\"), got 2 comparisons"
    ),
    (
      "settle_time_s == 0.2",
      "--where \"settle_time_s == 0.2\": expected == only for counts and 0/1 metrics (an exact "
        + "match of a measured length or time almost never happens): for settle_time_s give a "
        + "range, --where \"settle_time_s >= …\" --where \"settle_time_s <= …\", got "
        + "settle_time_s =="
    ),
    (
      "oscillations == 1.5",
      "--where \"oscillations == 1.5\": expected a whole number after == (oscillations is a "
        + "count), got 1.5"
    ),
  ])
  func badConstraintsSayWhatWasExpected(text: String, message: String) {
    #expect(throws: SolveError.self) { try Self.parse(text) }
    do {
      _ = try Self.parse(text)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func objectiveAndNothingToSolve() throws {
    let p = try SolveProblem.parse(
      where: ["overshoot_pt <= 3"], maximize: "oscillations", metrics: Self.metrics,
      known: Self.known)
    #expect(p.objective == Objective(metric: "oscillations", metricIndex: 3, direction: .maximize))
    #expect(throws: SolveError.self) {
      try SolveProblem.parse(where: [], metrics: Self.metrics, known: Self.known)
    }
    #expect(throws: SolveError.self) {
      try SolveProblem.parse(
        where: [], minimize: "overshoot_pt", maximize: "oscillations", metrics: Self.metrics,
        known: Self.known)
    }
    do {
      _ = try SolveProblem.parse(
        where: [], minimize: "setle_time_s", metrics: Self.metrics, known: Self.known)
      Issue.record("a misspelt objective must throw")
    } catch {
      #expect(error.description.hasPrefix("--minimize \"setle_time_s\": expected a metric"))
      #expect(error.description.hasSuffix("did you mean 'settle_time_s'?"))
    }
  }

  /// The front compares the objective and the one-sided constraints' metrics; not a band, not
  /// ==, not the objective's metric twice.
  @Test func paretoCriteria() throws {
    let p = try SolveProblem.parse(
      where: [
        "settle_time_s <= 0.4", "overshoot_pt >= 1", "overshoot_pt <= 3", "oscillations == 1",
        "overshoot_pct <= 5",
      ], minimize: "settle_time_s", metrics: Self.metrics, known: Self.known)
    #expect(p.paretoCriteria.map(\.metric) == ["settle_time_s", "overshoot_pct"])
    #expect(p.paretoCriteria.map(\.lowerIsBetter) == [true, true])
    let q = try SolveProblem.parse(
      where: ["overshoot_pt >= 1"], maximize: "settle_time_s", metrics: Self.metrics,
      known: Self.known)
    #expect(q.paretoCriteria.map(\.metric) == ["settle_time_s", "overshoot_pt"])
    #expect(q.paretoCriteria.map(\.lowerIsBetter) == [false, false])
  }

  static let axes = [
    SolveAxis(name: "damping", values: .range(from: 0.05, step: 0.025, count: 59, last: 1.5)),
    SolveAxis(name: "release_pt", values: .range(from: 10, step: 2.5, count: 61, last: 160)),
    SolveAxis(name: "profile", values: .list([.string("modern"), .string("ios7")])),
  ]

  @Test func fixesTakeGridValues() throws {
    let fixes = try AxisFix.parse(
      ["release_pt=80", "damping = 0.35", "profile=ios7"], axes: Self.axes)
    #expect(fixes.map(\.axis) == [1, 0, 2])
    #expect(fixes.map(\.valueIndex) == [28, 12, 1])
    #expect(fixes[1].value == .number(0.35))
    let fixed = AxisFix.apply(fixes, to: Self.axes)
    #expect(fixed.map(\.values.count) == [1, 1, 1])
    #expect(Self.axes.map(\.isContinuous) == [true, true, false])
    #expect(!fixed[0].isContinuous, "a fixed axis is not refined")
  }

  @Test(arguments: [
    (
      "release_pt=81",
      "--fix \"release_pt=81\": expected a value on the grid of axis release_pt (the grid pass "
        + "runs grid points only; refinement then moves between them): 10 to 160 in steps of "
        + "2.5 (61 values), got 81 (nearest: 80, 82.5)"
    ),
    (
      "release=80",
      "--fix \"release=80\": expected an axis of the experiment (damping, release_pt, "
        + "profile), got \"release\"; did you mean 'release_pt'?"
    ),
    (
      "dampin=0.35",
      "--fix \"dampin=0.35\": expected an axis of the experiment (damping, release_pt, "
        + "profile), got \"dampin\"; did you mean 'damping'?"
    ),
    (
      "profile=ios6",
      "--fix \"profile=ios6\": expected one of the values of axis profile (modern, ios7), got "
        + "\"ios6\"; did you mean 'ios7'?"
    ),
    (
      "release_pt",
      "--fix \"release_pt\": expected AXIS=VALUE with AXIS one of the experiment's axes "
        + "(damping, release_pt, profile), as in \"profile=modern\", got no '='"
    ),
  ])
  func badFixesSayWhatWasExpected(text: String, message: String) {
    do {
      _ = try AxisFix.parse([text], axes: Self.axes)
      Issue.record("\(text) must throw")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func anAxisIsFixedOnce() {
    do {
      _ = try AxisFix.parse(["release_pt=80", "release_pt=40"], axes: Self.axes)
      Issue.record("fixing an axis twice must throw")
    } catch {
      #expect(
        error.description
          == "--fix \"release_pt=40\": expected each axis fixed once, got release_pt fixed again "
          + "(already 80)")
    }
  }
}
