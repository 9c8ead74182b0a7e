/// UIKit's defaults for what a designer sets, each in one place. Sources:
/// docs/uikit-dynamics-model.md ("code" = read from Apple's binaries, "measured" = measured on
/// Apple's UIKit). How UIKit builds the engine (units, sub-steps, iterations, the iOS 7 box)
/// is in `EngineConstants`, Box2D's own settings in `Box2DSettings`.

/// Which UIKit generation to simulate.
public enum Profile: String, Sendable, Equatable, CaseIterable {
  /// iOS 8 and later (measured): 1/120 s sub-steps, damping v *= 1/(1 + h·c).
  case modern
  /// iOS 7.0 (code, not measured): 0.004 s sub-steps, damping v *= clamp(1 − h·c, 0, 1),
  /// boxes inset by 1 pt with a 0.001 m skin (`EngineConstants.ios7ItemInset_m`,
  /// `ios7ItemSkin_m`).
  case ios7
}

/// Properties UIKit gives a body it creates for an item (code; the documentation's zeros
/// are wrong). A UIDynamicItemBehavior overrides only what it sets.
public enum ItemDefaults {
  /// Restitution (non-dimensional).
  public static let elasticity = 0.2
  /// Coulomb friction coefficient (non-dimensional).
  public static let friction = 0.2
  /// Density; mass = density × w × h / 100² kg for w, h in pt (100 pt per metre).
  public static let density = 1.0
  /// Linear damping (1/s).
  public static let resistance = 0.1
  /// Angular damping (1/s).
  public static let angularResistance = 0.1
  public static let allowsRotation = true
}

/// UISnapBehavior's construction (code).
public enum SnapDefaults {
  /// Damping ratio of the four springs (non-dimensional).
  public static let damping = 0.5
  /// Spring frequency (Hz).
  public static let frequency_hz = 4.0
  /// Rest length of each of the four distance joints (pt).
  public static let restLength_pt = 50.0
}

/// UIGravityBehavior (doc).
public enum GravityDefaults {
  /// Down (rad).
  public static let angle_rad = Double.pi / 2
  /// Multiple of `acceleration_pt_s2`.
  public static let magnitude = 1.0
  /// Acceleration of magnitude 1 (pt/s²).
  public static let acceleration_pt_s2 = 1000.0
}

/// Boundary material (code): mixed with the item's as restitution = max, friction = √(a·b).
public enum BoundaryDefaults {
  public static let elasticity = 0.2
  public static let friction = 0.2
}
