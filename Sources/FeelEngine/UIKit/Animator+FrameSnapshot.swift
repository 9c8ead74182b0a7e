/// Reading every item and behavior in one call, in place: what a scene records before each
/// frame's step (FeelScene's `BeforeStep`). A caller in another module that reads the animator
/// item by item copies the whole animator value for each call (it is passed by address, and
/// the compiler snapshots it); one call per frame copies it once (docs/performance.md,
/// "Fields: the StickyCorners throws"), and none as these are `mutating`: they change nothing,
/// but a mutating call reads the caller's animator where it stands.
extension Animator {
  /// `hasBody(i)` for every item i < `hasBody.count`, written in place.
  public mutating func writeHasBody(into hasBody: inout [Bool]) {
    for i in hasBody.indices { hasBody[i] = self.hasBody(i) }
  }

  /// `isActing(b)` for every behavior b < `acting.count`, written in place: one pass over the
  /// behaviors in the animator (`isActing` searches them, for each behavior of a list of 40).
  public mutating func writeActing(into acting: inout [Bool]) {
    for b in acting.indices { acting[b] = false }
    for b in present where b < acting.count { acting[b] = actsIfPresent(b) }
  }

  /// Each item's state for i < `states.count`, written in place: `state(ofItem:)`, except that
  /// an item with a body now but none when `hadBody` was taken stands where its view stood
  /// (its parked centre and angle) with the velocities its new body starts with.
  public mutating func writeStates(into states: inout [ItemState], hadBody: [Bool]) {
    for i in states.indices {
      if !hadBody[i] && hasBody(i) {
        var state = parkedState(ofItem: i)
        let body = self.state(ofItem: i)
        state.velocity_pt_s = body.velocity_pt_s
        state.angularVelocity_rad_s = body.angularVelocity_rad_s
        states[i] = state
      } else {
        states[i] = self.state(ofItem: i)
      }
    }
  }
}
