import FeelScene
import Foundation

/// One value of an axis: a number for a numeric scene value, a profile name, or a boolean.
public enum AxisValue: Sendable, Equatable, CustomStringConvertible {
  case number(Double)
  case string(String)
  case boolean(Bool)

  /// The value as a CSV cell: numbers in their shortest exact form without a trailing `.0`
  /// (`160`, `0.35`, `1e-05`), strings quoted when they must be, booleans as `true`/`false`.
  public var csvCell: String {
    switch self {
    case .number(let x): AxisValue.shortest(x)
    case .string(let s): TrajectoryCSV.csvField(s)
    case .boolean(let b): b ? "true" : "false"
    }
  }

  public var description: String {
    switch self {
    case .string(let s): "\"\(s)\""
    default: csvCell
    }
  }

  /// The shortest decimal that reads back as `x` (Swift's own printing), without `.0` on whole
  /// numbers.
  static func shortest(_ x: Double) -> String {
    if x == 0 { return "0" }
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return x.description
  }
}

/// The values of an axis: a list as written, or an arithmetic range computed on demand (so an
/// axis of many values holds no array).
public enum AxisValues: Sendable, Equatable {
  case list([AxisValue])
  /// `count` numbers from `from` in steps of `step`, each rounded to 12 significant digits
  /// (so 0.05 + 7 × 0.05 is 0.4, not 0.39999999999999997); the last is `last` exactly.
  case range(from: Double, step: Double, count: Int, last: Double)

  public var count: Int {
    switch self {
    case .list(let values): values.count
    case .range(_, _, let count, _): count
    }
  }

  public subscript(index: Int) -> AxisValue {
    switch self {
    case .list(let values): return values[index]
    case .range(let from, let step, let count, let last):
      if index == count - 1 { return .number(last) }
      return .number(Self.rounded(from + Double(index) * step))
    }
  }

  /// The smallest and largest numbers (nil for a list without numbers): a linear map of the
  /// values is within its images of these two.
  public var numberBounds: (min: Double, max: Double)? {
    switch self {
    case .list(let values):
      let numbers = values.compactMap { value -> Double? in
        if case .number(let x) = value { return x }
        return nil
      }
      guard let low = numbers.min(), let high = numbers.max() else { return nil }
      return (low, high)
    case .range(let from, _, _, let last):
      return (Swift.min(from, last), Swift.max(from, last))
    }
  }

  /// `x` rounded to 12 significant digits: removes the binary residue of a sum of steps.
  static func rounded(_ x: Double) -> Double {
    guard x != 0, x.isFinite else { return x }
    return Double(String(format: "%.12g", x)) ?? x
  }
}
