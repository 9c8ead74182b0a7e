/// A drag behavior (FeelLab's, docs/drags.md): what a finger does to one item while it
/// drags. UIKit has no such class; it stands for the app's pan handler, which either moves the
/// view itself (`follow`, `rotate`: kinematic, the item has no body while the behavior is in
/// the animator) or drags it with a UIAttachmentBehavior whose anchor follows the finger
/// (`attachment`: real Box2D). The scene layer feeds it the finger (`Animator.place(heldItem:…)`,
/// `Animator.attachDrag(_:finger_pt:)`, `Animator.moveDragAnchor(_:to:)`).
public struct DragSpec: Sendable, Equatable {
  /// How the finger moves the item.
  public enum Mode: Sendable, Equatable {
    /// The item's centre = its centre at drag-began + the finger's translation since
    /// touch-down, along `axis` only.
    case follow(axis: Axis)
    /// A distance joint (length 0) from the point of the item under the finger at drag-began
    /// to an anchor moved to the finger: frequency 0 is a rigid rod, else a spring (Hz) with
    /// the damping ratio.
    case attachment(frequency_hz: Double, damping: Double)
    /// The item turns about `pivot_pt` (nil: its centre at drag-began) by the finger's turn
    /// about it since touch-down; samples closer than `deadZone_pt` to the pivot are ignored.
    case rotate(pivot_pt: Point?, deadZone_pt: Double)
  }

  /// The axes a follow drag moves the item along.
  public enum Axis: String, Sendable, Equatable, CaseIterable {
    case x, y, both
  }

  /// The id of the touch (`[[touch]]`) that drives it; nil: the item's gestures, every
  /// touch that goes down on the item (hit-tested), one after another (docs/drags.md).
  public var touch: String?
  public var mode: Mode
  /// A follow drag's limits and rubber band (empty for the other modes).
  public var limits: DragLimits

  public init(touch: String?, mode: Mode, limits: DragLimits = DragLimits()) {
    self.touch = touch
    self.mode = mode
    self.limits = limits
  }

  /// Whether it belongs to its item (no `touch`): it takes each touch that goes down on the
  /// item in turn.
  public var isItemGesture: Bool { touch == nil }

  /// Follow and rotate drags move the item themselves: it has no dynamic body while they are
  /// in the animator.
  public var isKinematic: Bool {
    if case .attachment = mode { return false }
    return true
  }
}

/// The motion a body made again starts with when a rule hands it the finger's release velocity
/// (`release_velocity = true`); without one, a body made again starts at rest.
public struct BodyStartMotion: Sendable, Equatable {
  /// Linear velocity (pt/s).
  public var velocity_pt_s: Point
  /// Angular velocity (rad/s).
  public var angularVelocity_rad_s: Double
  /// For a turn about a pivot (pt): each body also gets ω × (centre − pivot), the velocity of
  /// its centre in that rigid turn (y down: ω (−dy, dx)).
  public var pivot_pt: Point?
  /// After a rotate drag: the author's estimate of the release speed (rad/s), the latest
  /// angle step over its interval (0 after a rest), for an `inertia` whose estimator is
  /// "author" (docs/tempo-dial.md).
  public var lastStepAngularVelocity_rad_s: Double

  public init(
    velocity_pt_s: Point, angularVelocity_rad_s: Double = 0, pivot_pt: Point? = nil,
    lastStepAngularVelocity_rad_s: Double = 0
  ) {
    self.velocity_pt_s = velocity_pt_s
    self.angularVelocity_rad_s = angularVelocity_rad_s
    self.pivot_pt = pivot_pt
    self.lastStepAngularVelocity_rad_s = lastStepAngularVelocity_rad_s
  }

  /// The linear velocity of a body centred at `center_pt` (pt/s).
  public func velocity(at center_pt: Point) -> Point {
    guard let pivot_pt else { return velocity_pt_s }
    let w = angularVelocity_rad_s
    return Point(
      velocity_pt_s.x - w * (center_pt.y - pivot_pt.y),
      velocity_pt_s.y + w * (center_pt.x - pivot_pt.x))
  }
}
