import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// FeelLab's `scroll` behavior (docs/springy-list.md): the offset while the finger is down, the
/// nudge of each cell on every frame against the published handler's formula, the deceleration
/// after the lift against v₀·r^(1000·t) integrated, the stop rule, and a catch.
@Suite("Scroll: the springy list's scroll view and handler")
struct ScrollTests {
  /// A list of `count` cells 44 pt tall with 8 pt gaps from y = 100, alternately left and
  /// right, each on a spring to its layout position, and a scroll over them; `touches` as
  /// written TOML.
  static func list(
    count: Int, duration: Double = 3, scroll: String = "", touches: String
  ) throws -> Scene {
    try SceneReader.parse(
      springyListText(
        count: count, duration: duration, damping: 0.5, frequency: 0.8, scroll: scroll,
        touches: touches),
      file: "scroll-test.toml")
  }

  /// Every frame of a run: the item states after the frame's nudges (before its step), after
  /// its step, the offset rows and the finger rows.
  struct Run {
    var beforeStep: [[ItemState]] = []
    var after: [[ItemState]] = []
    var offsets: [Double?] = []
    var fingers: [[(id: String, point_pt: Point)]] = []
    var events: [SceneEvent] = []
  }

  static func run(_ scene: Scene) -> Run {
    var sim = SceneSimulation(scene)
    sim.recordsBeforeStep = true
    var run = Run()
    run.beforeStep.append(scene.items.indices.map { sim.state(ofItem: $0) })
    run.after.append(run.beforeStep[0])
    run.offsets.append(nil)
    run.fingers.append([])
    for _ in 0..<scene.frameCount {
      run.events += sim.advance()
      run.beforeStep.append(sim.beforeStep!.states)
      run.after.append(scene.items.indices.map { sim.state(ofItem: $0) })
      run.offsets.append(sim.scrollRows.first?.offset_pt.y)
      run.fingers.append(sim.touchRows)
    }
    return run
  }

  /// The handler's nudge for the cell anchored at `anchor`, the finger at `finger` (screen) and
  /// the offset going from `old` to `new`, written out from the contract.
  static func expectedNudge(old: Double, new: Double, finger: Point, anchor: Point) -> Double {
    let delta = new - old
    let touch = Point(finger.x, finger.y + old)
    let resistance = (abs(touch.y - anchor.y) + abs(touch.x - anchor.x)) / 1500
    return delta < 0 ? max(delta, delta * resistance) : min(delta, delta * resistance)
  }

  /// Checks every frame's nudge of every cell: the cell's centre after the frame's nudge is its
  /// centre after the previous step moved by the formula's amount along y (x untouched), and
  /// its velocity is kept.
  static func checkNudges(_ scene: Scene, _ run: Run) -> Int {
    var checked = 0
    var offset = 0.0
    for k in 1..<run.offsets.count {
      guard let new = run.offsets[k] else { continue }
      let finger = run.fingers[k].first?.point_pt ?? lastFinger(run, before: k)
      for (i, item) in scene.items.enumerated() {
        let anchor = item.center_pt
        let n = expectedNudge(old: offset, new: new, finger: finger, anchor: anchor)
        let before = run.after[k - 1][i]
        let nudged = run.beforeStep[k][i]
        expectClose(
          nudged.center_pt.y, before.center_pt.y + n, .float32CentreReadBack,
          "frame \(k) \(item.id) y")
        #expect(nudged.center_pt.x == before.center_pt.x, "frame \(k) \(item.id) x")
        #expect(nudged.velocity_pt_s == before.velocity_pt_s, "frame \(k) \(item.id) velocity")
        checked += 1
      }
      offset = new
    }
    return checked
  }

  /// The finger's last row before frame `k` (after the lift the handler reads the last sample).
  static func lastFinger(_ run: Run, before k: Int) -> Point {
    for j in stride(from: k - 1, through: 0, by: -1) {
      if let row = run.fingers[j].first { return row.point_pt }
    }
    return Point(0, 0)
  }

  @Test("one cell: the offset follows the finger and every frame's nudge is the formula's")
  func oneCellNudges() throws {
    let scene = try Self.list(
      count: 1,
      touches: """
        [[touch]]
        id = "finger"
        drag = { at = 0.1, from = [180, 600], to = [180, 450], duration = 0.25 }
        """)
    let run = Self.run(scene)
    // While the finger is down the offset is minus its translation since touch-down.
    for k in run.offsets.indices {
      guard let offset = run.offsets[k], let finger = run.fingers[k].first else { continue }
      #expect(offset == -(finger.point_pt.y - 600), "frame \(k) offset \(offset)")
    }
    #expect(Self.checkNudges(scene, run) > 20)
  }

  @Test("eight cells, scrolling both ways: each cell's nudge is the formula's for its anchor")
  func severalCellsNudges() throws {
    // A finger that goes down the screen, then back up past its start, one sample a frame.
    let samples = (0...36).map { j in
      let t = 0.1 + Double(j) / 60
      let y = 300 + 220 * sin(2 * Double.pi * Double(j) / 48)
      return "[\(t), \(120 + Double(j)), \(y)]"
    }
    let scene = try Self.list(
      count: 8,
      touches: """
        [[touch]]
        id = "finger"
        samples = [\(samples.joined(separator: ", "))]
        """)
    let run = Self.run(scene)
    #expect(run.offsets.contains { ($0 ?? 0) > 0 } && run.offsets.contains { ($0 ?? 0) < 0 })
    #expect(Self.checkNudges(scene, run) > 8 * 30)
  }

  /// The drag-ended event's release velocity (pt/s) and frame.
  static func release(_ run: Run) -> (frame: Int, velocity_pt_s: Point)? {
    for e in run.events where e.kind == .touch(.dragEnded) {
      if let v = e.velocity_pt_s { return (e.frame, v) }
    }
    return nil
  }

  @Test(
    "after the lift the offset is offset_lift + v₀·(r^(1000·t) − 1)/(1000·ln r), until the travel left is under 0.5 pt"
  )
  func decelerationClosedForm() throws {
    for rate in [0.998, 0.99] {
      let scene = try Self.list(
        count: 3, duration: 6, scroll: "deceleration_rate = \(rate)",
        touches: """
          [[touch]]
          id = "finger"
          drag = { at = 0.1, from = [180, 700], to = [180, 400], duration = 0.15 }
          """)
      let run = Self.run(scene)
      let lift = try #require(Self.release(run))
      let liftOffset = try #require(run.offsets[lift.frame])
      let v0 = -lift.velocity_pt_s.y
      #expect(v0 > 1000, "a flick: v₀ \(v0) pt/s")
      var last = lift.frame
      for k in (lift.frame + 1)..<run.offsets.count {
        let t = Double(k - lift.frame) / 60
        let v = v0 * pow(rate, 1000 * t)
        let travelLeft = abs(v) * rate / (1 - rate) / 1000
        guard travelLeft >= 0.5 else {
          #expect(run.offsets[k] == nil, "rate \(rate): frame \(k) after the stop moves")
          continue
        }
        let expected = liftOffset + v0 * (pow(rate, 1000 * t) - 1) / (1000 * log(rate))
        expectClose(run.offsets[k], expected, .decelerationClosedForm, "rate \(rate) frame \(k)")
        last = k
      }
      // The scroll stopped well before the run's end, and its nudges with it.
      #expect(last < run.offsets.count - 30, "rate \(rate): still scrolling at frame \(last)")
      #expect(Self.checkNudges(scene, run) > 3 * 20)
    }
  }

  @Test("a touch that goes down while the list decelerates stops it at once")
  func catchStopsTheDeceleration() throws {
    let scene = try Self.list(
      count: 4, duration: 3,
      touches: """
        [[touch]]
        id = "flick"
        drag = { at = 0.1, from = [180, 700], to = [180, 400], duration = 0.15 }

        [[touch]]
        id = "catch"
        hold = { at = 0.6, point = [200, 500], duration = 0.8 }
        """)
    let run = Self.run(scene)
    let down = try #require(
      run.events.first { $0.kind == .touch(.touchDown) && $0.touch == "catch" }?.frame)
    let lift = try #require(Self.release(run))
    #expect(run.offsets[down - 1] != nil, "still decelerating the frame before the catch")
    // From the catch on the still finger holds the offset: no frame moves it again.
    for k in down..<run.offsets.count {
      #expect(run.offsets[k] == nil, "frame \(k) moves after the catch at frame \(down)")
    }
    // Without the catch the same flick keeps going.
    let free = Self.run(
      try Self.list(
        count: 4, duration: 3,
        touches: """
          [[touch]]
          id = "flick"
          drag = { at = 0.1, from = [180, 700], to = [180, 400], duration = 0.15 }
          """))
    #expect(free.offsets[down] != nil && lift.frame < down)
  }
}
