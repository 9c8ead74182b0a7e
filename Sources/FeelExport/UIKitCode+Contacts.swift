import FeelScene

/// Contact rules as UIKit's collision delegate (docs/export.md, "`--to uikit`"): a rule on a
/// boundary (or the reference bounds, `identifier == nil`) in
/// `collisionBehavior(_:beganContactFor:withBoundaryIdentifier:at:)`, a rule on an item in
/// `collisionBehavior(_:beganContactFor:with:at:)`, and a rule with neither in both, as the
/// scene fires it on every contact that begins (docs/shapes.md, "Rules"). UIKit applies the
/// changes a callback makes after the step, as FeelLab does.
extension UIKitCode.Writer {
  /// Names the generated contact code uses, kept from items and behaviors.
  static let contactNames: Set<String> = ["reportsPair"]

  /// Whether some collision behavior holds two or more items (or a group and an item): only
  /// then do items report contacts with each other.
  var hasItemPairs: Bool {
    scene.behaviors.contains {
      if case .collision = $0.kind { $0.items.count > 1 } else { false }
    }
  }

  /// The delegate methods of the scene's contact rules (none without one).
  func contactHandling() -> [String] {
    guard hasContactRules else { return [] }
    var lines: [String] = []
    let boundaryRules = scene.rules.indices.filter {
      if case .contact(_, nil) = scene.rules[$0].on { true } else { false }
    }
    let itemRules = scene.rules.indices.filter {
      switch scene.rules[$0].on {
      case .contact(nil, _): hasItemPairs
      default: false
      }
    }
    if !boundaryRules.isEmpty {
      lines += [
        "",
        "  func collisionBehavior(",
        "    _ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,",
        "    withBoundaryIdentifier identifier: NSCopying?, at p: CGPoint",
        "  ) {",
      ]
      let named = boundaryRules.contains {
        if case .contact(let b?, nil) = scene.rules[$0].on, b != referenceBoundsName {
          true
        } else {
          false
        }
      }
      if named { lines.append("    let boundary = identifier as? String") }
      for r in boundaryRules {
        guard case .contact(let boundary, nil) = scene.rules[r].on else { continue }
        switch boundary {
        case nil:
          lines.append("    rule\(r + 1)()  // any contact")
        case referenceBoundsName:
          lines.append(
            "    if identifier == nil { rule\(r + 1)() }  // the reference view's bounds")
        case let id?:
          lines.append("    if boundary == \(QuotedString.quoted(id)) { rule\(r + 1)() }")
        }
      }
      lines.append("  }")
    }
    if !itemRules.isEmpty {
      lines += [
        "",
        "  func collisionBehavior(",
        "    _ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem,",
        "    with item2: UIDynamicItem, at p: CGPoint",
        "  ) {",
        "    guard reportsPair(behavior, item1, item2) else { return }",
      ]
      for r in itemRules {
        guard case .contact(nil, let other) = scene.rules[r].on else { continue }
        guard let other else {
          lines.append("    rule\(r + 1)()  // any contact")
          continue
        }
        // A member of a group: UIKit may report the group, which holds it.
        var views = [itemName(other)]
        if let g = scene.groups.firstIndex(where: { $0.items.contains(other) }) {
          views.append(groupNames[g])
        }
        let test = views.map { "item1 === \($0) || item2 === \($0)" }.joined(separator: " || ")
        lines.append(
          "    if \(test) { rule\(r + 1)() }  // contact with the item \(QuotedString.quoted(other))"
        )
      }
      lines += [
        "  }",
        "",
        "  /// UIKit tells every collision behavior that holds both items of a contact; the scene's",
        "  /// rules fire once per contact: for the first such behavior in the animator.",
        "  private func reportsPair(",
        "    _ behavior: UICollisionBehavior, _ a: UIDynamicItem, _ b: UIDynamicItem",
        "  ) -> Bool {",
        "    let first = animator.behaviors.lazy.compactMap { $0 as? UICollisionBehavior }.first {",
        "      $0.items.contains { $0 === a } && $0.items.contains { $0 === b }",
        "    }",
        "    return first == nil || first === behavior",
        "  }",
      ]
    }
    return lines
  }
}
