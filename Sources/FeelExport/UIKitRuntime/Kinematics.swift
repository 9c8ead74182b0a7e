// swift-format-ignore-file
// The fixed runtime of `feel export --to uikit` for FeelLab's inertia and detent behaviors
// (docs/uikit-code.md): members of the generated class that read the same for every scene. The
// generator copies each section (from its `// section:` line to the next) into its output as it
// stands here, `landingAmplitude_rad` replaced by DetentSpec.landingAmplitude_rad; it writes
// only what the scene decides (UIKitCode+Kinematics.swift). UIKitRuntimeTests compiles this file
// against Tests/UIKitStub with a stand-in for those scene-decided members.
import UIKit

extension KinematicsRuntime {
// section: behaviorAddRemove
  private func add(_ behavior: UIDynamicBehavior) {
    if kinematicViews.contains(where: { isHeld($0) && uikitBehaviors(of: $0).contains(behavior) }) {
      // its view is held by an inertia or a detent: it acts once they let go
      if !suspended.contains(behavior) { suspended.append(behavior) }
      return
    }
    if !animator.behaviors.contains(behavior) { animator.addBehavior(behavior) }
  }

  private func remove(_ behavior: UIDynamicBehavior) {
    suspended.removeAll { $0 === behavior }
    if animator.behaviors.contains(behavior) { animator.removeBehavior(behavior) }
  }
// section: inertiaAddRemove
  /// Adds an inertia: its coast starts at `speed` (rad/s), clamped, unless a finger
  /// drags its view or the speed is under its minimum.
  private func add(_ inertia: Inertia, speed: CGFloat) {
    guard !inertia.isAdded else { return }
    inertia.isAdded = true
    guard !isDragged(inertia.item), let v = inertia.startSpeed(speed) else { return }
    yieldMotion(of: inertia.item)
    hold(inertia.item)
    inertia.speed = v
  }

  private func remove(_ inertia: Inertia) {
    guard inertia.isAdded else { return }
    inertia.isAdded = false
    if inertia.speed != nil {
      inertia.speed = nil
      letGo(inertia.item)
    }
  }
// section: detentAddRemove
  private func add(_ detent: Detent) {
    detent.isAdded = true
  }

  private func remove(_ detent: Detent) {
    guard detent.isAdded else { return }
    detent.isAdded = false
    if detent.target != nil {
      detent.letGo()
      letGo(detent.item)
    }
  }
// section: holds
  private func isHeld(_ view: UIView) -> Bool { (holds[ObjectIdentifier(view)] ?? 0) > 0 }

  /// An inertia or detent takes `view`: its UIKit behaviors leave the animator.
  private func hold(_ view: UIView) {
    let id = ObjectIdentifier(view)
    holds[id, default: 0] += 1
    guard holds[id] == 1 else { return }
    for behavior in uikitBehaviors(of: view) where animator.behaviors.contains(behavior) {
      animator.removeBehavior(behavior)
      suspended.append(behavior)
    }
  }

  /// An inertia or detent lets go of `view`: once none holds it, its suspended behaviors
  /// come back (a body at rest where the view stands).
  private func letGo(_ view: UIView) {
    let id = ObjectIdentifier(view)
    holds[id] = max((holds[id] ?? 0) - 1, 0)
    guard holds[id] == 0 else { return }
    let back = uikitBehaviors(of: view).filter { b in suspended.contains { $0 === b } }
    suspended.removeAll { b in back.contains { $0 === b } }
    for behavior in back { animator.addBehavior(behavior) }
  }
// section: motion
  /// The view's angle (rad) from its transform.
  private static func angle(of view: UIView) -> CGFloat {
    atan2(view.transform.b, view.transform.a)
  }

  /// The view's angular speed (rad/s) and how far it would still turn if nothing but what
  /// slows it acted (rad): a coast's v·dt / (1 − decay), a UIKit body's ω / c under its
  /// angular resistance c, else 0.
  private func angularMotion(of view: UIView, dt: CGFloat) -> (speed: CGFloat, remaining: CGFloat) {
    for coast in inertias where coast.item === view {
      if let v = coast.speed { return (v, v * dt / (1 - coast.decay)) }
    }
    for case let b as UIDynamicItemBehavior in animator.behaviors
    where b.items.contains(where: { $0 === view }) {
      let omega = b.angularVelocity(for: view)
      let c = b.angularResistance
      return (omega, c > 0 ? omega / c : 0)
    }
    return (0, 0)
  }

  /// Every coast and engaged detent of `view` ends where it stands (but `except`).
  private func yieldMotion(of view: UIView, except: AnyObject? = nil) {
    for coast in inertias where coast.item === view && coast !== except && coast.speed != nil {
      coast.speed = nil
      letGo(view)
    }
    for detent in detents where detent.item === view && detent !== except && detent.target != nil {
      detent.letGo()
      letGo(view)
    }
  }

  /// `detent` takes its view towards rest angle `target` (rad) at `speed` (rad/s).
  private func engage(_ detent: Detent, target: CGFloat, speed: CGFloat) {
    if detent.target == nil { hold(detent.item) }
    yieldMotion(of: detent.item, except: detent)
    detent.engage(target: target, angle: Self.angle(of: detent.item), speed: speed)
  }

  /// One display frame: every coast turns its view and decays; then every detent whose
  /// view no finger holds engages (the view turns slower than engageBelow: towards the rest
  /// angle nearest where it would stop) or springs on.
  @objc private func tick(_ link: CADisplayLink) {
    let dt = CGFloat(link.targetTimestamp - link.timestamp)
    for coast in inertias where coast.isAdded && coast.speed != nil {
      if !coast.tick(dt: dt) { letGo(coast.item) }
    }
    for detent in detents where detent.isAdded && !waits(detent.item) {
      guard detent.target == nil else {
        detent.tick(dt: dt)
        continue
      }
      let motion = angularMotion(of: detent.item, dt: dt)
      guard abs(motion.speed) < detent.engageBelow else { continue }
      let stop = Self.angle(of: detent.item) + motion.remaining
      engage(detent, target: detent.restAngle(nearest: stop), speed: motion.speed)
    }
  }
// section: touchViews
  /// A touch went down at `p`: on every view it hits (as the view stands, rotated), a
  /// coast stops and the detents let go until the lift, as the app's touchesBegan does.
  private func touchDownOnViews(_ touch: String, at p: CGPoint) {
    for view in kinematicViews where view.bounds.contains(view.convert(p, from: animator.referenceView)) {
      touched[touch, default: []].append(view)
      yieldMotion(of: view)
    }
  }

  /// A tap at `p` (after its rules): each detent of a view it went down on turns the tapped
  /// label to the pointer, the shorter way round.
  private func tapViews(_ touch: String, at p: CGPoint) {
    for view in touched[touch] ?? [] {
      for detent in detents where detent.isAdded && detent.item === view {
        let c = view.center
        guard p != c else { continue }
        var turn = detent.pointerAngle - atan2(p.y - c.y, p.x - c.x)
        turn = turn.truncatingRemainder(dividingBy: 2 * .pi)
        if turn > .pi { turn -= 2 * .pi } else if turn <= -.pi { turn += 2 * .pi }
        let target = detent.restAngle(nearest: Self.angle(of: view) + turn)
        engage(detent, target: target, speed: 0)
      }
    }
  }
// section: Inertia
  /// FeelLab's `inertia`, the "Click" author's coast: each display frame, v′ = decay·v;
  /// once |v′| ≤ stopSpeed the coast is over, else the view turns by v·dt and v becomes
  /// v′. The start is clamped to ±maxSpeed; under minSpeed there is no coast (rad/s).
  final class Inertia {
    let item: UIView
    let decay: CGFloat
    let maxSpeed: CGFloat
    let minSpeed: CGFloat
    let stopSpeed: CGFloat
    var isAdded = false
    /// The coast's speed (rad/s) while it coasts.
    var speed: CGFloat?
    init(item: UIView, decay: CGFloat, maxSpeed: CGFloat, minSpeed: CGFloat, stopSpeed: CGFloat) {
      self.item = item
      self.decay = decay
      self.maxSpeed = maxSpeed
      self.minSpeed = minSpeed
      self.stopSpeed = stopSpeed
    }
    /// The speed a coast from `omega` starts at: clamped; nil under the minimum.
    func startSpeed(_ omega: CGFloat) -> CGFloat? {
      let v = min(max(omega, -maxSpeed), maxSpeed)
      return abs(v) >= minSpeed && v != 0 ? v : nil
    }
    /// One display frame of `dt` seconds; false once the coast is over.
    func tick(dt: CGFloat) -> Bool {
      guard let v = speed else { return false }
      let next = decay * v
      if abs(next) <= stopSpeed {
        speed = nil
        return false
      }
      item.transform = item.transform.rotated(by: v * dt)
      speed = next
      return true
    }
  }
// section: Detent
  /// FeelLab's `detent`: a damped rotational spring (frequency Hz, damping ratio) solved
  /// exactly over each frame, from the view's angle and speed when it engages to a rest
  /// angle phase + 2πk/count (rad); it lands exactly on it once the spring's amplitude
  /// √(x² + (v/ω)²) is within landingAmplitude_rad rad, and holds the view there.
  final class Detent {
    let item: UIView
    let count: Int
    let phase: CGFloat
    let frequency: CGFloat
    let damping: CGFloat
    let engageBelow: CGFloat
    var isAdded = false
    /// The rest angle it springs to (rad), nil while it watches; x the angle from it (rad),
    /// v the angular velocity (rad/s).
    var target: CGFloat?
    var x: CGFloat = 0
    var v: CGFloat = 0
    init(
      item: UIView, count: Int, phase: CGFloat, frequency: CGFloat, damping: CGFloat,
      engageBelow: CGFloat
    ) {
      self.item = item
      self.count = count
      self.phase = phase
      self.frequency = frequency
      self.damping = damping
      self.engageBelow = engageBelow
    }
    /// The pointer's screen angle about the view's centre (rad): phase + π.
    var pointerAngle: CGFloat { phase + .pi }
    /// The rest angle nearest `angle` (rad).
    func restAngle(nearest angle: CGFloat) -> CGFloat {
      let spacing = 2 * .pi / CGFloat(count)
      return phase + ((angle - phase) / spacing + 0.5).rounded(.down) * spacing
    }
    func engage(target: CGFloat, angle: CGFloat, speed: CGFloat) {
      self.target = target
      x = angle - target
      v = speed
      place()
    }
    func letGo() {
      target = nil
      x = 0
      v = 0
    }
    /// One display frame of `dt` seconds: x″ + 2ζωx′ + ω²x = 0, exactly.
    func tick(dt: CGFloat) {
      guard target != nil, x != 0 || v != 0 else { return }
      let w = 2 * .pi * frequency
      let a = damping * w
      let e = exp(-a * dt)
      let c: CGFloat
      let s: CGFloat
      if damping < 1 {
        let wd = w * (1 - damping * damping).squareRoot()
        c = e * cos(wd * dt)
        s = e * sin(wd * dt) / wd
      } else if damping == 1 {
        c = e
        s = dt * e
      } else {
        let wh = w * (damping * damping - 1).squareRoot()
        c = e * cosh(wh * dt)
        s = e * sinh(wh * dt) / wh
      }
      (x, v) = (c * x + s * (v + a * x), c * v - s * (w * w * x + a * v))
      place()
    }
    /// Turns the view to target + x, landing it on the target once close enough.
    private func place() {
      guard let target else { return }
      let w = 2 * .pi * frequency
      if (x * x + (v / w) * (v / w)).squareRoot() <= landingAmplitude_rad {
        x = 0
        v = 0
      }
      item.transform = CGAffineTransform(rotationAngle: target + x)
    }
  }
// section: end
}
