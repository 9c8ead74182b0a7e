/// One labelled finger trace of a corpus: what it was meant to be, where it comes from, and its
/// samples (times in s from its touch-down, increasing; positions in pt). A recognizer
/// experiment reads every trace of its corpus at every grid point (`GestureReading`).
public struct CorpusTrace: Sendable, Equatable {
  /// Where a trace comes from.
  public enum Origin: Sendable, Equatable {
    /// The synthetic generator's `index`-th trace of its label (0-based).
    case synthetic(index: Int)
    /// A recorded CSV file (`TraceCSV`), its path as messages name it.
    case recorded(file: String)
  }

  public var label: GestureLabel
  public var origin: Origin
  /// At least one sample; the first is the touch-down, the last the lift.
  public var samples: [TouchSample]
  /// A rotary corpus's turning drag: the turn meant about the disc's centre (rad, positive
  /// clockwise on screen), from its noise-free path; nil for every other trace.
  public var intendedTurn_rad: Double?

  public init(
    label: GestureLabel, origin: Origin, samples: [TouchSample], intendedTurn_rad: Double? = nil
  ) {
    self.label = label
    self.origin = origin
    self.samples = samples
    self.intendedTurn_rad = intendedTurn_rad
  }

  /// How tables and the notebook name it: `synthetic tap 17` (1-based), or the file's path.
  public var name: String {
    switch origin {
    case .synthetic(let index): "synthetic \(label.rawValue) \(index + 1)"
    case .recorded(let file): file
    }
  }

  /// Whether it was recorded (read from a file).
  public var isRecorded: Bool {
    if case .recorded = origin { return true }
    return false
  }
}
