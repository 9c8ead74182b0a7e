/// Keeps a point of body A at a distance from a point of body B (or of the static ground):
/// rigid when `frequency_hz` is 0, otherwise a soft spring of that frequency and damping
/// ratio, recomputed every sub-step from the effective mass along the joint axis
/// (Catto, "Soft Constraints", GDC 2011). Body A is always dynamic.
struct DistanceJoint: Sendable {
  /// Body slot of A.
  var bodyA: Int
  /// Body slot of B, or nil for the static ground.
  var bodyB: Int?
  /// Where the static body B sits (m) when `bodyB` is nil.
  var groundPosition: Vec2 = .zero
  /// Anchors in the bodies' frames (m).
  var localAnchorA: Vec2
  var localAnchorB: Vec2
  /// Rest length (m).
  var length: Float
  /// Spring frequency (Hz); 0 = rigid rod.
  var frequency_hz: Float
  /// Damping ratio (non-dimensional).
  var dampingRatio: Float
  /// Index of the behavior that owns the joint.
  var owner: Int

  // Solver state.
  var impulse: Float = 0
  var u = Vec2.zero
  var rA = Vec2.zero
  /// rA turned a quarter clockwise, (rA.y, −rA.x): ω × rA = −ω·rAPerp and rA × P = −rAPerp·P.
  var rAPerp = Vec2.zero
  var rB = Vec2.zero
  var effectiveMass: Float = 0
  var gamma: Float = 0
  var bias: Float = 0
}

/// A body's state as the island solver works on it: position, velocity and inverse mass.
struct SolverBody: Sendable {
  /// Centre (m) and angle (rad).
  var c = Vec2.zero
  var a: Float = 0
  /// Rotation of `a` at the start of the sub-step, computed once for every constraint.
  var q = Rotation.identity
  /// Velocity (m/s) and angular velocity (rad/s).
  var v = Vec2.zero
  var w: Float = 0
  var invMass: Float = 0
  var invI: Float = 0
}

/// The island solver's bodies, indexed by body slot.
typealias SolverBodies = UnsafeMutableBufferPointer<SolverBody>

extension DistanceJoint {
  mutating func initVelocityConstraints(
    _ s: SolverBodies, h: Float, dtRatio: Float, warmStarting: Bool
  ) {
    let iA = bodyA
    let mA = s[iA].invMass
    let invIA = s[iA].invI
    let cA = s[iA].c
    var vA = s[iA].v
    var wA = s[iA].w
    rA = s[iA].q.apply(localAnchorA)
    rAPerp = Vec2(rA.y, -rA.x)
    let cB: Vec2
    var mB: Float = 0
    var invIB: Float = 0
    var vB = Vec2.zero
    var wB: Float = 0
    if let iB = bodyB {
      cB = s[iB].c
      mB = s[iB].invMass
      invIB = s[iB].invI
      vB = s[iB].v
      wB = s[iB].w
      rB = s[iB].q.apply(localAnchorB)
    } else {
      cB = groundPosition
      rB = Rotation.identity.apply(localAnchorB)
    }
    u = cB + rB - cA - rA
    let currentLength = u.length
    if currentLength > Box2DSettings.linearSlop_m {
      u *= 1 / currentLength
    } else {
      u = .zero
    }
    let crAu = cross(rA, u)
    let crBu = cross(rB, u)
    var invMass = mA + invIA * crAu * crAu + mB + invIB * crBu * crBu
    effectiveMass = invMass != 0 ? 1 / invMass : 0
    if frequency_hz > 0 {
      let C = currentLength - length
      let omega = 2 * pi32 * frequency_hz
      let d = 2 * effectiveMass * dampingRatio * omega
      let k = effectiveMass * omega * omega
      gamma = h * (d + h * k)
      gamma = gamma != 0 ? 1 / gamma : 0
      bias = C * h * k * gamma
      invMass += gamma
      effectiveMass = invMass != 0 ? 1 / invMass : 0
    } else {
      gamma = 0
      bias = 0
    }
    if warmStarting {
      impulse *= dtRatio
      let P = impulse * u
      vA -= mA * P
      wA -= invIA * cross(rA, P)
      vB += mB * P
      wB += invIB * cross(rB, P)
    } else {
      impulse = 0
    }
    s[iA].v = vA
    s[iA].w = wA
    if let iB = bodyB {
      s[iB].v = vB
      s[iB].w = wB
    }
  }

  /// The velocity step of a joint to the static ground, on body A's velocity held by the
  /// caller (so a chain of such joints keeps it in registers), negated: `nvA` = −vA (m/s).
  ///
  /// Box2D's step computes cdot = u·(vpB − vpA) with vpA = vA + ωA × rA and, for the ground,
  /// vpB = (+0, +0); then vA −= mA·P and ωA −= iA·(rA × P). Rewritten with −vA and
  /// rAPerp = (rA.y, −rA.x), the same rounded values come from
  ///     cdot = u·(−vA + ωA·rAPerp),   −vA += mA·P,   ωA += iA·(rAPerp·P),
  /// because −(a − b) = b − a, −(a + b) = −a − b and (−a)·b = −(a·b) hold exactly in IEEE
  /// arithmetic (the sign of a zero aside, which nothing reads: every zero prints as "0" and
  /// no division or comparison tells −0 from +0). The chain of dependent operations loses an
  /// addition and the compiler's vector form loses two shuffles; GroundJointExactnessTests
  /// compares the two forms bit for bit.
  @inline(__always)
  mutating func solveGroundVelocity(
    negatedVA nvA: inout Vec2, wA: inout Float, mA: Float, iA: Float
  ) {
    let cdot = dot(u, nvA + wA * rAPerp)
    let lambda = -effectiveMass * (cdot + bias + gamma * impulse)
    impulse += lambda
    let P = lambda * u
    nvA += mA * P
    wA += iA * dot(rAPerp, P)
  }

  /// `solveGroundVelocity(negatedVA:wA:mA:iA:)` for a body that cannot turn: inverse inertia
  /// 0 and angular velocity exactly 0. Then ω × r is a zero and ω stays 0 (0 − 0·x = 0), so
  /// the same rounded values come without the angular terms: the chain of dependent
  /// operations is 8 long instead of 12.
  @inline(__always)
  mutating func solveGroundVelocityWithoutRotation(negatedVA nvA: inout Vec2, mA: Float) {
    let cdot = u.x * nvA.x + u.y * nvA.y
    let lambda = -effectiveMass * (cdot + bias + gamma * impulse)
    impulse += lambda
    nvA += mA * (lambda * u)
  }

  mutating func solveVelocityConstraints(_ s: SolverBodies) {
    let iA = bodyA
    var vA = s[iA].v
    var wA = s[iA].w
    guard let iB = bodyB else {
      var nvA = -vA
      solveGroundVelocity(negatedVA: &nvA, wA: &wA, mA: s[iA].invMass, iA: s[iA].invI)
      s[iA].v = -nvA
      s[iA].w = wA
      return
    }
    var vB = s[iB].v
    var wB = s[iB].w
    let vpA = vA + cross(wA, rA)
    let vpB = vB + cross(wB, rB)
    let cdot = dot(u, vpB - vpA)
    let lambda = -effectiveMass * (cdot + bias + gamma * impulse)
    impulse += lambda
    let P = lambda * u
    vA -= s[iA].invMass * P
    wA -= s[iA].invI * cross(rA, P)
    vB += s[iB].invMass * P
    wB += s[iB].invI * cross(rB, P)
    s[iA].v = vA
    s[iA].w = wA
    s[iB].v = vB
    s[iB].w = wB
  }

  /// Rigid joints only: pushes the anchors back to the rest length. Returns whether the
  /// error is within the linear slop.
  func solvePositionConstraints(_ s: SolverBodies) -> Bool {
    if frequency_hz > 0 { return true }  // no position correction for soft joints
    let iA = bodyA
    var cA = s[iA].c
    var aA = s[iA].a
    var cB = groundPosition
    var aB: Float = 0
    var mB: Float = 0
    var invIB: Float = 0
    if let iB = bodyB {
      cB = s[iB].c
      aB = s[iB].a
      mB = s[iB].invMass
      invIB = s[iB].invI
    }
    let rA = Rotation(angle_rad: aA).apply(localAnchorA)
    let rB = Rotation(angle_rad: aB).apply(localAnchorB)
    var u = cB + rB - cA - rA
    let currentLength = u.normalize()
    var C = currentLength - length
    C = min(max(C, -Box2DSettings.maxLinearCorrection_m), Box2DSettings.maxLinearCorrection_m)
    let impulse = -effectiveMass * C
    let P = impulse * u
    cA -= s[iA].invMass * P
    aA -= s[iA].invI * cross(rA, P)
    s[iA].c = cA
    s[iA].a = aA
    if let iB = bodyB {
      cB += mB * P
      aB += invIB * cross(rB, P)
      s[iB].c = cB
      s[iB].a = aB
    }
    return abs(C) < Box2DSettings.linearSlop_m
  }
}
