extension Animator {
  /// The app sets a snap's point (`UISnapBehavior.snapPoint`, settable since iOS 9), as a
  /// drag-ended rule that picks a corner does (docs/drags.md, "Rules on touch events"). A
  /// snap not in the animator is made at the new point when it is added. One in the animator
  /// keeps its four joints and their impulses, their static anchor moved to the new point as
  /// Box2D's SetTransform moves a static body, and its item is woken: FeelLab's stated
  /// assumption (no Apple measurement says how UIKit re-aims a snap in flight). Does nothing to
  /// a behavior that is not a snap.
  public mutating func setSnapPoint(_ b: Int, to point_pt: Point) {
    guard case .snap(var spec) = behaviors[b].kind else { return }
    spec.point_pt = point_pt
    behaviors[b].kind = .snap(spec)
    guard present.contains(b),
      let item = world.moveGround(ofJointsOwnedBy: b, to: metres(fromPoints: point_pt))
    else { return }
    world.modifyBody(item) { $0.setAwake(true) }
    isRunning = world.isAwake
  }

  /// The point snap `b` pulls to (pt): the scene's, or the one last set (`setSnapPoint`); nil
  /// for a behavior that is not a snap.
  public func snapPoint(_ b: Int) -> Point? {
    guard case .snap(let spec) = behaviors[b].kind else { return nil }
    return spec.point_pt
  }
}
