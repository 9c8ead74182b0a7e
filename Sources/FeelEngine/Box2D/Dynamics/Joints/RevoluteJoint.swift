/// UIKit's pin attachment: two bodies share a point and turn freely about it (Box2D 2.2.1's
/// revolute joint). The range (`attachmentRange`, rad) is an angle limit on B's angle minus
/// A's minus the reference angle; the friction torque is a motor at speed 0 whose torque is at
/// most that (N·m), so it brakes the relative spin at a constant torque. The motor is solved
/// first (its own 1×1 row), then either the point (2 rows) or, with the limit active, point
/// and limit together (3 rows, the limit's impulse clamped to one side and the point re-solved
/// when it would pull).
struct RevoluteJoint: Sendable {
  var bodies = JointBodies(a: 0)
  /// Anchors in the bodies' frames, from their centres of mass (m).
  var localAnchorA = Vec2.zero
  var localAnchorB = Vec2.zero
  /// Angle of B minus angle of A when the joint was made (rad).
  var referenceAngle: Float = 0
  /// The angle limit (rad), when on.
  var limit: (lower: Float, upper: Float)?
  /// The friction torque (N·m); 0 = no motor.
  var maxMotorTorque: Float = 0

  // Solver state.
  var impulse = Vec3.zero
  var motorImpulse: Float = 0
  var limitState = JointLimitState.inactive
  var rA = Vec2.zero
  var rB = Vec2.zero
  var mass = Mat33.zero
  var motorMass: Float = 0

  var enableMotor: Bool { maxMotorTorque > 0 }

  mutating func initVelocityConstraints(_ s: SolverBodies, dtRatio: Float) {
    var (A, B) = bodies.load(s)
    (rA, rB) = JointEnd.arms(A, B, localAnchorA, localAnchorB, moved: false)
    let fixedRotation = A.i + B.i == 0
    mass = Mat33.pointAngle(rA: rA, rB: rB, mA: A.m, mB: B.m, iA: A.i, iB: B.i)
    motorMass = A.i + B.i
    if motorMass > 0 { motorMass = 1 / motorMass }
    if !enableMotor || fixedRotation { motorImpulse = 0 }
    if let limit, !fixedRotation {
      let jointAngle = B.a - A.a - referenceAngle
      if abs(limit.upper - limit.lower) < 2 * Box2DSettings.angularSlop_rad {
        limitState = .equal
      } else if jointAngle <= limit.lower {
        if limitState != .atLower { impulse.z = 0 }
        limitState = .atLower
      } else if jointAngle >= limit.upper {
        if limitState != .atUpper { impulse.z = 0 }
        limitState = .atUpper
      } else {
        limitState = .inactive
        impulse.z = 0
      }
    } else {
      limitState = .inactive
    }
    impulse = dtRatio * impulse
    motorImpulse *= dtRatio
    let P = Vec2(impulse.x, impulse.y)
    JointEnd.apply(
      P, angularA: cross(rA, P) + motorImpulse + impulse.z,
      angularB: cross(rB, P) + motorImpulse + impulse.z, &A, &B)
    bodies.storeVelocities(s, A, B)
  }

  mutating func solveVelocityConstraints(_ s: SolverBodies, h: Float) {
    var (A, B) = bodies.load(s)
    let fixedRotation = A.i + B.i == 0
    if enableMotor && limitState != .equal && !fixedRotation {
      // The motor at speed 0: the relative spin, braked by at most h × the torque.
      let cdot = B.w - A.w
      var lambda = -motorMass * cdot
      let old = motorImpulse
      let maxImpulse = h * maxMotorTorque
      motorImpulse = min(max(motorImpulse + lambda, -maxImpulse), maxImpulse)
      lambda = motorImpulse - old
      A.w -= A.i * lambda
      B.w += B.i * lambda
    }
    if limit != nil && limitState != .inactive && !fixedRotation {
      let cdot1 = B.v + cross(B.w, rB) - A.v - cross(A.w, rA)
      let cdot2 = B.w - A.w
      var lambda = -mass.solve33(Vec3(x: cdot1.x, y: cdot1.y, z: cdot2))
      let pulls =
        (limitState == .atLower && impulse.z + lambda.z < 0)
        || (limitState == .atUpper && impulse.z + lambda.z > 0)
      if pulls {
        // The limit would pull: take its accumulated impulse away and solve the point alone.
        let rhs = -cdot1 + impulse.z * Vec2(mass.ez.x, mass.ez.y)
        let reduced = mass.solve22(rhs)
        lambda = Vec3(x: reduced.x, y: reduced.y, z: -impulse.z)
        impulse.x += reduced.x
        impulse.y += reduced.y
        impulse.z = 0
      } else {
        impulse += lambda
      }
      let P = Vec2(lambda.x, lambda.y)
      JointEnd.apply(
        P, angularA: cross(rA, P) + lambda.z, angularB: cross(rB, P) + lambda.z, &A, &B)
    } else {
      let cdot = B.v + cross(B.w, rB) - A.v - cross(A.w, rA)
      let lambda = mass.solve22(-cdot)
      impulse.x += lambda.x
      impulse.y += lambda.y
      JointEnd.apply(
        lambda, angularA: cross(rA, lambda), angularB: cross(rB, lambda), &A, &B)
    }
    bodies.storeVelocities(s, A, B)
  }

  /// Returns whether the point error is within the linear slop and the limit's angle error
  /// within the angular slop.
  mutating func solvePositionConstraints(_ s: SolverBodies) -> Bool {
    var (A, B) = bodies.load(s)
    var angularError: Float = 0
    let fixedRotation = A.i + B.i == 0
    if let limit, limitState != .inactive, !fixedRotation {
      let angle = B.a - A.a - referenceAngle
      let maxCorrection = Box2DSettings.maxAngularCorrection_rad
      let slop = Box2DSettings.angularSlop_rad
      var limitImpulse: Float = 0
      switch limitState {
      case .equal:
        let C = min(max(angle - limit.lower, -maxCorrection), maxCorrection)
        limitImpulse = -motorMass * C
        angularError = abs(C)
      case .atLower:
        let C = angle - limit.lower
        angularError = -C
        limitImpulse = -motorMass * min(max(C + slop, -maxCorrection), 0)
      case .atUpper:
        let C = angle - limit.upper
        angularError = C
        limitImpulse = -motorMass * min(max(C - slop, 0), maxCorrection)
      case .inactive:
        break
      }
      A.a -= A.i * limitImpulse
      B.a += B.i * limitImpulse
    }
    let (rA, rB) = JointEnd.arms(A, B, localAnchorA, localAnchorB, moved: true)
    let C = B.c + rB - A.c - rA
    let positionError = C.length
    let k11 = A.m + B.m + A.i * rA.y * rA.y + B.i * rB.y * rB.y
    let k12 = -A.i * rA.x * rA.y - B.i * rB.x * rB.y
    let k22 = A.m + B.m + A.i * rA.x * rA.x + B.i * rB.x * rB.x
    let lambda = -solveSymmetric22(k11: k11, k12: k12, k22: k22, C)
    JointEnd.apply(
      lambda, angularA: cross(rA, lambda), angularB: cross(rB, lambda), &A, &B, positions: true)
    bodies.storePositions(s, A, B)
    return positionError <= Box2DSettings.linearSlop_m
      && angularError <= Box2DSettings.angularSlop_rad
  }
}
