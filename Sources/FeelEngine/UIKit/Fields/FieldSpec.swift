/// UIFieldBehavior (iOS 9): a force (or, for `velocity`, a velocity) that acts on its own
/// items while its region holds them (docs/fields.md). The defaults are UIKit's, measured per
/// factory (`FieldDefaults`).

/// The kind of a field: which of UIFieldBehavior's factories made it.
public enum FieldKind: String, Sendable, Equatable, CaseIterable {
  case linearGravity = "linear_gravity"
  case radialGravity = "radial_gravity"
  case spring
  case drag
  case vortex
  case velocity
  case noise
  case turbulence
  case electric
  case magnetic

  /// UIKit's falloff for a field of this kind (measured per factory): radial gravity 2,
  /// spring −1, electric and magnetic 1, the others 0.
  public var defaultFalloff: Double {
    switch self {
    case .radialGravity: 2
    case .spring: -1
    case .electric, .magnetic: 1
    case .linearGravity, .drag, .vortex, .velocity, .noise, .turbulence: 0
    }
  }

  /// Whether the field keeps `smoothness` and `animation_speed` (UIKit's getters answer 0 on
  /// the other kinds).
  public var isNoise: Bool { self == .noise || self == .turbulence }

  /// Whether the field reads `direction`: the linear gravity's vector, the velocity field's
  /// velocity, the drag field's medium velocity.
  public var readsDirection: Bool {
    self == .linearGravity || self == .velocity || self == .drag
  }
}

/// UIKit's field defaults (measured: docs/fields.md, "Defaults").
public enum FieldDefaults {
  /// Strength of every kind (non-dimensional multiplier).
  public static let strength = 1.0
  /// The minimum radius (pt): 2⁻¹⁵ m, stored as float metres.
  public static let minimumRadius_pt = 0.003_051_757_81
  /// At most this many fields in one animator; a 33rd is refused.
  public static let maximumFields = 32
  /// A force is zero when |strength × the quantity it scales| is below this (2⁻¹⁵).
  public static let zeroThreshold: Float = 1.0 / 32768
}

/// One field behavior's settings, as a scene file gives them.
public struct FieldSpec: Sendable, Equatable {
  public var kind: FieldKind
  /// The field's origin (pt).
  public var position_pt: Point
  /// Non-dimensional multiplier of the force (default 1).
  public var strength: Double
  /// The exponent of the distance the force falls off with; nil: the kind's default
  /// (`FieldKind.defaultFalloff`).
  public var falloff: Double?
  /// Below this distance (pt) the falloff uses this distance.
  public var minimumRadius_pt: Double
  /// linear_gravity: the acceleration's vector (m/s², a CGVector, not scaled by 100);
  /// velocity: the velocity set (m/s); drag: the medium's velocity (m/s).
  public var direction: Point
  /// noise, turbulence: 0 (rough) to 1 (smooth); a negative value acts as 0 (UIKit's
  /// max(smoothness, 0)).
  public var smoothness: Double
  /// noise, turbulence: how fast the noise changes (1/s).
  public var animationSpeed: Double
  /// Where the field acts, relative to its position.
  public var region: FieldRegion

  public init(
    kind: FieldKind, position_pt: Point = Point(0, 0), strength: Double = FieldDefaults.strength,
    falloff: Double? = nil, minimumRadius_pt: Double = FieldDefaults.minimumRadius_pt,
    direction: Point = Point(0, 0), smoothness: Double = 0, animationSpeed: Double = 0,
    region: FieldRegion = FieldRegion()
  ) {
    self.kind = kind
    self.position_pt = position_pt
    self.strength = strength
    self.falloff = falloff
    self.minimumRadius_pt = minimumRadius_pt
    self.direction = direction
    self.smoothness = smoothness
    self.animationSpeed = animationSpeed
    self.region = region
  }

  /// The falloff the field uses: the one given, else the kind's.
  public var resolvedFalloff: Double { falloff ?? kind.defaultFalloff }
}
