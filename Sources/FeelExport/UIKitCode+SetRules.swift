import FeelScene

/// A rule's `set` as the app's assignments (docs/scene-format.md, "Changing a behavior during a
/// run"): each value the rule sets, as the UIKit property it stands for, before the rule's
/// removals and additions.
extension UIKitCode.Writer {
  func setLines(_ rule: SceneRule) -> [String] {
    guard let id = rule.setBehavior, let b = behaviorIndex(id) else { return [] }
    let name = behaviorNames[b]
    let change = rule.change
    var lines = ["    // set on \(QuotedString.quoted(id)), as the app assigns it between frames"]
    func assign(_ property: String, _ value: String) {
      lines.append("    \(name).\(property) = \(value)")
    }
    if let p = change.point_pt { assign("snapPoint", Self.point(p)) }
    if let a = change.angle_rad { assign("angle", "\(a)") }
    if let m = change.magnitude { assign("magnitude", "\(m)") }
    if let p = change.anchor_pt { assign("anchorPoint", Self.point(p)) }
    if let l = change.length_pt {
      assign("length", "\(l)")
      if let kept = lengthSetNames[b], rebuiltWhenAdded(b) { lines.append("    \(kept) = \(l)") }
    }
    if let f = change.frequency_hz { assign("frequency", "\(f)") }
    if let d = change.damping { assign("damping", "\(d)") }
    if let a = change.active { assign("active", "\(a)") }
    if let o = change.offset_pt {
      for item in scene.behaviors[b].items.map(itemName) {
        lines.append("    \(name).setTargetOffsetFromCenter(\(Self.offset(o)), for: \(item))")
      }
    }
    lines += Self.itemPropertyLines(change.item, of: name)
    if let p = change.position_pt { assign("position", Self.point(p)) }
    if let s = change.strength { assign("strength", "\(s)") }
    if let f = change.falloff { assign("falloff", "\(f)") }
    if let r = change.minimumRadius_pt { assign("minimumRadius", "\(r)") }
    if let d = change.direction { assign("direction", "CGVector(dx: \(d.x), dy: \(d.y))") }
    if let s = change.smoothness { assign("smoothness", "\(s)") }
    if let a = change.animationSpeed { assign("animationSpeed", "\(a)") }
    if let r = change.region { assign("region", Self.region(r)) }
    return lines
  }

  /// A rule adds an attachment whose length UIKit measures when it is made
  /// (`rebuiltWhenAdded`): made again, unless in the animator already, keeping what rules set
  /// on the one it replaces, as the engine makes it with the values set: at the old object's
  /// anchor (the length measured from there), with its frequency and damping (the scene's
  /// unless set), and a length set instead of the one measured.
  func rebuildLines(_ b: Int) -> [String] {
    let name = behaviorNames[b]
    var lines = [
      "    if !animator.behaviors.contains(\(name)) {",
      "      // rebuilt so that UIKit measures its length now, as the scene does",
    ]
    let id = scene.behaviors[b].id
    let sets = scene.rules.filter { $0.setBehavior == id }.map(\.change)
    let kept = [
      ("frequency", sets.contains { $0.frequency_hz != nil }),
      ("damping", sets.contains { $0.damping != nil }),
    ].filter(\.1).map(\.0)
    let anchor = rebuiltWithAnchorSet(b)
    if kept.isEmpty && lengthSetNames[b] == nil && !anchor {
      lines.append("      \(name) = Self.\(makerName(b))(\(makerArguments(b)))")
    } else {
      lines.append("      let earlier = \(name)")
      let arguments = makerArguments(b) + (anchor ? ", anchor: earlier.anchorPoint" : "")
      lines.append("      \(name) = Self.\(makerName(b))(\(arguments))")
      lines.append("      // what rules set on it before stays set")
      for property in kept { lines.append("      \(name).\(property) = earlier.\(property)") }
      if let length = lengthSetNames[b] {
        lines.append("      if let \(length) { \(name).length = \(length) }")
      }
    }
    lines.append("    }")
    return lines
  }
}
