extension Animator {
  /// The anchor (pt) of attachment `b` while it is in the animator and attached to a point;
  /// nil otherwise. Mutating only so that a call from another module (the scroll's handler,
  /// every cell every frame) reads in place rather than copying the animator.
  public mutating func attachmentAnchor(_ b: Int) -> Point? { anchors_pt[b] }

  /// UIDynamicAnimator's `updateItemUsingCurrentState(_:)` after the app moved the item's
  /// centre by `move_pt` (from where `state(ofItem:)` has it, read here in place): its body takes
  /// the new position (Box2D's SetTransform, the angle kept) and keeps its velocity. FeelLab's
  /// assumption, as no Apple measurement says: the body and the animator wake, as when a
  /// behavior is added. An item without a body is parked there.
  public mutating func updateItem(_ item: Int, movedBy move_pt: Point) {
    let c = state(ofItem: item).center_pt
    let center_pt = Point(c.x + move_pt.x, c.y + move_pt.y)
    guard world.hasBody[item] else {
      parked[item].center_pt = center_pt
      return
    }
    world.setTransform(item, position: metres(fromPoints: center_pt))
    world.modifyBody(item) { $0.setAwake(true) }
    isRunning = world.isAwake
  }
}
