import FeelCheck
import FeelScene
import FeelSweep
import FeelTestSupport
import Testing

/// Which grids a baseline covers whole, and how a large one is thinned: FeelLab's one rule
/// (`Grid.thinned`, docs/notebook.md "Thinning a big grid"), keeping the base scene's values.
/// The expected values are worked out by hand from the rule in each test's comment.
@Suite struct CheckGridTests {
  /// Experiment 1's scene: Castro's bar released 40 pt right of its snap point (damping 0.35).
  static let sceneFile = "experiments/scenes/castro-release-right-40.toml"

  /// An experiment file with the given axes (TOML lines) on `sceneFile`.
  static func experiment(_ axes: String) throws -> Experiment {
    try ExperimentReader.parse(
      """
      title = "t"
      scene = "scenes/castro-release-right-40.toml"
      metrics = ["overshoot_pt"]
      \(axes)
      """, file: "experiments/e.toml")
  }

  static func sweep(_ experiment: Experiment, scene: Scene? = nil) throws -> ParameterGrid {
    try ParameterGrid(
      experiment, scene: scene ?? loadScene(sceneFile), sceneFile: sceneFile, force: true)
  }

  static let profile = """
    [[axis]]
    name = "profile"
    path = "profile"
    values = ["modern", "ios7"]
    """

  static let threeWidths = """
    [[axis]]
    name = "width"
    path = "reference_size.0"
    values = [320, 375, 414]
    """

  func numbers(_ values: AxisValues) -> [Double] {
    (0..<values.count).compactMap { i in
      if case .number(let x) = values[i] { return x }
      return nil
    }
  }

  @Test func gridsUpToTheLimitAreCoveredWhole() throws {
    // 59 × 61 = 3,599 and 59 × 61 × 2 = 7,198 points ≤ 8,000.
    for axes in [DampingReleaseAxes.text(), DampingReleaseAxes.text() + "\n" + Self.profile] {
      #expect(CheckGrid.thinning(try Self.sweep(Self.experiment(axes))) == nil)
    }
  }

  @Test func aLargerGridThinsItsLongestAxisFirst() throws {
    // 59 × 61 × 3 = 10,797 points > 8,000: the release axis (61 values, the most) at stride 2
    // keeps 10, 15, …, 160 (31 values, with the base scene's 40 pt); 59 × 31 × 3 = 5,487.
    let e = try Self.experiment(DampingReleaseAxes.text() + "\n" + Self.threeWidths)
    let thinning = try #require(CheckGrid.thinning(Self.sweep(e)))
    #expect(thinning.strides == [1, 2, 1])
    #expect(thinning.count == 5_487)
    let thinned = CheckGrid.experiment(e, keeping: thinning)
    #expect(thinned.axes[0].values == e.axes[0].values)
    #expect(numbers(thinned.axes[1].values) == (0...30).map { 10 + 5 * Double($0) })
    #expect(thinned.axes[2].values == e.axes[2].values)
    #expect(try Self.sweep(thinned).count == 5_487)
  }

  @Test func theBaseScenesValueIsAlwaysKept() throws {
    // Releases 10 … 160 pt by 1.25 (121 values) × 59 dampings × 3 widths = 21,417 points, the
    // bar released 41.25 pt right (value 25). Stride 2 keeps 61 values and value 25: 62,
    // 59 × 62 × 3 = 10,974, too many; stride 3 keeps 41 (10, 13.75, …, 160) and 25: 42,
    // 59 × 42 × 3 = 7,434.
    let e = try Self.experiment(
      DampingReleaseAxes.text(release: "range = { from = 10, to = 160, step = 1.25 }") + "\n"
        + Self.threeWidths)
    var scene = try loadScene(Self.sceneFile)
    scene.items[0].center_pt.x = 160 + 41.25
    let sweep = try Self.sweep(e, scene: scene)
    #expect(sweep.baseValueIndex(onAxis: 0) == 12)  // damping 0.35
    #expect(sweep.baseValueIndex(onAxis: 1) == 25)
    #expect(sweep.baseValueIndex(onAxis: 2) == 0)  // 320 pt wide
    let thinning = try #require(CheckGrid.thinning(sweep))
    #expect(thinning.strides == [1, 3, 1])
    #expect(thinning.kept[1] == (Array(stride(from: 0, through: 120, by: 3)) + [25]).sorted())
    #expect(thinning.count == 7_434)
    let releases = numbers(CheckGrid.experiment(e, keeping: thinning).axes[1].values)
    #expect(releases.contains(41.25) && releases.first == 10 && releases.last == 160)
  }
}
