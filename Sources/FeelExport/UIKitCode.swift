import FeelScene

/// A scene as UIKit Dynamics code to paste: a class that builds the `UIDynamicAnimator` with
/// every behavior and constant of the scene, and turns its rules into a collision delegate
/// (contact), timers (time) and an animator delegate (pause) that remove and add behaviors.
///
/// Numbers print in Swift's shortest round-trip form (`0.35`, `160.0`), so the code holds the
/// scene's values exactly. Each behavior is made by its own function, marked
/// `// behavior "ID"`; each item's start state by `// item "ID"`; each rule by `// rule N`.
/// What UIKit cannot say (FeelLab's drags, inertias, detents, recognizer and picks) is written
/// as the app code it stands for, listed in the header and named where it is written
/// (`standIns`).
public enum UIKitCode {
  /// The code for `scene`; `name` (the scene file's name, say) names the class.
  public static func swift(_ scene: Scene, name: String) -> String {
    Writer(scene: scene, name: name).code()
  }

  struct Writer {
    let scene: Scene
    let name: String
    let typeName: String
    let itemNames: [String]
    let behaviorNames: [String]
    /// The `UIDynamicItemGroup` property of each of the scene's groups.
    let groupNames: [String]
    /// The Swift type of each item's view: `UIView`, or a nested subclass declaring iOS 9's
    /// collision bounds (`viewClasses`).
    let viewTypes: [String]
    /// For a behavior that is not in the animator at t = 0 and whose length a rule sets: the
    /// property holding the length set (nil until then), which its rebuild keeps
    /// (`rebuiltWhenAdded`: UIKit would measure it again).
    let lengthSetNames: [Int: String]

    init(scene: Scene, name: String) {
      self.scene = scene
      self.name = name
      typeName = SwiftIdentifier.typeName(name, fallback: "Scene") + "Dynamics"
      var taken: Set<String> = [
        "animator", "start", "add", "remove", "referenceView", "pauseRulesFired",
        "collisionBehavior", "dynamicAnimatorDidPause", "init", "super",
        // Each maker's local behavior: an item of that name would be shadowed in its maker.
        "b",
      ]
      taken.formUnion(Self.touchNames)
      taken.formUnion(Self.kinematicNames)
      taken.formUnion(Self.contactNames)
      itemNames = scene.items.map { SwiftIdentifier.name($0.id, suffix: "Item", taken: &taken) }
      groupNames = scene.groups.map { SwiftIdentifier.name($0.id, suffix: "Group", taken: &taken) }
      behaviorNames = scene.behaviors.map {
        SwiftIdentifier.name($0.id, suffix: "Behavior", taken: &taken)
      }
      // A rebuilt attachment whose length a rule sets: the length set, kept for the rebuild.
      var lengths: [Int: String] = [:]
      for (b, behavior) in scene.behaviors.enumerated()
      where !behavior.start
        && scene.rules.contains(where: {
          $0.setBehavior == behavior.id && $0.change.length_pt != nil
        })
      {
        lengths[b] = SwiftIdentifier.name(
          behavior.id + " length set", suffix: "Value", taken: &taken)
      }
      lengthSetNames = lengths
      var types = Self.touchNames.union(Self.kinematicNames).union([typeName])
      viewTypes = scene.items.map { item in
        guard item.bounds != .rectangle else { return "UIView" }
        var name = SwiftIdentifier.typeName(item.id, fallback: "Item") + "View"
        var n = 2
        while types.contains(name) {
          name = SwiftIdentifier.typeName(item.id, fallback: "Item") + "View\(n)"
          n += 1
        }
        types.insert(name)
        return name
      }
    }

    /// The property naming an item or a group (behaviors name either).
    func itemName(_ id: String) -> String {
      if let i = scene.items.firstIndex(where: { $0.id == id }) { return itemNames[i] }
      return scene.groups.firstIndex { $0.id == id }.map { groupNames[$0] } ?? "nil"
    }

    /// The Swift type of an item's view, or `UIDynamicItemGroup` for a group.
    func itemType(_ id: String) -> String {
      scene.items.firstIndex { $0.id == id }.map { viewTypes[$0] } ?? "UIDynamicItemGroup"
    }

    func behaviorIndex(_ id: String) -> Int? { scene.behaviors.firstIndex { $0.id == id } }

    /// A distance attachment without a length: UIKit measures it when the attachment is made,
    /// so the code makes it again where the scene adds it (in `start()` once the items are
    /// placed, or in the rule).
    func measuresLength(_ b: Int) -> Bool {
      guard case .attachment(let spec) = scene.behaviors[b].kind else { return false }
      return spec.kind == .distance && spec.length_pt == nil
    }

    /// Behaviors whose length UIKit must measure when a rule adds them (a nil-length
    /// attachment that does not start at t = 0): rebuilt in the rule.
    func rebuiltWhenAdded(_ b: Int) -> Bool {
      measuresLength(b) && !scene.behaviors[b].start
    }

    /// A rebuilt attachment to an anchor (`rebuiltWhenAdded`) whose anchor a rule sets: its
    /// maker takes the anchor, so that the rebuild measures the length from the anchor set.
    func rebuiltWithAnchorSet(_ b: Int) -> Bool {
      guard rebuiltWhenAdded(b) else { return false }
      let id = scene.behaviors[b].id
      return scene.rules.contains { $0.setBehavior == id && $0.change.anchor_pt != nil }
    }

    var hasContactRules: Bool {
      scene.rules.contains { if case .contact = $0.on { true } else { false } }
    }
    var hasPauseRules: Bool { scene.rules.contains { $0.on == .pause } }

    func code() -> String {
      var lines: [String] = []
      let title = scene.title.map { "\($0) (\(name))" } ?? name
      lines += [
        "// \(title): the scene as UIKit Dynamics code, written by",
        "// `feel export \(name) --to uikit` (FeelLab). Every behavior and constant is the scene's;",
        "// its rules are the delegate methods and timers at the end. Simulated with the",
        "// \"\(scene.profile.rawValue)\" profile at \(ExportNumber.plain(scene.frameRate_hz)) Hz.",
      ]
      lines += standInHeader()
      lines += [
        "import UIKit",
        "",
        "@MainActor",
        "final class \(typeName): NSObject, UICollisionBehaviorDelegate, UIDynamicAnimatorDelegate {",
        "  let animator: UIDynamicAnimator",
      ]
      for (i, item) in scene.items.enumerated() {
        lines.append("  /// The item \"\(item.id)\".")
        lines.append("  let \(itemNames[i]): \(viewTypes[i])")
      }
      for (g, group) in scene.groups.enumerated() {
        lines.append(
          "  /// The group \"\(group.id)\" (iOS 9): its items move as one body.")
        lines.append("  let \(groupNames[g]): UIDynamicItemGroup")
      }
      for (b, behavior) in scene.behaviors.enumerated() {
        lines.append("  /// The behavior \"\(behavior.id)\" (\(Self.className(behavior.kind))).")
        lines.append("  private(set) var \(behaviorNames[b]): \(Self.className(behavior.kind))")
      }
      for (b, name) in lengthSetNames.sorted(by: { $0.key < $1.key }) where rebuiltWhenAdded(b) {
        lines.append(
          "  /// The length a rule set on \(QuotedString.quoted(scene.behaviors[b].id)), kept when it is rebuilt."
        )
        lines.append("  private var \(name): CGFloat?")
      }
      if hasPauseRules { lines.append("  private var pauseRulesFired = false") }
      lines.append("")
      lines += initializer()
      lines += viewClasses()
      if handlesTouches {
        lines.append("")
        lines += touchHandling()
        if scene.rules.contains(where: { $0.pick != nil }) { lines += Self.pickHelpers }
      }
      if hasKinematics {
        lines.append("")
        lines += kinematicsHandling()
      }
      lines.append("")
      lines += start()
      for b in scene.behaviors.indices {
        lines.append("")
        lines += maker(b)
      }
      if hasScroll {
        lines.append("")
        lines += scrollHandling()
      }
      lines.append("")
      lines += rules()
      lines.append("}")
      return lines.joined(separator: "\n") + "\n"
    }

    func initializer() -> [String] {
      var size = ""
      if let r = scene.referenceSize_pt {
        size = " (\(ExportNumber.plain(r.x)) × \(ExportNumber.plain(r.y)) pt in the scene)"
      }
      let parameters = scene.items.indices.map { "\(itemNames[$0]): \(viewTypes[$0])" }
        .joined(separator: ", ")
      var lines = [
        "  /// Builds the animator over `referenceView`\(size) and every behavior of the scene;",
        "  /// `start()` places the items and adds the behaviors present at t = 0.",
        "  init(referenceView: UIView\(parameters.isEmpty ? "" : ", " + parameters)) {",
        "    animator = UIDynamicAnimator(referenceView: referenceView)",
      ]
      for name in itemNames { lines.append("    self.\(name) = \(name)") }
      for (g, group) in scene.groups.enumerated() {
        lines.append(
          "    \(groupNames[g]) = UIDynamicItemGroup(items: ["
            + group.items.map(itemName).joined(separator: ", ") + "])")
      }
      for b in scene.behaviors.indices {
        lines.append("    \(behaviorNames[b]) = Self.\(makerName(b))(\(makerArguments(b)))")
      }
      lines.append("    super.init()")
      if hasPauseRules { lines.append("    animator.delegate = self") }
      if hasContactRules {
        for (b, behavior) in scene.behaviors.enumerated() {
          if case .collision = behavior.kind {
            lines.append("    \(behaviorNames[b]).collisionDelegate = self")
          }
        }
      }
      lines.append("  }")
      return lines
    }

    func start() -> [String] {
      var lines = [
        "  /// The scene's start: every item where the scene puts it, the behaviors present at",
        "  /// t = 0 (in file order), an item's initial velocity, and the timers of time rules.",
        "  func start() {",
      ]
      for (i, item) in scene.items.enumerated() {
        let n = itemNames[i]
        lines.append(
          "    // item \"\(item.id)\": \(ExportNumber.plain(item.size_pt.x)) × "
            + "\(ExportNumber.plain(item.size_pt.y)) pt")
        lines.append(
          "    \(n).bounds = CGRect(x: 0, y: 0, width: \(item.size_pt.x), height: \(item.size_pt.y))"
        )
        lines.append("    \(n).center = \(Self.point(item.center_pt))")
        if item.angle_rad != 0 {
          lines.append("    \(n).transform = CGAffineTransform(rotationAngle: \(item.angle_rad))")
        }
      }
      for (b, behavior) in scene.behaviors.enumerated() where behavior.start && measuresLength(b) {
        lines.append(
          "    // made again now that the items are placed: UIKit measures its length when it is made"
        )
        lines.append("    \(behaviorNames[b]) = Self.\(makerName(b))(\(makerArguments(b)))")
      }
      for (b, behavior) in scene.behaviors.enumerated() where behavior.start {
        if case .inertia = behavior.kind {
          lines.append(inertiaAddition(b, rule: nil))
        } else {
          lines.append("    add(\(behaviorNames[b]))  // \(QuotedString.quoted(behavior.id))")
        }
      }
      // Items with a body at t = 0: held by a UIKit behavior (drags, inertias and detents are
      // app code and make none; an inertia starts from the item's angular velocity itself).
      let heldAtStart = Set(
        scene.behaviors.filter { $0.start && !Self.isAppCode($0.kind) }.flatMap(\.items))
      for (i, item) in scene.items.enumerated()
      where heldAtStart.contains(item.id)
        && (item.velocity_pt_s != Point(0, 0) || item.angularVelocity_rad_s != 0)
      {
        let n = itemNames[i]
        lines.append(
          "    // item \"\(item.id)\" starts moving: its body's velocity at t = 0, given by a "
            + "behavior")
        lines.append(
          "    // that sets nothing else and leaves at once (the body keeps the velocity)")
        lines.append("    let \(n)Launch = UIDynamicItemBehavior(items: [\(n)])")
        lines.append("    animator.addBehavior(\(n)Launch)")
        if item.velocity_pt_s != Point(0, 0) {
          lines.append(
            "    \(n)Launch.addLinearVelocity(\(Self.point(item.velocity_pt_s)), for: \(n))")
        }
        if item.angularVelocity_rad_s != 0 {
          lines.append(
            "    \(n)Launch.addAngularVelocity(\(item.angularVelocity_rad_s), for: \(n))")
        }
        lines.append("    animator.removeBehavior(\(n)Launch)")
      }
      for (r, rule) in scene.rules.enumerated() {
        if case .time(let at) = rule.on {
          lines.append(
            "    DispatchQueue.main.asyncAfter(deadline: .now() + \(at)) { [weak self] in "
              + "self?.rule\(r + 1)() }")
        }
      }
      if hasKinematics {
        lines += [
          "    // the inertias and detents tick once per display frame",
          "    let link = CADisplayLink(target: self, selector: #selector(tick(_:)))",
          "    link.add(to: .main, forMode: .common)",
          "    displayLink = link",
        ]
      }
      lines.append("  }")
      return lines
    }

    /// Whether a behavior kind is FeelLab's app code rather than a UIKit class (no body).
    static func isAppCode(_ kind: BehaviorKind) -> Bool {
      switch kind {
      case .drag, .inertia, .detent, .scroll: true
      default: false
      }
    }

    func makerName(_ b: Int) -> String {
      let n = behaviorNames[b]
      return "make" + n.prefix(1).uppercased() + n.dropFirst()
    }

    /// The items (and groups) a behavior's maker takes.
    func makerItems(_ b: Int) -> [String] {
      var ids = scene.behaviors[b].items
      if case .attachment(let spec) = scene.behaviors[b].kind, case .item(let other) = spec.target {
        ids.append(other)
      }
      var seen: Set<String> = []
      return ids.filter { seen.insert($0).inserted }
    }

    func makerArguments(_ b: Int) -> String {
      makerItems(b).map { "\(itemName($0)): \(itemName($0))" }.joined(separator: ", ")
    }

    func maker(_ b: Int) -> [String] {
      let behavior = scene.behaviors[b]
      let items = makerItems(b).map(itemName)
      var parameters = makerItems(b).map { "\(itemName($0)): \(itemType($0))" }
        .joined(separator: ", ")
      let anchorSet = rebuiltWithAnchorSet(b)
      if anchorSet, case .attachment(let spec) = behavior.kind, case .anchor(let a) = spec.target {
        parameters += ", anchor: CGPoint = \(Self.point(a))"
      }
      let list = "[" + behavior.items.map(itemName).joined(separator: ", ") + "]"
      let type = Self.className(behavior.kind)
      var lines = [
        "  // behavior \(QuotedString.quoted(behavior.id))"
          + (behavior.start ? "" : " (added by a rule)")
      ]
      lines += standInComment(behavior)
      lines.append("  private static func \(makerName(b))(\(parameters)) -> \(type) {")
      switch behavior.kind {
      case .snap(let spec):
        lines.append(
          "    let b = UISnapBehavior(item: \(items[0]), snapTo: \(Self.point(spec.point_pt)))")
        lines.append("    b.damping = \(spec.damping)")
      case .push(let spec):
        lines.append("    let b = UIPushBehavior(items: \(list), mode: .\(spec.mode.rawValue))")
        lines.append("    b.angle = \(spec.angle_rad)")
        lines.append("    b.magnitude = \(spec.magnitude)")
        if spec.offset_pt != Point(0, 0) {
          for item in behavior.items.map(itemName) {
            lines.append(
              "    b.setTargetOffsetFromCenter(\(Self.offset(spec.offset_pt)), for: \(item))")
          }
        }
      case .gravity(let spec):
        lines.append("    let b = UIGravityBehavior(items: \(list))")
        lines.append("    b.angle = \(spec.angle_rad)")
        lines.append("    b.magnitude = \(spec.magnitude)")
      case .collision(let spec):
        lines.append("    let b = UICollisionBehavior(items: \(list))")
        if spec.mode != .everything {
          lines.append("    b.collisionMode = .\(spec.mode.rawValue)")
        }
        if spec.boundaries.isEmpty && !spec.referenceBounds {
          lines.append(
            "    // no boundary: the items collide with each other only (one alone, with nothing)")
        }
        lines += Self.boundaryLines(spec)
      case .attachment(let spec) where spec.kind != .distance:
        lines += kindAttachmentMaker(spec, items: items)
      case .attachment(let spec):
        switch spec.target {
        case .anchor(let anchor):
          lines.append(
            "    let b = UIAttachmentBehavior(item: \(items[0]), offsetFromCenter: "
              + "\(Self.offset(spec.offset_pt)), attachedToAnchor: "
              + "\(anchorSet ? "anchor" : Self.point(anchor)))")
        case .item(let other):
          lines.append(
            "    let b = UIAttachmentBehavior(item: \(items[0]), offsetFromCenter: "
              + "\(Self.offset(spec.offset_pt)), attachedTo: \(itemName(other)), "
              + "offsetFromCenter: \(Self.offset(spec.toOffset_pt)))")
        }
        if let length = spec.length_pt {
          lines.append("    b.length = \(length)")
        } else {
          lines.append("    // length: UIKit measures the current distance here, as the scene does")
        }
        lines.append("    b.frequency = \(spec.frequency_hz)")
        lines.append("    b.damping = \(spec.damping)")
      case .item(let spec):
        lines.append("    let b = UIDynamicItemBehavior(items: \(list))")
        lines += Self.itemPropertyLines(spec, of: "b")
      case .drag(let spec):
        lines += dragMaker(spec, item: items[0])
      case .inertia(let spec):
        lines += inertiaMaker(spec, item: items[0])
      case .detent(let spec):
        lines += detentMaker(spec, item: items[0])
      case .field(let spec):
        lines += fieldMaker(spec, items: behavior.items.map(itemName))
      case .scroll(let spec):
        lines += scrollMaker(spec, items: behavior.items.map(itemName))
      }
      lines.append("    return b")
      lines.append("  }")
      return lines
    }

    func rules() -> [String] {
      var lines = [
        "  // MARK: - Rules: removals first, then additions, as UIKit applies changes made during",
        "  // a step. Removing an absent behavior or adding a present one does nothing.",
        "",
      ]
      if hasKinematics {
        lines += kinematicAddRemove()
      } else {
        lines += [
          "  private func add(_ behavior: UIDynamicBehavior) {",
          "    if !animator.behaviors.contains(behavior) { animator.addBehavior(behavior) }",
          "  }",
          "",
          "  private func remove(_ behavior: UIDynamicBehavior) {",
          "    if animator.behaviors.contains(behavior) { animator.removeBehavior(behavior) }",
          "  }",
        ]
      }
      for (r, rule) in scene.rules.enumerated() {
        lines.append("")
        lines.append("  // rule \(r + 1): on \(Self.trigger(rule.on))")
        lines.append("  private func rule\(r + 1)() {")
        if let pick = rule.pick { lines += pickLines(pick) }
        lines += setLines(rule)
        for id in rule.remove {
          guard let b = behaviorIndex(id) else { continue }
          lines.append("    remove(\(behaviorNames[b]))  // \(QuotedString.quoted(id))")
        }
        for id in rule.add {
          guard let b = behaviorIndex(id) else { continue }
          if rebuiltWhenAdded(b) { lines += rebuildLines(b) }
          if case .inertia = scene.behaviors[b].kind {
            lines.append(inertiaAddition(b, rule: rule))
          } else {
            lines.append("    add(\(behaviorNames[b]))  // \(QuotedString.quoted(id))")
          }
        }
        if rule.releaseVelocity { lines += handOver(rule) }
        lines.append("  }")
      }
      lines += contactHandling()
      if hasPauseRules {
        lines += [
          "",
          "  func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {",
          "    guard !pauseRulesFired else { return }  // the scene's pause rules fire once",
          "    pauseRulesFired = true",
        ]
        for (r, rule) in scene.rules.enumerated() where rule.on == .pause {
          lines.append("    rule\(r + 1)()")
        }
        lines.append("  }")
      }
      return lines
    }

    static func className(_ kind: BehaviorKind) -> String {
      switch kind {
      case .snap: "UISnapBehavior"
      case .push: "UIPushBehavior"
      case .gravity: "UIGravityBehavior"
      case .collision: "UICollisionBehavior"
      case .attachment: "UIAttachmentBehavior"
      case .item: "UIDynamicItemBehavior"
      case .drag: "Drag"
      case .inertia: "Inertia"
      case .detent: "Detent"
      case .field: "UIFieldBehavior"
      case .scroll: "Scroll"
      }
    }

    static func point(_ p: Point) -> String { "CGPoint(x: \(p.x), y: \(p.y))" }

    /// An item behavior's properties the spec gives, as assignments to `name`.
    static func itemPropertyLines(_ spec: ItemPropertiesSpec, of name: String) -> [String] {
      var lines: [String] = []
      func assign(_ property: String, _ value: String?) {
        if let value { lines.append("    \(name).\(property) = \(value)") }
      }
      assign("elasticity", spec.elasticity.map { "\($0)" })
      assign("friction", spec.friction.map { "\($0)" })
      assign("density", spec.density.map { "\($0)" })
      assign("resistance", spec.resistance.map { "\($0)" })
      assign("angularResistance", spec.angularResistance.map { "\($0)" })
      assign("allowsRotation", spec.allowsRotation.map { "\($0)" })
      assign("isAnchored", spec.anchored.map { "\($0)" })
      assign("charge", spec.charge.map { "\($0)" })
      return lines
    }

    static func offset(_ p: Point) -> String { "UIOffset(horizontal: \(p.x), vertical: \(p.y))" }

    static func trigger(_ t: SceneRule.Trigger) -> String {
      switch t {
      case .contact(_, let item?): "contact with the item \(QuotedString.quoted(item))"
      case .contact(let boundary, nil):
        boundary.map { "contact with the boundary \(QuotedString.quoted($0))" }
          ?? "contact with any boundary"
      case .time(let at): "time \(at) s"
      case .pause: "pause"
      case .touch(let event, let touch, let within):
        touchTrigger(event, touch: touch, within: within)
      }
    }
  }
}
