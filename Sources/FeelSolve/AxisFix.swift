import FeelSweep
import Foundation

/// A `--fix AXIS=VALUE`: an axis held at one of its grid values. The grid pass runs only the
/// points with that value (the axis keeps one value) and refinement does not move it.
public struct AxisFix: Sendable, Equatable, CustomStringConvertible {
  /// The axis's position in the experiment's axes.
  public var axis: Int
  public var axisName: String
  /// The index of the value on the axis's grid.
  public var valueIndex: Int
  /// The grid value.
  public var value: AxisValue

  /// `release_pt = 80`.
  public var description: String { "\(axisName) = \(value.csvCell)" }

  /// Parses `AXIS=VALUE` against the axes. A number must be one of the axis's grid values
  /// (the grid pass runs grid points only); a profile name or true/false must be one of the
  /// axis's values.
  public static func parse(_ text: String, axes: [SolveAxis]) throws(SolveError) -> AxisFix {
    func error(_ expected: String, got: String?, suggestions: [String] = []) -> SolveError {
      SolveError(
        option: "--fix", argument: text, expected: expected, got: got, suggestions: suggestions)
    }
    let names = axes.map(\.name)
    guard let equals = text.firstIndex(of: "=") else {
      throw error(
        "AXIS=VALUE with AXIS one of the experiment's axes (\(names.joined(separator: ", "))), "
          + "as in \"\(names.last ?? "axis")=\(axes.last.map { $0.values[0].csvCell } ?? "1")\"",
        got: "no '='")
    }
    let name = text[..<equals].trimmingCharacters(in: .whitespaces)
    var written = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
    guard let a = axes.firstIndex(where: { $0.name == name }) else {
      throw error(
        "an axis of the experiment (\(names.joined(separator: ", ")))", got: "\"\(name)\"",
        suggestions: SolveError.suggestions(for: name, among: names))
    }
    let axis = axes[a]
    let values = axis.values
    if written.count >= 2, written.hasPrefix("\""), written.hasSuffix("\"") {
      written = String(written.dropFirst().dropLast())
    }
    if written.isEmpty { throw error("a value after '='", got: "nothing") }
    guard let index = axis.index(ofWritten: written) else {
      let grid = axis.gridDescription
      if case .number = values[0], let x = Double(written), x.isFinite {
        let nearest = axis.nearest(to: x).map { values[$0].csvCell }.joined(separator: ", ")
        throw error(
          "a value on the grid of axis \(name) (the grid pass runs grid points only; "
            + "refinement then moves between them): \(grid)",
          got: "\(written) (nearest: \(nearest))")
      }
      let shown = (0..<min(values.count, 8)).map { values[$0].csvCell }
      throw error(
        "one of the values of axis \(name) (\(shown.joined(separator: ", "))"
          + "\(values.count > 8 ? ", …" : ""))", got: "\"\(written)\"",
        suggestions: SolveError.suggestions(for: written, among: shown))
    }
    return AxisFix(axis: a, axisName: name, valueIndex: index, value: values[index])
  }
}

extension AxisFix {
  /// Every `--fix`, each axis at most once.
  public static func parse(_ texts: [String], axes: [SolveAxis]) throws(SolveError) -> [AxisFix] {
    var fixes: [AxisFix] = []
    for text in texts {
      let fix = try parse(text, axes: axes)
      if let earlier = fixes.first(where: { $0.axis == fix.axis }) {
        throw SolveError(
          option: "--fix", argument: text, expected: "each axis fixed once",
          got: "\(fix.axisName) fixed again (already \(earlier.value.csvCell))")
      }
      fixes.append(fix)
    }
    return fixes
  }

  /// The axes with each fixed one holding only its fixed value.
  public static func apply(_ fixes: [AxisFix], to axes: [SolveAxis]) -> [SolveAxis] {
    var axes = axes
    for fix in fixes { axes[fix.axis] = axes[fix.axis].fixed(at: fix.valueIndex) }
    return axes
  }
}
