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
    if let l = change.length_pt { assign("length", "\(l)") }
    if let f = change.frequency_hz { assign("frequency", "\(f)") }
    if let d = change.damping { assign("damping", "\(d)") }
    return lines
  }
}
