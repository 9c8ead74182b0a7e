/// The numbers a scene key accepts (every number of a scene is finite), as the reader, the
/// experiment paths and the docs name them.
public enum SceneNumberRange: Sendable, Equatable {
  case any
  case positive
  case nonNegative
  /// [0, 1): an inertia's decay per frame.
  case fraction
  /// A whole number from 1 to 1,000,000: a detent's count.
  case count

  public func contains(_ value: Double) -> Bool {
    guard value.isFinite else { return false }
    switch self {
    case .any: return true
    case .positive: return value > 0
    case .nonNegative: return value >= 0
    case .fraction: return value >= 0 && value < 1
    case .count: return value >= 1 && value <= 1_000_000 && value == value.rounded()
    }
  }

  /// "a number > 0": how path messages describe the range.
  public var phrase: String {
    switch self {
    case .any: "a finite number"
    case .positive: "a number > 0"
    case .nonNegative: "a number ≥ 0"
    case .fraction: "a number in [0, 1)"
    case .count: "a whole number ≥ 1"
    }
  }

  /// "number > 0": how the docs' key tables describe the range (their `value` column).
  public var docPhrase: String {
    self == .any ? "number" : String(phrase.dropFirst(2))
  }

  /// The wider range the scene reader checks first, with its own words: a fraction must be a
  /// number ≥ 0 before it is below 1, a count a number > 0 before it is whole.
  var readerBase: SceneNumberRange {
    switch self {
    case .any, .positive, .nonNegative: self
    case .fraction: .nonNegative
    case .count: .positive
    }
  }

  /// "a number ≥ 0": how the scene reader describes its base range.
  var readerPhrase: String { self == .any ? "a number" : readerBase.phrase }
}
