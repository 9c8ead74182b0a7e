import FeelCheck
import FeelSweep
import FeelTestSupport
import Testing

/// Which grids a baseline covers whole, and how a large one is thinned.
@Suite struct CheckGridTests {
  /// An experiment file with the given axes (TOML lines); its scene is never read here.
  static func experiment(_ axes: String) throws -> Experiment {
    try ExperimentReader.parse(
      """
      title = "t"
      scene = "s.toml"
      metrics = ["overshoot_pt"]
      \(axes)
      """, file: "e.toml")
  }

  static let profile = """
    [[axis]]
    name = "profile"
    path = "profile"
    values = ["modern", "ios7"]
    """

  func numbers(_ values: AxisValues) -> [Double] {
    (0..<values.count).compactMap { i in
      if case .number(let x) = values[i] { return x }
      return nil
    }
  }

  static let threeWidths = """
    [[axis]]
    name = "width"
    path = "reference_size.0"
    values = [320, 375, 414]
    """

  @Test func gridsUpToTheLimitAreCoveredWhole() throws {
    // 59 × 61 = 3,599 and 59 × 61 × 2 = 7,198 points ≤ 8,000.
    for axes in [DampingReleaseAxes.text(), DampingReleaseAxes.text() + "\n" + Self.profile] {
      let e = try Self.experiment(axes)
      let (thinned, stride) = CheckGrid.thinned(e)
      #expect(stride == 1)
      #expect(thinned == e)
    }
  }

  @Test func aLargerGridKeepsEveryOtherValueOfItsLongAxes() throws {
    // 59 × 61 × 3 = 10,797 points > 8,000: every other damping and release distance (30 × 31
    // × 3 = 2,790 points), the short axis whole.
    let e = try Self.experiment(DampingReleaseAxes.text() + "\n" + Self.threeWidths)
    let (thinned, stride) = CheckGrid.thinned(e)
    #expect(stride == 2)
    #expect(numbers(thinned.axes[1].values) == (0...30).map { 10 + 5 * Double($0) })
    let damping = numbers(thinned.axes[0].values)
    #expect(damping.count == 30)
    #expect(damping.first == 0.05)
    #expect(damping[1] == 0.1)
    #expect(damping.last == 1.5)
    #expect(thinned.axes[2].values == e.axes[2].values)
  }

  @Test func theLastValueIsAlwaysKept() throws {
    // Five axes of 14 values 0…13: 537,824 points. A stride of 2 keeps 0, 2, …, 12 and the
    // last, 13: 8 values, 32,768 points, still too many; a stride of 3 keeps 0, 3, 6, 9, 12
    // and 13: 6 values, 7,776 points.
    let axes = (1...5).map { i in
      """
      [[axis]]
      name = "a\(i)"
      path = "item.bar.center.\(i % 2)"
      range = { from = 0, to = 13, step = 1 }
      """
    }.joined(separator: "\n")
    let (thinned, stride) = CheckGrid.thinned(try Self.experiment(axes))
    #expect(stride == 3)
    #expect(numbers(thinned.axes[0].values) == [0, 3, 6, 9, 12, 13])
  }
}
