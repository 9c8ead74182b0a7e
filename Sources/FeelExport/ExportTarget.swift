/// What `feel export` can write the motion as.
public enum ExportTarget: String, Sendable, Equatable, CaseIterable {
  /// SwiftUI `Spring(response:dampingRatio:)` / `Spring(duration:bounce:)`.
  case swiftui
  /// Core Animation `CASpringAnimation`.
  case caspring
  /// Jetpack Compose `spring(dampingRatio, stiffness)`.
  case compose
  /// A CSS transition with a `linear()` easing.
  case css
  /// The whole scene as UIKit Dynamics code.
  case uikit

  /// Whether the target needs the item's motion (all but `uikit`, which writes the scene).
  public var needsMotion: Bool { self != .uikit }

  /// The JSON keys of each target's object for an approach measured as `quantity`: the
  /// contract's keys always; for a detent's angle the additions also hold a `_deg` twin of
  /// every `_pt` key (whose value is then the distance along the rim) and `rim_radius_pt`
  /// (docs/export.md, "JSON").
  public func jsonKeys(for quantity: ApproachQuantity) -> (
    contract: [String], additions: [String]
  ) {
    let keys = jsonKeys
    guard quantity != .position else { return keys }
    let twins = (keys.contract + keys.additions).filter { $0.hasSuffix("_pt") }.map(quantity.key)
    return (keys.contract, keys.additions + twins + (twins.isEmpty ? [] : ["rim_radius_pt"]))
  }

  /// The additions of a 2-D approach (docs/export.md, "A 2-D approach"): each spring's
  /// initial velocity per axis, the CSS keyframes.
  public var planarJSONKeys: [String] {
    switch self {
    case .swiftui, .caspring, .compose: ["initialVelocity_x", "initialVelocity_y"]
    case .css: ["keyframes"]
    case .uikit: []
    }
  }

  /// The JSON keys of each target's object: the contract, then FeelLab's documented
  /// additions (docs/export.md, "JSON").
  public var jsonKeys: (contract: [String], additions: [String]) {
    switch self {
    case .swiftui:
      (
        ["response", "dampingRatio", "duration", "bounce", "max_error_pt", "rms_error_pt"],
        [
          "initialVelocity", "max_error_pct", "worst_t_s", "single_spring_matches",
          "velocity_fixed",
        ]
      )
    case .caspring:
      (
        ["mass", "stiffness", "damping", "initialVelocity", "settlingDuration", "max_error_pt"],
        ["rms_error_pt", "max_error_pct", "worst_t_s", "single_spring_matches", "velocity_fixed"]
      )
    case .compose:
      (
        ["dampingRatio", "stiffness", "max_error_pt"],
        [
          "initialVelocity", "rms_error_pt", "max_error_pct", "worst_t_s", "single_spring_matches",
          "velocity_fixed",
        ]
      )
    case .css:
      (
        ["duration_s", "linear", "max_error_pt"],
        ["rms_error_pt", "max_error_pct", "worst_t_s", "stops"]
      )
    case .uikit:
      (["code"], [])
    }
  }
}
