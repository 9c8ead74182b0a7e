import FeelScene
import FeelSweep

/// A live session (docs/live-protocol.md): a scene stepped frame by frame in scene
/// time while fingers arrive, as feel-serve's WebSocket `/api/live` drives it. Pure: it is fed
/// messages (`open`, `touch`, `advance`, `set`, `saveText`) and returns what to send back; the
/// server only carries them (and writes the text `saveText` returns). It never steps from a
/// clock of its own.
///
/// The frames are those of `feel run` by construction: the same `SceneSimulation.advance()`
/// that `TrajectoryCSV.run` calls, with the session's fingers appended to the run as live
/// touches (`SceneSimulation.addLiveTouch`), and the same cell formatter
/// (`TrajectoryCSV.frameCells`). A sample that comes too late for its frame is taken at the
/// last stepped frame's time + 1 µs (the contract's late-sample rule), so the scene `saveText`
/// writes, run whole, delivers every sample before the same frame.
public struct LiveSession: Sendable {
  /// The most frames a session steps: a scene's frame limit (`SceneReader.maxFrames`).
  public static let frameLimit = SceneReader.maxFrames
  /// The most fingers a session takes (its own touches not counted).
  public static let maxLiveTouches = 256
  /// The most samples of all its fingers together: 120 Hz for about 40 minutes. Bounds a
  /// session's memory (about 32 bytes a sample, twice: the session's copy and the run's).
  public static let maxSamples = 300_000
  /// The largest finger coordinate taken (pt), either sign: far beyond any screen, small
  /// enough that the engine's float32 metres stay finite.
  public static let maxCoordinate_pt = 1e6
  /// How much later than the frame it missed a late sample is taken (s).
  public static let lateStep_s = 1e-6
  /// The longest touch id (characters).
  public static let maxTouchIDLength = 64

  /// What a session sends back.
  public enum Output: Sendable, Equatable {
    /// The session (re)opened: its scene's frame rate, duration, items, and the touches it
    /// waits for.
    case opened(Opened)
    /// One stepped frame (or frame 0).
    case frame(Frame)
    /// Frames `from`...`to` each equal to frame `from − 1` (nothing moved, no event).
    case still(from: Int, to: Int)
    /// An event of the latest frame, as `feel run --events` writes it.
    case event(frame: Int, t_s: String, event: String, detail: String)
    /// A `set` restarted the run: its frames and events follow again from frame 0.
    case restarted
  }

  public struct Opened: Sendable, Equatable {
    public var frameRate_hz: Double
    public var duration_s: Double
    public var items: [(id: String, size_pt: Point)]
    /// The scene's own touches.
    public var touches: [String]
    /// Touches the scene's drag behaviors and touch rules name but the scene lacks.
    public var waiting: [String]

    public static func == (a: Opened, b: Opened) -> Bool {
      a.frameRate_hz == b.frameRate_hz && a.duration_s == b.duration_s
        && a.items.map(\.id) == b.items.map(\.id)
        && a.items.map(\.size_pt) == b.items.map(\.size_pt)
        && a.touches == b.touches && a.waiting == b.waiting
    }
  }

  /// A frame's rows as `feel run` writes them.
  public struct Frame: Sendable, Equatable {
    public var frame: Int
    public var rows: [TrajectoryCSV.RowCells]
    public var running: Bool
    /// With `timing` on: how long the engine took for this frame (s): its step and its rows
    /// (`make bench-serve` compares a frame's round trip with it).
    public var step_s: Double?
  }

  /// Whether frames carry the engine's time for them (`Frame.step_s`).
  public var timing = false

  /// A message the session refuses; it stays as it was.
  public struct Refusal: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
  }

  /// A finger of the session: its samples as taken (times after the late rule).
  struct Finger: Sendable {
    var id: String
    /// The run's index of the touch.
    var index: Int
    var samples: [TouchSample]
    /// The time the previous sample was sent with (s).
    var lastSent_s: Double
    var lifted: Bool
  }

  /// The scene as given (its source, without settings).
  public let input: SceneInput
  /// The values `set` so far, by path.
  public private(set) var settings: [String: SceneSetting] = [:]
  /// The scene as read (with `touchesMayWait`), before any setting: a `set` applies the
  /// settings to a copy of it, as `SceneInput.load` does to the scene it reads, without
  /// reading the files again.
  private let base: Scene
  /// The scene run: `base` with the settings applied.
  public private(set) var scene: Scene
  private var sim: SceneSimulation
  private var fingers: [Finger] = []
  private var sampleCount = 0
  /// The files read for the scene: the scene file (unless given as text), its trace files.
  public private(set) var files: [String]
  /// The latest frame's rows (for `still`).
  private var lastRows: [TrajectoryCSV.RowCells] = []
  /// The first frame of a still run not sent yet (a `step` that stopped short of its target
  /// in the middle of one): the next `step` goes on with it, so a run is one message.
  private var stillFrom: Int?

  /// Opens `input` (its `set` in `input.settings`); returns the session and what to send:
  /// `opened`, then frame 0.
  public static func open(_ input: SceneInput) throws(FeelError) -> (LiveSession, [Output]) {
    var given = input
    let settings = input.settings
    given.settings = []
    let log = InputLog()
    let base = try given.load(touchesMayWait: true, log: log)
    var byPath: [String: SceneSetting] = [:]
    for setting in settings { byPath[setting.path] = setting }
    let scene = try Self.applying(byPath, to: base)
    var session = LiveSession(
      input: given, base: base, scene: scene, files: log.inputs.map(\.path))
    session.settings = byPath
    let opened = Output.opened(
      Opened(
        frameRate_hz: scene.frameRate_hz, duration_s: scene.duration_s,
        items: scene.items.map { ($0.id, $0.size_pt) }, touches: scene.touches.map(\.id),
        waiting: session.waitingTouches))
    return (session, [opened, session.currentFrame()])
  }

  private init(input: SceneInput, base: Scene, scene: Scene, files: [String]) {
    self.input = input
    self.base = base
    self.scene = scene
    self.files = files
    sim = SceneSimulation(scene, liveTouches: true)
  }

  /// The frames stepped so far (0 before the first).
  public var frame: Int { sim.frame }

  /// Touches the scene's drags and touch rules name that neither the scene nor a finger has.
  public var waitingTouches: [String] {
    var named: [String] = []
    for behavior in scene.behaviors {
      if case .drag(let spec) = behavior.kind, let touch = spec.touch { named.append(touch) }
    }
    for rule in scene.rules {
      if case .touch(_, let touch?, _) = rule.on { named.append(touch) }
    }
    let present = Set(sim.touchIDs)
    var waiting: [String] = []
    for id in named where !present.contains(id) && !waiting.contains(id) { waiting.append(id) }
    return waiting
  }

  /// Whether some finger is down (came down, not lifted).
  public var fingerDown: Bool { fingers.contains { !$0.lifted } }

  // MARK: - Touches

  public enum Phase: String, Sendable, CaseIterable {
    case down, move, up
  }

  /// One sample of a finger, sent at `t_s` (scene time). Refused (nothing changes): a `down`
  /// for an id already used, a `move` or `up` for an id not down, a time not after the finger's
  /// previous one as sent, a number out of range, too many fingers or samples.
  public mutating func touch(id: String, phase: Phase, t_s: Double, x_pt: Double, y_pt: Double)
    throws(Refusal)
  {
    guard t_s.isFinite, t_s >= 0, t_s <= Double(Self.frameLimit) / scene.frameRate_hz else {
      throw Refusal(
        "touch \"\(id)\": key 't_s': expected a time in scene seconds from 0 to the frame "
          + "limit's (\(Self.frameLimit) frames), got \(t_s)")
    }
    for (key, value) in [("x_pt", x_pt), ("y_pt", y_pt)]
    where !value.isFinite || abs(value) > Self.maxCoordinate_pt {
      throw Refusal(
        "touch \"\(id)\": key '\(key)': expected a coordinate from −\(Int(Self.maxCoordinate_pt)) "
          + "to \(Int(Self.maxCoordinate_pt)) pt, got \(value)")
    }
    guard sampleCount < Self.maxSamples else {
      throw Refusal(
        "touch \"\(id)\": expected at most \(Self.maxSamples) samples in a session, got one more "
          + "(save the session and open it again)")
    }
    let floor_s = sim.frame > 0 ? sim.t_s + Self.lateStep_s : 0
    switch phase {
    case .down:
      guard !id.isEmpty, id.count <= Self.maxTouchIDLength,
        id.unicodeScalars.allSatisfy({
          $0.properties.isAlphabetic || "0123456789-_.".unicodeScalars.contains($0)
        })
      else {
        throw Refusal(
          "touch: key 'id': expected a touch id of 1 to \(Self.maxTouchIDLength) letters, "
            + "digits, '-', '_' or '.', got \"\(id.prefix(80))\"")
      }
      guard !sim.touchIDs.contains(id) else {
        throw Refusal(
          "touch \"\(id)\": expected a down for a new touch id, got one already used in this "
            + "session (give each finger its own id)")
      }
      guard fingers.count < Self.maxLiveTouches else {
        throw Refusal(
          "touch \"\(id)\": expected at most \(Self.maxLiveTouches) fingers in a session, got "
            + "one more")
      }
      let sample = TouchSample(max(t_s, floor_s), x_pt, y_pt)
      let index = sim.addLiveTouch(id: id)
      sim.appendLiveSample(sample, toTouch: index, isLift: false)
      fingers.append(
        Finger(id: id, index: index, samples: [sample], lastSent_s: t_s, lifted: false))
    case .move, .up:
      guard let f = fingers.firstIndex(where: { $0.id == id && !$0.lifted }) else {
        throw Refusal(
          "touch \"\(id)\": expected a \(phase.rawValue) for a touch that is down, got "
            + (fingers.contains { $0.id == id } ? "one already lifted" : "no such touch down"))
      }
      guard t_s > fingers[f].lastSent_s else {
        throw Refusal(
          "touch \"\(id)\": key 't_s': expected a time after the touch's previous sample "
            + "(\(fingers[f].lastSent_s) s), got \(t_s)")
      }
      let previous = fingers[f].samples.last!.t_s
      let sample = TouchSample(max(t_s, floor_s, previous + Self.lateStep_s), x_pt, y_pt)
      sim.appendLiveSample(sample, toTouch: fingers[f].index, isLift: phase == .up)
      fingers[f].samples.append(sample)
      fingers[f].lastSent_s = t_s
      if phase == .up { fingers[f].lifted = true }
    }
    sampleCount += 1
  }

  // MARK: - Frames

  /// The last frame `advance(to:)` would step to for `t_s`: every frame whose time is ≤ it.
  public func targetFrame(_ t_s: Double) throws(Refusal) -> Int {
    guard t_s.isFinite else {
      throw Refusal("advance: key 'to_t_s': expected a finite time in scene seconds, got \(t_s)")
    }
    let rate = scene.frameRate_hz
    guard t_s * rate <= Double(Self.frameLimit) + 1 else {
      throw Refusal(
        "advance: key 'to_t_s': expected a time within the frame limit (\(Self.frameLimit) "
          + "frames, \(Double(Self.frameLimit) / rate) s), got \(t_s): nothing was stepped")
    }
    guard t_s > 0 else { return 0 }
    var k = Int((t_s * rate).rounded(.down))
    while Double(k + 1) / rate <= t_s { k += 1 }
    while k > 0, Double(k) / rate > t_s { k -= 1 }
    guard k <= Self.frameLimit else {
      throw Refusal(
        "advance: key 'to_t_s': expected a time within the frame limit (\(Self.frameLimit) "
          + "frames, \(Double(Self.frameLimit) / rate) s), got \(t_s): nothing was stepped")
    }
    return k
  }

  /// Steps frames up to `frame` (at most `maxSteps` of them), returning their messages: each
  /// frame then its events, runs of unchanged frames as `still`.
  public mutating func step(to frame: Int, maxSteps: Int = .max) -> [Output] {
    var out: [Output] = []
    var stillFrom = self.stillFrom
    self.stillFrom = nil
    var steps = 0
    let clock = ContinuousClock()
    while sim.frame < frame, steps < maxSteps {
      let start = timing ? clock.now : nil
      let events = sim.advance()
      steps += 1
      let rows = TrajectoryCSV.frameCells(sim)
      let step_s = start.map { Self.seconds(clock.now - $0) }
      if events.isEmpty, Self.sameMotion(rows, lastRows) {
        if stillFrom == nil { stillFrom = sim.frame }
        continue
      }
      if let from = stillFrom {
        out.append(.still(from: from, to: sim.frame - 1))
        stillFrom = nil
      }
      lastRows = rows
      out.append(
        .frame(Frame(frame: sim.frame, rows: rows, running: sim.isRunning, step_s: step_s)))
      for event in events {
        out.append(
          .event(
            frame: event.frame, t_s: TrajectoryCSV.time(event.t_s), event: event.kind.rawValue,
            detail: event.detail))
      }
    }
    if let from = stillFrom {
      if sim.frame < frame {
        self.stillFrom = from
      } else {
        out.append(.still(from: from, to: sim.frame))
      }
    }
    return out
  }

  static func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
  }

  /// Whether two frames' rows hold the same values (all but the frame and time columns).
  static func sameMotion(_ a: [TrajectoryCSV.RowCells], _ b: [TrajectoryCSV.RowCells]) -> Bool {
    guard a.count == b.count else { return false }
    for (x, y) in zip(a, b) {
      guard x.item == y.item, x.x_pt == y.x_pt, x.y_pt == y.y_pt, x.angle_rad == y.angle_rad,
        x.vx_pt_s == y.vx_pt_s, x.vy_pt_s == y.vy_pt_s, x.omega_rad_s == y.omega_rad_s,
        x.running == y.running
      else { return false }
    }
    return true
  }

  private mutating func currentFrame() -> Output {
    lastRows = TrajectoryCSV.frameCells(sim)
    return .frame(Frame(frame: sim.frame, rows: lastRows, running: sim.isRunning))
  }

  // MARK: - set

  /// New values merged into the earlier ones: the run restarts at frame 0 on the scene with
  /// them, its fingers' samples so far given again, and steps back to the frame it had reached
  /// (at most `maxSteps` frames now; the caller steps the rest with `step(to:)`). Returns
  /// `restarted`, frame 0, and the frames replayed. A bad value is refused and nothing changes.
  public mutating func set(_ new: [SceneSetting], maxSteps: Int = .max) throws(FeelError)
    -> (outputs: [Output], reached: Int)
  {
    var merged = settings
    for setting in new { merged[setting.path] = setting }
    let scene = try Self.applying(merged, to: base)
    let reached = sim.frame
    var replay = SceneSimulation(scene, liveTouches: true)
    for finger in fingers {
      let index = replay.addLiveTouch(id: finger.id)
      for (j, sample) in finger.samples.enumerated() {
        replay.appendLiveSample(
          sample, toTouch: index, isLift: finger.lifted && j == finger.samples.count - 1)
      }
    }
    settings = merged
    stillFrom = nil
    self.scene = scene
    sim = replay
    for f in fingers.indices { fingers[f].index = sim.touchIDs.firstIndex(of: fingers[f].id)! }
    var out: [Output] = [.restarted, currentFrame()]
    out += step(to: reached, maxSteps: maxSteps)
    return (out, reached)
  }

  /// `base` with `settings` applied in the order of their paths (each path is set once, so the
  /// order changes no result), with `SceneInput.load`'s messages.
  static func applying(_ settings: [String: SceneSetting], to base: Scene) throws(FeelError)
    -> Scene
  {
    var scene = base
    do {
      try SceneSetting.apply(settings.keys.sorted().map { settings[$0]! }, to: &scene)
    } catch {
      throw FeelError(SceneInput.message(error.setting.shown, error.problem))
    }
    return scene
  }

  // MARK: - save

  /// The session as a scene file's text: the opened scene with the values set, every touch
  /// (the scene's own and the fingers') as inline samples, `duration` the last stepped frame's
  /// time. Refused while a finger is down, before the first frame was stepped, and while a
  /// touch the scene's drags or rules name has not come down (`feel run` would refuse the
  /// file).
  public func saveText() throws(Refusal) -> String {
    guard sim.frame > 0 else {
      throw Refusal("save: expected a session with at least one frame stepped, got none yet")
    }
    if let down = fingers.first(where: { !$0.lifted }) {
      throw Refusal(
        "save: expected every finger lifted, got touch \"\(down.id)\" still down (send its up "
          + "first)")
    }
    if let waiting = waitingTouches.first {
      throw Refusal(
        "save: expected every touch the scene names to have come down, got touch "
          + "\"\(waiting)\" still awaited (a scene file without it would not run)")
    }
    var saved = scene
    saved.duration_s = sim.t_s
    saved.touches = scene.touches.map { touch in
      SceneTouch(
        id: touch.id, trace: .samples(touch.trace.samples(frameRate_hz: scene.frameRate_hz)))
    }
    for finger in fingers {
      saved.touches.append(SceneTouch(id: finger.id, trace: .samples(finger.samples)))
    }
    let header = [
      "Saved by a feel serve live session (docs/studio.md) from \(input.name)"
        + (settings.isEmpty
          ? ""
          : ", with " + settings.keys.sorted().map { settings[$0]!.shown }.joined(separator: " ")),
      "frames 0 to \(sim.frame): feel run gives the frames the session showed",
    ]
    return SceneSchema.pieces(saved, header: header).text
  }
}
