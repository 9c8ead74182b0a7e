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
  var localPoint = Vec2.zero
}

struct ContactConstraint {
  /// Index in the world's contact list.
  var contact: Int
  /// The solver slots of the two bodies: A is a body's, or the identity slot for a boundary.
  var bodyA: Int
  var bodyB: Int
  /// Inverse masses (1/kg) and inertias (1/(kg·m²)), zero for a side that is static or does
  /// not respond (UIKit's masks), which the other side then sees as immovable; and the bodies'
  /// centres of mass in their frames (m).
  var invMassA: Float
  var invIA: Float
  var invMassB: Float
  var invIB: Float
  var localCenterA: Vec2
  var localCenterB: Vec2
  var points: (ContactConstraintPoint, ContactConstraintPoint)
  var pointCount: Int
  var normal = Vec2.zero
  /// 2×2 normal mass matrix K and its inverse (columns).
  var k: (Vec2, Vec2) = (.zero, .zero)
  var normalMassMatrix: (Vec2, Vec2) = (.zero, .zero)
  var friction: Float
  var restitution: Float
  // Position constraint data.
  var kind: Manifold.Kind
  var localNormal: Vec2
  var localPoint: Vec2
  var radiusA: Float
  var radiusB: Float
  var manifoldPointCount: Int

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
    bodyA = a.slot
    bodyB = b.slot
    invMassA = a.invMass
    invIA = a.invI
    invMassB = b.invMass
    invIB = b.invI
    localCenterA = a.localCenter
    localCenterB = b.localCenter
    radiusA = a.radius
    radiusB = b.radius
    let m = contact.manifold
    pointCount = m.pointCount
    manifoldPointCount = m.pointCount
    points = (ContactConstraintPoint(), ContactConstraintPoint())
    friction = contact.friction
    restitution = contact.restitution
    kind = m.kind
    localNormal = m.localNormal
    localPoint = m.localPoint
    for j in 0..<m.pointCount {
      var p = ContactConstraintPoint()
      if warmStarting {
        p.normalImpulse = dtRatio * m[j].normalImpulse
        p.tangentImpulse = dtRatio * m[j].tangentImpulse
      }
      p.localPoint = m[j].localPoint
      self[j] = p
    }
  }

  /// The manifold as the position solver re-evaluates it.
  func manifold() -> Manifold {
    var m = Manifold()
    m.kind = kind
    m.localNormal = localNormal
    m.localPoint = localPoint
    m.pointCount = manifoldPointCount
    for j in 0..<manifoldPointCount {
      var p = ManifoldPoint()
      p.localPoint = self[j].localPoint
      m[j] = p
    }
    return m
  }

  /// The bodies' frames from their centres of mass (m) and angles (rad).
  @inline(__always)
  private func frames(cA: Vec2, aA: Float, cB: Vec2, aB: Float) -> (Transform, Transform) {
    (
      Transform(centreOfMass: cA, angle: aA, localCenter: localCenterA),
      Transform(centreOfMass: cB, angle: aB, localCenter: localCenterB)
    )
  }

  mutating func initializeVelocity(_ s: SolverBodies) {
    let iA = bodyA
    let iB = bodyB
    let mA = invMassA
    let mB = invMassB
    let invIA = self.invIA
    let invIB = self.invIB
    let cA = s[iA].c
    let cB = s[iB].c
    let vA = s[iA].v
    let wA = s[iA].w
    let vB = s[iB].v
    let wB = s[iB].w
    let (xfA, xfB) = frames(cA: cA, aA: s[iA].a, cB: cB, aB: s[iB].a)
    let wm = WorldManifold(manifold(), xfA: xfA, radiusA: radiusA, xfB: xfB, radiusB: radiusB)
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
    let A = s[bodyA]
    let B = s[bodyB]
    return (
      JointEnd(c: A.c, a: A.a, q: A.q, v: A.v, w: A.w, m: invMassA, i: invIA),
      JointEnd(c: B.c, a: B.a, q: B.q, v: B.v, w: B.w, m: invMassB, i: invIB)
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
    s[bodyA].v = A.v
    s[bodyA].w = A.w
    s[bodyB].v = B.v
    s[bodyB].w = B.w
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
      if bodyA != t1 && bodyA != t2 {
        A.m = 0
        A.i = 0
      }
      if bodyB != t1 && bodyB != t2 {
        B.m = 0
        B.i = 0
      }
    }
    let slop = Box2DSettings.linearSlop_m
    let maxCorrection = Box2DSettings.maxLinearCorrection_m
    var minSeparation: Float = 0
    for j in 0..<manifoldPointCount {
      let (xfA, xfB) = frames(cA: A.c, aA: A.a, cB: B.c, aB: B.a)
      let normal: Vec2
      let point: Vec2
      let separation: Float
      switch kind {
      case .circles:
        let pointA = xfA.apply(localPoint)
        let pointB = xfB.apply(self[0].localPoint)
        var n = pointB - pointA
        n.normalize()
        normal = n
        point = 0.5 * (pointA + pointB)
        separation = dot(pointB - pointA, n) - radiusA - radiusB
      case .faceA, .faceB:
        // The reference face's body, then the other (whose point is clipped).
        let (xfR, xfC) = kind == .faceA ? (xfA, xfB) : (xfB, xfA)
        let n = xfR.q.apply(localNormal)
        let planePoint = xfR.apply(localPoint)
        let clipPoint = xfC.apply(self[j].localPoint)
        separation = dot(clipPoint - planePoint, n) - radiusA - radiusB
        point = clipPoint
        normal = kind == .faceA ? n : -n
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
    s[bodyA].c = A.c
    s[bodyA].a = A.a
    s[bodyB].c = B.c
    s[bodyB].a = B.a
    return minSeparation
  }
}
