import FeelEngine

/// Delivers the samples of one or more touches at display frames, in time order, with one
/// recognizer per touch: the contract's timing (docs/touches.md, "Timing").
///
/// Frame k's time is t_k = k / frame_rate. Before frame k's step, everything due by t_k is
/// delivered, earliest first: samples with t ≤ t_k, and holds, which are due at touch-down +
/// hold time (so a hold fires on the first frame whose time reaches it). A hold comes before a
/// sample of its touch at the same time or later (ties go to the hold: the touch has then been
/// down for the hold time); simultaneous deliveries of different touches go in touch order.
/// "≤" allows `timeTolerance_s` of slack, as time rules do, so that a sample written as 0.2 s
/// is delivered before frame 12 at 60 Hz although 12/60 rounds below 0.2.
///
/// Pull-based and allocation-free per delivery: the caller asks `deliverNext(through:)` until
/// it returns nil, and reacts to each delivery (a scene moves its drags, then fires rules).
public struct TouchTimeline: Sendable {
  /// Slack when comparing times (s): the same as a scene's time rules use.
  public static let timeTolerance_s = 1e-9

  /// Each touch's samples, times increasing (at least one each, but for a live touch before
  /// its first sample comes).
  public private(set) var traces: [[TouchSample]]
  /// Each touch's recognizer.
  public private(set) var recognizers: [TouchRecognizer]
  /// How many samples of each touch have been delivered.
  public private(set) var delivered: [Int]
  /// Whether each touch is live and not lifted yet: its samples arrive while the run steps
  /// (`addLiveTouch`, `appendLive`), and its lift is not known until its last one comes. A
  /// touch given whole is never open: its last sample is its lift.
  public private(set) var open: [Bool]
  let settings: RecognizerSettings
  /// The earliest time anything can be due (s), as the last `deliverNext` that found nothing
  /// due saw it; −∞ once anything changed since (a delivery, a live touch, a live sample). Most
  /// frames have nothing due: one comparison then, not a pass over every touch (3 % of the
  /// instructions per sub-step of a Castro touch scene, `make bench`'s, under callgrind).
  private var earliestDue_s = -Double.infinity

  public init(traces: [[TouchSample]], settings: RecognizerSettings = .uikit) {
    self.traces = traces
    self.settings = settings
    recognizers = traces.map { TouchRecognizer(settings: settings, capacity: $0.count) }
    delivered = Array(repeating: 0, count: traces.count)
    open = Array(repeating: false, count: traces.count)
  }

  /// Adds a live touch with no sample yet, after the others (it is delivered in touch order
  /// after them, as a `[[touch]]` written after theirs would be); returns its index.
  public mutating func addLiveTouch() -> Int {
    traces.append([])
    recognizers.append(TouchRecognizer(settings: settings))
    delivered.append(0)
    open.append(true)
    earliestDue_s = -.infinity
    return traces.count - 1
  }

  /// Appends a sample to live touch `i` (`isLift`: its last, the finger lifted). Its time must
  /// be after the touch's previous sample and after every frame already delivered through, so
  /// that the run sees exactly what it would have seen with the whole trace given up front.
  public mutating func appendLive(_ sample: TouchSample, to i: Int, isLift: Bool) {
    precondition(open[i], "a sample for a touch that is not live or already lifted")
    precondition(traces[i].last.map { sample.t_s > $0.t_s } ?? true, "sample times must increase")
    traces[i].append(sample)
    if isLift { open[i] = false }
    earliestDue_s = -.infinity
  }

  /// Whether sample `j` of touch `i` is its lift (its last, and the touch is not open).
  public func isLift(_ i: Int, _ j: Int) -> Bool { !open[i] && j == traces[i].count - 1 }

  /// What one delivery was.
  public struct Delivery: Sendable, Equatable {
    /// The touch (index into `traces`).
    public var touch: Int
    /// The sample delivered (index into its trace); nil for a hold.
    public var sample: Int?
    /// When it happened (s): the sample's time, or touch-down + hold time.
    public var t_s: Double
    /// The events it produced, in order.
    public var events: TouchEventKinds
  }

  /// Whether every sample of every touch has been delivered (no touch is down, none is still
  /// to come).
  public var isFinished: Bool {
    for i in traces.indices where open[i] || delivered[i] < traces[i].count { return false }
    return true
  }

  /// Whether touch `i` is down: its first sample delivered, its lift not yet.
  public func isDown(_ i: Int) -> Bool {
    delivered[i] > 0 && (open[i] || delivered[i] < traces[i].count)
  }

  /// The latest delivered sample of touch `i`; nil before its first.
  public func latest(_ i: Int) -> TouchSample? {
    delivered[i] > 0 ? traces[i][delivered[i] - 1] : nil
  }

  /// Performs the earliest delivery due by `t_s` (a frame's time) and returns it; nil when
  /// nothing more is due.
  public mutating func deliverNext(through t_s: Double) -> Delivery? {
    let limit = t_s + Self.timeTolerance_s
    // Nothing is due exactly when every next sample and hold comes after the limit.
    if earliestDue_s > limit { return nil }
    var best: (touch: Int, time: Double, isHold: Bool)?
    var earliest = Double.infinity
    for i in traces.indices {
      var candidate: (time: Double, isHold: Bool)?
      if delivered[i] < traces[i].count {
        let next = traces[i][delivered[i]].t_s
        earliest = min(earliest, next)
        if next <= limit { candidate = (next, false) }
      }
      if let hold = recognizers[i].holdTime_s {
        earliest = min(earliest, hold)
        if hold <= limit, candidate.map({ hold <= $0.time + Self.timeTolerance_s }) ?? true {
          candidate = (hold, true)
        }
      }
      guard let candidate else { continue }
      if best.map({ candidate.time < $0.time - Self.timeTolerance_s }) ?? true {
        best = (i, candidate.time, candidate.isHold)
      }
    }
    guard let best else {
      earliestDue_s = earliest
      return nil
    }
    earliestDue_s = -.infinity
    let i = best.touch
    if best.isHold {
      return Delivery(touch: i, sample: nil, t_s: best.time, events: recognizers[i].fireHold())
    }
    let index = delivered[i]
    delivered[i] += 1
    let events = recognizers[i].receive(traces[i][index], isLift: isLift(i, index))
    return Delivery(touch: i, sample: index, t_s: best.time, events: events)
  }

  /// One event of a scene-free run (`events(frames:frameRate_hz:)`).
  public struct Event: Sendable, Equatable {
    /// The display frame before whose step it was delivered (1 for the first).
    public var frame: Int
    public var touch: Int
    public var kind: TouchEventKind
    /// When it happened (s): its sample's time or the hold time.
    public var t_s: Double
    /// The release velocity for drag-ended (pt/s); nil for the other kinds.
    public var velocity_pt_s: Point?
  }

  /// Runs the touches through their recognizers frame by frame, as a scene would, without a
  /// scene: every event with the frame it fires on. `frames` defaults to enough frames to
  /// deliver every sample.
  public static func events(
    traces: [[TouchSample]], settings: RecognizerSettings = .uikit, frameRate_hz: Double,
    frames: Int? = nil
  ) -> [Event] {
    var timeline = TouchTimeline(traces: traces, settings: settings)
    let lastTime = traces.compactMap(\.last?.t_s).max() ?? 0
    let count = frames ?? Int((lastTime * frameRate_hz).rounded(.up)) + 1
    var events: [Event] = []
    for frame in 1...max(count, 1) {
      let t = Double(frame) / frameRate_hz
      while let delivery = timeline.deliverNext(through: t) {
        for kind in delivery.events {
          let velocity =
            kind == .dragEnded ? timeline.recognizers[delivery.touch].releaseVelocity_pt_s : nil
          events.append(
            Event(
              frame: frame, touch: delivery.touch, kind: kind, t_s: delivery.t_s,
              velocity_pt_s: velocity))
        }
      }
    }
    return events
  }
}
