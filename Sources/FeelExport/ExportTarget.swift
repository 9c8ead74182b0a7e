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

  /// The JSON keys of each target's object: the contract, then FeelLab's documented
  /// additions (docs/export.md, "JSON").
  public var jsonKeys: (contract: [String], additions: [String]) {
    switch self {
    case .swiftui:
      (
        ["response", "dampingRatio", "duration", "bounce", "max_error_pt", "rms_error_pt"],
        ["initialVelocity", "max_error_pct", "worst_t_s", "single_spring_matches"]
      )
    case .caspring:
      (
        ["mass", "stiffness", "damping", "initialVelocity", "settlingDuration", "max_error_pt"],
        ["rms_error_pt", "max_error_pct", "worst_t_s", "single_spring_matches"]
      )
    case .compose:
      (
        ["dampingRatio", "stiffness", "max_error_pt"],
        ["initialVelocity", "rms_error_pt", "max_error_pct", "worst_t_s", "single_spring_matches"]
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
