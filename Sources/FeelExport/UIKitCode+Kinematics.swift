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
    var lines = [
      "  private func add(_ behavior: UIDynamicBehavior) {",
      "    if kinematicViews.contains(where: { isHeld($0) && uikitBehaviors(of: $0).contains(behavior) }) {",
      "      // its view is held by an inertia or a detent: it acts once they let go",
      "      if !suspended.contains(behavior) { suspended.append(behavior) }",
      "      return",
      "    }",
      "    if !animator.behaviors.contains(behavior) { animator.addBehavior(behavior) }",
      "  }",
      "",
      "  private func remove(_ behavior: UIDynamicBehavior) {",
      "    suspended.removeAll { $0 === behavior }",
      "    if animator.behaviors.contains(behavior) { animator.removeBehavior(behavior) }",
      "  }",
    ]
    if !inertiaBehaviors.isEmpty {
      lines += [
        "",
        "  /// Adds an inertia: its coast starts at `speed` (rad/s), clamped, unless a finger",
        "  /// drags its view or the speed is under its minimum.",
        "  private func add(_ inertia: Inertia, speed: CGFloat) {",
        "    guard !inertia.isAdded else { return }",
        "    inertia.isAdded = true",
        "    guard !isDragged(inertia.item), let v = inertia.startSpeed(speed) else { return }",
        "    yieldMotion(of: inertia.item)",
        "    hold(inertia.item)",
        "    inertia.speed = v",
        "  }",
        "",
        "  private func remove(_ inertia: Inertia) {",
        "    guard inertia.isAdded else { return }",
        "    inertia.isAdded = false",
        "    if inertia.speed != nil {",
        "      inertia.speed = nil",
        "      letGo(inertia.item)",
        "    }",
        "  }",
      ]
    }
    if !detentBehaviors.isEmpty {
      lines += [
        "",
        "  private func add(_ detent: Detent) {",
        "    detent.isAdded = true",
        "  }",
        "",
        "  private func remove(_ detent: Detent) {",
        "    guard detent.isAdded else { return }",
        "    detent.isAdded = false",
        "    if detent.target != nil {",
        "      detent.letGo()",
        "      letGo(detent.item)",
        "    }",
        "  }",
      ]
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
    lines += [
      "    return []",
      "  }",
      "",
      "  private func isHeld(_ view: UIView) -> Bool { (holds[ObjectIdentifier(view)] ?? 0) > 0 }",
      "",
      "  /// An inertia or detent takes `view`: its UIKit behaviors leave the animator.",
      "  private func hold(_ view: UIView) {",
      "    let id = ObjectIdentifier(view)",
      "    holds[id, default: 0] += 1",
      "    guard holds[id] == 1 else { return }",
      "    for behavior in uikitBehaviors(of: view) where animator.behaviors.contains(behavior) {",
      "      animator.removeBehavior(behavior)",
      "      suspended.append(behavior)",
      "    }",
      "  }",
      "",
      "  /// An inertia or detent lets go of `view`: once none holds it, its suspended behaviors",
      "  /// come back (a body at rest where the view stands).",
      "  private func letGo(_ view: UIView) {",
      "    let id = ObjectIdentifier(view)",
      "    holds[id] = max((holds[id] ?? 0) - 1, 0)",
      "    guard holds[id] == 0 else { return }",
      "    let back = uikitBehaviors(of: view).filter { b in suspended.contains { $0 === b } }",
      "    suspended.removeAll { b in back.contains { $0 === b } }",
      "    for behavior in back { animator.addBehavior(behavior) }",
      "  }",
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
    lines += [
      "  }",
      "",
      "  /// The view's angle (rad) from its transform.",
      "  private static func angle(of view: UIView) -> CGFloat {",
      "    atan2(view.transform.b, view.transform.a)",
      "  }",
      "",
      "  /// The view's angular speed (rad/s) and how far it would still turn if nothing but what",
      "  /// slows it acted (rad): a coast's v·dt / (1 − decay), a UIKit body's ω / c under its",
      "  /// angular resistance c, else 0.",
      "  private func angularMotion(of view: UIView, dt: CGFloat) -> (speed: CGFloat, remaining: CGFloat) {",
      "    for coast in inertias where coast.item === view {",
      "      if let v = coast.speed { return (v, v * dt / (1 - coast.decay)) }",
      "    }",
      "    for case let b as UIDynamicItemBehavior in animator.behaviors",
      "    where b.items.contains(where: { $0 === view }) {",
      "      let omega = b.angularVelocity(for: view)",
      "      let c = b.angularResistance",
      "      return (omega, c > 0 ? omega / c : 0)",
      "    }",
      "    return (0, 0)",
      "  }",
      "",
      "  /// Every coast and engaged detent of `view` ends where it stands (but `except`).",
      "  private func yieldMotion(of view: UIView, except: AnyObject? = nil) {",
      "    for coast in inertias where coast.item === view && coast !== except && coast.speed != nil {",
      "      coast.speed = nil",
      "      letGo(view)",
      "    }",
      "    for detent in detents where detent.item === view && detent !== except && detent.target != nil {",
      "      detent.letGo()",
      "      letGo(view)",
      "    }",
      "  }",
      "",
      "  /// `detent` takes its view towards rest angle `target` (rad) at `speed` (rad/s).",
      "  private func engage(_ detent: Detent, target: CGFloat, speed: CGFloat) {",
      "    if detent.target == nil { hold(detent.item) }",
      "    yieldMotion(of: detent.item, except: detent)",
      "    detent.engage(target: target, angle: Self.angle(of: detent.item), speed: speed)",
      "  }",
      "",
      "  /// One display frame: every coast turns its view and decays; then every detent whose",
      "  /// view no finger holds engages (the view turns slower than engageBelow: towards the rest",
      "  /// angle nearest where it would stop) or springs on.",
      "  @objc private func tick(_ link: CADisplayLink) {",
      "    let dt = CGFloat(link.targetTimestamp - link.timestamp)",
      "    for coast in inertias where coast.isAdded && coast.speed != nil {",
      "      if !coast.tick(dt: dt) { letGo(coast.item) }",
      "    }",
      "    for detent in detents where detent.isAdded && !waits(detent.item) {",
      "      guard detent.target == nil else {",
      "        detent.tick(dt: dt)",
      "        continue",
      "      }",
      "      let motion = angularMotion(of: detent.item, dt: dt)",
      "      guard abs(motion.speed) < detent.engageBelow else { continue }",
      "      let stop = Self.angle(of: detent.item) + motion.remaining",
      "      engage(detent, target: detent.restAngle(nearest: stop), speed: motion.speed)",
      "    }",
      "  }",
    ]
    if handlesTouches {
      lines += [
        "",
        "  /// A touch went down at `p`: on every view it hits (as the view stands, rotated), a",
        "  /// coast stops and the detents let go until the lift, as the app's touchesBegan does.",
        "  private func touchDownOnViews(_ touch: String, at p: CGPoint) {",
        "    for view in kinematicViews where view.bounds.contains(view.convert(p, from: animator.referenceView)) {",
        "      touched[touch, default: []].append(view)",
        "      yieldMotion(of: view)",
        "    }",
        "  }",
        "",
        "  /// A tap at `p` (after its rules): each detent of a view it went down on turns the tapped",
        "  /// label to the pointer, the shorter way round.",
        "  private func tapViews(_ touch: String, at p: CGPoint) {",
        "    for view in touched[touch] ?? [] {",
        "      for detent in detents where detent.isAdded && detent.item === view {",
        "        let c = view.center",
        "        guard p != c else { continue }",
        "        var turn = detent.pointerAngle - atan2(p.y - c.y, p.x - c.x)",
        "        turn = turn.truncatingRemainder(dividingBy: 2 * .pi)",
        "        if turn > .pi { turn -= 2 * .pi } else if turn <= -.pi { turn += 2 * .pi }",
        "        let target = detent.restAngle(nearest: Self.angle(of: view) + turn)",
        "        engage(detent, target: target, speed: 0)",
        "      }",
        "    }",
        "  }",
      ]
    }
    // Both classes, so that the helpers above compile whichever the scene has.
    lines += [""] + inertiaClass() + [""] + detentClass()
    return lines
  }

  /// The nested `Inertia` class.
  func inertiaClass() -> [String] {
    [
      "  /// FeelLab's `inertia`, the \"Click\" author's coast: each display frame, v′ = decay·v;",
      "  /// once |v′| ≤ stopSpeed the coast is over, else the view turns by v·dt and v becomes",
      "  /// v′. The start is clamped to ±maxSpeed; under minSpeed there is no coast (rad/s).",
      "  final class Inertia {",
      "    let item: UIView",
      "    let decay: CGFloat",
      "    let maxSpeed: CGFloat",
      "    let minSpeed: CGFloat",
      "    let stopSpeed: CGFloat",
      "    var isAdded = false",
      "    /// The coast's speed (rad/s) while it coasts.",
      "    var speed: CGFloat?",
      "    init(item: UIView, decay: CGFloat, maxSpeed: CGFloat, minSpeed: CGFloat, stopSpeed: CGFloat) {",
      "      self.item = item",
      "      self.decay = decay",
      "      self.maxSpeed = maxSpeed",
      "      self.minSpeed = minSpeed",
      "      self.stopSpeed = stopSpeed",
      "    }",
      "    /// The speed a coast from `omega` starts at: clamped; nil under the minimum.",
      "    func startSpeed(_ omega: CGFloat) -> CGFloat? {",
      "      let v = min(max(omega, -maxSpeed), maxSpeed)",
      "      return abs(v) >= minSpeed && v != 0 ? v : nil",
      "    }",
      "    /// One display frame of `dt` seconds; false once the coast is over.",
      "    func tick(dt: CGFloat) -> Bool {",
      "      guard let v = speed else { return false }",
      "      let next = decay * v",
      "      if abs(next) <= stopSpeed {",
      "        speed = nil",
      "        return false",
      "      }",
      "      item.transform = item.transform.rotated(by: v * dt)",
      "      speed = next",
      "      return true",
      "    }",
      "  }",
    ]
  }

  /// The nested `Detent` class: the exact damped spring of docs/tempo-dial.md.
  func detentClass() -> [String] {
    [
      "  /// FeelLab's `detent`: a damped rotational spring (frequency Hz, damping ratio) solved",
      "  /// exactly over each frame, from the view's angle and speed when it engages to a rest",
      "  /// angle phase + 2πk/count (rad); it lands exactly on it once the spring's amplitude",
      "  /// √(x² + (v/ω)²) is within \(DetentSpec.landingAmplitude_rad) rad, and holds the "
        + "view there.",
      "  final class Detent {",
      "    let item: UIView",
      "    let count: Int",
      "    let phase: CGFloat",
      "    let frequency: CGFloat",
      "    let damping: CGFloat",
      "    let engageBelow: CGFloat",
      "    var isAdded = false",
      "    /// The rest angle it springs to (rad), nil while it watches; x the angle from it (rad),",
      "    /// v the angular velocity (rad/s).",
      "    var target: CGFloat?",
      "    var x: CGFloat = 0",
      "    var v: CGFloat = 0",
      "    init(",
      "      item: UIView, count: Int, phase: CGFloat, frequency: CGFloat, damping: CGFloat,",
      "      engageBelow: CGFloat",
      "    ) {",
      "      self.item = item",
      "      self.count = count",
      "      self.phase = phase",
      "      self.frequency = frequency",
      "      self.damping = damping",
      "      self.engageBelow = engageBelow",
      "    }",
      "    /// The pointer's screen angle about the view's centre (rad): phase + π.",
      "    var pointerAngle: CGFloat { phase + .pi }",
      "    /// The rest angle nearest `angle` (rad).",
      "    func restAngle(nearest angle: CGFloat) -> CGFloat {",
      "      let spacing = 2 * .pi / CGFloat(count)",
      "      return phase + ((angle - phase) / spacing + 0.5).rounded(.down) * spacing",
      "    }",
      "    func engage(target: CGFloat, angle: CGFloat, speed: CGFloat) {",
      "      self.target = target",
      "      x = angle - target",
      "      v = speed",
      "      place()",
      "    }",
      "    func letGo() {",
      "      target = nil",
      "      x = 0",
      "      v = 0",
      "    }",
      "    /// One display frame of `dt` seconds: x″ + 2ζωx′ + ω²x = 0, exactly.",
      "    func tick(dt: CGFloat) {",
      "      guard target != nil, x != 0 || v != 0 else { return }",
      "      let w = 2 * .pi * frequency",
      "      let a = damping * w",
      "      let e = exp(-a * dt)",
      "      let c: CGFloat",
      "      let s: CGFloat",
      "      if damping < 1 {",
      "        let wd = w * (1 - damping * damping).squareRoot()",
      "        c = e * cos(wd * dt)",
      "        s = e * sin(wd * dt) / wd",
      "      } else if damping == 1 {",
      "        c = e",
      "        s = dt * e",
      "      } else {",
      "        let wh = w * (damping * damping - 1).squareRoot()",
      "        c = e * cosh(wh * dt)",
      "        s = e * sinh(wh * dt) / wh",
      "      }",
      "      (x, v) = (c * x + s * (v + a * x), c * v - s * (w * w * x + a * v))",
      "      place()",
      "    }",
      "    /// Turns the view to target + x, landing it on the target once close enough.",
      "    private func place() {",
      "      guard let target else { return }",
      "      let w = 2 * .pi * frequency",
      "      if (x * x + (v / w) * (v / w)).squareRoot() <= \(DetentSpec.landingAmplitude_rad) {",
      "        x = 0",
      "        v = 0",
      "      }",
      "      item.transform = CGAffineTransform(rotationAngle: target + x)",
      "    }",
      "  }",
    ]
  }

  /// The touch handling of a scene with inertias or detents: the release also carries the
  /// author's estimate (the drag's last step over its interval, 0 after a rest of
  /// `InertiaSpec.restReset_s`); a touch-down on a view stops its coast and holds its
  /// detents until the lift; a tap turns the tapped label to the pointer; a follow or rotate
  /// drag taking a view ends its coast and detent approach.
  func withKinematicHooks(_ lines: [String]) -> [String] {
    let restReset = InertiaSpec.restReset_s
    var out: [String] = []
    for line in lines {
      switch line {
      case "  private var release = (velocity: CGPoint.zero, omega: CGFloat(0))":
        out += [
          "  /// … and the author's estimate: the drag's last step over its interval (rad/s).",
          "  private var release = (velocity: CGPoint.zero, omega: CGFloat(0), lastStepOmega: CGFloat(0))",
        ]
      case "    touchEvent(.touchDown, touch)":
        out += ["    touchDownOnViews(touch, at: p)", line]
      case "      var omega: CGFloat = 0":
        out += [line, "      var lastStep: CGFloat = 0"]
      case "          omega = Self.slope(drag.turns, window: velocityWindow)":
        out += [
          line,
          "          // the author's estimator: the last step, none after a \(restReset) s rest",
          "          if drag.turns.count >= 2 {",
          "            let (t1, a1) = drag.turns[drag.turns.count - 1]",
          "            let (t0, a0) = drag.turns[drag.turns.count - 2]",
          "            let dt = t1 - t0",
          "            lastStep = dt > 0 && dt < \(restReset) ? (a1 - a0) / CGFloat(dt) : 0",
          "          }",
        ]
      case "      release = (v, omega)":
        out.append("      release = (v, omega, lastStep)")
      case "      touchEvent(.tap, touch)":
        out += [line, "      tapViews(touch, at: tracker.down)"]
      case "    touchEvent(.touchUp, touch)":
        out += [line, "    touched[touch] = nil"]
      case "    drag.origin = origin":
        out += [
          line,
          "    if case .attachment = drag.mode {} else { yieldMotion(of: drag.item) }",
        ]
      default:
        out.append(line)
      }
    }
    return out
  }
}
