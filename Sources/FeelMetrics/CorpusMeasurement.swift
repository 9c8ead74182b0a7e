import FeelScene

/// The corpus metrics of a recognizer experiment at one grid point: every trace of the corpus
/// read with the point's recognizer settings (`CorpusTally`), then counted and divided
/// (docs/touches.md, "Recognizer experiment"). No scene runs.
public enum CorpusMeasurement {
  /// The metric groups' members, for experiments and messages.
  public static let metrics = Metric.allCases.filter { $0.group == .corpus }
  /// The corpus metrics that need a rotary (`[corpus.rotary]`): they track turning drags about its
  /// centre (docs/touches.md, "Rotary experiment").
  public static let rotaryMetrics: [Metric] = [
    .tapAsTurnRate, .turnAsTapRate, .turnLostRate, .rotaryMisreadRate, .tapAsTurnCount,
    .turnAsTapCount, .turnLostCount, .rotaryMisreadCount, .turnError_deg,
  ]

  /// The labels whose traces `metric`'s rate divides by (none for a count).
  public static func denominator(of metric: Metric) -> [GestureLabel] {
    switch metric {
    case .tapAsDragRate: [.tap]
    case .dragAsTapRate: [.drag]
    case .holdMissedRate: [.hold]
    case .falseHoldRate: [.tap, .drag]
    case .misreadRate: GestureLabel.allCases
    case .tapAsTurnRate: [.tap]
    case .turnAsTapRate, .turnLostRate: [.drag]
    case .rotaryMisreadRate: GestureLabel.allCases
    case .turnError_deg: [.drag]
    default: []
    }
  }

  /// Every corpus metric of the reader's corpus read with `settings`. A rate whose denominator
  /// is 0 is left unset (experiments refuse such a corpus for the rates they ask for). With
  /// `turns` (a rotary corpus), the rotary metrics too, its turning drags tracked with
  /// `deadZone_pt`.
  public static func measure(
    _ reader: CorpusReader, _ settings: RecognizerSettings, turns: RotaryTurnReader? = nil,
    deadZone_pt: Double = 0
  ) -> MetricsResult {
    var result = measure(reader.tally(settings))
    if let turns {
      measure(
        RotaryTally(reader, turns, settings: settings, deadZone_pt: deadZone_pt), into: &result)
    }
    return result
  }

  /// The rotary metrics of a rotary tally, set in `result`.
  public static func measure(_ tally: RotaryTally, into result: inout MetricsResult) {
    let counts: [(Metric, Metric, Int, Int)] = [
      (.tapAsTurnCount, .tapAsTurnRate, tally.tapAsTurn, tally.taps),
      (.turnAsTapCount, .turnAsTapRate, tally.turnAsTap, tally.turns),
      (.turnLostCount, .turnLostRate, tally.turnLost, tally.turns),
      (.rotaryMisreadCount, .rotaryMisreadRate, tally.rotaryMisread, tally.total),
    ]
    for (count, rate, value, total) in counts {
      result.set(count, Double(value))
      if total > 0 { result.set(rate, Double(value) / Double(total)) }
    }
    if tally.turnsRead > 0 {
      result.set(.turnError_deg, tally.turnErrorSum_rad / Double(tally.turnsRead) * 180 / .pi)
    } else {
      result.leaveEmpty(.turnError_deg, because: .noDrag)
    }
  }

  /// The corpus metrics of a tally.
  public static func measure(_ tally: CorpusTally) -> MetricsResult {
    var result = MetricsResult()
    let counts: [(Metric, Metric, Int)] = [
      (.tapAsDragCount, .tapAsDragRate, tally.tapAsDrag),
      (.dragAsTapCount, .dragAsTapRate, tally.dragAsTap),
      (.holdMissedCount, .holdMissedRate, tally.holdMissed),
      (.falseHoldCount, .falseHoldRate, tally.falseHold),
      (.misreadCount, .misreadRate, tally.misread),
    ]
    for (count, rate, value) in counts {
      result.set(count, Double(value))
      let total = denominator(of: rate).reduce(0) { $0 + tally.total($1) }
      if total > 0 { result.set(rate, Double(value) / Double(total)) }
    }
    return result
  }
}
