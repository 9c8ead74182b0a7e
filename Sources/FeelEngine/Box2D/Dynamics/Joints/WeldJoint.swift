/// UIKit's fixed attachment: a rigid weld of two bodies at a point (Box2D 2.2.1's weld joint
/// with frequency 0). Three equations solved together (Catto, "Modeling and Solving
/// Constraints", GDC 2009): the two anchors coincide (point, 2 rows) and the relative angle
/// stays at the reference angle (1 row). The velocity step solves the full 3×3 system with
/// the inverse kept from its set-up; the position step pushes the remaining error back with a
/// fresh 3×3 solve. When neither body can turn the 3×3 matrix is singular and, as in 2.2.1
/// (2.3.1 later special-cased it), the joint pushes nothing.
struct WeldJoint: Sendable {
  var bodies = JointBodies(a: 0)
  /// Anchors in the bodies' frames, from their centres of mass (m).
  var localAnchorA = Vec2.zero
  var localAnchorB = Vec2.zero
  /// Angle of B minus angle of A when the joint was made (rad).
  var referenceAngle: Float = 0

  // Solver state.
  var impulse = Vec3.zero
  var rA = Vec2.zero
  var rB = Vec2.zero
  var mass = Mat33.zero

  mutating func initVelocityConstraints(_ s: SolverBodies, dtRatio: Float) {
    var (A, B) = bodies.load(s)
    (rA, rB) = JointEnd.arms(A, B, localAnchorA, localAnchorB, moved: false)
    let K = Mat33.pointAngle(rA: rA, rB: rB, mA: A.m, mB: B.m, iA: A.i, iB: B.i)
    mass = K.symmetricInverse()
    impulse = dtRatio * impulse
    let P = Vec2(impulse.x, impulse.y)
    JointEnd.apply(
      P, angularA: cross(rA, P) + impulse.z, angularB: cross(rB, P) + impulse.z, &A, &B)
    bodies.storeVelocities(s, A, B)
  }

  mutating func solveVelocityConstraints(_ s: SolverBodies) {
    var (A, B) = bodies.load(s)
    let cdot1 = B.v + cross(B.w, rB) - A.v - cross(A.w, rA)
    let cdot2 = B.w - A.w
    let lambda = -mass.times(Vec3(x: cdot1.x, y: cdot1.y, z: cdot2))
    impulse += lambda
    let P = Vec2(lambda.x, lambda.y)
    JointEnd.apply(
      P, angularA: cross(rA, P) + lambda.z, angularB: cross(rB, P) + lambda.z, &A, &B)
    bodies.storeVelocities(s, A, B)
  }

  /// Returns whether the point error is within the linear slop and the angle error within the
  /// angular slop.
  mutating func solvePositionConstraints(_ s: SolverBodies) -> Bool {
    var (A, B) = bodies.load(s)
    let (rA, rB) = JointEnd.arms(A, B, localAnchorA, localAnchorB, moved: true)
    let K = Mat33.pointAngle(rA: rA, rB: rB, mA: A.m, mB: B.m, iA: A.i, iB: B.i)
    let c1 = B.c + rB - A.c - rA
    let c2 = B.a - A.a - referenceAngle
    let positionError = c1.length
    let angularError = abs(c2)
    let lambda = -K.solve33(Vec3(x: c1.x, y: c1.y, z: c2))
    let P = Vec2(lambda.x, lambda.y)
    JointEnd.apply(
      P, angularA: cross(rA, P) + lambda.z, angularB: cross(rB, P) + lambda.z, &A, &B,
      positions: true)
    bodies.storePositions(s, A, B)
    return positionError <= Box2DSettings.linearSlop_m
      && angularError <= Box2DSettings.angularSlop_rad
  }
}
