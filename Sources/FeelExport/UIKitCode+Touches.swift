import FeelScene

/// The touch half of `feel export --to uikit`: a scene's fingers become the app's touch
/// handling (docs/touches.md). The generated class gets `touchBegan`/`touchMoved`/`touchEnded`,
/// to be called from the reference view's `touchesBegan`/`Moved`/`Ended`; they run FeelLab's
/// recognizer (slop, hold, release velocity by least squares) with the scene's constants, fire
/// the scene's touch rules, and move the items of `drag` behaviors (FeelLab's, not UIKit's: a
/// nested `Drag` class) as the simulation does: follow, rotate, or a `UIAttachmentBehavior`
/// whose anchor follows the finger.
extension UIKitCode.Writer {
  /// Names the generated touch code uses, kept from items and behaviors.
  static let touchNames: Set<String> = [
    "Drag", "TouchEvent", "Tracker", "trackers", "release", "catchingUp", "drags", "slop",
    "holdTime", "velocityWindow", "touchBegan", "touchMoved", "touchEnded", "holdFired",
    "touchEvent", "take", "move", "handOver", "slope", "within", "hitItem", "touchItems",
    "ruleTouch", "banded",
  ]

  /// Whether the app needs FeelLab's touch handling: drags, touch rules, or fingers an inertia
  /// or detent reacts to. A scroll's finger is UIScrollView's in the app (the handler is given
  /// its location), so a list whose fingers only scroll gets none.
  var handlesTouches: Bool {
    scene.behaviors.contains { if case .drag = $0.kind { true } else { false } }
      || scene.rules.contains { if case .touch = $0.on { true } else { false } }
      || (!scene.touches.isEmpty && hasKinematics)
  }

  /// The touch a handler call is about when the app does not say: the scene's first.
  var defaultTouch: String { scene.touches.first?.id ?? "finger" }

  /// Indices of the scene's drag behaviors.
  var dragBehaviors: [Int] {
    scene.behaviors.indices.filter {
      if case .drag = scene.behaviors[$0].kind { true } else { false }
    }
  }

  /// Whether gestures belong to items (a drag without `touch`, a touch rule with `item`): the
  /// touch handler then hit-tests each touch-down.
  var hasItemGestures: Bool {
    scene.behaviors.contains { if case .drag(let s) = $0.kind { s.isItemGesture } else { false } }
      || scene.rules.contains { $0.touchItem != nil }
  }

  /// The lines of a drag behavior's maker after its `let b =`.
  func dragMaker(_ spec: DragSpec, item: String) -> [String] {
    let touch = spec.touch.map { QuotedString.quoted($0) } ?? "nil"
    let mode: String
    switch spec.mode {
    case .follow(let axis) where !spec.limits.isEmpty:
      let l = spec.limits
      let size =
        l.rubberBandDimension_pt.map { Point($0, $0) } ?? scene.referenceSize_pt
        ?? scene.items.first { itemName($0.id) == item }?.size_pt ?? Point(0, 0)
      func range(_ i: DragLimits.Interval?) -> String {
        i.map { "\($0.min_pt)...\($0.max_pt)" } ?? "nil"
      }
      mode =
        ".follow(axis: .\(axis.rawValue), limits: Drag.Limits(x: \(range(l.x_pt)), "
        + "y: \(range(l.y_pt)), rubberBand: \(l.rubberBand), "
        + "dimension: CGSize(width: \(size.x), height: \(size.y))))"
    case .follow(let axis):
      mode = ".follow(axis: .\(axis.rawValue))"
    case .attachment(let frequency, let damping):
      mode = ".attachment(frequency: \(frequency), damping: \(damping))"
    case .rotate(let pivot, let deadZone):
      let p = pivot.map(Self.point) ?? "nil"
      mode = ".rotate(pivot: \(p), deadZone: \(deadZone))"
    }
    return ["    let b = Drag(item: \(item), touch: \(touch), mode: \(mode))"]
  }

  /// A drag-ended rule that picks its snap's point at the release (`nearest`): the app sets
  /// `snapPoint` (iOS 9) to the candidate nearest where the flick would carry the item (its
  /// centre projected by the release velocity), before the rule's removals and additions.
  func pickLines(_ pick: SnapPick) -> [String] {
    guard let b = behaviorIndex(pick.snap), let item = scene.behaviors[b].items.first else {
      return []
    }
    let candidates = pick.candidates_pt.map(Self.point).joined(separator: ", ")
    return [
      "    // the snap \(QuotedString.quoted(pick.snap)) to the nearest candidate from where the "
        + "release would carry \(QuotedString.quoted(item))",
      "    // (its centre projected by the release velocity at \(pick.decelerationRate) per ms: "
        + "UIScrollView.DecelerationRate.normal is 0.998)",
      "    \(behaviorNames[b]).snapPoint = Self.nearest(",
      "      to: Self.project(\(itemName(item)).center, velocity: release.velocity, "
        + "decelerationRate: \(pick.decelerationRate)),",
      "      among: [\(candidates)])",
    ]
  }

  /// The app's two helpers for a target picked at the release (WWDC 2018's "Designing Fluid
  /// Interfaces"): where a decelerating flick ends, and the nearest candidate (the first of
  /// equally near ones).
  static var pickHelpers: [String] { [""] + UIKitRuntime.touches("pickHelpers") }

  /// A drag-ended rule with `release_velocity = true`: the items of the behaviors it adds start
  /// with the finger's release velocity, as an app's addLinearVelocity on release.
  func handOver(_ rule: SceneRule) -> [String] {
    var ids: [String] = []
    for id in rule.add {
      guard let b = behaviorIndex(id) else { continue }
      // drags, inertias and detents make no body: an inertia takes its own start speed
      if Self.isAppCode(scene.behaviors[b].kind) { continue }
      for item in scene.behaviors[b].items where !ids.contains(item) { ids.append(item) }
    }
    guard !ids.isEmpty else { return [] }
    return [
      "    // release_velocity: the bodies made here start with the finger's release velocity",
      "    handOver(to: [\(ids.map(itemName).joined(separator: ", "))])",
    ]
  }

  static func touchTrigger(_ event: TouchEventKind, touch: String?, within: TouchRegion?)
    -> String
  {
    var text = "touch \(event.rawValue)"
    if let touch { text += " of \(QuotedString.quoted(touch))" }
    if let r = within {
      text +=
        " within [[\(ExportNumber.plain(r.min_pt.x)), \(ExportNumber.plain(r.min_pt.y))], "
        + "[\(ExportNumber.plain(r.max_pt.x)), \(ExportNumber.plain(r.max_pt.y))]]"
    }
    return text
  }

  static func eventCase(_ event: TouchEventKind) -> String {
    switch event {
    case .touchDown: "touchDown"
    case .dragBegan: "dragBegan"
    case .hold: "hold"
    case .tap: "tap"
    case .dragEnded: "dragEnded"
    case .touchUp: "touchUp"
    }
  }

  /// The recognizer, the rules' dispatch and the drags, as members of the generated class.
  func touchHandling() -> [String] {
    let r = scene.recognizer
    let touch = QuotedString.quoted(defaultTouch)
    var lines = [
      "  // MARK: - Touches (FeelLab's recognizer and drags, docs/touches.md). Call these from the",
      "  // reference view's touchesBegan/Moved/Ended with each touch's location in the reference",
      "  // view and its timestamp; `touch` names the finger as the scene does.",
      "",
      "  /// A touch that moves farther than this from where it went down is a drag (pt).",
      "  let slop: CGFloat = \(r.slop_pt)",
      "  /// A touch down this long without a drag is a hold (s).",
      "  let holdTime: TimeInterval = \(r.hold_s)",
      "  /// The release velocity is fitted over the samples of this last window (s).",
      "  let velocityWindow: TimeInterval = \(r.velocityWindow_s)",
      "",
    ]
    // The fixed runtime around the lists the scene decides.
    let drags = dragBehaviors.map { behaviorNames[$0] }.joined(separator: ", ")
    let items = scene.items.map { itemName($0.id) }.joined(separator: ", ")
    // The runtime's hooks: an inertia's or detent's lines where the touches meet them.
    let hooks = hasKinematics ? kinematicHooks : [:]
    lines += UIKitRuntime.touches("trackers", defaultTouch: touch, hooks: hooks)
    lines += [
      "", "  /// The scene's drag behaviors.", "  private var drags: [Drag] { [\(drags)] }", "",
    ]
    lines += UIKitRuntime.touches("touchBegan", defaultTouch: touch, hooks: hooks)
    lines += ["", "  /// The scene's items, bottom to top (the file's order)."]
    lines += ["  private var touchItems: [UIView] { [\(items)] }", ""]
    lines += UIKitRuntime.touches("pan", defaultTouch: touch, hooks: hooks)
    lines += [
      "",
      "  /// The scene's touch rules, in file order.",
      "  private func touchEvent(_ event: TouchEvent, _ touch: String) {",
      "    guard let down = trackers[touch]?.down else { return }",
      "    ruleTouch = touch",
      "    defer { ruleTouch = nil }",
    ]
    var any = false
    for (r, rule) in scene.rules.enumerated() {
      guard case .touch(let event, let only, let within) = rule.on else { continue }
      var condition = "event == .\(Self.eventCase(event))"
      if let only { condition += " && touch == \(QuotedString.quoted(only))" }
      if let w = within {
        condition +=
          " && Self.within(down, \(w.min_pt.x), \(w.min_pt.y), \(w.max_pt.x), \(w.max_pt.y))"
      }
      if let item = rule.touchItem {
        condition += " && trackers[touch]?.onItem === \(itemName(item))"
      }
      lines.append("    if \(condition) { rule\(r + 1)() }")
      any = true
    }
    if !any { lines.append("    _ = (event, down)  // the scene has no touch rule") }
    lines += ["  }", ""] + UIKitRuntime.touches("drags", defaultTouch: touch, hooks: hooks)
    return lines
  }
}
