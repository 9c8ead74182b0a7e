/// What app code sets on a behavior between frames (a scene's rule with `set`,
/// docs/scene-format.md "Changing a behavior during a run"): UIKit's settable properties of
/// the behaviors that have them. Each nil property stays as it is.
public struct BehaviorChange: Sendable, Equatable {
  /// `UISnapBehavior.snapPoint` (pt).
  public var point_pt: Point?
  /// `UIGravityBehavior.angle` (rad).
  public var angle_rad: Double?
  /// `UIGravityBehavior.magnitude` (1 is 1000 pt/s²).
  public var magnitude: Double?
  /// `UIAttachmentBehavior.anchorPoint` (pt).
  public var anchor_pt: Point?
  /// `UIAttachmentBehavior.length` (pt).
  public var length_pt: Double?
  /// `UIAttachmentBehavior.frequency` (Hz).
  public var frequency_hz: Double?
  /// `UISnapBehavior.damping` or `UIAttachmentBehavior.damping`.
  public var damping: Double?

  public init(
    point_pt: Point? = nil, angle_rad: Double? = nil, magnitude: Double? = nil,
    anchor_pt: Point? = nil, length_pt: Double? = nil, frequency_hz: Double? = nil,
    damping: Double? = nil
  ) {
    self.point_pt = point_pt
    self.angle_rad = angle_rad
    self.magnitude = magnitude
    self.anchor_pt = anchor_pt
    self.length_pt = length_pt
    self.frequency_hz = frequency_hz
    self.damping = damping
  }

  /// Whether it changes nothing.
  public var isEmpty: Bool { self == BehaviorChange() }
}

extension Animator {
  /// The app sets properties of behavior `b` between frames, as `change` says. The behavior
  /// keeps them: added later, it is made with them. In the animator, each acts as UIKit's
  /// setter does on the engine: a snap's point moves its four joints' static anchor
  /// (`setSnapPoint`), its damping is their damping ratio; a gravity's angle and magnitude
  /// are the world's gravity (the latest gravity behavior's); an attachment's anchor moves its
  /// joint's static anchor (SetTransform), and its length, frequency and damping are the
  /// joint's. Joints keep their impulses for warm starting. Every body of the behavior's items
  /// is woken, and a paused animator with it: FeelLab's stated assumption (no Apple
  /// measurement says whether UIKit's setters wake a sleeping body; Box2D's SetGravity and
  /// SetLength do not, but an app that changes a behavior expects it to act). Properties a
  /// behavior's type does not have are ignored (the scene reader refuses them).
  public mutating func apply(_ change: BehaviorChange, to b: Int) {
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
        anchors_pt[b] = anchor
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
    default:
      return
    }
    guard present.contains(b) else { return }
    for item in behaviors[b].items { world.modifyBody(item) { $0.setAwake(true) } }
    isRunning = world.isAwake
  }
}
