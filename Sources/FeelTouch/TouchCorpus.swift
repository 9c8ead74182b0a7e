/// A corpus of labelled finger traces, recorded and synthetic, that a recognizer experiment
/// reads at every grid point (docs/touches.md, "Recognizer experiment"). Recorded traces come
/// first, in file-name order, then the synthetic ones, taps, drags, holds.
public struct TouchCorpus: Sendable, Equatable {
  public var traces: [CorpusTrace]
  /// The folder of the recorded traces as messages name it; nil when there is none.
  public var folder: String?
  /// The synthetic generator's specification; nil when the corpus has no synthetic trace.
  public var synthetic: SyntheticCorpus?

  public init(traces: [CorpusTrace], folder: String? = nil, synthetic: SyntheticCorpus? = nil) {
    self.traces = traces
    self.folder = folder
    self.synthetic = synthetic
  }

  /// The recorded traces, then the synthetic corpus's.
  public init(recorded: [CorpusTrace], folder: String?, synthetic: SyntheticCorpus?) {
    self.init(
      traces: recorded + (synthetic?.traces() ?? []), folder: folder, synthetic: synthetic)
  }

  /// How many traces have `label`.
  public func count(_ label: GestureLabel) -> Int {
    traces.reduce(0) { $0 + ($1.label == label ? 1 : 0) }
  }

  /// How many recorded traces have `label`.
  public func recorded(_ label: GestureLabel) -> Int {
    traces.reduce(0) { $0 + ($1.label == label && $1.isRecorded ? 1 : 0) }
  }

  /// The number of recorded traces.
  public var recordedCount: Int { traces.reduce(0) { $0 + ($1.isRecorded ? 1 : 0) } }
}
