import FeelEngine

/// One soft ground joint across the lanes of a `LaneGroup`: its constants and solver state, and
/// `DistanceJoint`'s steps for a joint to the static ground, lane-wise (same float32 operations
/// in the same order, B being the ground's identity state).
struct JointLanes: Sendable {
  typealias Lanes = LaneGroup.Lanes
  var lax = Lanes(), lay = Lanes()  // local anchor on the body (m)
  var gpx = Lanes(), gpy = Lanes()  // ground position (m)
  var rbx = Lanes(), rby = Lanes()  // rB (ground frame, m)
  var length = Lanes(), damping = Lanes()
  /// 2π·f (rad/s), as Box2D computes it every sub-step.
  var omega = Lanes()
  var impulse = Lanes()
  /// The impulse before the current sub-step, for lanes that do not step.
  var impulseBefore = Lanes()
  var rax = Lanes(), ray = Lanes(), ux = Lanes(), uy = Lanes()
  /// −(effective mass), as the velocity step uses it.
  var negatedMass = Lanes(), gamma = Lanes(), bias = Lanes()
  /// For a body that cannot turn, the soft constants every sub-step would compute again
  /// (`fixSoftConstants`): the spring stiffness k (kg/s²), γ, and −(effective mass).
  var fixedK = Lanes(), fixedGamma = Lanes(), fixedNegatedMass = Lanes()

  /// Takes joint `joint` into lane `lane`.
  mutating func set(lane: Int, _ joint: DistanceJoint) {
    lax[lane] = joint.localAnchorA.x
    lay[lane] = joint.localAnchorA.y
    gpx[lane] = joint.groundPosition.x
    gpy[lane] = joint.groundPosition.y
    let rB = Rotation.identity.apply(joint.localAnchorB)
    rbx[lane] = rB.x
    rby[lane] = rB.y
    length[lane] = joint.length
    omega[lane] = 2 * pi32 * joint.frequency_hz
    damping[lane] = joint.dampingRatio
    impulse[lane] = joint.impulse
  }

  /// The soft constants of lane `lane` for a body that cannot turn (inverse inertia 0), with
  /// inverse mass `mA` (1/kg) and sub-step `h` (s): then the inverse mass along u is mA at every
  /// sub-step (mA + 0·(rA × u)² is mA, bit for bit), so k, γ and the softened mass are the same
  /// each time. Computed here once, by `softMass` as every sub-step computes them, so
  /// `initVelocity(fixedMass: true)` gives the same bits without its three divisions.
  mutating func fixSoftConstants(lane: Int, mA: Float, h: Float) {
    let soft = softMass(Lanes(repeating: mA), h: h)
    fixedK[lane] = soft.k[lane]
    fixedGamma[lane] = soft.gamma[lane]
    fixedNegatedMass[lane] = soft.negatedMass[lane]
  }

  /// `DistanceJoint.initVelocityConstraints` for a soft joint to the ground, with warm start.
  /// `fixedMass`: every lane's body has inverse inertia 0, and the soft constants are those of
  /// `fixSoftConstants`.
  @inline(__always)
  mutating func initVelocity(
    _ s: inout LaneGroup.JointSolver, qs: Lanes, qc: Lanes, cx: Lanes, cy: Lanes, h: Float,
    dtRatio: Lanes, fixedMass: Bool = false
  ) {
    let mA = s.mA
    let invIA = s.iA
    rax = qc * lax - qs * lay
    ray = qs * lax + qc * lay
    var ux = gpx + rbx - cx - rax
    var uy = gpy + rby - cy - ray
    let currentLength = (ux * ux + uy * uy).squareRoot()
    let long = currentLength .> Box2DSettings.linearSlop_m
    let inverse = 1 / currentLength
    ux = (ux * inverse).replacing(with: 0, where: .!long)
    uy = (uy * inverse).replacing(with: 0, where: .!long)
    self.ux = ux
    self.uy = uy
    let C = currentLength - length
    let soft: (k: Lanes, gamma: Lanes, negatedMass: Lanes)
    if fixedMass {
      soft = (fixedK, fixedGamma, fixedNegatedMass)
    } else {
      let crAu = rax * uy - ray * ux
      // Box2D adds mB + iB·(rB × u)² for the ground, +0 then ±0: the sum mA + iA·(rA × u)² is
      // +0 or more (never −0), so adding them changes no bit.
      soft = softMass(mA + invIA * crAu * crAu, h: h)
    }
    gamma = soft.gamma
    bias = C * h * soft.k * gamma
    negatedMass = soft.negatedMass
    impulse *= dtRatio
    let px = impulse * ux
    let py = impulse * uy
    s.vx -= mA * px
    s.vy -= mA * py
    s.w -= invIA * (rax * py - ray * px)
  }

  /// The soft joint's stiffness k (kg/s²), γ (s/kg) and −(effective mass) (kg) for a body whose
  /// inverse mass along u is `invMass` (1/kg), over a sub-step of `h` (s): Box2D's
  /// m = 1/invMass, d = 2mζω, k = mω², γ = 1/(h(d + hk)), softened mass 1/(invMass + γ).
  @inline(__always)
  func softMass(_ invMass: Lanes, h: Float) -> (k: Lanes, gamma: Lanes, negatedMass: Lanes) {
    let effectiveMass = Self.inverseOrZero(invMass)
    let d = 2 * effectiveMass * damping * omega
    let k = effectiveMass * omega * omega
    let gamma = Self.inverseOrZero(h * (d + h * k))
    return (k, gamma, Self.inverseOrZero(invMass + gamma).negated)
  }

  /// `DistanceJoint.solveGroundVelocity`, lane-wise: on d = 0 − v, with the angular terms
  /// unless `turns` is false (every lane's body cannot turn and has ω = +0). No lane's v may
  /// have entered with a −0 (then `solveVelocity(vx:vy:w:mA:iA:)`).
  @inline(__always)
  mutating func solveVelocity(
    dx: inout Lanes, dy: inout Lanes, w: inout Lanes, mA: Lanes, iA: Lanes, turns: Bool
  ) {
    let ex = turns ? dx + w * ray : dx
    let ey = turns ? dy - w * rax : dy
    let cdot = ux * ex + uy * ey
    let lambda = negatedMass * (cdot + bias + gamma * impulse)
    impulse += lambda
    let px = lambda * ux
    let py = lambda * uy
    dx += mA * px
    dy += mA * py
    if turns { w -= iA * (rax * py - ray * px) }
  }

  /// `DistanceJoint.solveVelocityConstraints` for a joint to the static ground, lane-wise, on v
  /// itself (the ground's identity state makes vpB − vpA equal 0 − vpA): the form for lanes
  /// whose v holds a −0.
  @inline(__always)
  mutating func solveVelocity(
    vx: inout Lanes, vy: inout Lanes, w: inout Lanes, mA: Lanes, iA: Lanes
  ) {
    let dx = Lanes() - (vx - w * ray)
    let dy = Lanes() - (vy + w * rax)
    let cdot = ux * dx + uy * dy
    let lambda = negatedMass * (cdot + bias + gamma * impulse)
    impulse += lambda
    let px = lambda * ux
    let py = lambda * uy
    vx -= mA * px
    vy -= mA * py
    w -= iA * (rax * py - ray * px)
  }

  /// x ≠ 0 ? 1 / x : 0, lane-wise.
  @inline(__always)
  static func inverseOrZero(_ x: Lanes) -> Lanes {
    (1 / x).replacing(with: 0, where: x .== 0)
  }
}
