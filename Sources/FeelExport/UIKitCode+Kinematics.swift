import FeelScene

/// The kinematic half of `feel export --to uikit`: FeelLab's `inertia` and `detent` behaviors
/// (docs/scene-format.md) are app code, not UIKit classes, so they become nested `Inertia` and
/// `Detent` classes that a `CADisplayLink` ticks once per display frame, as the "Click" author's
/// demo drives its coast (docs/export.md, "`--to uikit`"). While one of them moves its view, the
/// view's UIKit behaviors leave the animator (the scene suspends them: the item has no body) and
/// come back when it lets go; a touch that goes down on the view stops its coast and makes its
/// detents wait for the lift, and a tap turns the tapped label to the pointer.
extension UIKitCode.Writer {
  /// Names the generated kinematic code uses, kept from items and behaviors.
  static let kinematicNames: Set<String> = [
    "Inertia", "Detent", "displayLink", "inertias", "detents", "kinematicViews", "holds",
    "suspended", "touched", "hold", "letGo", "isHeld", "uikitBehaviors", "angularMotion",
    "engage", "tick", "yieldMotion", "touchDownOnViews", "tapViews", "waits", "isDragged",
    "angle", "stop",
  ]

  /// Indices of the scene's inertia behaviors.
  var inertiaBehaviors: [Int] {
    scene.behaviors.indices.filter {
      if case .inertia = scene.behaviors[$0].kind { true } else { false }
    }
  }

  /// Indices of the scene's detent behaviors.
  var detentBehaviors: [Int] {
    scene.behaviors.indices.filter {
      if case .detent = scene.behaviors[$0].kind { true } else { false }
    }
  }

  /// Whether the scene has inertia or detent behaviors.
  var hasKinematics: Bool { !inertiaBehaviors.isEmpty || !detentBehaviors.isEmpty }

  /// The items an inertia or detent moves, in scene order.
  var kinematicItems: [String] {
    let ids = Set((inertiaBehaviors + detentBehaviors).flatMap { scene.behaviors[$0].items })
    return scene.items.map(\.id).filter(ids.contains)
  }

  /// The lines of an inertia's maker after its comment line.
  func inertiaMaker(_ spec: InertiaSpec, item: String) -> [String] {
    let source =
      spec.estimator == .author
      ? "the author's estimate (the drag's last step over its interval)"
      : "the recognizer's release velocity"
    return [
      "    // FeelLab's inertia, app code: each display frame the view turns by v / frame rate and",
      "    // v is multiplied by the decay (docs/scene-format.md). Started by a release-velocity",
      "    // rule with \(source).",
      "    let b = Inertia(",
      "      item: \(item), decay: \(spec.decay), maxSpeed: \(spec.maxSpeed_rad_s), "
        + "minSpeed: \(spec.minSpeed_rad_s),",
      "      stopSpeed: \(spec.stopSpeed_rad_s))",
    ]
  }

  /// The lines of a detent's maker after its comment line.
  func detentMaker(_ spec: DetentSpec, item: String) -> [String] {
    [
      "    // FeelLab's detent, app code: once the view turns slower than engageBelow it springs",
      "    // to the nearest of count rest angles, phase + 2πk/count (docs/scene-format.md).",
      "    let b = Detent(",
      "      item: \(item), count: \(spec.count), phase: \(spec.phase_rad), "
        + "frequency: \(spec.frequency_hz),",
      "      damping: \(spec.damping), engageBelow: \(spec.engageBelow_rad_s))",
    ]
  }

  /// The line adding inertia `b` (at t = 0 when `rule` is nil): its coast starts from the
  /// item's angular velocity as written (t = 0), the release a release-velocity rule hands
  /// over (its estimator's), or the view's speed now.
  func inertiaAddition(_ b: Int, rule: SceneRule?) -> String {
    let behavior = scene.behaviors[b]
    guard case .inertia(let spec) = behavior.kind else { return "" }
    let item = itemName(behavior.items[0])
    let speed: String
    if let rule {
      if rule.releaseVelocity {
        speed = spec.estimator == .author ? "release.lastStepOmega" : "release.omega"
      } else {
        speed = "angularMotion(of: \(item), dt: 0).speed"
      }
    } else {
      let omega = scene.items.first { $0.id == behavior.items[0] }?.angularVelocity_rad_s ?? 0
      speed = "\(omega)"
    }
    return "    add(\(behaviorNames[b]), speed: \(speed))  // \(QuotedString.quoted(behavior.id))"
  }

  /// The UIKit behaviors of the scene that act on item `id` (not drags, inertias or detents):
  /// suspended while an inertia or detent moves it.
  func uikitBehaviors(of id: String) -> [Int] {
    scene.behaviors.indices.filter { b in
      switch scene.behaviors[b].kind {
      case .drag, .inertia, .detent: return false
      case .attachment(let spec):
        if case .item(let other) = spec.target, other == id { return true }
        return scene.behaviors[b].items.contains(id)
      default: return scene.behaviors[b].items.contains(id)
      }
    }
  }

  /// `add`/`remove` for a scene with inertias or detents: a UIKit behavior of a view they hold
  /// waits, suspended, until they let go; adding an inertia starts its coast.
  func kinematicAddRemove() -> [String] {
    var lines = UIKitRuntime.kinematics("behaviorAddRemove")
    if !inertiaBehaviors.isEmpty {
      lines += [""] + UIKitRuntime.kinematics("inertiaAddRemove")
    }
    if !detentBehaviors.isEmpty {
      lines += [""] + UIKitRuntime.kinematics("detentAddRemove")
    }
    return lines
  }

  /// The members that run inertias and detents: the display link, the holds, the nested
  /// classes.
  func kinematicsHandling() -> [String] {
    let inertias = inertiaBehaviors.map { behaviorNames[$0] }.joined(separator: ", ")
    let detents = detentBehaviors.map { behaviorNames[$0] }.joined(separator: ", ")
    let views = kinematicItems.map(itemName).joined(separator: ", ")
    var lines = [
      "  // MARK: - Inertia and detent (FeelLab's behaviors, app code: docs/scene-format.md). A",
      "  // display link ticks them once per display frame, after UIKit's step. While one moves its",
      "  // view, the view's UIKit behaviors leave the animator (it has no body) and come back",
      "  // when it lets go.",
      "",
      "  private var inertias: [Inertia] { [\(inertias)] }",
      "  private var detents: [Detent] { [\(detents)] }",
      "  /// The views they move.",
      "  private var kinematicViews: [UIView] { [\(views)] }",
      "  private var displayLink: CADisplayLink?",
      "  /// How many inertias and detents hold each view (it has no body while one does).",
      "  private var holds: [ObjectIdentifier: Int] = [:]",
      "  /// UIKit behaviors taken out of the animator while their view is held.",
      "  private var suspended: [UIDynamicBehavior] = []",
    ]
    if handlesTouches {
      lines += [
        "  /// The views each touch went down on: their detents wait until it lifts.",
        "  private var touched: [String: [UIView]] = [:]",
      ]
    }
    lines += [
      "",
      "  /// Stops the display link (call it when the control goes away).",
      "  func stop() {",
      "    displayLink?.invalidate()",
      "    displayLink = nil",
      "  }",
      "",
      "  /// The scene's UIKit behaviors acting on `view`.",
      "  private func uikitBehaviors(of view: UIView) -> [UIDynamicBehavior] {",
    ]
    var any = false
    for id in kinematicItems {
      let list = uikitBehaviors(of: id).map { behaviorNames[$0] }
      guard !list.isEmpty else { continue }
      lines.append("    if view === \(itemName(id)) { return [\(list.joined(separator: ", "))] }")
      any = true
    }
    if !any { lines.append("    _ = view  // none acts on a view an inertia or detent moves") }
    lines += ["    return []", "  }", ""] + UIKitRuntime.kinematics("holds")
    lines += [
      "",
      "  /// Whether a drag moves `view` (no coast starts then).",
      "  private func isDragged(_ view: UIView) -> Bool {",
    ]
    if handlesTouches {
      lines += [
        "    drags.contains { $0.isAdded && $0.item === view }",
        "  }",
        "",
        "  /// Whether a finger holds `view`: a drag moves it, or a touch went down on it and is",
        "  /// still down (its detents wait).",
        "  private func waits(_ view: UIView) -> Bool {",
        "    isDragged(view) || touched.values.contains { views in views.contains { $0 === view } }",
      ]
    } else {
      lines += [
        "    _ = view  // the scene has no finger",
        "    return false",
        "  }",
        "",
        "  /// Whether a finger holds `view` (its detents wait): the scene has none.",
        "  private func waits(_ view: UIView) -> Bool {",
        "    isDragged(view)",
      ]
    }
    lines += ["  }", ""] + UIKitRuntime.kinematics("motion")
    if handlesTouches {
      lines += [""] + UIKitRuntime.kinematics("touchViews")
    }
    // Both classes, so that the helpers above compile whichever the scene has.
    lines += [""] + UIKitRuntime.kinematics("Inertia") + [""] + UIKitRuntime.kinematics("Detent")
    return lines
  }

  /// The touch handling of a scene with inertias or detents, as lines for the touch runtime's
  /// hooks (UIKitRuntime/Touches.swift): the release also carries the author's estimate (the
  /// drag's last step over its interval, 0 after a rest of `InertiaSpec.restReset_s`); a
  /// touch-down on a view stops its coast and holds its detents until the lift; a tap turns the
  /// tapped label to the pointer; a follow or rotate drag taking a view ends its coast and
  /// detent approach.
  var kinematicHooks: [String: [String]] {
    let restReset = InertiaSpec.restReset_s
    return [
      "release": [
        "  /// … and the author's estimate: the drag's last step over its interval (rad/s).",
        "  private var release = (velocity: CGPoint.zero, omega: CGFloat(0), lastStepOmega: CGFloat(0))",
      ],
      "touchDown": ["    touchDownOnViews(touch, at: p)"],
      "releaseEstimate": ["      var lastStep: CGFloat = 0"],
      "rotateReleased": [
        "          // the author's estimator: the last step, none after a \(restReset) s rest",
        "          if drag.turns.count >= 2 {",
        "            let (t1, a1) = drag.turns[drag.turns.count - 1]",
        "            let (t0, a0) = drag.turns[drag.turns.count - 2]",
        "            let dt = t1 - t0",
        "            lastStep = dt > 0 && dt < \(restReset) ? (a1 - a0) / CGFloat(dt) : 0",
        "          }",
      ],
      "releaseSet": ["      release = (v, omega, lastStep)"],
      "tap": ["      tapViews(touch, at: tracker.down)"],
      "touchUp": ["    touched[touch] = nil"],
      "take": ["    if case .attachment = drag.mode {} else { yieldMotion(of: drag.item) }"],
    ]
  }
}
