/// How a rotary corpus was read at one grid point (docs/touches.md, "Rotary experiment"): each
/// trace read by the recognizer (`CorpusReader`), and each turning drag read as a drag tracked
/// about the disc's centre with the point's dead zone (`RotaryTurnReader`), its turn compared
/// with the turn it meant. A turn tracked more than half a label spacing (π / N) off lands the
/// disc on another label.
public struct RotaryTally: Sendable, Equatable {
  /// The traces of each label.
  public var taps = 0
  public var turns = 0
  public var holds = 0
  /// Taps on a label read as a drag: the disc turns instead of selecting.
  public var tapAsTurn = 0
  /// Taps read as a hold.
  public var tapAsHold = 0
  /// Turning drags read as a tap: the disc jumps to a label instead of turning.
  public var turnAsTap = 0
  /// Turning drags read as a hold.
  public var turnAsHold = 0
  /// Turning drags read as a drag whose tracked turn is more than π / N off the turn meant.
  public var turnLost = 0
  /// Turning drags read as a drag (the turns `turnErrorSum_rad` adds up).
  public var turnsRead = 0
  /// The sum of |tracked − meant| over the turns read as a drag (rad).
  public var turnErrorSum_rad = 0.0
  /// Holds not read as a hold.
  public var holdMissed = 0

  public init() {}

  /// Reads every trace of the reader's corpus with `settings`, tracking the turning drags
  /// read as a drag with `deadZone_pt` about `turns`'s rotary.
  public init(
    _ reader: CorpusReader, _ turns: RotaryTurnReader, settings: RecognizerSettings,
    deadZone_pt: Double
  ) {
    let halfSpacing = turns.rotary.halfSpacing_rad
    for (i, trace) in reader.corpus.traces.enumerated() {
      let reading = reader.reading(i, settings).gesture
      var tracked: Double?
      if trace.label == .drag && reading == .drag && trace.intendedTurn_rad != nil {
        tracked = turns.trackedTurn(i, deadZone_pt: deadZone_pt)
      }
      add(
        trace.label, readAs: reading, tracked_rad: tracked, meant_rad: trace.intendedTurn_rad,
        halfSpacing_rad: halfSpacing)
    }
  }

  /// Counts one trace labelled `label` read as `reading`; for a turning drag read as a drag,
  /// `tracked_rad` is the turn tracked and `meant_rad` the turn meant.
  public mutating func add(
    _ label: GestureLabel, readAs reading: GestureLabel, tracked_rad: Double?,
    meant_rad: Double?, halfSpacing_rad: Double
  ) {
    switch label {
    case .tap:
      taps += 1
      if reading == .drag { tapAsTurn += 1 }
      if reading == .hold { tapAsHold += 1 }
    case .drag:
      turns += 1
      switch reading {
      case .tap: turnAsTap += 1
      case .hold: turnAsHold += 1
      case .drag:
        guard let tracked_rad, let meant_rad else { break }
        let error = abs(tracked_rad - meant_rad)
        turnsRead += 1
        turnErrorSum_rad += error
        if error > halfSpacing_rad { turnLost += 1 }
      }
    case .hold:
      holds += 1
      if reading != .hold { holdMissed += 1 }
    }
  }

  /// Every trace.
  public var total: Int { taps + turns + holds }

  /// Every trace the control gets wrong: a tap not read as a tap, a turn read as a tap or a hold
  /// or lost, a hold missed.
  public var rotaryMisread: Int {
    tapAsTurn + tapAsHold + turnAsTap + turnAsHold + turnLost + holdMissed
  }
}
