/// UIKit's limit attachment: the distance between two anchors may shrink but never exceed a
/// maximum length (Box2D 2.2.1's rope joint). A one-sided constraint along the line between
/// the anchors: while slack, its velocity row lets the anchors approach each other no faster
/// than closes the slack within the sub-step (speculative, `C/h` added to the velocity
/// error), and its accumulated impulse can only pull (≤ 0).
struct RopeJoint: Sendable {
  var bodies = JointBodies(a: 0)
  /// Anchors in the bodies' frames, from their centres of mass (m).
  var localAnchorA = Vec2.zero
  var localAnchorB = Vec2.zero
  /// Longest distance between the anchors (m).
  var maxLength: Float = 0

  // Solver state.
  var impulse: Float = 0
  var u = Vec2.zero
  var rA = Vec2.zero
  var rB = Vec2.zero
  var length: Float = 0
  var mass: Float = 0

  mutating func initVelocityConstraints(_ s: SolverBodies, dtRatio: Float) {
    var (A, B) = bodies.load(s)
    (rA, rB) = JointEnd.arms(A, B, localAnchorA, localAnchorB, moved: false)
    u = B.c + rB - A.c - rA
    length = u.length
    guard length > Box2DSettings.linearSlop_m else {
      u = .zero
      mass = 0
      impulse = 0
      return
    }
    u *= 1 / length
    let crA = cross(rA, u)
    let crB = cross(rB, u)
    let invMass = A.m + A.i * crA * crA + B.m + B.i * crB * crB
    mass = invMass != 0 ? 1 / invMass : 0
    impulse *= dtRatio
    let P = impulse * u
    JointEnd.apply(P, angularA: cross(rA, P), angularB: cross(rB, P), &A, &B)
    bodies.storeVelocities(s, A, B)
  }

  mutating func solveVelocityConstraints(_ s: SolverBodies, invH: Float) {
    var (A, B) = bodies.load(s)
    let vpA = A.v + cross(A.w, rA)
    let vpB = B.v + cross(B.w, rB)
    let C = length - maxLength
    var cdot = dot(u, vpB - vpA)
    if C < 0 { cdot += invH * C }  // slack: allow closing it within the sub-step
    var lambda = -mass * cdot
    let old = impulse
    impulse = min(0, impulse + lambda)
    lambda = impulse - old
    let P = lambda * u
    JointEnd.apply(P, angularA: cross(rA, P), angularB: cross(rB, P), &A, &B)
    bodies.storeVelocities(s, A, B)
  }

  /// Pulls an over-long rope back to its maximum length; returns whether it is within the
  /// linear slop of it.
  mutating func solvePositionConstraints(_ s: SolverBodies) -> Bool {
    var (A, B) = bodies.load(s)
    let (rA, rB) = JointEnd.arms(A, B, localAnchorA, localAnchorB, moved: true)
    var u = B.c + rB - A.c - rA
    let length = u.normalize()
    let C = min(max(length - maxLength, 0), Box2DSettings.maxLinearCorrection_m)
    let lambda = -mass * C
    let P = lambda * u
    JointEnd.apply(P, angularA: cross(rA, P), angularB: cross(rB, P), &A, &B, positions: true)
    bodies.storePositions(s, A, B)
    return length - maxLength < Box2DSettings.linearSlop_m
  }
}
