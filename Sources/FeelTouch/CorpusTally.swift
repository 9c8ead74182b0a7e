/// How a recognizer read a corpus: for every label, how many of its traces were read as each
/// gesture (`GestureReading`). The misread counts and rates of a recognizer experiment come
/// from it (docs/touches.md, "Recognizer experiment", says what each rate divides by).
public struct CorpusTally: Sendable, Equatable {
  /// counts[label][reading], in `GestureLabel.allCases` order.
  private var counts = [[Int]](
    repeating: [Int](repeating: 0, count: GestureLabel.allCases.count),
    count: GestureLabel.allCases.count)

  public init() {}

  /// Reads every trace of `corpus` with `settings`, one recognizer per trace
  /// (`GestureReading.read`). `CorpusReader` gives the same tally much faster.
  public init(_ corpus: TouchCorpus, settings: RecognizerSettings) {
    for trace in corpus.traces {
      add(trace.label, readAs: GestureReading.read(trace.samples, settings: settings).gesture)
    }
  }

  /// Counts one trace labelled `label` that was read as `reading`.
  public mutating func add(_ label: GestureLabel, readAs reading: GestureLabel) {
    counts[label.index][reading.index] += 1
  }

  /// The traces labelled `label` that were read as `reading`.
  public subscript(label: GestureLabel, readAs reading: GestureLabel) -> Int {
    counts[label.index][reading.index]
  }

  /// The traces labelled `label`.
  public func total(_ label: GestureLabel) -> Int { counts[label.index].reduce(0, +) }

  /// Every trace.
  public var total: Int { GestureLabel.allCases.reduce(0) { $0 + total($1) } }

  /// Taps read as a drag (a drag began before any hold or the lift).
  public var tapAsDrag: Int { self[.tap, readAs: .drag] }
  /// Drags read as a tap (lifted within the slop, before the hold time).
  public var dragAsTap: Int { self[.drag, readAs: .tap] }
  /// Holds read as something else: lifted before the hold time (a tap) or moved beyond the slop
  /// first (a drag).
  public var holdMissed: Int { total(.hold) - self[.hold, readAs: .hold] }
  /// Taps and drags read as a hold.
  public var falseHold: Int { self[.tap, readAs: .hold] + self[.drag, readAs: .hold] }
  /// Every trace read as a gesture other than its label.
  public var misread: Int {
    total - GestureLabel.allCases.reduce(0) { $0 + self[$1, readAs: $1] }
  }
}

extension GestureLabel {
  fileprivate var index: Int {
    switch self {
    case .tap: 0
    case .drag: 1
    case .hold: 2
    }
  }
}
