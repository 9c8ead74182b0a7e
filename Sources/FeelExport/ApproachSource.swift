import FeelScene

/// A kind of motion towards a target that `feel export` fits: a behavior whose entry into the
/// animator starts the item's approach (at t = 0, or when a rule adds it), and the point the
/// approach ends at. Everything after the extraction (the fit, each framework's parameters,
/// the errors) works on the 1-D displacement the extraction produces, so a new kind of motion
/// is one more type conforming to this protocol, listed in `ApproachSources.kinds`: the dial's
/// detent (`DetentApproach`) is one, measured in degrees.
public protocol ApproachSource: Sendable {
  /// The approaches of this kind that can act on the item `itemID` of `scene`, in file order.
  static func approaches(of itemID: String, in scene: Scene) -> [Self]

  /// Index in `scene.behaviors` of the behavior that drives the approach.
  var behavior: Int { get }

  /// What reports call it: `the snap "scrub-snap"`.
  func label(in scene: Scene) -> String

  /// Whether the approach has begun by the frame `animator` has just run: by default once its
  /// behavior is in the animator (it starts when the behavior enters it); a detent once it
  /// springs towards a rest angle (not when it lands at once, already there).
  func begins(in animator: Animator) -> Bool

  /// Whether a begun approach goes on after the frame `animator` has just run: by default
  /// while its behavior stays in the animator; a detent while it stays engaged.
  func lasts(in animator: Animator) -> Bool

  /// Whether the approach starts again each time its behavior enters the animator again (a
  /// rule took it out and another put it back): the approach is then the last one, as the
  /// metrics' settling phase is (false by default: the approach ends when the behavior leaves).
  var restartsOnReentry: Bool { get }

  /// Whether the approach began before the frame's step, in a touch rule (the app's gesture
  /// handler: a drag-ended rule adding a snap at the lift), as `before` (the items and
  /// behaviors after the frame's touches, `SceneSimulation.beforeStep`) shows: by default when
  /// its behavior acts there; never for a detent, which engages during a step.
  func beganBeforeStep(_ before: BeforeStep) -> Bool

  /// The target as the animator knows it at the frame the approach starts; nil (the default)
  /// when it follows from the item's states (`target(in:start:end:)`).
  func target(at animator: Animator, in scene: Scene) -> ApproachTarget?

  /// The target, from the item's state when the approach starts and at the end of the run.
  func target(in scene: Scene, start: ItemState, end: ItemState) -> ApproachTarget

  /// What the approach measures: the item's centre in points (the default), or its angle in
  /// degrees.
  var quantity: ApproachQuantity { get }

  /// The coordinates whose distance to the target is measured, in `quantity`'s unit: the
  /// item's centre (pt) unless a source measures something else (a detent: its angle in
  /// degrees, as `(angle_deg, 0)`).
  func position(of state: ItemState) -> Point

  /// The rate of `position(of:)` in the state (unit/s): the item's velocity (pt/s) by default.
  func velocity(of state: ItemState) -> Point
}

extension ApproachSource {
  public func begins(in animator: Animator) -> Bool { animator.present.contains(behavior) }
  public func lasts(in animator: Animator) -> Bool { animator.present.contains(behavior) }
  public func beganBeforeStep(_ before: BeforeStep) -> Bool { before.acting[behavior] }
  public func target(at animator: Animator, in scene: Scene) -> ApproachTarget? { nil }
  public var restartsOnReentry: Bool { false }
  public var quantity: ApproachQuantity { .position }
  public func position(of state: ItemState) -> Point { state.center_pt }
  public func velocity(of state: ItemState) -> Point { state.velocity_pt_s }
}

/// Where an approach ends, and how that point was found (for reports).
public struct ApproachTarget: Sendable, Equatable {
  /// The target, in the approach's unit (`ApproachQuantity`): a point (pt), or for an angle
  /// `(angle_deg, 0)`.
  public var point_pt: Point
  /// "the snap point", "the anchor at rest length along the line", …
  public var how: String

  public init(point_pt: Point, how: String) {
    self.point_pt = point_pt
    self.how = how
  }
}

/// Every kind of approach `feel export` knows, in the order they are looked for.
public enum ApproachSources {
  /// The kinds: a new kind of motion towards a target is one more entry here.
  public static let kinds: [any ApproachSource.Type] = [
    SnapApproach.self, AttachmentApproach.self, DetentApproach.self, FieldApproach.self,
  ]

  /// Every approach acting on `itemID` in `scene`, ordered by their behavior's place in the
  /// file.
  public static func approaches(of itemID: String, in scene: Scene) -> [any ApproachSource] {
    kinds.flatMap { kind in kind.approaches(of: itemID, in: scene) as [any ApproachSource] }
      .sorted { $0.behavior < $1.behavior }
  }
}

extension Scene {
  /// Whether behavior `b` can ever be in the animator: at t = 0, or added by a rule.
  func canEnterAnimator(_ b: Int) -> Bool {
    behaviors[b].start || rules.contains { $0.add.contains(behaviors[b].id) }
  }
}
