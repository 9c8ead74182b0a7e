import Foundation

/// What app code sets on a behavior between frames (a scene's rule with `set`,
/// docs/scene-format.md "Changing a behavior during a run"): UIKit's settable properties of
/// the behaviors that have them. Each nil property stays as it is.
public struct BehaviorChange: Sendable, Equatable {
  /// `UISnapBehavior.snapPoint` (pt).
  public var point_pt: Point?
  /// `UIGravityBehavior.angle` or `UIPushBehavior.angle` (rad).
  public var angle_rad: Double?
  /// `UIGravityBehavior.magnitude` (1 is 1000 pt/s²) or `UIPushBehavior.magnitude`.
  public var magnitude: Double?
  /// A gravity's `gravityDirection` or a push's `pushDirection` (their angle and magnitude at
  /// once), or a field's `direction` (a vector).
  public var direction: Point?
  /// `UIAttachmentBehavior.anchorPoint` (pt).
  public var anchor_pt: Point?
  /// `UIAttachmentBehavior.length` (pt).
  public var length_pt: Double?
  /// `UIAttachmentBehavior.frequency` (Hz).
  public var frequency_hz: Double?
  /// `UISnapBehavior.damping` or `UIAttachmentBehavior.damping`.
  public var damping: Double?
  /// `UIPushBehavior.active`: true fires an instantaneous push again, false stops a
  /// continuous one.
  public var active: Bool?
  /// `UIPushBehavior.targetOffsetFromCenter` (pt).
  public var offset_pt: Point?
  /// UIDynamicItemBehavior's properties: the ones given replace the behavior's.
  public var item = ItemPropertiesSpec()
  /// `UIFieldBehavior.position` (pt).
  public var position_pt: Point?
  /// `UIFieldBehavior.strength`.
  public var strength: Double?
  /// `UIFieldBehavior.falloff`.
  public var falloff: Double?
  /// `UIFieldBehavior.minimumRadius` (pt).
  public var minimumRadius_pt: Double?
  /// `UIFieldBehavior.smoothness`.
  public var smoothness: Double?
  /// `UIFieldBehavior.animationSpeed` (1/s).
  public var animationSpeed: Double?
  /// `UIFieldBehavior.region`.
  public var region: FieldRegion?

  /// No change; a rule's change is built by setting the properties it gives.
  public init() {}

  /// Whether it changes nothing.
  public var isEmpty: Bool { self == BehaviorChange() }

  /// The change as it acts on a behavior of `kind`: a gravity's or push's `direction` read as
  /// its angle, atan2(dy, dx), and magnitude, |direction| (UIKit's setters do the same); a
  /// field keeps its `direction` as a vector.
  public func resolved(for kind: BehaviorKind) -> BehaviorChange {
    guard let d = direction else { return self }
    switch kind {
    case .gravity, .push:
      var change = self
      change.direction = nil
      (change.angle_rad, change.magnitude) = d.polar
      return change
    default: return self
    }
  }
}

extension Point {
  /// The direction's angle, atan2(y, x) (rad), and its length: UIKit's gravityDirection and
  /// pushDirection as an angle and a magnitude.
  package var polar: (angle_rad: Double, magnitude: Double) { (atan2(y, x), hypot(x, y)) }
}

extension ItemPropertiesSpec {
  /// `other`'s properties replace these where it gives them.
  public mutating func merge(_ other: ItemPropertiesSpec) {
    anchored = other.anchored ?? anchored
    charge = other.charge ?? charge
    elasticity = other.elasticity ?? elasticity
    friction = other.friction ?? friction
    density = other.density ?? density
    resistance = other.resistance ?? resistance
    angularResistance = other.angularResistance ?? angularResistance
    allowsRotation = other.allowsRotation ?? allowsRotation
  }
}

extension FieldSpec {
  /// `change`'s field properties replace these where it gives them.
  mutating func apply(_ change: BehaviorChange) {
    position_pt = change.position_pt ?? position_pt
    strength = change.strength ?? strength
    falloff = change.falloff ?? falloff
    minimumRadius_pt = change.minimumRadius_pt ?? minimumRadius_pt
    direction = change.direction ?? direction
    smoothness = change.smoothness ?? smoothness
    animationSpeed = change.animationSpeed ?? animationSpeed
    region = change.region ?? region
  }
}

extension Animator {
  /// The app sets properties of behavior `b` between frames, as `change` says
  /// (`resolved(for:)` its kind first). The behavior keeps them: added later, it is made
  /// with them. In the animator, each acts as UIKit's setter does on the engine: a snap's
  /// point moves its four joints' static anchor (`setSnapPoint`), its damping is their
  /// damping ratio; a gravity's angle and magnitude are the world's gravity (the latest
  /// gravity behavior's); an attachment's anchor moves its joint's static anchor
  /// (SetTransform), and its length, frequency and damping are the joint's; a push's angle,
  /// magnitude and offset act from the next sub-step, `active` fires an instantaneous push
  /// again (true) or stops a continuous one (false); an item behavior's properties are its
  /// items' again (material, mass, damping, rotation, `anchored`, `charge`); a field's are
  /// its registered field's, in its place among the fields. Joints keep their impulses for
  /// warm starting. Every body of the behavior's items is woken, and a paused animator with
  /// it: FeelLab's stated assumption (no Apple measurement says whether UIKit's setters wake
  /// a sleeping body; Box2D's SetGravity and SetLength do not, but an app that changes a
  /// behavior expects it to act). Properties a behavior's type does not have are ignored
  /// (the scene reader refuses them). Returns the change as applied.
  @discardableResult
  public mutating func apply(_ given: BehaviorChange, to b: Int) -> BehaviorChange {
    let change = given.resolved(for: behaviors[b].kind)
    switch behaviors[b].kind {
    case .snap:
      if let point = change.point_pt { setSnapPoint(b, to: point) }
      guard let damping = change.damping, case .snap(var spec) = behaviors[b].kind else { break }
      spec.damping = damping
      behaviors[b].kind = .snap(spec)
      world.modifyJoints(ownedBy: b) { $0.dampingRatio = Float(damping) }
    case .gravity(var spec):
      spec.angle_rad = change.angle_rad ?? spec.angle_rad
      spec.magnitude = change.magnitude ?? spec.magnitude
      behaviors[b].kind = .gravity(spec)
      if present.contains(b) { refreshGravity() }
    case .attachment(var spec) where spec.kind == .distance:
      if let anchor = change.anchor_pt, case .anchor = spec.target {
        spec.target = .anchor(anchor)
        if present.contains(b) { anchors_pt[b] = anchor }
        _ = world.moveGround(ofJointsOwnedBy: b, to: metres(fromPoints: anchor))
      }
      spec.length_pt = change.length_pt ?? spec.length_pt
      spec.frequency_hz = change.frequency_hz ?? spec.frequency_hz
      spec.damping = change.damping ?? spec.damping
      behaviors[b].kind = .attachment(spec)
      world.modifyJoints(ownedBy: b) { joint in
        if let length = change.length_pt { joint.length = metres(fromPoints: length) }
        if let f = change.frequency_hz { joint.frequency_hz = Float(f) }
        if let d = change.damping { joint.dampingRatio = Float(d) }
      }
    case .push(var spec):
      spec.angle_rad = change.angle_rad ?? spec.angle_rad
      spec.magnitude = change.magnitude ?? spec.magnitude
      spec.offset_pt = change.offset_pt ?? spec.offset_pt
      behaviors[b].kind = .push(spec)
      pushActive[b] = change.active ?? pushActive[b]
      continuousPushIndices.removeAll { $0 == b }
      if spec.mode == .continuous && pushActive[b] && spec.magnitude != 0 {
        continuousPushIndices.append(b)
      }
    case .item(var spec):
      spec.merge(change.item)
      behaviors[b].kind = .item(spec)
      if present.contains(b) { for item in behaviors[b].items { refreshProperties(item) } }
    case .field(var spec):
      spec.apply(change)
      behaviors[b].kind = .field(spec)
      for i in world.fields.indices where world.fields[i].owner == b {
        world.fields[i] = WorldField(spec, owner: b)
      }
    default:
      return change
    }
    guard present.contains(b) else { return change }
    for item in behaviors[b].items { world.modifyBody(item) { $0.setAwake(true) } }
    isRunning = world.isAwake
    return change
  }
}
