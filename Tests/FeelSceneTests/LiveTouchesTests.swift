import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// Touches appended while the run steps (`SceneSimulation.addLiveTouch`, `appendLiveSample`:
/// a live session's, docs/live-protocol.md) against the same scene run with its traces given whole:
/// every committed scene with touches, each sample appended just before the frame that
/// delivers it, must give the same frames, bit for bit, and the same events, but for what a
/// run cannot know ahead (the `running` column and the pause events while a touch is still to
/// come).
@Suite("Live touches")
struct LiveTouchesTests {
  /// Rows of every frame without the `running` column, and the events but pauses.
  struct Run: Equatable {
    var rows: [[String]] = []
    var events: [String] = []
  }

  static func rowsWithoutRunning(_ sim: SceneSimulation) -> [String] {
    TrajectoryCSV.frameCells(sim).map { c in
      [c.frame, c.t_s, c.item, c.x_pt, c.y_pt, c.angle_rad, c.vx_pt_s, c.vy_pt_s, c.omega_rad_s]
        .joined(separator: ",")
    }
  }

  static func kept(_ events: [SceneEvent]) -> [String] {
    events.filter { $0.kind != .pause }.map(TrajectoryCSV.eventRow)
  }

  static func batch(_ scene: Scene) -> Run {
    var sim = SceneSimulation(scene)
    var run = Run(rows: [rowsWithoutRunning(sim)])
    for _ in 0..<scene.frameCount {
      run.events += kept(sim.advance())
      run.rows.append(rowsWithoutRunning(sim))
    }
    return run
  }

  /// The scene without its touches, which come live: each touch added before the first frame
  /// (in file order, so that touches are delivered in the same order), each sample appended
  /// just before the frame that delivers it (`lateBy`: that many frames after it was due, its
  /// time moved past the frame it missed, as the live session's late rule does; the batch run
  /// then gets the moved times too).
  static func live(_ scene: Scene, lateEvery: Int) -> (run: Run, traces: [[TouchSample]]) {
    var bare = scene
    bare.touches = []
    var sim = SceneSimulation(bare, liveTouches: true)
    let traces = scene.touches.map { $0.trace.samples(frameRate_hz: scene.frameRate_hz) }
    var taken: [[TouchSample]] = traces.map { _ in [] }
    let indices = scene.touches.map { sim.addLiveTouch(id: $0.id) }
    var next = Array(repeating: 0, count: traces.count)
    var run = Run(rows: [rowsWithoutRunning(sim)])
    var counter = 0
    for k in 1...max(scene.frameCount, 1) where k <= scene.frameCount {
      let t_k = Double(k) / scene.frameRate_hz
      for i in traces.indices {
        while next[i] < traces[i].count,
          traces[i][next[i]].t_s <= t_k + TouchTimeline.timeTolerance_s
        {
          var sample = traces[i][next[i]]
          counter += 1
          // Every `lateEvery`-th sample "comes late": after frame k − 1 stepped it is moved
          // past that frame (it already is here: it was not due by then), as the session's
          // rule gives; a sample due exactly then is moved 1 µs on.
          if lateEvery > 0, counter % lateEvery == 0, k > 1 {
            let floor = Double(k - 1) / scene.frameRate_hz + 1e-6
            let previous = taken[i].last.map { $0.t_s + 1e-6 } ?? 0
            sample.t_s = max(sample.t_s, floor, previous)
          }
          let isLift = next[i] == traces[i].count - 1
          sim.appendLiveSample(sample, toTouch: indices[i], isLift: isLift)
          taken[i].append(sample)
          next[i] += 1
        }
      }
      run.events += kept(sim.advance())
      run.rows.append(rowsWithoutRunning(sim))
    }
    return (run, taken)
  }

  static var touchScenes: [String] {
    committedSceneFiles.filter { file in
      guard let scene = try? loadScene(file) else { return false }
      return !scene.touches.isEmpty
    }
  }

  @Test("frames appended live equal the batch run of the same traces", arguments: touchScenes)
  func sameFrames(_ file: String) throws {
    let scene = try loadScene(file)
    for lateEvery in [0, 3] {
      let (live, taken) = Self.live(scene, lateEvery: lateEvery)
      var whole = scene
      whole.touches = zip(scene.touches, taken).map { touch, samples in
        SceneTouch(id: touch.id, trace: .samples(samples))
      }
      let batch = Self.batch(whole)
      #expect(live.rows == batch.rows, "\(file), late every \(lateEvery)")
      #expect(live.events == batch.events, "\(file), late every \(lateEvery)")
    }
  }

  @Test("a touch whose lift has not come is still down, and keeps the animator running")
  func openTouchIsDown() throws {
    let scene = try loadScene("experiments/scenes/castro-drag-right-80.toml")
    var bare = scene
    bare.touches = []
    var sim = SceneSimulation(bare, liveTouches: true)
    let finger = sim.addLiveTouch(id: "finger")
    sim.appendLiveSample(TouchSample(0, 200, 25), toTouch: finger, isLift: false)
    var events: [SceneEvent] = []
    // Held still for 0.5 s (the recognizer's hold time): a hold, no lift.
    for _ in 0..<40 { events += sim.advance() }
    #expect(sim.touchRows.map(\.id) == ["finger"])
    #expect(sim.isRunning)
    #expect(events.map(\.kind) == [.touch(.touchDown), .touch(.hold)])
    sim.appendLiveSample(TouchSample(sim.t_s + 1e-6, 200, 25), toTouch: finger, isLift: true)
    events = sim.advance()
    #expect(events.first?.kind == .touch(.touchUp))
  }
}
