import FeelScene
import FeelSweep
import FeelTestSupport
import Testing

/// `feel sweep --set --axis` (and `/api/sweep`'s `set` and `axes`): the experiment they give is
/// the one its file gives with them written in by hand (docs/sweeps.md, "Changing an experiment
/// without editing the file").
@Suite struct SweepOverridesTests {
  static let scenePath = "experiments/scenes/castro-release-right-40.toml"

  static func experiment(fixed: String, damping: String, release: String) -> String {
    """
    title = "t"
    scene = "s.toml"
    metrics = ["overshoot_pt"]

    [fixed]
    \(fixed)

    \(DampingReleaseAxes.text(damping: damping, release: release))
    """
  }

  static let original = experiment(
    fixed: "\"behavior.scrub-snap.point.1\" = 30\nframe_rate = 60",
    damping: "range = { from = 0.1, to = 0.5, step = 0.1 }", release: "values = [10, 20]")

  func grid(_ text: String, _ overrides: SweepOverrides = .init()) throws -> ParameterGrid {
    let scene = try loadScene(Self.scenePath)
    let experiment = try overrides.applied(
      to: try ExperimentReader.parse(text, file: "e.toml"), scene: scene)
    return try ParameterGrid(experiment, scene: scene, sceneFile: Self.scenePath)
  }

  func setting(_ argument: String) throws -> SceneSetting {
    try SceneSetting(parsing: argument, shown: "--set '\(argument)'")
  }

  func axis(_ argument: String) throws -> SweepOverrides.AxisOverride {
    try SweepOverrides.AxisOverride(parsing: argument, shown: "--axis '\(argument)'")
  }

  /// A `[fixed]` value replaced where it stands, a new one after the file's, a setting of a
  /// path an axis moves ignored (the axis wins), both
  /// axes' values replaced: the same header and rows as the file edited to say so.
  @Test func equalsTheFileEditedByHand() throws {
    let overrides = SweepOverrides(
      settings: [
        try setting("item.bar.center.0=100"), try setting("duration=2"),
        try setting("behavior.scrub-snap.point.1=40"),
      ],
      axes: [try axis("release_pt=[5, 15, 25]"), try axis("damping=0.3:0.45:0.05")])
    let edited = Self.experiment(
      fixed: "\"behavior.scrub-snap.point.1\" = 40\nframe_rate = 60\nduration = 2",
      damping: "range = { from = 0.3, to = 0.45, step = 0.05 }", release: "values = [5, 15, 25]")
    let changed = try grid(Self.original, overrides)
    let byHand = try grid(edited)
    #expect(changed.count == 4 * 3)
    #expect(SweepCSV.header(changed) == SweepCSV.header(byHand))
    #expect(changed.rows(0..<changed.count) == byHand.rows(0..<byHand.count))
    #expect(
      changed.experiment.fixed.map(\.path) == [
        "behavior.scrub-snap.point.1", "frame_rate", "duration",
      ])
    #expect(SweepCSV.header(changed) != SweepCSV.header(try grid(Self.original)))
  }

  /// `/api/sweep`'s axes arrive as data, not text: read by the same codecs, each gives the
  /// values and the message the same axis written in an experiment file gives (`toml`: the
  /// file's form of it, numbers in their shortest form).
  @Test(arguments: [
    (
      SweepOverrides.AxisSpec.range(["from": 0.2, "to": 0.5, "step": 0.1]),
      "{ from = 0.2, to = 0.5, step = 0.1 }"
    ),
    (.range(["from": 1, "to": 3, "count": 5]), "{ from = 1, to = 3, count = 5 }"),
    (.list([.number(375), .number(-0.5), .number(1e16)]), "[375, -0.5, 1e+16]"),
    (.list([.string("ios7"), .string("a \"b\"\n")]), #"["ios7", "a \"b\"\n"]"#),
    (.list([.boolean(true)]), "[true]"),
    (.range(["from": 1, "to": 2, "step": 0]), "{ from = 1, to = 2, step = 0 }"),
    (.range(["from": 1, "to": 2, "step": -0.0]), "{ from = 1, to = 2, step = -0.0 }"),
    (.range(["from": 2, "to": 1, "step": 0.5]), "{ from = 2, to = 1, step = 0.5 }"),
    (.range(["from": 0, "to": 1, "step": 1e-8]), "{ from = 0, to = 1, step = 1e-08 }"),
    (.range(["from": 1, "to": 2]), "{ from = 1, to = 2 }"),
    (.range(["to": 2, "step": 1]), "{ to = 2, step = 1 }"),
    (
      .range(["from": 1, "to": 2, "step": 1, "count": 2]),
      "{ from = 1, to = 2, step = 1, count = 2 }"
    ),
    (.range(["from": 1, "to": 2, "count": 2.5]), "{ from = 1, to = 2, count = 2.5 }"),
    (.range(["from": 1, "to": 2, "count": 1]), "{ from = 1, to = 2, count = 1 }"),
    (.list([]), "[]"),
    (.list([.number(1), .string("a")]), #"[1, "a"]"#),
  ])
  func dataEqualsText(given: SweepOverrides.AxisSpec, toml: String) throws {
    let shown = "<request>: key 'axes.damping'"
    let fromData = Result { () throws(SweepOverrides.Problem) in
      try SweepOverrides.AxisOverride(name: "damping", given: given, shown: shown)
    }
    let fromText = Result { () throws(SweepOverrides.Problem) in
      try SweepOverrides.AxisOverride(name: "damping", toml: toml, shown: shown)
    }
    #expect(fromData == fromText)
  }

  @Test func aCountRangeAndATableSpec() throws {
    let byCount = try grid(
      Self.original, SweepOverrides(axes: [try axis("damping={ from = 0.2, to = 0.4, count = 3 }")])
    )
    #expect(
      (0..<3).map { byCount.axes[0].axis.values[$0] } == [.number(0.2), .number(0.3), .number(0.4)])
  }

  @Test(arguments: [
    (
      "--axis", "dampng=0.1:0.2:0.1",
      "--axis 'dampng=0.1:0.2:0.1': expected the name of an axis of e.toml (damping, release_pt), got \"dampng\"; did you mean 'damping'?"
    ),
    (
      "--axis", "damping=-0.1:0.2:0.1",
      "--axis 'damping=-0.1:0.2:0.1': expected values that behavior.scrub-snap.damping accepts: a number ≥ 0, got -0.1"
    ),
    (
      "--set", "behavior.scrub-snap.damping=-1",
      "--set 'behavior.scrub-snap.damping=-1': expected a number ≥ 0, got -1"
    ),
    (
      "--set", "behavior.scrub-snap.dampng=1",
      "--set 'behavior.scrub-snap.dampng=1': expected a key of snap behavior \"scrub-snap\" (point, damping) after 'behavior.scrub-snap', got \"behavior.scrub-snap.dampng\"; did you mean 'behavior.scrub-snap.damping'?"
    ),
  ])
  func refused(option: String, argument: String, message: String) throws {
    let overrides =
      option == "--axis"
      ? SweepOverrides(axes: [try axis(argument)])
      : SweepOverrides(settings: [try setting(argument)])
    #expect(throws: SweepOverrides.Problem.self) { try grid(Self.original, overrides) }
    do {
      _ = try grid(Self.original, overrides)
    } catch let problem as SweepOverrides.Problem {
      #expect(problem.description == message)
    }
  }

  @Test func eachAxisAndPathOnce() throws {
    let twice = SweepOverrides(axes: [try axis("damping=[0.1]"), try axis("damping=[0.2]")])
    #expect(
      throws: SweepOverrides.Problem(
        shown: "--axis 'damping=[0.2]'", expected: "each axis given once",
        got: "axis \"damping\" again")
    ) {
      try grid(Self.original, twice)
    }
    let samePath = SweepOverrides(settings: [
      try setting("item.bar.size.0=300"), try setting("item.bar.size.0=310"),
    ])
    #expect(
      throws: SweepOverrides.Problem(
        shown: "--set 'item.bar.size.0=310'", expected: "a path set once",
        got: "also set by --set 'item.bar.size.0=300'")
    ) {
      try grid(Self.original, samePath)
    }
  }

  @Test(arguments: [
    (
      "damping=0.1:0.2",
      "expected FROM:TO:STEP (three numbers), [v, …] or { from = …, to = …, count = … }, got \"0.1:0.2\""
    ),
    (
      "damping=0.1:0.2:0",
      "key 'step': expected a step from 0.1 towards 0.2 (> 0), got 0: the range is empty"
    ),
    (
      "damping",
      "expected NAME=FROM:TO:STEP, NAME=[v, …] or NAME={ from = …, to = …, count = … }: an axis's name and its new values, got no '='"
    ),
  ])
  func badSpec(argument: String, message: String) {
    #expect(throws: SweepOverrides.Problem.self) { try axis(argument) }
    do {
      _ = try axis(argument)
    } catch let problem as SweepOverrides.Problem {
      #expect(problem.description == "--axis '\(argument)': " + message)
    } catch {
      Issue.record(error)
    }
  }
}
