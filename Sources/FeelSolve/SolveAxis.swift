import FeelSweep

/// An axis of a solve: a name and its grid values (an experiment's axis, or a synthetic one in
/// tests).
public struct SolveAxis: Sendable, Equatable {
  /// The column name (`damping`, `release_pt`).
  public var name: String
  public var values: AxisValues

  public init(name: String, values: AxisValues) {
    self.name = name
    self.values = values
  }

  /// Whether refinement may move the axis between its grid values: at least two numbers in
  /// strictly increasing or decreasing order (a range, or a list written in order). Profiles,
  /// booleans and unordered lists are not continuous.
  public var isContinuous: Bool {
    let n = values.count
    guard n >= 2 else { return false }
    var numbers: [Double] = []
    for i in 0..<n {
      guard case .number(let x) = values[i] else { return false }
      numbers.append(x)
    }
    let increasing = zip(numbers, numbers.dropFirst()).allSatisfy { $0 < $1 }
    let decreasing = zip(numbers, numbers.dropFirst()).allSatisfy { $0 > $1 }
    return increasing || decreasing
  }

  /// The number at value index `i` (nil for a profile name or boolean).
  func number(_ i: Int) -> Double? {
    if case .number(let x) = values[i] { return x }
    return nil
  }

  /// The index of the grid value equal to `x` exactly, if any.
  func index(of x: Double) -> Int? {
    if case .range(let from, let step, let count, _) = values, step != 0 {
      let guess = Int(((x - from) / step).rounded())
      for i in [guess, guess - 1, guess + 1] where i >= 0 && i < count {
        if number(i) == x { return i }
      }
      return nil
    }
    return (0..<values.count).first { number($0) == x }
  }

  /// The index of the value written as `text` (a number equal to a grid value within 1e-9 of
  /// the grid's spacing, a profile name, or true/false), if on the grid.
  func index(ofWritten text: String) -> Int? {
    if case .number = values[0] {
      guard let x = Double(text), x.isFinite else { return nil }
      let tolerance = 1e-9 * max(spacing ?? 1, 1e-300)
      return nearest(to: x).first { abs(number($0)! - x) <= tolerance }
    }
    return (0..<values.count).first { i in
      switch values[i] {
      case .string(let s): s == text
      case .boolean(let b): (b ? "true" : "false") == text
      case .number: false
      }
    }
  }

  /// The grid values nearest `x` on each side (one or two indices, ascending by value).
  func nearest(to x: Double) -> [Int] {
    let indices = (0..<values.count).filter { number($0) != nil }
    let below = indices.filter { number($0)! <= x }.max { number($0)! < number($1)! }
    let above = indices.filter { number($0)! >= x }.min { number($0)! < number($1)! }
    var result: [Int] = []
    if let below { result.append(below) }
    if let above, above != below { result.append(above) }
    return result
  }

  /// The range's step, or the smallest gap between neighbouring listed values (nil for fewer
  /// than two numbers).
  var spacing: Double? {
    if case .range(_, let step, let count, _) = values, count > 1, step != 0 { return abs(step) }
    let numbers = (0..<values.count).compactMap(number)
    guard numbers.count >= 2 else { return nil }
    return zip(numbers, numbers.dropFirst()).map { abs($1 - $0) }.min()
  }

  /// `10 to 160 in steps of 2.5 (61 values)`, or the values listed.
  var gridDescription: String {
    switch values {
    case .range(let from, let step, let count, let last) where count > 1:
      let f = AxisValue.number(from).csvCell
      let l = AxisValue.number(last).csvCell
      return "\(f) to \(l) in steps of \(AxisValue.number(step).csvCell) (\(count) values)"
    default:
      let shown = (0..<min(values.count, 12)).map { values[$0].csvCell }
      return shown.joined(separator: ", ") + (values.count > 12 ? ", …" : "")
    }
  }

  /// The axis holding only its value at `index` (what `--fix` leaves of it).
  func fixed(at index: Int) -> SolveAxis {
    SolveAxis(name: name, values: .list([values[index]]))
  }
}
