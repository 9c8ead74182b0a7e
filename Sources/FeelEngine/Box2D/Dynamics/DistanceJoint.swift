/// Keeps a point of body A at a distance from a point of body B (or of the static ground):
/// rigid when `frequency_hz` is 0, otherwise a soft spring of that frequency and damping
/// ratio, recomputed every sub-step from the effective mass along the joint axis
/// (Catto, "Soft Constraints", GDC 2011). Body A is always dynamic; a static B (a snap's
/// anchor body, an attachment's anchor point) is solved in the same form as a body B, from
/// the identity state at its position (`JointBodies`).
package struct DistanceJoint: Sendable {
  /// Body A, and body B or the static body at the ground position.
  var bodies: JointBodies
  /// Body slot of A.
  var bodyA: Int {
    get { bodies.a }
    set { bodies.a = newValue }
  }
  /// Body slot of B, or nil for the static ground.
  package var bodyB: Int? {
    get { bodies.b }
    set { bodies.b = newValue }
  }
  /// Where the static body B sits (m) when `bodyB` is nil.
  package var groundPosition: Vec2 {
    get { bodies.groundPosition }
    set { bodies.groundPosition = newValue }
  }
  /// Anchors in the bodies' frames (m).
  package var localAnchorA: Vec2
  package var localAnchorB: Vec2
  /// Rest length (m).
  package var length: Float
  /// Spring frequency (Hz); 0 = rigid rod.
  package var frequency_hz: Float
  /// Damping ratio (non-dimensional).
  package var dampingRatio: Float
  /// Index of the behavior that owns the joint.
  var owner: Int

  // Solver state.
  package var impulse: Float = 0
  var u = Vec2.zero
  var rA = Vec2.zero
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
  init(
    bodyA: Int, bodyB: Int?, groundPosition: Vec2 = .zero, localAnchorA: Vec2,
    localAnchorB: Vec2, length: Float, frequency_hz: Float, dampingRatio: Float, owner: Int
  ) {
    bodies = JointBodies(a: bodyA, b: bodyB, groundPosition: groundPosition)
    self.localAnchorA = localAnchorA
    self.localAnchorB = localAnchorB
    self.length = length
    self.frequency_hz = frequency_hz
    self.dampingRatio = dampingRatio
    self.owner = owner
  }

  mutating func initVelocityConstraints(
    _ s: SolverBodies, h: Float, dtRatio: Float, warmStarting: Bool
  ) {
    var (A, B) = bodies.load(s)
    rA = A.q.apply(localAnchorA)
    rB = B.q.apply(localAnchorB)
    u = B.c + rB - A.c - rA
    let currentLength = u.length
    if currentLength > Box2DSettings.linearSlop_m {
      u *= 1 / currentLength
    } else {
      u = .zero
    }
    let crAu = cross(rA, u)
    let crBu = cross(rB, u)
    var invMass = A.m + A.i * crAu * crAu + B.m + B.i * crBu * crBu
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
      JointEnd.apply(P, angularA: cross(rA, P), angularB: cross(rB, P), &A, &B)
    } else {
      impulse = 0
    }
    bodies.storeVelocities(s, A, B)
  }

  mutating func solveVelocityConstraints(_ s: SolverBodies) {
    var (A, B) = bodies.load(s)
    let vpA = A.v + cross(A.w, rA)
    let vpB = B.v + cross(B.w, rB)
    let cdot = dot(u, vpB - vpA)
    let lambda = -effectiveMass * (cdot + bias + gamma * impulse)
    impulse += lambda
    let P = lambda * u
    JointEnd.apply(P, angularA: cross(rA, P), angularB: cross(rB, P), &A, &B)
    bodies.storeVelocities(s, A, B)
  }

  /// `solveVelocityConstraints` for a joint to the ground (B the identity state, so vpB − vpA
  /// is 0 − vpA), on d = 0 − vA held by the caller: a chain of such joints keeps it in
  /// registers and saves a subtraction per joint. 0 − (vA + ω × rA) = d − ω × rA and
  /// 0 − (vA − m·P) = d + m·P hold exactly (each side rounds the same real number, and both
  /// give +0 where it is zero), so 0 − d gives back vA's bits unless vA entered with a −0 (the
  /// caller checks). `turns` false: A cannot turn (inverse inertia 0) and ω is +0; ω × rA is
  /// then a zero and ω − 0·x stays +0, so the angular terms are left out with the same bits.
  @inline(__always)
  mutating func solveGroundVelocity(
    d: inout Vec2, w: inout Float, mA: Float, iA: Float, turns: Bool
  ) {
    let e = turns ? d - cross(w, rA) : d
    let cdot = dot(u, e)
    let lambda = -effectiveMass * (cdot + bias + gamma * impulse)
    impulse += lambda
    let P = lambda * u
    d += mA * P
    if turns { w -= iA * cross(rA, P) }
  }

  /// Rigid joints only: pushes the anchors back to the rest length. Returns whether the
  /// error is within the linear slop.
  func solvePositionConstraints(_ s: SolverBodies) -> Bool {
    if frequency_hz > 0 { return true }  // no position correction for soft joints
    var (A, B) = bodies.load(s)
    let (rA, rB) = JointEnd.arms(A, B, localAnchorA, localAnchorB, moved: true)
    var u = B.c + rB - A.c - rA
    let currentLength = u.normalize()
    var C = currentLength - length
    C = min(max(C, -Box2DSettings.maxLinearCorrection_m), Box2DSettings.maxLinearCorrection_m)
    let impulse = -effectiveMass * C
    let P = impulse * u
    JointEnd.apply(P, angularA: cross(rA, P), angularB: cross(rB, P), &A, &B, positions: true)
    bodies.storePositions(s, A, B)
    return abs(C) < Box2DSettings.linearSlop_m
  }
}
