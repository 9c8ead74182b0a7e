/// Up to eight one-item scenes stepped in lock-step, one per SIMD lane (structure of arrays).
///
/// Each lane computes exactly the float32 operations, in the same order, of the scalar path
/// (`Animator.advanceFrame` → `World.step` → `IslandSolver.solve` on one body held by soft
/// ground joints), so every lane's frames equal its scalar run bit for bit. A lane stops for
/// good once its animator pauses (nothing can wake it: lanes have no rules) or it has run its
/// frames; the batch ends when every lane has stopped.
public struct LaneBatch: Sendable {
  public typealias Lanes = SIMD8<Float>
  public static let width = Lanes.scalarCount

  /// Lanes in use (the others repeat lane 0 and are ignored).
  public let count: Int
  /// Display frames run by each lane, and how many it runs at most.
  public private(set) var frame: [Int]
  private let frameCount: [Int]
  /// Lanes still stepping (running and with frames left).
  private var live: SIMDMask<SIMD8<Int32>>
  /// Whether each lane's animator was running after its latest frame.
  private var running: [Bool]

  // Body state and constants, one lane per scene.
  private var cx, cy, a, vx, vy, w, qs, qc: Lanes
  private var sleepTime: Lanes
  private let invMass, invI, gx, gy, linearDamping, angularDamping: Lanes
  /// The angle each lane's rotation `qs`, `qc` was computed from.
  private var qAngle: Lanes
  /// Continuous pushes per lane (force in N, and the push for its point of application).
  private let pushes: [[(force: Vec2, spec: PushSpec)]]
  private var joints: [JointLanes]
  private var invDt0: Float = 0
  private var accumulator_s: Double = 0
  private let dt_s: Double

  /// What makes scenes steppable together: same frame rate and number of joints.
  public struct Signature: Sendable, Hashable {
    var joints: Int
    var dt_s: Double
  }

  /// One ground joint across the lanes: its constants and solver state.
  struct JointLanes: Sendable {
    var lax, lay: Lanes  // local anchor on the body
    var gpx, gpy: Lanes  // ground position
    var rbx, rby: Lanes  // rB (ground frame)
    var length, frequency, damping: Lanes
    var impulse = Lanes()
    var rax = Lanes(), ray = Lanes(), ux = Lanes(), uy = Lanes()
    var mass = Lanes(), gamma = Lanes(), bias = Lanes()
  }

  /// Batches `animators` (1 to 8, each fresh, `laneSignature` non-nil and all equal), each to
  /// run at most `frameCounts[i]` frames of `dt_s` seconds.
  public init(_ animators: [Animator], frameCounts: [Int], dt_s: Double) {
    precondition((1...Self.width).contains(animators.count))
    count = animators.count
    self.dt_s = dt_s
    frame = Array(repeating: 0, count: count)
    frameCount = frameCounts
    running = animators.map(\.isRunning)
    let last = animators.count - 1
    let lanes = (0..<Self.width).map { animators[min($0, last)] }
    let bodies = lanes.map { $0.world.bodies[0] }
    func gather(_ f: (Body) -> Float) -> Lanes { Lanes(bodies.map(f)) }
    cx = gather { $0.sweep.c.x }
    cy = gather { $0.sweep.c.y }
    a = gather { $0.sweep.a }
    vx = gather { $0.v.x }
    vy = gather { $0.v.y }
    w = gather { $0.w }
    qs = gather { $0.xf.q.s }
    qc = gather { $0.xf.q.c }
    qAngle = a
    sleepTime = gather { $0.sleepTime }
    invMass = gather { $0.invMass }
    invI = gather { $0.invI }
    gx = gather { $0.gravity.x }
    gy = gather { $0.gravity.y }
    linearDamping = gather { $0.linearDamping }
    angularDamping = gather { $0.angularDamping }
    pushes = lanes.map(\.continuousPushes)
    joints = (0..<lanes[0].world.joints.count).map { j in
      let js = lanes.map { $0.world.joints[j] }
      func g(_ f: (DistanceJoint) -> Float) -> Lanes { Lanes(js.map(f)) }
      let rB = js.map { Rotation.identity.apply($0.localAnchorB) }
      return JointLanes(
        lax: g { $0.localAnchorA.x }, lay: g { $0.localAnchorA.y },
        gpx: g { $0.groundPosition.x }, gpy: g { $0.groundPosition.y },
        rbx: Lanes(rB.map(\.x)), rby: Lanes(rB.map(\.y)),
        length: g(\.length), frequency: g(\.frequency_hz), damping: g(\.dampingRatio),
        impulse: g(\.impulse))
    }
    live = SIMDMask(repeating: false)
    for lane in 0..<count where running[lane] && frame[lane] < frameCount[lane] {
      live[lane] = true
    }
  }

  /// The lane's item as UIKit reads it back.
  public func state(lane: Int) -> ItemState {
    Animator.itemState(
      c: Vec2(cx[lane], cy[lane]), a: a[lane], v: Vec2(vx[lane], vy[lane]), w: w[lane])
  }

  /// Whether the lane's animator was running after its latest frame.
  public func isRunning(lane: Int) -> Bool { running[lane] }

  /// Advances every live lane by one display frame. Returns the lanes that advanced (empty
  /// once the batch has ended).
  public mutating func advanceFrame() -> [Int] {
    var advanced: [Int] = []
    for lane in 0..<count where live[lane] { advanced.append(lane) }
    if advanced.isEmpty { return advanced }
    // Animator.applyContinuousPushes: forces for this frame, from zero (cleared each frame).
    var fx = Lanes()
    var fy = Lanes()
    var torque = Lanes()
    for lane in advanced where !pushes[lane].isEmpty {
      var force = Vec2.zero
      var t: Float = 0
      let c = Vec2(cx[lane], cy[lane])
      for push in pushes[lane] {
        force += push.force
        t += push.spec.torque(push.force, about: c)
      }
      fx[lane] = force.x
      fy[lane] = force.y
      torque[lane] = t
    }
    accumulator_s += dt_s
    let threshold = EngineConstants.modernThreshold_s
    while accumulator_s >= threshold {
      step(h: EngineConstants.modernSubstep_s, fx: fx, fy: fy, torque: torque)
      accumulator_s -= threshold
    }
    // End of the frame: a lane whose body fell asleep pauses.
    for lane in advanced {
      frame[lane] += 1
      running[lane] = !asleep[lane]
      if !running[lane] || frame[lane] >= frameCount[lane] { live[lane] = false }
    }
    return advanced
  }

  /// Lanes whose body has fallen asleep.
  private var asleep = SIMDMask<SIMD8<Int32>>(repeating: false)

  /// One sub-step of every awake live lane (`World.step` on a one-body island).
  private mutating func step(h: Float, fx: Lanes, fy: Lanes, torque: Lanes) {
    let invDt: Float = h > 0 ? 1 / h : 0
    let dtRatio = invDt0 * h
    invDt0 = invDt
    let active = live .& .!asleep
    if !any(active) { return }
    // The body's rotation (Body.synchronizeTransform), recomputed where the angle changed.
    for lane in 0..<Self.width
    where active[lane] && a[lane].bitPattern != qAngle[lane].bitPattern {
      let q = Rotation(angle_rad: a[lane])
      qs[lane] = q.s
      qc[lane] = q.c
      qAngle[lane] = a[lane]
    }
    // World.integrateVelocity (rational damping).
    var vx = self.vx
    var vy = self.vy
    var w = self.w
    vx += h * (gx + invMass * fx)
    vy += h * (gy + invMass * fy)
    w += h * invI * torque
    let linear = 1 / (1 + h * linearDamping)
    vx *= linear
    vy *= linear
    w *= 1 / (1 + h * angularDamping)
    var s = Solver(vx: vx, vy: vy, w: w, mA: invMass, iA: invI)
    joints.withUnsafeMutableBufferPointer { j in
      for k in j.indices {
        j[k].initVelocity(&s, qs: qs, qc: qc, cx: cx, cy: cy, h: h, dtRatio: dtRatio)
      }
      var nvx = -s.vx
      var nvy = -s.vy
      if s.iA == Lanes() && s.w == Lanes() {
        for _ in 0..<EngineConstants.velocityIterations {
          for k in j.indices { j[k].solveVelocityWithoutRotation(nvx: &nvx, nvy: &nvy, mA: s.mA) }
        }
      } else {
        for _ in 0..<EngineConstants.velocityIterations {
          for k in j.indices {
            j[k].solveVelocity(nvx: &nvx, nvy: &nvy, w: &s.w, mA: s.mA, iA: s.iA)
          }
        }
      }
      s.vx = -nvx
      s.vy = -nvy
    }
    vx = s.vx
    vy = s.vy
    w = s.w
    // IslandSolver.integratePositions.
    let tx = h * vx
    let ty = h * vy
    let maxTranslation = Box2DSettings.maxTranslation_m
    let maxRotation = Box2DSettings.maxRotation_rad
    let clampT = (tx * tx + ty * ty) .> maxTranslation * maxTranslation
    if any(clampT) {
      let ratio = maxTranslation / (tx * tx + ty * ty).squareRoot()
      vx.replace(with: vx * ratio, where: clampT)
      vy.replace(with: vy * ratio, where: clampT)
    }
    let rotation = h * w
    let clampR = rotation * rotation .> maxRotation * maxRotation
    if any(clampR) {
      let magnitude = rotation.replacing(with: -rotation, where: rotation .< 0)
      w.replace(with: w * (maxRotation / magnitude), where: clampR)
    }
    let newCx = cx + h * vx
    let newCy = cy + h * vy
    let newA = a + h * w
    // Soft joints need no position correction: the first position iteration converges
    // (positionSolved), as in IslandSolver.solve.
    let positionSolved = EngineConstants.positionIterations > 0
    // Sleep bookkeeping of World.solveIsland.
    let fast =
      (w * w .> Box2DSettings.angularSleepToleranceSquared)
      .| ((vx * vx + vy * vy) .> Box2DSettings.linearSleepToleranceSquared)
    var slept = (sleepTime + h).replacing(with: 0, where: fast)
    let sleeps = .!fast .& (slept .>= Box2DSettings.timeToSleep_s)
    let falls = positionSolved ? sleeps : SIMDMask(repeating: false)
    slept.replace(with: 0, where: falls)
    vx.replace(with: 0, where: falls)
    vy.replace(with: 0, where: falls)
    w.replace(with: 0, where: falls)
    cx.replace(with: newCx, where: active)
    cy.replace(with: newCy, where: active)
    a.replace(with: newA, where: active)
    self.vx.replace(with: vx, where: active)
    self.vy.replace(with: vy, where: active)
    self.w.replace(with: w, where: active)
    sleepTime.replace(with: slept, where: active)
    asleep .|= active .& falls
  }

  /// The body's velocity and inverse masses while the joints are solved.
  struct Solver {
    var vx, vy, w: Lanes
    let mA, iA: Lanes
  }
}

extension LaneBatch.JointLanes {
  typealias Lanes = LaneBatch.Lanes

  /// `DistanceJoint.initVelocityConstraints` for a soft joint to the ground, with warm start.
  @inline(__always)
  mutating func initVelocity(
    _ s: inout LaneBatch.Solver, qs: Lanes, qc: Lanes, cx: Lanes, cy: Lanes, h: Float,
    dtRatio: Float
  ) {
    let mA = s.mA
    let invIA = s.iA
    rax = qc * lax - qs * lay
    ray = qs * lax + qc * lay
    let mB = Lanes()
    let invIB = Lanes()
    var ux = gpx + rbx - cx - rax
    var uy = gpy + rby - cy - ray
    let currentLength = (ux * ux + uy * uy).squareRoot()
    let long = currentLength .> Box2DSettings.linearSlop_m
    let inverse = 1 / currentLength
    ux = (ux * inverse).replacing(with: 0, where: .!long)
    uy = (uy * inverse).replacing(with: 0, where: .!long)
    self.ux = ux
    self.uy = uy
    let crAu = rax * uy - ray * ux
    let crBu = rbx * uy - rby * ux
    var invMass = mA + invIA * crAu * crAu + mB + invIB * crBu * crBu
    var effectiveMass = Self.inverseOrZero(invMass)
    let C = currentLength - length
    let omega = 2 * pi32 * frequency
    let d = 2 * effectiveMass * damping * omega
    let k = effectiveMass * omega * omega
    gamma = Self.inverseOrZero(h * (d + h * k))
    bias = C * h * k * gamma
    invMass += gamma
    effectiveMass = Self.inverseOrZero(invMass)
    mass = effectiveMass
    impulse *= dtRatio
    let px = impulse * ux
    let py = impulse * uy
    s.vx -= mA * px
    s.vy -= mA * py
    s.w -= invIA * (rax * py - ray * px)
  }

  /// `DistanceJoint.solveGroundVelocity(negatedVA:wA:mA:iA:)`, on −v.
  @inline(__always)
  mutating func solveVelocity(
    nvx: inout Lanes, nvy: inout Lanes, w: inout Lanes, mA: Lanes, iA: Lanes
  ) {
    let dx = nvx + w * ray
    let dy = nvy - w * rax
    let cdot = ux * dx + uy * dy
    let lambda = -mass * (cdot + bias + gamma * impulse)
    impulse += lambda
    let px = lambda * ux
    let py = lambda * uy
    nvx += mA * px
    nvy += mA * py
    w -= iA * (rax * py - ray * px)
  }

  /// `DistanceJoint.solveGroundVelocityWithoutRotation(negatedVA:mA:)`: every lane has
  /// inverse inertia 0 and angular velocity 0.
  @inline(__always)
  mutating func solveVelocityWithoutRotation(nvx: inout Lanes, nvy: inout Lanes, mA: Lanes) {
    let cdot = ux * nvx + uy * nvy
    let lambda = -mass * (cdot + bias + gamma * impulse)
    impulse += lambda
    nvx += mA * (lambda * ux)
    nvy += mA * (lambda * uy)
  }

  /// x ≠ 0 ? 1 / x : 0, lane-wise.
  @inline(__always)
  static func inverseOrZero(_ x: Lanes) -> Lanes {
    (1 / x).replacing(with: 0, where: x .== 0)
  }
}

extension Animator {
  /// Non-nil when the animator can run in a `LaneBatch`: the modern profile, fresh (no frame
  /// yet) and running, one item with a body, every behavior added, only snap, item, gravity,
  /// continuous push and soft attachment-to-anchor behaviors (so one body held by soft ground
  /// joints, no boundary). Animators with equal signatures can share a batch.
  public func laneSignature(dt_s: Double) -> LaneBatch.Signature? {
    guard profile == .modern, items.count == 1, !started, isRunning, world.hasBody[0],
      present.count == behaviors.count
    else { return nil }
    for b in behaviors {
      switch b.kind {
      case .snap, .item, .gravity: continue
      case .attachment(let spec):
        guard case .anchor = spec.target else { return nil }
      case .push(let push):
        guard push.mode == .continuous else { return nil }
      case .collision, .drag, .inertia, .detent: return nil
      }
    }
    guard world.joints.allSatisfy({ $0.bodyB == nil && $0.frequency_hz > 0 }) else { return nil }
    return LaneBatch.Signature(joints: world.joints.count, dt_s: dt_s)
  }

  /// The continuous pushes on item 0, in the order `applyContinuousPushes` applies them.
  var continuousPushes: [(force: Vec2, spec: PushSpec)] {
    present.compactMap { b in
      guard case .push(let push) = behaviors[b].kind, push.mode == .continuous,
        push.magnitude != 0, behaviors[b].items.contains(0)
      else { return nil }
      return (push.vector, push)
    }
  }
}
