import FeelEngine

/// A seeded synthetic corpus of taps, drags and holds (`[corpus]` in an experiment file):
/// `taps`, `drags` and `holds` traces drawn from `model` (`SyntheticTouchModel`), each sampled
/// at one of `touchRates_hz`.
///
/// Deterministic on every machine: trace k of a label draws from its own SplitMix64 stream of
/// `seed` (stream label · 2³² + k, tap 1, drag 2, hold 3), with integer arithmetic and IEEE
/// additions, multiplications, divisions and square roots only (`PortableMath` for exp and
/// log). So adding drags leaves the taps as they were.
///
/// With a `rotary` (`[corpus.rotary]`), the traces are laid round it instead (`rotaryModel`): taps on
/// its labels, turning drags about its centre (each knowing the turn it means), holds on the
/// disc; their streams are tap 4, drag 5, hold 6 (docs/touches.md, "The rotary corpus").
public struct SyntheticCorpus: Sendable, Equatable {
  public var seed: UInt64
  public var taps: Int
  public var drags: Int
  public var holds: Int
  /// The touch rates a trace may be sampled at (Hz, > 0), chosen evenly.
  public var touchRates_hz: [Double]
  public var model: SyntheticTouchModel
  /// The rotary the traces are laid round; nil: the plain corpus.
  public var rotary: CorpusRotary? = nil
  public var rotaryModel: SyntheticRotaryModel = .standard

  /// Apple's touch rates: 60 Hz, and 120 Hz on devices that scan touches twice per frame
  /// (iPad Air 2 onwards and ProMotion displays; WWDC 2015 session 233).
  public static let defaultTouchRates_hz: [Double] = [60, 120]

  public init(
    seed: UInt64, taps: Int, drags: Int, holds: Int,
    touchRates_hz: [Double] = defaultTouchRates_hz, model: SyntheticTouchModel = .standard,
    rotary: CorpusRotary? = nil, rotaryModel: SyntheticRotaryModel = .standard
  ) {
    precondition(taps >= 0 && drags >= 0 && holds >= 0, "trace counts are ≥ 0")
    precondition(
      !touchRates_hz.isEmpty && touchRates_hz.allSatisfy { $0.isFinite && $0 > 0 },
      "touch rates are finite and > 0")
    self.seed = seed
    self.taps = taps
    self.drags = drags
    self.holds = holds
    self.touchRates_hz = touchRates_hz
    self.model = model
    self.rotary = rotary
    self.rotaryModel = rotaryModel
  }

  /// The number of traces of `label`.
  public func count(_ label: GestureLabel) -> Int {
    switch label {
    case .tap: taps
    case .drag: drags
    case .hold: holds
    }
  }

  /// Every trace: the taps, then the drags, then the holds.
  public func touches() -> [SyntheticTouch] {
    GestureLabel.allCases.flatMap { label in
      (0..<count(label)).map { touch(label, $0) }
    }
  }

  /// The corpus traces, in `touches()` order.
  public func traces() -> [CorpusTrace] { touches().map(\.trace) }

  /// The `index`-th trace of `label`.
  public func touch(_ label: GestureLabel, _ index: Int) -> SyntheticTouch {
    if let rotary { return rotaryTouch(label, index, rotary) }
    var (random, rate) = stream(label, index, firstCode: 1)
    let m = model
    let start = Point(random.uniform(m.startX_pt), random.uniform(m.startY_pt))
    var touch = SyntheticTouch(
      label: label, index: index, rate_hz: rate, start_pt: start, duration_s: 0,
      wobbles: false, drift_pt: Point(0, 0), pause_s: 0, moveDuration_s: 0,
      move_pt: Point(0, 0), creep_pt_s: Point(0, 0), samples: [])
    drawDrift(&touch, &random)
    if label == .drag {
      let distance = random.logUniform(m.dragDistance_pt)
      let direction = random.direction()
      touch.move_pt = Point(direction.x * distance, direction.y * distance)
    }
    drawTiming(&touch, &random, moveDuration_s: m.dragMoveDuration_s)
    sample(&touch, &random)
    return touch
  }

  /// Trace `index` of `label`'s SplitMix64 stream, (code · 2³² + index) with code `firstCode`
  /// for a tap, + 1 for a drag, + 2 for a hold, and its first draw: the touch rate it is
  /// sampled at, chosen evenly among `touchRates_hz`.
  func stream(_ label: GestureLabel, _ index: Int, firstCode: UInt64) -> (
    random: SplitMix64, rate_hz: Double
  ) {
    let code: UInt64
    switch label {
    case .tap: code = firstCode
    case .drag: code = firstCode + 1
    case .hold: code = firstCode + 2
    }
    var random = SplitMix64(seed: seed, stream: code << 32 | UInt64(index))
    let rate = touchRates_hz[
      min(Int(random.unit() * Double(touchRates_hz.count)), touchRates_hz.count - 1)]
    return (random, rate)
  }

  /// The press's drift (`model`): wobbly now and then, else steady. Two draws and a normal
  /// pair, in this order, for every trace of either corpus.
  func drawDrift(_ touch: inout SyntheticTouch, _ random: inout SplitMix64) {
    touch.wobbles = random.chance(model.wobbleProbability)
    let (dx, dy) = random.normalPair()
    let spread = touch.wobbles ? model.wobble_pt : model.drift_pt
    touch.drift_pt = Point(dx * spread, dy * spread)
  }

  /// The trace's timing once its path is drawn (`model`): a tap's length; a drag's movement
  /// time (log-uniform in `moveDuration_s`) and, now and then, a rest before it; a hold's
  /// length and, now and then, its creep. The draws in this order, for either corpus.
  func drawTiming(
    _ touch: inout SyntheticTouch, _ random: inout SplitMix64,
    moveDuration_s: ClosedRange<Double>
  ) {
    let m = model
    switch touch.label {
    case .tap:
      touch.duration_s = random.logUniform(m.tapDuration_s)
    case .drag:
      touch.moveDuration_s = random.logUniform(moveDuration_s)
      if random.chance(m.dragPauseProbability) {
        touch.pause_s = random.logUniform(m.dragPause_s)
      }
      touch.duration_s = touch.pause_s + touch.moveDuration_s
    case .hold:
      touch.duration_s = random.uniform(m.holdDuration_s)
      if random.chance(m.holdCreepProbability) {
        let speed = random.logUniform(m.holdCreepSpeed_pt_s)
        let direction = random.direction()
        touch.creep_pt_s = Point(direction.x * speed, direction.y * speed)
      }
    }
  }

  /// Samples `touch`'s path: sample k at k / rate (a quotient) plus jitter, up to the first at
  /// or after the duration, each with sensor noise.
  func sample(_ touch: inout SyntheticTouch, _ random: inout SplitMix64) {
    let m = model
    let rate = touch.rate_hz
    let lift = max(1, Int((touch.duration_s * rate - 1e-9).rounded(.up)))
    var samples: [TouchSample] = []
    samples.reserveCapacity(lift + 1)
    for k in 0...lift {
      let t = k == 0 ? 0 : Double(k) / rate + random.uniform(-m.timingJitter_s...m.timingJitter_s)
      let p = touch.path(t)
      let (nx, ny) = random.normalPair()
      samples.append(
        TouchSample(t, p.x + nx * m.sensorNoise_pt, p.y + ny * m.sensorNoise_pt))
    }
    touch.samples = samples
  }
}
