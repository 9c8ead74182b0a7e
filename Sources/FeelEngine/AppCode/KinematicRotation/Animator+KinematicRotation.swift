import Foundation

/// What the animator keeps for its kinematic rotation behaviors, `inertia` (a coast) and
/// `detent` (rest angles), which turn an item about its centre themselves (the tempo dial is
/// their first user, docs/tempo-dial.md). They are FeelLab's, not UIKit's: they stand for app
/// code (a CADisplayLink coast, an app's spring animation to a value), so they never make a
/// body and never step the physics world. While one of them moves an item, the item has no body
/// and its other behaviors are suspended, as under a kinematic drag.
struct AnimatorKinematicRotation: Sendable {
  /// Whether any behavior is an inertia or a detent (a frame does nothing here otherwise).
  private(set) var exists = false
  /// For each behavior: an inertia's coast speed (rad/s) while it coasts, else nil.
  var coast: [Double?] = []
  /// For each behavior: a detent's phase.
  var detent: [DetentPhase] = []
  /// For each item: how many kinematic rotation behaviors hold it (a coasting inertia, an
  /// engaged detent).
  var holds: [Int] = []
  /// For each item: touches down that went down on it (its detents wait while one is).
  var touching: [Int] = []

  init(behaviors: [BehaviorDefinition], itemCount: Int) {
    restart(behaviors: behaviors, itemCount: itemCount)
  }

  /// As `init` makes it, in its own storage. Without kinematic rotation behaviors the
  /// per-behavior and per-item tables stay empty (nothing reads them then: every use is behind
  /// `exists`), which spares a sweep four arrays per point.
  mutating func restart(behaviors: [BehaviorDefinition], itemCount: Int) {
    exists = behaviors.contains { $0.kind.isKinematicRotation }
    coast.refill(repeating: nil, count: exists ? behaviors.count : 0)
    detent.refill(repeating: .idle, count: exists ? behaviors.count : 0)
    holds.refill(repeating: 0, count: exists ? itemCount : 0)
    touching.refill(repeating: 0, count: exists ? itemCount : 0)
  }
}

/// Where a detent is in its work.
public enum DetentPhase: Sendable, Equatable {
  /// Watching: it takes the item over once the item turns slower than `engage_below`.
  case idle
  /// Moving the item towards rest angle `target` (rad): `x` is the angle from it (rad), `v`
  /// the angular velocity (rad/s).
  case approaching(target: Double, x: Double, v: Double)
  /// Landed exactly on `target` (rad); it holds the item there until a touch goes down on it.
  case resting(target: Double)
}

extension Animator {
  /// Whether a kinematic rotation behavior moves an item: an inertia coasts or a detent
  /// approaches. The animator keeps running meanwhile (docs/drags.md, "Keep-running"),
  /// although the physics world steps only while a body is awake.
  public var kinematicRotationKeepsRunning: Bool {
    guard kinematicRotation.exists else { return false }
    for b in present {
      if kinematicRotation.coast[b] != nil { return true }
      if case .approaching = kinematicRotation.detent[b] { return true }
    }
    return false
  }

  /// The engine options the animator was made with.
  public var engineOptions: EngineOptions { world.options }

  /// Detent `b`'s phase (`.idle` for any other behavior).
  public func detentPhase(_ b: Int) -> DetentPhase {
    kinematicRotation.exists ? kinematicRotation.detent[b] : .idle
  }

  /// Whether a kinematic rotation behavior holds the item (it has no body meanwhile).
  func isHeldByKinematicRotation(_ item: Int) -> Bool {
    kinematicRotation.exists && kinematicRotation.holds[item] > 0
  }

  // MARK: - Entering and leaving the animator

  /// An inertia or detent entered the animator. An inertia starts its coast: from the speed a
  /// release-velocity rule hands over (as its estimator says), else from the item's own
  /// angular velocity (its body's, or the scene's before the clock starts).
  mutating func kinematicRotationAdded(_ b: Int) {
    let item = behaviors[b].items[0]
    switch behaviors[b].kind {
    case .inertia(let spec):
      let omega: Double
      if let motion = drags.startMotion {
        omega =
          spec.estimator == .author
          ? motion.lastStepAngularVelocity_rad_s : motion.angularVelocity_rad_s
      } else {
        omega = state(ofItem: item).angularVelocity_rad_s
      }
      guard drags.holds[item] == 0, let v = spec.startSpeed(omega) else { return }
      // A new coast ends any other kinematic rotation of the item.
      yieldKinematicRotation(of: item, except: b)
      takeRotationHold(item)
      kinematicRotation.coast[b] = v
      parked[item].angularVelocity_rad_s = v
    case .detent:
      kinematicRotation.detent[b] = .idle
    default:
      break
    }
  }

  /// An inertia or detent left the animator: its coast or approach ends where it is.
  mutating func kinematicRotationRemoved(_ b: Int) {
    let item = behaviors[b].items[0]
    // A coasting inertia or an engaged detent holds the item (a behavior is one or the other).
    guard kinematicRotation.coast[b] != nil || kinematicRotation.detent[b] != .idle else { return }
    kinematicRotation.coast[b] = nil
    kinematicRotation.detent[b] = .idle
    parked[item].angularVelocity_rad_s = 0
    releaseRotationHold(item)
  }

  /// Every kinematic rotation of `item` ends where it stands (but `except`), its holds released: a
  /// kinematic drag takes the item, or a new coast starts.
  mutating func yieldKinematicRotation(of item: Int, except: Int? = nil) {
    guard kinematicRotation.exists else { return }
    for b in present where b != except && behaviors[b].items[0] == item {
      guard behaviors[b].kind.isKinematicRotation else { continue }
      kinematicRotationRemoved(b)
    }
  }

  // MARK: - Holding the item

  /// A kinematic rotation behavior takes hold of the item: its body, if any, leaves the world (its place and
  /// angle kept, at rest); its other behaviors stay in the animator, suspended.
  private mutating func takeRotationHold(_ item: Int) {
    kinematicRotation.holds[item] += 1
    guard world.hasBody[item] else { return }
    var s = state(ofItem: item)
    s.velocity_pt_s = Point(0, 0)
    parked[item] = s
    world.destroyBody(item)
  }

  /// A kinematic rotation behavior lets go of the item. If nothing holds it any more and behaviors that need
  /// a body are in the animator, its body is made again, at rest, with their joints (as after
  /// a kinematic drag), and wakes.
  private mutating func releaseRotationHold(_ item: Int) {
    kinematicRotation.holds[item] -= 1
    guard !isHeld(item), !world.hasBody[item] else { return }
    let needsBody = present.contains {
      behaviors[$0].items.contains(item) && !behaviors[$0].kind.isKinematicRotation
    }
    guard needsBody else { return }
    parked[item].angularVelocity_rad_s = 0
    remakeBody(item)
    refreshProperties(item)
    world.modifyBody(item) { $0.setAwake(true) }
    isRunning = world.isAwake
  }

  // MARK: - Touches

  /// A touch went down on the item (inside its rectangle as it stands): its coast stops at
  /// once, as the app's touchesBegan stops it, and its detents let go and wait for the lift.
  public mutating func kinematicRotationTouchDown(item: Int) {
    guard kinematicRotation.exists else { return }
    kinematicRotation.touching[item] += 1
    yieldKinematicRotation(of: item)
  }

  /// A touch that went down on the item lifted.
  public mutating func kinematicRotationTouchUp(item: Int) {
    guard kinematicRotation.exists, kinematicRotation.touching[item] > 0 else { return }
    kinematicRotation.touching[item] -= 1
  }

  /// A tap on the item at `point_pt`: each detent of the item in the animator turns the tapped
  /// label to the pointer. The item turns by the angle from the tapped point to the pointer
  /// (the shorter way round), to the rest angle nearest there, with the detent's spring, from
  /// rest. A tap on the item's exact centre has no angle and does nothing.
  public mutating func kinematicRotationTap(item: Int, at point_pt: Point) {
    guard kinematicRotation.exists, drags.holds[item] == 0 else { return }
    for b in present where behaviors[b].items[0] == item {
      guard case .detent(let spec) = behaviors[b].kind else { continue }
      let s = state(ofItem: item)
      let dx = point_pt.x - s.center_pt.x
      let dy = point_pt.y - s.center_pt.y
      guard dx != 0 || dy != 0 else { continue }
      let turn = wrappedAngle(spec.pointerAngle_rad - atan2(dy, dx))
      let target = spec.restAngle(spec.nearestIndex(to: s.angle_rad + turn))
      engage(b, spec, target: target, angle: s.angle_rad, speed: 0)
    }
  }

  // MARK: - A display frame

  /// The kinematic rotations' part of a display frame of `dt_s` seconds, after the physics
  /// sub-steps (if any): every coast turns its item and decays; then every detent either
  /// engages (its item turns slower than `engage_below`) or advances its spring, and lands once
  /// close enough.
  mutating func advanceKinematicRotation(dt_s: Double) {
    guard kinematicRotation.exists else { return }
    for b in present {
      guard case .inertia(let spec) = behaviors[b].kind, let v = kinematicRotation.coast[b] else {
        continue
      }
      let item = behaviors[b].items[0]
      let next = spec.decay * v
      if abs(next) <= spec.stopSpeed_rad_s {
        kinematicRotation.coast[b] = nil
        parked[item].angularVelocity_rad_s = 0
        releaseRotationHold(item)
      } else {
        parked[item].angle_rad += v * dt_s
        parked[item].angularVelocity_rad_s = next
        kinematicRotation.coast[b] = next
      }
    }
    for b in present {
      guard case .detent(let spec) = behaviors[b].kind else { continue }
      let item = behaviors[b].items[0]
      guard drags.holds[item] == 0, kinematicRotation.touching[item] == 0 else { continue }
      switch kinematicRotation.detent[b] {
      case .idle:
        let (angle, speed, remaining) = motion(of: item, dt_s: dt_s)
        guard abs(speed) < spec.engageBelow_rad_s else { continue }
        let target = spec.restAngle(spec.nearestIndex(to: angle + remaining))
        engage(b, spec, target: target, angle: angle, speed: speed)
      case .approaching(let target, let x, let v):
        let spring = DampedRotation(
          frequency_hz: spec.frequency_hz, damping: spec.damping, dt_s: dt_s)
        let (x1, v1) = spring.advance(x: x, v: v)
        settle(b, target: target, x: x1, v: v1, spring: spring)
      case .resting:
        break
      }
    }
  }

  /// The item's angle (rad), angular speed (rad/s) and how far it would still turn if nothing
  /// but what slows it acted (rad): a coast's v·dt / (1 − decay), a body's ω / c under
  /// angular resistance c (Σ h·ω/(1 + hc)ᵏ over sub-steps; sleep cuts the tail), else 0.
  private func motion(of item: Int, dt_s: Double) -> (Double, Double, Double) {
    for b in present where behaviors[b].items[0] == item {
      guard case .inertia(let spec) = behaviors[b].kind, let v = kinematicRotation.coast[b] else {
        continue
      }
      return (parked[item].angle_rad, v, spec.remainingTurn_rad(speed: v, dt_s: dt_s))
    }
    let s = state(ofItem: item)
    guard world.hasBody[item] else { return (s.angle_rad, s.angularVelocity_rad_s, 0) }
    let c = properties(of: item).angularResistance
    let remaining = c > 0 ? s.angularVelocity_rad_s / c : 0
    return (s.angle_rad, s.angularVelocity_rad_s, remaining)
  }

  /// Detent `b` takes the item over towards `target` from `angle` at `speed`: any coast of the
  /// item ends, a body leaves the world; it lands at once if already there.
  private mutating func engage(
    _ b: Int, _ spec: DetentSpec, target: Double, angle: Double, speed: Double
  ) {
    let item = behaviors[b].items[0]
    let holding = kinematicRotation.detent[b] != .idle
    if !holding { takeRotationHold(item) }
    yieldKinematicRotation(of: item, except: b)
    parked[item].angle_rad = angle
    let spring = DampedRotation(frequency_hz: spec.frequency_hz, damping: spec.damping, dt_s: 0)
    settle(b, target: target, x: angle - target, v: speed, spring: spring)
  }

  /// Detent `b` at (x, v) from `target`: it lands (the item placed exactly on the target, at
  /// rest) once the spring's amplitude is within `DetentSpec.landingAmplitude_rad`, else
  /// it keeps approaching.
  private mutating func settle(
    _ b: Int, target: Double, x: Double, v: Double, spring: DampedRotation
  ) {
    let item = behaviors[b].items[0]
    if spring.amplitude(x: x, v: v) <= DetentSpec.landingAmplitude_rad {
      kinematicRotation.detent[b] = .resting(target: target)
      parked[item].angle_rad = target
      parked[item].angularVelocity_rad_s = 0
    } else {
      kinematicRotation.detent[b] = .approaching(target: target, x: x, v: v)
      parked[item].angle_rad = target + x
      parked[item].angularVelocity_rad_s = v
    }
  }
}

/// An angle brought into (−π, π] (rad): the shorter way round.
func wrappedAngle(_ a: Double) -> Double {
  var d = a.truncatingRemainder(dividingBy: 2 * Double.pi)
  if d > Double.pi { d -= 2 * Double.pi }
  if d <= -Double.pi { d += 2 * Double.pi }
  return d
}
