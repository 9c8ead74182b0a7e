/// One soft ground joint across the lanes of a `LaneGroup`: its constants and solver state, and
/// `DistanceJoint`'s steps for a joint to the static ground, lane-wise (same float32 operations
/// in the same order).
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

  /// `DistanceJoint.initVelocityConstraints` for a soft joint to the ground, with warm start.
  @inline(__always)
  mutating func initVelocity(
    _ s: inout LaneGroup.JointSolver, qs: Lanes, qc: Lanes, cx: Lanes, cy: Lanes, h: Float,
    dtRatio: Lanes
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
    let crAu = rax * uy - ray * ux
    // Box2D adds mB + iB·(rB × u)² for the ground, +0 then ±0: the sum mA + iA·(rA × u)² is
    // +0 or more (never −0), so adding them changes no bit.
    var invMass = mA + invIA * crAu * crAu
    var effectiveMass = Self.inverseOrZero(invMass)
    let C = currentLength - length
    let d = 2 * effectiveMass * damping * omega
    let k = effectiveMass * omega * omega
    gamma = Self.inverseOrZero(h * (d + h * k))
    bias = C * h * k * gamma
    invMass += gamma
    effectiveMass = Self.inverseOrZero(invMass)
    negatedMass = -effectiveMass
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
    let lambda = negatedMass * (cdot + bias + gamma * impulse)
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
    let lambda = negatedMass * (cdot + bias + gamma * impulse)
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
