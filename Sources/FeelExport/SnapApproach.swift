import FeelScene

/// A UISnapBehavior pulling the item to its snap point: a release's snap from t = 0, or the
/// tap hint's snap phase from the rule that adds it. A snap taken out (a drag-began rule) and
/// put back (a drag-ended one) starts its approach again, as the metrics' snap phase does: a
/// bottom sheet resting at its detent from t = 0 is fitted from its release, not from its rest.
public struct SnapApproach: BehaviorApproach {
  public var behavior: Int

  public init(behavior: Int) {
    self.behavior = behavior
  }

  public static let noun = "snap"

  public static func drives(_ behavior: SceneBehavior, item itemID: String) -> Bool {
    guard case .snap = behavior.kind else { return false }
    return behavior.items.contains(itemID)
  }

  public var restartsOnReentry: Bool { true }

  /// The point the snap pulls to when the approach starts: the scene's, or the one a drag-ended
  /// rule picked at the release (`nearest`, docs/drags.md), as the metrics' target is.
  public func target(at animator: Animator, in scene: Scene) -> ApproachTarget? {
    guard let point = animator.snapPoint(behavior),
      case .snap(let spec) = scene.behaviors[behavior].kind
    else { return nil }
    return ApproachTarget(
      point_pt: point,
      how: point == spec.point_pt ? "the snap point" : "the snap point picked at the release")
  }

  public func target(in scene: Scene, start: ItemState, end: ItemState) -> ApproachTarget {
    guard case .snap(let spec) = scene.behaviors[behavior].kind else {
      return ApproachTarget(point_pt: end.center_pt, how: "where the item comes to rest")
    }
    return ApproachTarget(point_pt: spec.point_pt, how: "the snap point")
  }
}
