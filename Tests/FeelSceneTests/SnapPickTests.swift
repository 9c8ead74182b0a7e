import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// A target picked at the release (docs/drags.md, "Picking a target at the release"): the
/// projection of a flick, v/1000 · r/(1 − r) past the centre, against hand-computed cases and
/// against the sum it stands for; and four flicks of the picture-in-picture tile, one towards
/// each corner, each landing in the corner nearest its projected point.
@Suite struct SnapPickTests {
  /// The screen's four corners as the tile's centre sits in them (pip-flick.toml).
  static let corners = [Point(96, 104), Point(294, 104), Point(96, 740), Point(294, 740)]

  /// Hand-computed: r = 0.998 carries a point 0.998/0.002/1000 = 0.499 s of its velocity
  /// further; r = 0.99 (UIScrollView's fast rate) 0.099 s; r = 0 nowhere.
  @Test func theProjectionOfHandComputedFlicks() {
    let cases: [(center: Point, velocity: Point, rate: Double, expected: Point)] = [
      (Point(100, 200), Point(1000, -500), 0.998, Point(100 + 499, 200 - 249.5)),
      (Point(196, 510), Point(400, -920), 0.998, Point(196 + 199.6, 510 - 459.08)),
      (Point(0, 0), Point(1000, 0), 0.99, Point(99, 0)),
      (Point(30, 40), Point(-800, 2000), 0, Point(30, 40)),
    ]
    for c in cases {
      let p = SnapPick.projected(center_pt: c.center, velocity_pt_s: c.velocity, rate: c.rate)
      expectClose(p.x, c.expected.x, .planarRoundoff, "x of \(c)")
      expectClose(p.y, c.expected.y, .planarRoundoff, "y of \(c)")
    }
  }

  /// The closed form is the whole decelerated glide: a velocity v (pt/s) multiplied by r each
  /// millisecond travels Σ_{k≥1} v·r^k · 1 ms, summed here term by term until the terms vanish.
  @Test func theProjectionIsTheSumOfTheGlide() {
    for rate in [0.9, 0.99, 0.998] {
      var glide = 0.0
      var speed = 1000.0  // pt/s
      for _ in 0..<200_000 {
        speed *= rate
        glide += speed / 1000  // one millisecond at this speed
      }
      let p = SnapPick.projected(
        center_pt: Point(0, 0), velocity_pt_s: Point(1000, 0), rate: rate)
      expectClose(p.x, glide, .doubleRoundoff, "rate \(rate)")
    }
  }

  /// The nearest candidate, the first of equally near ones.
  @Test func theNearestCandidate() {
    let pick = SnapPick(snap: "s", candidates_pt: Self.corners)
    #expect(pick.nearestIndex(to: Point(395.6, 50.9)) == 1)
    #expect(pick.nearestIndex(to: Point(-10, 900)) == 2)
    #expect(pick.nearestIndex(to: Point(195, 422)) == 0, "the middle: all four as near, the first")
  }

  /// The tile from the middle of the screen (195, 422), flicked towards each corner in 0.1 s
  /// (60 pt sideways and 120 pt up or down: ±600, ±1200 pt/s): lifted at the middle plus that
  /// move, projected 0.499 s of the velocity further, its nearest corner is the one in the
  /// flick's quadrant (written here by hand). The drag-ended rule sets the snap's point there
  /// (its file point, the middle, is never used), the event says so and the tile lands there.
  @Test(arguments: [(-1.0, -1.0, 0), (1.0, -1.0, 1), (-1.0, 1.0, 2), (1.0, 1.0, 3)])
  func aFlickLandsInItsProjectedCorner(sx: Double, sy: Double, corner: Int) throws {
    var scene = try loadScene("experiments/scenes/pip-flick.toml")
    let middle = Point(195, 422)
    scene.items[0].center_pt = middle
    let move = Point(sx * 60, sy * 120)
    scene.touches[0].trace = .drag(
      TouchDrag(
        at_s: 0.1, from_pt: middle, to_pt: Point(middle.x + move.x, middle.y + move.y),
        duration_s: 0.1))
    guard case .snap(var snap) = scene.behaviors[1].kind else {
      Issue.record("pip-flick's second behavior is its snap")
      return
    }
    snap.point_pt = middle
    scene.behaviors[1].kind = .snap(snap)
    scene.rules[1].pick = SnapPick(snap: "corner-snap", candidates_pt: Self.corners)
    // By hand: the lift point and 0.499 s of (±600, ±1200) pt/s beyond it.
    let projected = Point(
      middle.x + move.x + 0.499 * sx * 600, middle.y + move.y + 0.499 * sy * 1200)
    let expected = Self.corners[corner]
    #expect(
      Self.corners.allSatisfy { c in
        hypot(c.x - projected.x, c.y - projected.y)
          >= hypot(expected.x - projected.x, expected.y - projected.y)
      }, "by hand, corner \(corner) is the nearest to \(projected)")

    var sim = SceneSimulation(scene)
    var details: [String] = []
    while sim.frame < scene.frameCount {
      details += sim.advance().filter { $0.kind == .ruleFired }.map(\.detail)
    }
    let x = TrajectoryCSV.number(expected.x)
    let y = TrajectoryCSV.number(expected.y)
    #expect(
      details.contains {
        $0.hasPrefix("rule 2 (drag-ended finger) snap corner-snap point \(x) \(y) ")
      }, "\(details)")
    let rest = sim.state(ofItem: 0).center_pt
    #expect(hypot(rest.x - expected.x, rest.y - expected.y) <= 0.5, "lands at \(rest)")
  }

  /// The file's keys (`snap`, `nearest`, `projection` of a drag-ended rule) read into the pick;
  /// an omitted projection is UIScrollView.DecelerationRate.normal, 0.998 per ms.
  @Test func theFileKeysReadIntoThePick() throws {
    let scene = try loadScene("experiments/scenes/pip-flick.toml")
    let pick = try #require(scene.rules[1].pick)
    #expect(pick.snap == "corner-snap")
    #expect(pick.candidates_pt == Self.corners)
    #expect(pick.decelerationRate == 0.998)
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent("experiments/scenes/pip-flick.toml"),
      encoding: .utf8)
    let omitted = text.replacingOccurrences(of: "projection = 0.998\n", with: "")
    try #require(omitted != text)
    let parsed = try SceneReader.parse(omitted, file: "pip.toml")
    #expect(parsed.rules[1].pick?.decelerationRate == 0.998)
    #expect(parsed.rules[0].pick == nil, "the drag-began rule picks nothing")
  }
}
