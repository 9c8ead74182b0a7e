import FeelScene

/// The corpus metrics of a recognizer experiment at one grid point: every trace of the corpus
/// read with the point's recognizer settings (`CorpusTally`), then counted and divided
/// (docs/touches.md, "Recognizer experiment"). No scene runs.
public enum CorpusMeasurement {
  /// The metric groups' members, for experiments and messages.
  public static let metrics = Metric.allCases.filter { $0.group == .corpus }

  /// The labels whose traces `metric`'s rate divides by (none for a count).
  public static func denominator(of metric: Metric) -> [GestureLabel] {
    switch metric {
    case .tapAsDragRate: [.tap]
    case .dragAsTapRate: [.drag]
    case .holdMissedRate: [.hold]
    case .falseHoldRate: [.tap, .drag]
    case .misreadRate: GestureLabel.allCases
    default: []
    }
  }

  /// Every corpus metric of the reader's corpus read with `settings`. A rate whose denominator
  /// is 0 is left unset (experiments refuse such a corpus for the rates they ask for).
  public static func measure(_ reader: CorpusReader, _ settings: RecognizerSettings)
    -> MetricsResult
  {
    measure(reader.tally(settings))
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
