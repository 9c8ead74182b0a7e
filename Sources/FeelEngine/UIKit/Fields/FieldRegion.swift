/// UIRegion (iOS 9): where a field acts, in points relative to the field's position. Not a
/// tree: one primitive shape, optionally inverted, and optionally one operation with a second
/// plain shape, as UIKit's PhysicsKit region is made (docs/fields.md, "Regions").

/// A primitive region shape (pt).
public enum RegionShape: Sendable, Equatable {
  /// Every point.
  case infinite
  /// x² + y² ≤ r² (its edge inside; a negative radius acts as its magnitude).
  case circle(radius_pt: Double)
  /// |x| < w/2 and |y| < h/2, centred (strict: its edge is outside; a negative size holds
  /// nothing).
  case rect(size_pt: Point)

  /// Whether the shape holds p (pt). `edgeIn`: a rectangle takes its edge in (the
  /// intersection's "not outside" test); a circle already does.
  public func contains(_ p: Point, edgeIn: Bool = false) -> Bool {
    switch self {
    case .infinite:
      return true
    case .circle(let r):
      return p.x * p.x + p.y * p.y <= r * r
    case .rect(let size):
      let hw = size.x / 2
      let hh = size.y / 2
      if edgeIn { return abs(p.x) <= hw && abs(p.y) <= hh }
      return abs(p.x) < hw && abs(p.y) < hh
    }
  }
}

/// How a region joins its second shape (UIRegion's operations).
public enum RegionOperation: String, Sendable, Equatable, CaseIterable {
  /// A ∨ B.
  case union
  /// A ∧ ¬B.
  case difference
  /// A ∧ ¬inverse(B): B taken with its edge in (UIKit measured).
  case intersection
}

/// A field's region: a shape (A, negated with `inverse`), and optionally an operation with a
/// second plain shape (B).
public struct FieldRegion: Sendable, Equatable {
  public var shape: RegionShape
  /// Negates the first shape: A = ¬shape.
  public var inverse: Bool
  /// The operation and its operand, if any.
  public var operation: RegionOperation?
  public var operand: RegionShape?

  public init(
    shape: RegionShape = .infinite, inverse: Bool = false, operation: RegionOperation? = nil,
    operand: RegionShape? = nil
  ) {
    self.shape = shape
    self.inverse = inverse
    self.operation = operation
    self.operand = operand
  }

  /// Whether the region holds p (pt, relative to the field's position).
  public func contains(_ p: Point) -> Bool {
    let a = shape.contains(p) != inverse
    guard let operation, let operand else { return a }
    switch operation {
    case .union: return a || operand.contains(p)
    case .difference: return a && !operand.contains(p)
    case .intersection: return a && operand.contains(p, edgeIn: true)
    }
  }

  /// Whether the region holds every point (the default): the field need not test it.
  public var isInfinite: Bool { shape == .infinite && !inverse && operation == nil }
}
