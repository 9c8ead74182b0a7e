import FeelScene

/// A UIAttachmentBehavior spring (frequency > 0) pulling the item towards its rest pose.
///
/// When the item hangs from a fixed anchor by its centre and nothing else pushes it (no
/// gravity, push, snap, other attachment or collision acts on it while the spring does), the
/// rest pose is the point at rest length from the anchor on the line through the item's centre
/// at the start. Otherwise (an attachment to another item, an offset attachment point, other
/// forces) it is where the item comes to rest: its centre at the end of the run.
public struct AttachmentApproach: BehaviorApproach {
  public var behavior: Int

  public init(behavior: Int) {
    self.behavior = behavior
  }

  public static let noun = "attachment spring"

  public static func drives(_ behavior: SceneBehavior, item itemID: String) -> Bool {
    guard case .attachment(let spec) = behavior.kind else { return false }
    return spec.frequency_hz > 0 && behavior.items.first == itemID
  }

  public func target(in scene: Scene, start: ItemState, end: ItemState) -> ApproachTarget {
    let resting = ApproachTarget(point_pt: end.center_pt, how: "where the item comes to rest")
    guard case .attachment(let spec) = scene.behaviors[behavior].kind,
      case .anchor(let anchor) = spec.target, spec.offset_pt == Point(0, 0),
      !othersPush(scene)
    else { return resting }
    let dx = start.center_pt.x - anchor.x
    let dy = start.center_pt.y - anchor.y
    let distance = (dx * dx + dy * dy).squareRoot()
    guard distance > 0 else { return resting }
    // A nil length is the distance when the behavior is added: the item starts at rest pose.
    let length = spec.length_pt ?? distance
    return ApproachTarget(
      point_pt: Point(anchor.x + length * dx / distance, anchor.y + length * dy / distance),
      how: Self.restPoseHow)
  }

  /// How the target is described when it is the rest pose on the anchor's line.
  public static let restPoseHow = "the anchor at rest length along the line"

  /// Whether another behavior that moves things (anything but an item behavior) acts on the
  /// item in the scene.
  private func othersPush(_ scene: Scene) -> Bool {
    let item = scene.behaviors[behavior].items[0]
    return scene.behaviors.indices.contains { b in
      guard b != behavior else { return false }
      var acts = scene.behaviors[b].items.contains(item)
      if case .attachment(let other) = scene.behaviors[b].kind, other.target == .item(item) {
        acts = true
      }
      guard acts else { return false }
      if case .item = scene.behaviors[b].kind { return false }
      return scene.canEnterAnimator(b)
    }
  }
}
