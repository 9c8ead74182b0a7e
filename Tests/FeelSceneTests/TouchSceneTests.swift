import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// Touches driving a scene (docs/touches.md, docs/drags.md): follow drags and the snap after the
/// release, the release velocity handed over, keep-running, rows, event order, rotate and
/// attachment drags, suspended behaviors.
@Suite("Touch-driven scenes")
struct TouchSceneTests {
  /// Every frame's states and events of a run.
  struct Run {
    var states: [[ItemState]] = []
    var events: [SceneEvent] = []
    var running: [Bool] = []
    var touchRows: [[(id: String, point_pt: Point)]] = []
  }

  static func run(_ scene: Scene) -> Run {
    var sim = SceneSimulation(scene)
    var run = Run()
    run.states.append(scene.items.indices.map { sim.state(ofItem: $0) })
    run.running.append(sim.isRunning)
    run.touchRows.append(sim.touchRows)
    for _ in 0..<scene.frameCount {
      run.events += sim.advance()
      run.states.append(scene.items.indices.map { sim.state(ofItem: $0) })
      run.running.append(sim.isRunning)
      run.touchRows.append(sim.touchRows)
    }
    return run
  }

  /// What the scenes built here are called in messages.
  static let file = "touch-test.toml"

  /// The frame of the first event of `kind`.
  static func frame(of kind: TouchEventKind, in run: Run) -> Int? {
    run.events.first { $0.kind == .touch(kind) }?.frame
  }

  /// Whether two states are the same doubles.
  static func same(_ a: ItemState, _ b: ItemState) -> Bool {
    a.center_pt == b.center_pt && a.angle_rad == b.angle_rad && a.velocity_pt_s == b.velocity_pt_s
      && a.angularVelocity_rad_s == b.angularVelocity_rad_s
  }

  @Test(
    "follow, then release: the snap equals today's release scene from the lift point, bit for bit",
    arguments: ["right-40", "right-80", "right-160", "left-40", "left-80", "left-160"])
  func followThenRelease(_ name: String) throws {
    let touch = Self.run(try loadScene("experiments/scenes/castro-drag-\(name).toml"))
    let release = try loadScene("experiments/scenes/castro-release-\(name).toml")
    let reference = trajectory(release)
    let r = try #require(Self.frame(of: .dragEnded, in: touch))
    // The bar had no body before the release, so the accumulator stands at 0 as in a fresh
    // scene: frame r − 1 + j of the drag is frame j of the release scene.
    #expect(touch.states[r][0].center_pt != touch.states[r - 1][0].center_pt)
    var compared = 0
    for j in 1..<reference.count where r - 1 + j < touch.states.count {
      let a = touch.states[r - 1 + j][0]
      let b = reference[j][0]
      #expect(Self.same(a, b), "frame \(r - 1 + j) of the drag vs frame \(j) of the release")
      #expect(abs(a.center_pt.x - b.center_pt.x) <= Tolerance.trajectory.value)
      compared += 1
    }
    #expect(compared > 100)
  }

  @Test("a drag that begins on the lift sample catches up before drag-ended removes it")
  func dragBeganOnTheLiftCatchesUp() throws {
    // One move of (+90, −90) pt, beyond the slop, lifted at once: drag-began and drag-ended
    // come with the same sample. The follow drag added at drag-began moves the box by the
    // finger's translation from touch-down before drag-ended removes it; with no behavior left
    // the box stays there.
    let scene = try SceneText(duration: 0.5)
      .item("box", size: [40, 40], center: [200, 200])
      .touch("finger", "samples = [[0.0, 210, 190], [0.21, 300, 100]]")
      .touchDrag("follow", on: "box", touch: "finger", mode: "follow")
      .scene(file: Self.file)
    let run = Self.run(scene)
    let began = try #require(Self.frame(of: .dragBegan, in: run))
    #expect(Self.frame(of: .dragEnded, in: run) == began)
    #expect(run.states[began - 1][0].center_pt == Point(200, 200))
    #expect(run.states[began][0].center_pt == Point(290, 110))
    #expect(run.states.last![0].center_pt == Point(290, 110))
  }

  @Test("the release-velocity variant starts with the finger's velocity (160 pt/s along x)")
  func releaseVelocity() throws {
    let touch = Self.run(try loadScene("experiments/scenes/castro-drag-right-80-velocity.toml"))
    // Today's release scene from the lift point, its body starting with the finger's velocity
    // (to − from) / duration = 80 pt / 0.5 s.
    var release = try loadScene("experiments/scenes/castro-release-right-80.toml")
    release.items[0].velocity_pt_s = Point(80 / 0.5, 0)
    let reference = trajectory(release)
    let r = try #require(Self.frame(of: .dragEnded, in: touch))
    let ended = try #require(touch.events.first { $0.kind == .touch(.dragEnded) })
    #expect(ended.velocity_pt_s.map { abs($0.x - 160) <= 1e-9 && $0.y == 0 } == true)
    for j in 1..<reference.count where r - 1 + j < touch.states.count {
      #expect(Self.same(touch.states[r - 1 + j][0], reference[j][0]), "frame \(r - 1 + j)")
    }
    // And it differs from the release from rest.
    let fromRest = trajectory(try loadScene("experiments/scenes/castro-release-right-80.toml"))
    #expect(touch.states[r][0].center_pt.x > fromRest[1][0].center_pt.x)
  }

  /// A bar held by a snap from t = 0 (its body steps before the drag), dragged by a follow drag
  /// that the drag-began rule adds without removing the snap, then released.
  static let suspendedSnapScene = SceneText(duration: 3, "frame_rate = 60")
    .item("bar", size: [320, 50], center: [160, 25])
    .touch("finger", "drag = { at = 0.05, from = [200, 25], to = [280, 25], duration = 0.5 }")
    .behavior("snap", "snap", items: ["bar"], "point = [160, 25]", "damping = 0.35")
    .behavior("rotation", "item", items: ["bar"], "allows_rotation = false")
    .touchDrag("drag", on: "bar", touch: "finger", mode: "follow", "axis = \"x\"")

  @Test(
    "a snap left in place is suspended during a follow drag; after it the accumulator is one sub-step ahead"
  )
  func suspendedSnap() throws {
    let scene = try Self.suspendedSnapScene.scene(file: Self.file)
    let touch = Self.run(scene)
    let began = try #require(Self.frame(of: .dragBegan, in: touch))
    let r = try #require(Self.frame(of: .dragEnded, in: touch))
    // During the drag the bar is where the finger puts it: centre at drag-began (160) + the
    // finger's translation from touch-down (x0 = 200), along x. The snap does not pull.
    let trace = scene.touches[0].trace.samples(frameRate_hz: 60)
    for k in began..<r {
      let finger = trace.last { $0.t_s <= Double(k) / 60 + 1e-9 }!.point_pt
      #expect(touch.states[k][0].center_pt == Point(160 + (finger.x - 200), 25), "frame \(k)")
      #expect(touch.states[k][0].velocity_pt_s == Point(0, 0))
    }
    // The bar's body stepped before the drag, so its accumulator holds a remainder: the frame
    // of the release runs two sub-steps, not one. After it, frame r − 1 + j is the release
    // scene after 2j sub-steps: at 120 Hz (one sub-step a frame after a first frame with
    // none), frame 2j + 1.
    var release = snappedBarScene(release_pt: 80, damping: 0.35, frameRate_hz: 120)
    release.behaviors[1].kind = .item(ItemPropertiesSpec(allowsRotation: false))
    let reference = trajectory(release)
    for j in 1...100 {
      #expect(Self.same(touch.states[r - 1 + j][0], reference[2 * j + 1][0]), "frame \(r - 1 + j)")
    }
  }

  @Test("the animator runs while a touch is down or to come, then pauses at the lift")
  func keepRunning() throws {
    // A bar with no behavior (no body): without the touch it would be paused from frame 0.
    let scene = try SceneText(duration: 1, "frame_rate = 60")
      .item("bar", size: [100, 50], center: [50, 25])
      .touch("finger", "tap = { at = 0.5, point = [50, 25], duration = 0.1 }")
      .scene(file: Self.file)
    let run = Self.run(scene)
    // The lift (0.6 s) is delivered before frame 36; the frames before it run.
    #expect(run.running[0...35].allSatisfy { $0 })
    #expect(run.running[36...].allSatisfy { !$0 })
    let pauses = run.events.filter { $0.kind == .pause }
    #expect(pauses.map(\.frame) == [36])
    // touch:finger rows from the frame of the touch-down (0.5 s: frame 30) to the lift's.
    let framesWithRows = run.touchRows.indices.filter { !run.touchRows[$0].isEmpty }
    #expect(framesWithRows == Array(30...36))
    #expect(run.touchRows[30].first?.id == "finger")
    #expect(run.touchRows[30].first?.point_pt == Point(50, 25))
    // The metrics do not stop early while the touch is to come.
    var sim = SceneSimulation(scene)
    #expect(!sim.isAtRest)
    for _ in 0..<35 { sim.advance() }
    #expect(!sim.isAtRest)
    sim.advance()
    #expect(sim.isAtRest)
  }

  @Test(
    "within a frame: touch events in order, each rule fired right after its event, before the step")
  func eventOrder() throws {
    let scene = try SceneText(duration: 0.5, "frame_rate = 60")
      .item("bar", size: [100, 100], center: [50, 50])
      .touch("finger", "samples = [[0.001, 50, 50], [0.005, 50, 50]]")
      .behavior(
        "push", "push", items: ["bar"], "mode = \"instantaneous\"", "magnitude = 1", "start = false"
      )
      .rule(on: "touch-up", "add = [\"push\"]")
      .rule(on: "tap", "within = [[0, 0], [100, 100]]")
      .rule(on: "tap", "within = [[100, 0], [200, 100]]")
      .scene(file: Self.file)
    let run = Self.run(scene)
    let first = run.events.filter { $0.frame == 1 }.map { "\($0.kind.rawValue): \($0.detail)" }
    #expect(
      first == [
        "touch-down: touch finger", "tap: touch finger", "rule-fired: rule 2 (tap finger)",
        "touch-up: touch finger", "rule-fired: rule 1 (touch-up finger) add push",
      ])
    // The push added before frame 1's step acts in it: 100 pt/s for a 100 × 100 item of
    // density 1 (the model page's measured number), damped by the default resistance 0.1/s
    // over the frame's one 1/120 s sub-step: 100 / (1 + 0.1/120).
    expectClose(
      run.states[1][0].velocity_pt_s.x, 100 / (1 + 0.1 / 120), .float32Accumulation,
      "vx after frame 1")
  }

  /// A finger circling (160, 160) at 80 pt clockwise, 60 samples a turn from angle 0, one a
  /// frame at 60 Hz: samples 0 to `frames`, as `[t_s, x_pt, y_pt]` text.
  static func circleSamples(frames: Int) -> [String] {
    (0...frames).map { j in
      let a = 2 * Double.pi * Double(j) / 60
      return "[\(Double(j) / 60), \(160 + 80 * cos(a)), \(160 + 80 * sin(a))]"
    }
  }

  /// A 100 × 100 pt dial at (160, 160) turned by a rotate drag `turn` (with `keys`) that follows
  /// touch "finger" through `samples`, at 60 Hz.
  static func dialScene(duration: Double, samples: [String], _ keys: String...) -> SceneText {
    SceneText(duration: duration, "frame_rate = 60")
      .item("dial", size: [100, 100], center: [160, 160])
      .touch("finger", "samples = [\(samples.joined(separator: ", "))]")
      .behavior("turn", "drag", items: ["dial"], "touch = \"finger\"", "mode = \"rotate\"")
      .appending(keys.joined(separator: "\n"))
  }

  @Test("a rotate drag turns its item 6π for three turns of the finger, clockwise positive")
  func rotateThreeTurns() throws {
    // The finger circles the dial's centre at 80 pt, 60 samples a turn, from angle 0; the
    // pivot defaults to the dial's centre; a dead zone of 20 pt ignores a sample on the pivot.
    var samples = Self.circleSamples(frames: 180)
    samples.insert("[\(90.5 / 60), 161, 160]", at: 91)
    let scene = try Self.dialScene(duration: 3.5, samples: samples, "dead_zone = 20").scene()
    let run = Self.run(scene)
    let r = try #require(Self.frame(of: .dragEnded, in: run))
    expectClose(run.states[r][0].angle_rad, 6 * .pi, .turnAngle, "angle after three turns")
    #expect(run.states[r][0].center_pt == Point(160, 160))
    // A quarter turn in: positive (clockwise on screen, y down).
    #expect(run.states[16][0].angle_rad > 0)
    let ended = try #require(run.events.first { $0.kind == .touch(.dragEnded) })
    expectClose(ended.omega_rad_s, 2 * .pi, .fitRoundoff, "omega: one turn a second")
    #expect(ended.detail.contains(" omega "))
  }

  @Test("a rotate drag's release hands the new body the finger's angular velocity")
  func rotateReleaseVelocity() throws {
    // One turn a second, clockwise, about the dial's centre; at the
    // lift the rule swaps the drag for an item behavior without angular resistance.
    let scene = try Self.dialScene(duration: 1, samples: Self.circleSamples(frames: 30))
      .behavior(
        "free", "item", items: ["dial"], "resistance = 0", "angular_resistance = 0",
        "start = false"
      )
      .rule(
        on: "drag-ended", "remove = [\"turn\"]", "add = [\"free\"]", "release_velocity = true"
      )
      .scene()
    let run = Self.run(scene)
    let r = try #require(Self.frame(of: .dragEnded, in: run))
    // ω = 2π rad/s (float32), and no linear velocity: the pivot is the centre.
    expectClose(
      run.states[r][0].angularVelocity_rad_s, 2 * .pi, .float32Accumulation, "omega after release")
    #expect(run.states[r][0].velocity_pt_s == Point(0, 0))
    // It spins on at 2π rad/s: the next 30 frames (60 sub-steps of 1/120 s) turn it by π.
    expectClose(
      run.states[r + 30][0].angle_rad - run.states[r][0].angle_rad, .pi, .float32Accumulation,
      "half a turn in 30 frames")
  }

  @Test("an attachment drag's anchor follows the finger; the item's grabbed point follows it")
  func attachmentDrag() throws {
    var samples: [String] = []
    for j in 0...60 {
      let t = Double(j) / 60
      let x = 100 + 100 * min(t / 0.5, 1)
      samples.append("[\(t), \(x), 50]")
    }
    let scene = try SceneText(duration: 1.5, "frame_rate = 60")
      .item("card", size: [100, 60], center: [100, 50])
      .touch("finger", "samples = [\(samples.joined(separator: ", "))]")
      .touchDrag("grab", on: "card", touch: "finger", mode: "attachment")
      .scene(file: Self.file)
    var sim = SceneSimulation(scene)
    let trace = scene.touches[0].trace.samples(frameRate_hz: 60)
    var grabbed: Point?
    for k in 1...scene.frameCount {
      sim.advance()
      let finger = trace.last { $0.t_s <= Double(k) / 60 + 1e-9 }!.point_pt
      guard let anchor = sim.animator.dragAnchor(0) else { continue }
      // The anchor is the finger in float32 metres (× 100).
      #expect(anchor.x == Double(100 * Float(0.01 * finger.x)), "frame \(k)")
      grabbed = grabbed ?? anchor
    }
    // It grabbed the card where the finger was at drag-began: 10 pt and a bit right of centre.
    #expect(grabbed.map { $0.x > 110 && $0.x < 115 } == true)
    // Held still for half a second, the rod (length 0) holds the grabbed point on the finger
    // (200, 50), to within the position solver's linear slop (0.5 pt) and what the last frames
    // moved; the drag-ended rule then took the card's body, leaving it there.
    let end = sim.state(ofItem: 0)
    let offset = try #require(grabbed).x - 100
    let point = Point(
      end.center_pt.x + offset * cos(end.angle_rad), end.center_pt.y + offset * sin(end.angle_rad))
    #expect(hypot(point.x - 200, point.y - 50) < 1, "grabbed point \(point)")
  }
}

extension Tolerance {
  /// Trajectories (feel check and the differential test): a hundredth of a point.
  static let trajectory = Tolerance("trajectory position (pt)", 0.01, .absolute)
  static let turnAngle = Tolerance("turn angle (rad)", 1e-4, .absolute)
  static let fitRoundoff = Tolerance("least-squares round-off", 1e-9, .relative)
}
