import FeelScene

/// FeelLab's `detent` (docs/scene-format.md) springing its item to a rest angle: the approach
/// starts at the frame the detent engages away from a rest angle (the item turns slower than
/// its `engage_below`, or a tap on a label), lasts while it stays engaged, and is measured in
/// degrees, the item's angle against the rest angle the detent picked. The detent's spring is exact and lands the item on that angle, so the fit
/// recovers its frequency and damping ratio (docs/export.md, "The dial's detent").
public struct DetentApproach: BehaviorApproach {
  public var behavior: Int

  public init(behavior: Int) {
    self.behavior = behavior
  }

  public static let noun = "detent"

  public static func drives(_ behavior: SceneBehavior, item itemID: String) -> Bool {
    guard case .detent = behavior.kind else { return false }
    return behavior.items.contains(itemID)
  }

  public var quantity: ApproachQuantity { .angle }

  /// Springing towards a rest angle (a detent that engages already on one lands at once: no
  /// motion to fit).
  public func begins(in animator: Animator) -> Bool {
    guard animator.present.contains(behavior) else { return false }
    if case .approaching = animator.detentPhase(behavior) { return true }
    return false
  }

  /// A detent engages during a step (or on a tap's frame), never in a touch rule.
  public func beganBeforeStep(_ before: BeforeStep) -> Bool { false }

  /// Engaged: approaching its rest angle, or landed on it and holding the item there.
  public func lasts(in animator: Animator) -> Bool {
    animator.present.contains(behavior) && animator.detentPhase(behavior) != .idle
  }

  /// The rest angle the detent springs to, as it picked it when it engaged.
  public func target(at animator: Animator, in scene: Scene) -> ApproachTarget? {
    switch animator.detentPhase(behavior) {
    case .approaching(let target, _, _), .resting(let target):
      return restAngle(target, in: scene)
    case .idle:
      return nil
    }
  }

  /// Without the animator's word: where the item comes to rest (the detent lands it exactly).
  public func target(in scene: Scene, start: ItemState, end: ItemState) -> ApproachTarget {
    ApproachTarget(
      point_pt: Point(Self.degrees(end.angle_rad), 0), how: "where the item comes to rest")
  }

  public func position(of state: ItemState) -> Point { Point(Self.degrees(state.angle_rad), 0) }

  public func velocity(of state: ItemState) -> Point {
    Point(Self.degrees(state.angularVelocity_rad_s), 0)
  }

  /// Rest angle `target_rad` as a target: its angle in degrees and the label it brings under
  /// the pointer.
  private func restAngle(_ target_rad: Double, in scene: Scene) -> ApproachTarget {
    var how = "the detent's rest angle"
    if case .detent(let spec) = scene.behaviors[behavior].kind {
      let label = spec.label(atRestAngle: spec.nearestIndex(to: target_rad))
      how = "the rest angle with label \(label) of \(spec.count) under the pointer"
    }
    return ApproachTarget(point_pt: Point(Self.degrees(target_rad), 0), how: how)
  }

  static func degrees(_ rad: Double) -> Double { rad * 180 / Double.pi }
}
