/// Sequential-impulse solver for contacts (Catto, "Iterative Dynamics with Temporal
/// Coherence", GDC 2005; Box2D 2.3's b2ContactSolver): non-penetration with restitution,
/// Coulomb friction, a 2×2 block solve for two-point manifolds, and split position correction.
///
/// One form for every contact. A boundary's ground is body A like any other: the world's
/// identity slot (`World.identitySlot`: origin, angle 0, at rest, zero inverse mass and
/// inertia), as Box2D v3 reads a static body from its identity state. Its zero masses leave A
/// where it is; in exact arithmetic the terms they multiply vanish, and in float32 they change
/// at most the sign of a zero (nothing divides by one, and zeros print as "0"), so the form
/// computes the same positions and velocities as a form written for the ground alone.
struct ContactConstraintPoint {
  var rA = Vec2.zero
  var rB = Vec2.zero
  var normalImpulse: Float = 0
  var tangentImpulse: Float = 0
  var normalMass: Float = 0
  var tangentMass: Float = 0
  var velocityBias: Float = 0
}

struct ContactConstraint {
  /// Index in the world's contact list.
  var contact: Int
  /// The two sides: A is a body, or the identity slot for a boundary's ground. A side's
  /// inverse mass and inertia are zero when it is static or does not respond (UIKit's masks),
  /// and the other side then sees it as immovable.
  var sideA: ContactSide
  var sideB: ContactSide
  var points: (ContactConstraintPoint, ContactConstraintPoint)
  var pointCount: Int
  var normal = Vec2.zero
  /// 2×2 normal mass matrix K and its inverse (columns).
  var k: (Vec2, Vec2) = (.zero, .zero)
  var normalMassMatrix: (Vec2, Vec2) = (.zero, .zero)
  var friction: Float
  var restitution: Float
  /// The contact's manifold as the update found it: the velocity set-up and the position
  /// iterations re-evaluate it at the bodies' current frames.
  var manifold: Manifold

  subscript(i: Int) -> ContactConstraintPoint {
    get { i == 0 ? points.0 : points.1 }
    set {
      if i == 0 { points.0 = newValue } else { points.1 = newValue }
    }
  }
}

/// One side of a contact constraint: its solver slot, inverse mass and inertia, skin (m) and
/// centre of mass in its frame (m).
struct ContactSide {
  var slot: Int
  var invMass: Float
  var invI: Float
  var radius: Float
  var localCenter: Vec2
}

extension ContactConstraint {
  init(
    contactIndex: Int, contact: Contact, a: ContactSide, b: ContactSide, warmStarting: Bool,
    dtRatio: Float
  ) {
    self.contact = contactIndex
    sideA = a
    sideB = b
    let m = contact.manifold
    pointCount = m.pointCount
    points = (ContactConstraintPoint(), ContactConstraintPoint())
    friction = contact.friction
    restitution = contact.restitution
    manifold = m
    for j in 0..<m.pointCount where warmStarting {
      self[j].normalImpulse = dtRatio * m[j].normalImpulse
      self[j].tangentImpulse = dtRatio * m[j].tangentImpulse
    }
  }

  /// The bodies' frames from their centres of mass (m) and angles (rad).
  @inline(__always)
  private func frames(cA: Vec2, aA: Float, cB: Vec2, aB: Float) -> (Transform, Transform) {
    (
      Transform(centreOfMass: cA, angle: aA, localCenter: sideA.localCenter),
      Transform(centreOfMass: cB, angle: aB, localCenter: sideB.localCenter)
    )
  }

  mutating func initializeVelocity(_ s: SolverBodies) {
    let iA = sideA.slot
    let iB = sideB.slot
    let mA = sideA.invMass
    let mB = sideB.invMass
    let invIA = sideA.invI
    let invIB = sideB.invI
    let cA = s[iA].c
    let cB = s[iB].c
    let vA = s[iA].v
    let wA = s[iA].w
    let vB = s[iB].v
    let wB = s[iB].w
    let (xfA, xfB) = frames(cA: cA, aA: s[iA].a, cB: cB, aB: s[iB].a)
    let wm = WorldManifold(
      manifold, xfA: xfA, radiusA: sideA.radius, xfB: xfB, radiusB: sideB.radius)
    normal = wm.normal
    for j in 0..<pointCount {
      var p = self[j]
      let point = j == 0 ? wm.points.0 : wm.points.1
      p.rA = point - cA
      p.rB = point - cB
      let rnA = cross(p.rA, normal)
      let rnB = cross(p.rB, normal)
      let kNormal = mA + mB + invIA * rnA * rnA + invIB * rnB * rnB
      p.normalMass = kNormal > 0 ? 1 / kNormal : 0
      let tangent = cross(normal, 1)
      let rtA = cross(p.rA, tangent)
      let rtB = cross(p.rB, tangent)
      let kTangent = mA + mB + invIA * rtA * rtA + invIB * rtB * rtB
      p.tangentMass = kTangent > 0 ? 1 / kTangent : 0
      p.velocityBias = 0
      let vRel = dot(normal, vB + cross(wB, p.rB) - vA - cross(wA, p.rA))
      if vRel < -Box2DSettings.velocityThreshold_m_s { p.velocityBias = -restitution * vRel }
      self[j] = p
    }
    if pointCount == 2 {
      let rn1A = cross(points.0.rA, normal)
      let rn1B = cross(points.0.rB, normal)
      let rn2A = cross(points.1.rA, normal)
      let rn2B = cross(points.1.rB, normal)
      let k11 = mA + mB + invIA * rn1A * rn1A + invIB * rn1B * rn1B
      let k22 = mA + mB + invIA * rn2A * rn2A + invIB * rn2B * rn2B
      let k12 = mA + mB + invIA * rn1A * rn2A + invIB * rn1B * rn2B
      if k11 * k11 < Box2DSettings.maxConditionNumber * (k11 * k22 - k12 * k12) {
        k = (Vec2(k11, k12), Vec2(k12, k22))
        var det = k11 * k22 - k12 * k12
        if det != 0 { det = 1 / det }
        normalMassMatrix = (Vec2(det * k22, -det * k12), Vec2(-det * k12, det * k11))
      } else {
        pointCount = 1  // ill-conditioned: solve one point
      }
    }
  }

  /// Both sides as the solver works on them, with the constraint's inverse masses (zero for a
  /// side that does not respond).
  @inline(__always)
  private func ends(_ s: SolverBodies) -> (JointEnd, JointEnd) {
    let A = s[sideA.slot]
    let B = s[sideB.slot]
    return (
      JointEnd(c: A.c, a: A.a, q: A.q, v: A.v, w: A.w, m: sideA.invMass, i: sideA.invI),
      JointEnd(c: B.c, a: B.a, q: B.q, v: B.v, w: B.w, m: sideB.invMass, i: sideB.invI)
    )
  }

  /// The velocity of B's point at `p.rB` relative to A's at `p.rA` (m/s).
  @inline(__always)
  private static func relativeVelocity(
    _ A: JointEnd, _ B: JointEnd, _ p: ContactConstraintPoint
  ) -> Vec2 {
    B.v + cross(B.w, p.rB) - A.v - cross(A.w, p.rA)
  }

  /// Writes both sides' velocities back.
  @inline(__always)
  private func storeVelocities(_ s: SolverBodies, _ A: JointEnd, _ B: JointEnd) {
    s[sideA.slot].v = A.v
    s[sideA.slot].w = A.w
    s[sideB.slot].v = B.v
    s[sideB.slot].w = B.w
  }

  func warmStart(_ s: SolverBodies) {
    var (A, B) = ends(s)
    let tangent = cross(normal, 1)
    for j in 0..<pointCount {
      let p = self[j]
      let P = p.normalImpulse * normal + p.tangentImpulse * tangent
      JointEnd.apply(P, angularA: cross(p.rA, P), angularB: cross(p.rB, P), &A, &B)
    }
    storeVelocities(s, A, B)
  }

  mutating func solveVelocity(_ s: SolverBodies) {
    var (A, B) = ends(s)
    let tangent = cross(normal, 1)
    // Friction first, bounded by the current normal impulse.
    for j in 0..<pointCount {
      var p = self[j]
      let vt = dot(Self.relativeVelocity(A, B, p), tangent)
      var lambda = p.tangentMass * (-vt)
      let maxFriction = friction * p.normalImpulse
      let newImpulse = min(max(p.tangentImpulse + lambda, -maxFriction), maxFriction)
      lambda = newImpulse - p.tangentImpulse
      p.tangentImpulse = newImpulse
      let P = lambda * tangent
      JointEnd.apply(P, angularA: cross(p.rA, P), angularB: cross(p.rB, P), &A, &B)
      self[j] = p
    }
    if pointCount == 1 {
      var p = points.0
      let vn = dot(Self.relativeVelocity(A, B, p), normal)
      var lambda = -p.normalMass * (vn - p.velocityBias)
      let newImpulse = max(p.normalImpulse + lambda, 0)
      lambda = newImpulse - p.normalImpulse
      p.normalImpulse = newImpulse
      let P = lambda * normal
      JointEnd.apply(P, angularA: cross(p.rA, P), angularB: cross(p.rB, P), &A, &B)
      points.0 = p
    } else {
      // Block solver: the 2×2 linear complementarity problem by enumerating its four cases.
      var cp1 = points.0
      var cp2 = points.1
      let a = Vec2(cp1.normalImpulse, cp2.normalImpulse)
      let vn1 = dot(Self.relativeVelocity(A, B, cp1), normal)
      let vn2 = dot(Self.relativeVelocity(A, B, cp2), normal)
      var b = Vec2(vn1 - cp1.velocityBias, vn2 - cp2.velocityBias)
      b -= Vec2(k.0.x * a.x + k.1.x * a.y, k.0.y * a.x + k.1.y * a.y)
      if let x = blockNormalImpulses(b) {
        let d = x - a
        let P1 = d.x * normal
        let P2 = d.y * normal
        JointEnd.apply(
          P1 + P2, angularA: cross(cp1.rA, P1) + cross(cp2.rA, P2),
          angularB: cross(cp1.rB, P1) + cross(cp2.rB, P2), &A, &B)
        cp1.normalImpulse = x.x
        cp2.normalImpulse = x.y
      }
      points.0 = cp1
      points.1 = cp2
    }
    storeVelocities(s, A, B)
  }

  /// One Gauss–Seidel pass of position correction on both bodies; returns the smallest
  /// separation (m). `toiBodies`: in a time-of-impact solve, the two bodies of the impact, the
  /// only ones it moves (a boundary contact always has its body among them).
  func solvePosition(_ s: SolverBodies, baumgarte factor: Float, toiBodies: (Int, Int)?)
    -> Float
  {
    var (A, B) = ends(s)
    if let (t1, t2) = toiBodies {
      if sideA.slot != t1 && sideA.slot != t2 {
        A.m = 0
        A.i = 0
      }
      if sideB.slot != t1 && sideB.slot != t2 {
        B.m = 0
        B.i = 0
      }
    }
    let slop = Box2DSettings.linearSlop_m
    let maxCorrection = Box2DSettings.maxLinearCorrection_m
    var minSeparation: Float = 0
    let m = manifold
    for j in 0..<m.pointCount {
      let (xfA, xfB) = frames(cA: A.c, aA: A.a, cB: B.c, aB: B.a)
      let normal: Vec2
      let point: Vec2
      let separation: Float
      switch m.kind {
      case .circles:
        let pointA = xfA.apply(m.localPoint)
        let pointB = xfB.apply(m[0].localPoint)
        var n = pointB - pointA
        n.normalize()
        normal = n
        point = 0.5 * (pointA + pointB)
        separation = dot(pointB - pointA, n) - sideA.radius - sideB.radius
      case .faceA, .faceB:
        // The reference face's body, then the other (whose point is clipped).
        let (xfR, xfC) = m.kind == .faceA ? (xfA, xfB) : (xfB, xfA)
        let n = xfR.q.apply(m.localNormal)
        let planePoint = xfR.apply(m.localPoint)
        let clipPoint = xfC.apply(m[j].localPoint)
        separation = dot(clipPoint - planePoint, n) - sideA.radius - sideB.radius
        point = clipPoint
        normal = m.kind == .faceA ? n : -n
      }
      let rA = point - A.c
      let rB = point - B.c
      minSeparation = min(minSeparation, separation)
      let C = min(max(factor * (separation + slop), -maxCorrection), 0)
      let rnA = cross(rA, normal)
      let rnB = cross(rB, normal)
      let K = A.m + B.m + A.i * rnA * rnA + B.i * rnB * rnB
      let impulse = K > 0 ? -C / K : 0
      let P = impulse * normal
      JointEnd.apply(P, angularA: cross(rA, P), angularB: cross(rB, P), &A, &B, positions: true)
    }
    s[sideA.slot].c = A.c
    s[sideA.slot].a = A.a
    s[sideB.slot].c = B.c
    s[sideB.slot].a = B.a
    return minSeparation
  }
}
