import Foundation
import Testing

/// A tolerance with a name that says what it means, and whether it is absolute or relative.
public struct Tolerance: Sendable, CustomStringConvertible {
  public enum Kind: Sendable { case absolute, relative }
  public var name: String
  public var value: Double
  public var kind: Kind
  public init(_ name: String, _ value: Double, _ kind: Kind) {
    self.name = name
    self.value = value
    self.kind = kind
  }
  public var description: String {
    "\(name) (\(kind == .absolute ? "±" : "relative ")\(value))"
  }

  /// Apple's measured positions are given to 1e-6 pt; the Box2D 2.3 model agrees to ~2e-4 pt.
  public static let appleMeasuredPosition = Tolerance("Apple position, pt", 2e-4, .absolute)
  public static let appleMeasuredAngle = Tolerance("Apple angle, rad", 2e-6, .absolute)
  /// Apple's push speeds as printed (7 significant digits).
  public static let appleMeasuredSpeed = Tolerance("Apple speed", 1e-5, .relative)
  /// Float32 arithmetic accumulated over a few hundred sub-steps against a closed form
  /// evaluated in double precision.
  public static let float32Accumulation = Tolerance("float32 accumulation", 2e-5, .relative)
  /// The small-motion rule of thumb (docs/uikit-dynamics-model.md) is an approximation ("about"):
  /// it leaves out how the implicit soft step lowers the frequency, by up to ~7 % at ζ = 0.3.
  public static let ruleOfThumbFrequency = Tolerance("rule-of-thumb frequency", 0.08, .relative)
  public static let ruleOfThumbDamping = Tolerance("rule-of-thumb damping ratio", 0.10, .relative)
  /// Measuring frequency and damping from a sampled trajectory (interpolated zero crossings,
  /// log decrement) against the exact eigenvalues of the linearised sub-step.
  public static let discreteLinearisation = Tolerance("discrete linearisation", 0.01, .relative)
  /// A `gap_to` constant's value set as boundary coordinates (the item's edge ± the gap) and
  /// read back (the coordinate − the edge): two roundings of pt values below 10,000 in double
  /// (≤ 4e-12 pt); far below anything drawn or measured.
  public static let gapReadBack = Tolerance("gap read back, pt", 1e-9, .absolute)
}

/// Whether observed is within the tolerance of expected; on failure, a message with expected,
/// observed, the error and the tolerance's name.
public func closeness(
  _ observed: Double, _ expected: Double, _ tolerance: Tolerance, _ what: String
) -> (ok: Bool, message: String) {
  let error = abs(observed - expected)
  let allowed =
    tolerance.kind == .absolute ? tolerance.value : tolerance.value * max(abs(expected), 1e-300)
  let ok = error <= allowed && observed.isFinite
  let message =
    "\(what): expected \(expected), observed \(observed), error \(error) "
    + "(allowed \(allowed), \(tolerance))"
  return (ok, message)
}

/// Expects `observed` within `tolerance` of `expected`; a failure names both, the error and
/// the tolerance. A missing value (nil) is a failure too.
public func expectClose(
  _ observed: Double?, _ expected: Double, _ tolerance: Tolerance, _ what: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let observed else {
    Issue.record("\(what): no value, expected \(expected)", sourceLocation: sourceLocation)
    return
  }
  let check = closeness(observed, expected, tolerance, what)
  #expect(check.ok, "\(check.message)", sourceLocation: sourceLocation)
}
