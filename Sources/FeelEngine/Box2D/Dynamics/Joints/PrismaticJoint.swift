/// UIKit's sliding attachment: B moves relative to A only along an axis fixed in A, and the
/// two do not turn relative to each other (Box2D 2.2.1's prismatic joint; UIKit sets no
/// motor). The range (`attachmentRange`, m here) limits the translation along the axis. Each
/// sub-step solves the perpendicular and angular rows together (2×2), or, with the limit
/// active, all three (3×3) with the limit's accumulated impulse clamped to one side and the
/// other two re-solved for the clamp.
struct PrismaticJoint: Sendable {
  var bodies = JointBodies(a: 0)
  /// Anchors in the bodies' frames, from their centres of mass (m).
  var localAnchorA = Vec2.zero
  var localAnchorB = Vec2.zero
  /// The unit axis in A's frame, and its perpendicular (a quarter turn counter-clockwise).
  var localXAxisA = Vec2.zero
  var localYAxisA = Vec2.zero
  /// Angle of B minus angle of A when the joint was made (rad).
  var referenceAngle: Float = 0
  /// The translation limit along the axis (m), when on.
  var limit: (lower: Float, upper: Float)?

  // Solver state.
  var impulse = Vec3.zero
  var limitState = JointLimitState.inactive
  var rA = Vec2.zero
  var rB = Vec2.zero
  var rows = Rows()
  var K = Mat33.zero

  /// The rows' directions and lever arms: the axis and its perpendicular in world axes, and
  /// each body's arm about them (s: perpendicular row, a: axial row).
  struct Rows {
    var axis = Vec2.zero
    var perp = Vec2.zero
    var s1: Float = 0
    var s2: Float = 0
    var a1: Float = 0
    var a2: Float = 0

    /// For A's rotation `qA`, the offset `d` between the anchors (m) and B's arm `rB`.
    init(_ joint: PrismaticJoint, qA: Rotation, d: Vec2, rA: Vec2, rB: Vec2) {
      axis = qA.apply(joint.localXAxisA)
      a1 = cross(d + rA, axis)
      a2 = cross(rB, axis)
      perp = qA.apply(joint.localYAxisA)
      s1 = cross(d + rA, perp)
      s2 = cross(rB, perp)
    }

    init() {}

    /// The 3×3 mass matrix of the perpendicular, angular and axial rows.
    func massMatrix(_ A: JointEnd, _ B: JointEnd) -> Mat33 {
      let (mA, mB, iA, iB) = (A.m, B.m, A.i, B.i)
      let k11 = mA + mB + iA * s1 * s1 + iB * s2 * s2
      let k12 = iA * s1 + iB * s2
      let k13 = iA * s1 * a1 + iB * s2 * a2
      var k22 = iA + iB
      if k22 == 0 { k22 = 1 }  // neither body turns: the angular row is left alone
      let k23 = iA * a1 + iB * a2
      let k33 = mA + mB + iA * a1 * a1 + iB * a2 * a2
      return Mat33(
        ex: Vec3(x: k11, y: k12, z: k13), ey: Vec3(x: k12, y: k22, z: k23),
        ez: Vec3(x: k13, y: k23, z: k33))
    }

    /// Applies the rows' impulse `f` (perpendicular, angular, axial) to both ends
    /// (`JointEnd.apply`: their velocities, or their positions when `positions`).
    @inline(__always)
    func apply(_ f: Vec3, _ A: inout JointEnd, _ B: inout JointEnd, positions: Bool = false) {
      let P = f.x * perp + f.z * axis
      let LA = f.x * s1 + f.y + f.z * a1
      let LB = f.x * s2 + f.y + f.z * a2
      JointEnd.apply(P, angularA: LA, angularB: LB, &A, &B, positions: positions)
    }
  }

  init() {}

  init(
    bodies: JointBodies, localAnchorA: Vec2, localAnchorB: Vec2, localAxisA: Vec2,
    referenceAngle: Float, limit: (lower: Float, upper: Float)?
  ) {
    self.bodies = bodies
    self.localAnchorA = localAnchorA
    self.localAnchorB = localAnchorB
    var x = localAxisA
    x.normalize()
    localXAxisA = x
    localYAxisA = cross(1, x)
    self.referenceAngle = referenceAngle
    self.limit = limit
  }

  mutating func initVelocityConstraints(_ s: SolverBodies, dtRatio: Float) {
    var (A, B) = bodies.load(s)
    (rA, rB) = JointEnd.arms(A, B, localAnchorA, localAnchorB, moved: false)
    let d = (B.c - A.c) + rB - rA
    rows = Rows(self, qA: A.q, d: d, rA: rA, rB: rB)
    K = rows.massMatrix(A, B)
    if let limit {
      let translation = dot(rows.axis, d)
      if abs(limit.upper - limit.lower) < 2 * Box2DSettings.linearSlop_m {
        limitState = .equal
      } else if translation <= limit.lower {
        if limitState != .atLower {
          limitState = .atLower
          impulse.z = 0
        }
      } else if translation >= limit.upper {
        if limitState != .atUpper {
          limitState = .atUpper
          impulse.z = 0
        }
      } else {
        limitState = .inactive
        impulse.z = 0
      }
    } else {
      limitState = .inactive
      impulse.z = 0
    }
    impulse = dtRatio * impulse
    rows.apply(impulse, &A, &B)
    bodies.storeVelocities(s, A, B)
  }

  @inline(__always) mutating func solveVelocityConstraints(_ s: SolverBodies) {
    var (A, B) = bodies.load(s)
    let (perp, axis) = (rows.perp, rows.axis)
    let cdot1 = Vec2(dot(perp, B.v - A.v) + rows.s2 * B.w - rows.s1 * A.w, B.w - A.w)
    let df: Vec3
    if limit != nil && limitState != .inactive {
      let cdot2 = dot(axis, B.v - A.v) + rows.a2 * B.w - rows.a1 * A.w
      let f1 = impulse
      impulse += K.solve33(-Vec3(x: cdot1.x, y: cdot1.y, z: cdot2))
      if limitState == .atLower {
        impulse.z = max(impulse.z, 0)
      } else if limitState == .atUpper {
        impulse.z = min(impulse.z, 0)
      }
      // The first two rows again, for the clamped third: f2r = f1r + K22⁻¹(−Cdot1 − K13·Δz).
      let b = -cdot1 - (impulse.z - f1.z) * Vec2(K.ez.x, K.ez.y)
      let f2r = K.solve22(b) + Vec2(f1.x, f1.y)
      impulse.x = f2r.x
      impulse.y = f2r.y
      df = impulse - f1
    } else {
      let d2 = K.solve22(-cdot1)
      impulse.x += d2.x
      impulse.y += d2.y
      df = Vec3(x: d2.x, y: d2.y, z: 0)
    }
    rows.apply(df, &A, &B)
    bodies.storeVelocities(s, A, B)
  }

  /// Returns whether the perpendicular and limit errors are within the linear slop and the
  /// angle error within the angular slop.
  mutating func solvePositionConstraints(_ s: SolverBodies) -> Bool {
    var (A, B) = bodies.load(s)
    let qA = Rotation(angle_rad: A.a)
    let rA = qA.apply(localAnchorA)
    let rB = Rotation(angle_rad: B.a).apply(localAnchorB)
    let d = B.c + rB - A.c - rA
    let rows = Rows(self, qA: qA, d: d, rA: rA, rB: rB)
    let c1 = Vec2(dot(rows.perp, d), B.a - A.a - referenceAngle)
    var linearError = abs(c1.x)
    let angularError = abs(c1.y)
    var active = false
    var c2: Float = 0
    if let limit {
      let translation = dot(rows.axis, d)
      let slop = Box2DSettings.linearSlop_m
      let maxCorrection = Box2DSettings.maxLinearCorrection_m
      if abs(limit.upper - limit.lower) < 2 * slop {
        c2 = min(max(translation, -maxCorrection), maxCorrection)
        linearError = max(linearError, abs(translation))
        active = true
      } else if translation <= limit.lower {
        c2 = min(max(translation - limit.lower + slop, -maxCorrection), 0)
        linearError = max(linearError, limit.lower - translation)
        active = true
      } else if translation >= limit.upper {
        c2 = min(max(translation - limit.upper - slop, 0), maxCorrection)
        linearError = max(linearError, translation - limit.upper)
        active = true
      }
    }
    let lambda: Vec3
    let K = rows.massMatrix(A, B)
    if active {
      lambda = K.solve33(-Vec3(x: c1.x, y: c1.y, z: c2))
    } else {
      let l2 = solveSymmetric22(k11: K.ex.x, k12: K.ex.y, k22: K.ey.y, -c1)
      lambda = Vec3(x: l2.x, y: l2.y, z: 0)
    }
    rows.apply(lambda, &A, &B, positions: true)
    bodies.storePositions(s, A, B)
    return linearError <= Box2DSettings.linearSlop_m
      && angularError <= Box2DSettings.angularSlop_rad
  }
}
