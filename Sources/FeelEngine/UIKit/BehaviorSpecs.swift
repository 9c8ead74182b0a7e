/// What UIKit's behaviors are made of, as a programmer sets them: points, seconds, radians,
/// "UIKit newtons". The animator turns them into bodies, joints and boundaries.

/// The kind of a UIDynamicBehavior and its settings.
public enum BehaviorKind: Sendable, Equatable {
  case snap(SnapSpec)
  case push(PushSpec)
  case gravity(GravitySpec)
  case collision(CollisionSpec)
  case attachment(AttachmentSpec)
  case item(ItemPropertiesSpec)
  /// FeelLab's drag behavior: a finger moving the item (docs/drags.md).
  case drag(DragSpec)
  /// FeelLab's inertia: a kinematic coast of the item's angle, decaying per display frame (the
  /// "Click" author's, docs/tempo-dial.md).
  case inertia(InertiaSpec)
  /// FeelLab's detent: the item comes to rest on one of N angles (docs/tempo-dial.md).
  case detent(DetentSpec)
  /// UIFieldBehavior (iOS 9): a force or velocity field on its items (docs/fields.md).
  case field(FieldSpec)
  /// FeelLab's scroll: the scroll view and the springy list's bounds-change handler, app code
  /// that nudges its items (docs/springy-list.md). The scene layer runs it; in the animator it
  /// has no items and makes no body.
  case scroll(ScrollSpec)

  /// Whether this is a kinematic rotation behavior (`inertia`, `detent`): it turns its item
  /// about its centre itself, never makes a body, and leaves the physics world alone.
  public var isKinematicRotation: Bool {
    switch self {
    case .inertia, .detent: true
    default: false
    }
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
  public init(
    mode: Mode, angle_rad: Double = 0, magnitude: Double = 0, offset_pt: Point = Point(0, 0)
  ) {
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
  public init(
    angle_rad: Double = GravityDefaults.angle_rad, magnitude: Double = GravityDefaults.magnitude
  ) {
    self.angle_rad = angle_rad
    self.magnitude = magnitude
  }
}

/// UICollisionBehavior: segment boundaries and optionally the reference view's bounds, and
/// what its items collide with.
public struct CollisionSpec: Sendable, Equatable {
  public var boundaries: [SceneBoundary]
  /// The reference view's bounds are a boundary too (reported with identifier nil).
  public var referenceBounds: Bool
  /// How far the reference bounds' edges move inwards (`setTranslatesReferenceBoundsIntoBoundary(with:)`).
  public var referenceBoundsInsets_pt: EdgeInsets
  /// UICollisionBehaviorMode: what the items collide with (default everything).
  public var mode: CollisionMode
  public init(
    boundaries: [SceneBoundary] = [], referenceBounds: Bool = false,
    mode: CollisionMode = .everything, referenceBoundsInsets_pt: EdgeInsets = .zero
  ) {
    self.boundaries = boundaries
    self.referenceBounds = referenceBounds
    self.mode = mode
    self.referenceBoundsInsets_pt = referenceBoundsInsets_pt
  }
}

/// UICollisionBehaviorMode (doc): which of the behavior's two mask bits its items collide
/// with. In `items` mode they pass through the behavior's boundaries (the contacts are still
/// reported); in `boundaries` mode through each other.
public enum CollisionMode: String, Sendable, Equatable, CaseIterable {
  case items
  case boundaries
  case everything
}

/// A named boundary (pt): a line segment, or a path flattened into segments (`path`).
public struct SceneBoundary: Sendable, Equatable {
  public var id: String
  public var from_pt: Point
  public var to_pt: Point
  /// A boundary from a path (UIBezierPath as SVG path data, or points); nil for a segment.
  public var path: BoundaryPath?
  public init(id: String, from_pt: Point, to_pt: Point, path: BoundaryPath? = nil) {
    self.id = id
    self.from_pt = from_pt
    self.to_pt = to_pt
    self.path = path
  }

  /// The boundary's straight pieces (pt): the segment, or the path's edges.
  public var segments_pt: [(from: Point, to: Point)] {
    guard let path else { return [(from_pt, to_pt)] }
    return path.segments_pt
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
  /// Which of UIKit's attachments it is (iOS 9's factories; default the iOS 7 distance one).
  public var kind: AttachmentKind
  /// fixed, pin, sliding between two items: the attachment point (pt, reference view).
  public var point_pt: Point?
  /// sliding: the axis of translation (any length; UIKit normalises it).
  public var axis: Point?
  /// pin (rad) and sliding (pt): `attachmentRange`; nil = unlimited (UIKit's default).
  public var range: AttachmentRange?
  /// pin: `frictionTorque` (UIKit units, N·m), a motor at speed 0 with this maximum torque.
  public var frictionTorque: Double
  public init(
    target: Target, offset_pt: Point = Point(0, 0), toOffset_pt: Point = Point(0, 0),
    length_pt: Double? = nil, frequency_hz: Double = 0, damping: Double = 0,
    kind: AttachmentKind = .distance, point_pt: Point? = nil, axis: Point? = nil,
    range: AttachmentRange? = nil,
    frictionTorque: Double = AttachmentKindDefaults.frictionTorque
  ) {
    self.kind = kind
    self.point_pt = point_pt
    self.axis = axis
    self.range = range
    self.frictionTorque = frictionTorque
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
  /// iOS 9's `anchored`: the body becomes static while set (UIKit keeps the last value set
  /// when the behavior goes, unlike the other properties).
  public var anchored: Bool?
  /// iOS 9's `charge` (UIKit units), read by electric and magnetic fields; kept like
  /// `anchored`.
  public var charge: Double?
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
    resistance: Double? = nil, angularResistance: Double? = nil, allowsRotation: Bool? = nil,
    anchored: Bool? = nil, charge: Double? = nil
  ) {
    self.anchored = anchored
    self.charge = charge
    self.elasticity = elasticity
    self.friction = friction
    self.density = density
    self.resistance = resistance
    self.angularResistance = angularResistance
    self.allowsRotation = allowsRotation
  }
}
