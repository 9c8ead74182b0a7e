/// What a touch's recognizer reports, named as `feel run --events` and rules (`on = …`) name
/// it.
public enum TouchEventKind: String, Sendable, Equatable, CaseIterable {
  /// The first sample.
  case touchDown = "touch-down"
  /// The first sample farther than the slop from the touch-down point.
  case dragBegan = "drag-began"
  /// The touch has been down for the hold time and no drag began (at most once).
  case hold
  /// The lift, if no drag began and no hold fired.
  case tap
  /// The lift, if a drag began; carries the release velocity.
  case dragEnded = "drag-ended"
  /// The lift, always.
  case touchUp = "touch-up"

  /// The kind's bit in `TouchEventKinds`.
  var bit: UInt8 {
    switch self {
    case .touchDown: 1
    case .dragBegan: 2
    case .hold: 4
    case .tap: 8
    case .dragEnded: 16
    case .touchUp: 32
    }
  }
}

/// The events one delivery (a sample or a hold) produced. Within one sample they always occur
/// in `TouchEventKind.allCases` order (touch-down, drag-began, hold, tap, drag-ended,
/// touch-up), which is the order a sequence of them iterates in. A value type without heap
/// storage: a recognizer fed sample by sample allocates nothing for its events.
public struct TouchEventKinds: Sendable, Equatable, Sequence {
  private var bits: UInt8 = 0

  public init() {}

  public init(_ kinds: [TouchEventKind]) {
    for kind in kinds { insert(kind) }
  }

  public var isEmpty: Bool { bits == 0 }

  public func contains(_ kind: TouchEventKind) -> Bool { bits & kind.bit != 0 }

  public mutating func insert(_ kind: TouchEventKind) { bits |= kind.bit }

  public func makeIterator() -> Iterator { Iterator(bits: bits) }

  /// Iterates the kinds present, in `TouchEventKind.allCases` order.
  public struct Iterator: IteratorProtocol {
    let bits: UInt8
    var index = 0

    public mutating func next() -> TouchEventKind? {
      while index < 6 {
        let kind = Self.order[index]
        index += 1
        if bits & kind.bit != 0 { return kind }
      }
      return nil
    }

    private static let order: [TouchEventKind] = TouchEventKind.allCases
  }
}
