/// What an approach measures and the frameworks animate: the item's centre (pt), or its angle
/// (degrees: a rotational detent, docs/export.md). Everything after the extraction (the fit,
/// the errors, each framework's parameters) works on the 1-D displacement in this unit; the
/// reports, the JSON keys, the CSV columns and the code to paste say which it is.
public enum ApproachQuantity: String, Sendable, Equatable, CaseIterable {
  /// The item's centre, in points: a snap, an attachment spring.
  case position
  /// The item's angle, in degrees (positive clockwise on screen, y down): a detent.
  case angle

  /// The unit as reports print it after a number: `" pt"` or `"°"`.
  public var unit: String {
    switch self {
    case .position: " pt"
    case .angle: "°"
    }
  }

  /// The unit's suffix in JSON keys and CSV columns: `pt` or `deg` (`max_error_deg`).
  public var suffix: String {
    switch self {
    case .position: "pt"
    case .angle: "deg"
    }
  }

  /// `name` with its `_pt` suffix in this quantity's unit: `max_error_pt` → `max_error_deg`.
  public func key(_ name: String) -> String {
    guard self != .position, name.hasSuffix("_pt") else { return name }
    return String(name.dropLast(3)) + "_" + suffix
  }
}
