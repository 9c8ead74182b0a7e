import FeelEngine

/// A scene as a scene file describes it: items, behaviors and rules, in UIKit's units
/// (points, seconds, radians; y down). See shared/design/scene-format.md for the file format.
///
/// Values here are already validated and defaulted by `SceneReader`; a `Scene` built by hand
/// is validated again by `SceneRunner` only where the engine needs it.
public struct Scene: Sendable, Equatable {
  /// Optional human title.
  public var title: String?
  /// Which UIKit generation to simulate.
  public var profile: Profile
  /// Display frames per second (Hz); one output row per item per frame.
  public var frameRate_hz: Double
  /// Seconds to simulate; frames = round(duration_s × frameRate_hz).
  public var duration_s: Double
  /// The reference view's bounds size (pt), used by `reference_bounds` boundaries.
  public var referenceSize_pt: Point?
  public var items: [SceneItem]
  public var behaviors: [SceneBehavior]
  public var rules: [SceneRule]

  public init(
    title: String? = nil, profile: Profile = .modern, frameRate_hz: Double = 60,
    duration_s: Double = 2, referenceSize_pt: Point? = nil, items: [SceneItem] = [],
    behaviors: [SceneBehavior] = [], rules: [SceneRule] = []
  ) {
    self.title = title
    self.profile = profile
    self.frameRate_hz = frameRate_hz
    self.duration_s = duration_s
    self.referenceSize_pt = referenceSize_pt
    self.items = items
    self.behaviors = behaviors
    self.rules = rules
  }

  /// Number of display frames simulated: round(duration × frame rate).
  public var frameCount: Int { Int((duration_s * frameRate_hz).rounded()) }
}

/// A 2-D value in points (or pt/s, or a unitless direction), as scene files give it.
public struct Point: Sendable, Equatable, Hashable {
  public var x: Double
  public var y: Double
  public init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }
}

/// A dynamic item (a UIView in UIKit): a rectangle.
public struct SceneItem: Sendable, Equatable {
  public var id: String
  /// Width and height (pt), both > 0.
  public var size_pt: Point
  /// Initial centre (pt).
  public var center_pt: Point
  /// Initial rotation (rad), default 0.
  public var angle_rad: Double
  /// Initial linear velocity (pt/s), default (0, 0).
  public var velocity_pt_s: Point
  /// Initial angular velocity (rad/s), default 0.
  public var angularVelocity_rad_s: Double

  public init(
    id: String, size_pt: Point, center_pt: Point, angle_rad: Double = 0,
    velocity_pt_s: Point = Point(0, 0), angularVelocity_rad_s: Double = 0
  ) {
    self.id = id
    self.size_pt = size_pt
    self.center_pt = center_pt
    self.angle_rad = angle_rad
    self.velocity_pt_s = velocity_pt_s
    self.angularVelocity_rad_s = angularVelocity_rad_s
  }
}

/// A UIDynamicBehavior: which items it acts on, whether it is in the animator at t = 0,
/// and what it does.
public struct SceneBehavior: Sendable, Equatable {
  public var id: String
  /// Ids of the items it acts on (at least one; snap and attachment take exactly one).
  public var items: [String]
  /// Added to the animator at t = 0 (default true).
  public var start: Bool
  public var kind: Kind

  public init(id: String, items: [String], start: Bool = true, kind: Kind) {
    self.id = id
    self.items = items
    self.start = start
    self.kind = kind
  }

  public enum Kind: Sendable, Equatable {
    case snap(SnapSpec)
    case push(PushSpec)
    case gravity(GravitySpec)
    case collision(CollisionSpec)
    case attachment(AttachmentSpec)
    case item(ItemPropertiesSpec)
  }
}

/// UISnapBehavior.
public struct SnapSpec: Sendable, Equatable {
  /// The snap point (pt).
  public var point_pt: Point
  /// Damping ratio of the four springs (non-dimensional, ≥ 0; default 0.5).
  public var damping: Double
  public init(point_pt: Point, damping: Double = SnapDefaults.damping) {
    self.point_pt = point_pt
    self.damping = damping
  }
}

/// UIPushBehavior.
public struct PushSpec: Sendable, Equatable {
  public enum Mode: String, Sendable, Equatable { case continuous, instantaneous }
  public var mode: Mode
  /// Direction of the push (rad; 0 = +x, π/2 = down). A file's `direction = [dx, dy]` sets
  /// angle = atan2(dy, dx) and magnitude = |direction|, as UIKit's pushDirection does.
  public var angle_rad: Double
  /// UIKit newtons (continuous: N on the item's kg mass) or N·s (instantaneous).
  public var magnitude: Double
  /// Target offset from the centre (pt), default (0, 0).
  public var offset_pt: Point
  public init(mode: Mode, angle_rad: Double = 0, magnitude: Double = 0, offset_pt: Point = Point(0, 0)) {
    self.mode = mode
    self.angle_rad = angle_rad
    self.magnitude = magnitude
    self.offset_pt = offset_pt
  }
}

/// UIGravityBehavior. Acceleration = magnitude × 1000 pt/s² along the angle.
public struct GravitySpec: Sendable, Equatable {
  /// rad; default π/2 (down). A file's `direction = [gx, gy]` sets angle and magnitude.
  public var angle_rad: Double
  /// Non-dimensional multiple of 1000 pt/s²; default 1.
  public var magnitude: Double
  public init(angle_rad: Double = GravityDefaults.angle_rad, magnitude: Double = GravityDefaults.magnitude) {
    self.angle_rad = angle_rad
    self.magnitude = magnitude
  }
}

/// UICollisionBehavior: segment boundaries and optionally the reference view's bounds.
public struct CollisionSpec: Sendable, Equatable {
  public var boundaries: [SceneBoundary]
  /// The reference view's bounds are a boundary too (reported with identifier nil).
  public var referenceBounds: Bool
  public init(boundaries: [SceneBoundary] = [], referenceBounds: Bool = false) {
    self.boundaries = boundaries
    self.referenceBounds = referenceBounds
  }
}

/// A named line segment boundary (pt).
public struct SceneBoundary: Sendable, Equatable {
  public var id: String
  public var from_pt: Point
  public var to_pt: Point
  public init(id: String, from_pt: Point, to_pt: Point) {
    self.id = id
    self.from_pt = from_pt
    self.to_pt = to_pt
  }
}

/// UIAttachmentBehavior: a distance joint from the item (at centre + offset) to a point or to
/// another item (at its centre + `toOffset_pt`).
public struct AttachmentSpec: Sendable, Equatable {
  public enum Target: Sendable, Equatable {
    /// A fixed anchor point (pt).
    case anchor(Point)
    /// Another item, by id.
    case item(String)
  }
  public var target: Target
  /// Attachment point on the item, offset from its centre (pt); FeelLab key `offset`.
  public var offset_pt: Point
  /// Attachment point on the other item, offset from its centre (pt); FeelLab key `to_offset`.
  public var toOffset_pt: Point
  /// Rest length (pt); nil = the distance when the behavior is added.
  public var length_pt: Double?
  /// Spring frequency (Hz); 0 = rigid rod.
  public var frequency_hz: Double
  /// Spring damping ratio (non-dimensional).
  public var damping: Double
  public init(
    target: Target, offset_pt: Point = Point(0, 0), toOffset_pt: Point = Point(0, 0),
    length_pt: Double? = nil, frequency_hz: Double = 0, damping: Double = 0
  ) {
    self.target = target
    self.offset_pt = offset_pt
    self.toOffset_pt = toOffset_pt
    self.length_pt = length_pt
    self.frequency_hz = frequency_hz
    self.damping = damping
  }
}

/// UIDynamicItemBehavior: only the properties given override the item defaults.
public struct ItemPropertiesSpec: Sendable, Equatable {
  public var elasticity: Double?
  public var friction: Double?
  public var density: Double?
  /// Linear resistance (1/s).
  public var resistance: Double?
  /// Angular resistance (1/s).
  public var angularResistance: Double?
  public var allowsRotation: Bool?
  public init(
    elasticity: Double? = nil, friction: Double? = nil, density: Double? = nil,
    resistance: Double? = nil, angularResistance: Double? = nil, allowsRotation: Bool? = nil
  ) {
    self.elasticity = elasticity
    self.friction = friction
    self.density = density
    self.resistance = resistance
    self.angularResistance = angularResistance
    self.allowsRotation = allowsRotation
  }
}

/// What happens when an event occurs: behaviors removed, then added, after that frame's step.
public struct SceneRule: Sendable, Equatable {
  public enum Trigger: Sendable, Equatable {
    /// Each began contact with the named boundary (any boundary if nil). The reference
    /// bounds are named `reference-bounds` here.
    case contact(boundary: String?)
    /// Once, on the first frame whose end time t_s ≥ at_s.
    case time(at_s: Double)
    /// Once, when the animator pauses.
    case pause
  }
  public var on: Trigger
  public var add: [String]
  public var remove: [String]
  public init(on: Trigger, add: [String] = [], remove: [String] = []) {
    self.on = on
    self.add = add
    self.remove = remove
  }
}
