import FeelMetrics
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// The multi-item metrics (docs/metrics.md, docs/springy-list.md): `max_lag_pt`, `spread_pt`
/// and a list's `settle_time_s`, against cases worked by hand and against their definitions
/// applied to the run's own frames.
@Suite("Multi-item metrics: lag, spread, a list's settle")
struct ListMetricsTests {
  /// Two cells on the same critically damped length-0 spring, let go at rest 30 pt below and
  /// 40 pt right of their anchors (`measure`: the scene's `[measure]` lines).
  static func pair(measure: String = "[measure]\nitems = [\"a\", \"b\"]") throws -> Scene {
    var text = "duration = 4\n"
    for (id, anchor, centre) in [
      ("a", "[100, 100]", "[100, 130]"), ("b", "[100, 300]", "[140, 300]"),
    ] {
      text += """
        [[item]]
        id = "\(id)"
        size = [80, 40]
        center = \(centre)

        [[behavior]]
        id = "spring-\(id)"
        type = "attachment"
        items = ["\(id)"]
        anchor = \(anchor)
        length = 0
        frequency = 1.5
        damping = 1.0

        """
    }
    return try SceneReader.parse(text + measure + "\n", file: "pair.toml")
  }

  @Test(
    "two cells let go on one spring: the largest lag is the larger start, 40 pt; the spread 10 pt")
  func pairByHand() throws {
    // Each cell moves straight at its anchor and both follow the same law, lag = d·g(t) with
    // 0 ≤ g ≤ 1 (no overshoot at critical damping from rest): the largest lag and the largest
    // difference of lags are frame 0's.
    let scene = try Self.pair()
    let result = SceneMeasurement.measure(scene, try MeasurePlan(scene))
    #expect(result[.maxLag_pt] == 40)
    #expect(result[.spread_pt] == 10)
  }

  @Test(
    "without a scroll the list settles when its slowest cell does: the single-item settle of b against its anchor"
  )
  func pairSettle() throws {
    let scene = try Self.pair()
    let list = SceneMeasurement.measure(scene, try MeasurePlan(scene))
    let single = SceneMeasurement.measure(
      scene, try MeasurePlan(scene, SceneMeasure(item: "b", target_pt: Point(100, 300))))
    let settle = try #require(list[.settleTime_s])
    #expect(settle > 0.5)
    #expect(settle == single[.settleTime_s])
    #expect(list[.settleFrames] == single[.settleFrames])
  }

  @Test("a scene with neither [measure] items nor a scroll leaves the list metrics empty: no-list")
  func noList() throws {
    let scene = try Self.pair(measure: "")
    let result = SceneMeasurement.measure(scene, try MeasurePlan(scene))
    #expect(result[.maxLag_pt] == nil && result.reason(.maxLag_pt) == .noList)
    #expect(result[.spread_pt] == nil && result.reason(.spread_pt) == .noList)
  }

  /// `[measure] items = []` measures no list even with a scroll, and the flag's explanation
  /// names that case (not only "no scroll behavior", which this scene has).
  @Test("a scroll with [measure] items = [] leaves the list metrics empty: no-list, said so")
  func emptyMeasuredItems() throws {
    let text = springyListText(
      count: 3, duration: 1, damping: 0.8, frequency: 1.0, touches: "[measure]\nitems = []\n")
    let scene = try SceneReader.parse(text, file: "empty.toml")
    #expect(scene.behaviors.contains { if case .scroll = $0.kind { true } else { false } })
    let result = SceneMeasurement.measure(scene, try MeasurePlan(scene))
    #expect(result.reason(.maxLag_pt) == .noList && result.reason(.spread_pt) == .noList)
    #expect(MetricFlag.noList.explanation.contains("[measure] items empty"))
  }

  /// A springy list of `count` cells scrolled by a flick, the scroll's items measured.
  static func flickedList(count: Int) throws -> Scene {
    try SceneReader.parse(
      springyListText(
        count: count, duration: 6, damping: 0.8, frequency: 1.0,
        touches: """
          [[touch]]
          id = "finger"
          drag = { at = 0.1, from = [180, 600], to = [180, 300], duration = 0.12 }
          """),
      file: "flick.toml")
  }

  @Test(
    "a flicked list: lag, spread and the settle after the scroll stops, from the run's own frames")
  func flickedListFromFrames() throws {
    let scene = try Self.flickedList(count: 12)
    let result = SceneMeasurement.measure(scene, try MeasurePlan(scene))
    // The definitions applied to every frame of a plain run.
    var sim = SceneSimulation(scene)
    var maxLag = 0.0
    var spread = 0.0
    var lastMoved = 0
    var lastOutside: Int?
    func lags() -> [Double] {
      scene.items.indices.map { i in
        let c = sim.state(ofItem: i).center_pt
        let a = scene.items[i].center_pt
        return ((c.x - a.x) * (c.x - a.x) + (c.y - a.y) * (c.y - a.y)).squareRoot()
      }
    }
    while sim.frame < scene.frameCount {
      sim.advance()
      let l = lags()
      maxLag = max(maxLag, l.max()!)
      spread = max(spread, l.max()! - l.min()!)
      if !sim.scrollRows.isEmpty { lastMoved = sim.frame }
      if l.max()! > SceneMeasure.defaultBand_pt { lastOutside = sim.frame }
    }
    #expect(maxLag > 20 && spread > 5, "the flick stretches the list: \(maxLag), \(spread)")
    #expect(result[.maxLag_pt] == maxLag)
    #expect(result[.spread_pt] == spread)
    let out = try #require(lastOutside)
    #expect(out > lastMoved, "still wobbling after the scroll stopped")
    #expect(result[.settleFrames] == Double(out - lastMoved))
    #expect(result[.settleTime_s] == Double(out - lastMoved) / 60)
  }
}
