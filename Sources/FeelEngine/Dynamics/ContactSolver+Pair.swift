/// The contact solver's general form, for a contact between two bodies (two items, an item
/// and an anchored item, two members of different groups): Box2D 2.3's b2ContactSolver with
/// both bodies' velocities, masses and frames. The masses are the constraint's own: zero for
/// a static body and for a side that does not respond (UIKit's masks), which the other side
/// then sees as immovable.
extension ContactConstraint {
  /// The bodies' frames from their centres of mass (m) and angles (rad).
  @inline(__always)
  private func frames(_ s: SolverBodies, cA: Vec2, aA: Float, cB: Vec2, aB: Float) -> (
    Transform, Transform
  ) {
    (
      Transform(centreOfMass: cA, angle: aA, localCenter: localCenterA),
      Transform(centreOfMass: cB, angle: aB, localCenter: localCenterB)
    )
  }

  mutating func initializePairVelocity(_ s: SolverBodies) {
    let iA = bodyA
    let iB = body
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
    let (xfA, xfB) = frames(s, cA: cA, aA: s[iA].a, cB: cB, aB: s[iB].a)
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
        pointCount = 1
      }
    }
  }

  func warmStartPair(_ s: SolverBodies) {
    let iA = bodyA
    let iB = body
    var vA = s[iA].v
    var wA = s[iA].w
    var vB = s[iB].v
    var wB = s[iB].w
    let tangent = cross(normal, 1)
    for j in 0..<pointCount {
      let p = self[j]
      let P = p.normalImpulse * normal + p.tangentImpulse * tangent
      wA -= invIA * cross(p.rA, P)
      vA -= invMassA * P
      wB += invIB * cross(p.rB, P)
      vB += invMassB * P
    }
    s[iA].v = vA
    s[iA].w = wA
    s[iB].v = vB
    s[iB].w = wB
  }

  mutating func solvePairVelocity(_ s: SolverBodies) {
    let iA = bodyA
    let iB = body
    let mA = invMassA
    let iIA = invIA
    let mB = invMassB
    let iIB = invIB
    var vA = s[iA].v
    var wA = s[iA].w
    var vB = s[iB].v
    var wB = s[iB].w
    let tangent = cross(normal, 1)
    // Friction first, bounded by the current normal impulse.
    for j in 0..<pointCount {
      var p = self[j]
      let dv = vB + cross(wB, p.rB) - vA - cross(wA, p.rA)
      let vt = dot(dv, tangent)
      var lambda = p.tangentMass * (-vt)
      let maxFriction = friction * p.normalImpulse
      let newImpulse = min(max(p.tangentImpulse + lambda, -maxFriction), maxFriction)
      lambda = newImpulse - p.tangentImpulse
      p.tangentImpulse = newImpulse
      let P = lambda * tangent
      vA -= mA * P
      wA -= iIA * cross(p.rA, P)
      vB += mB * P
      wB += iIB * cross(p.rB, P)
      self[j] = p
    }
    if pointCount == 1 {
      var p = points.0
      let dv = vB + cross(wB, p.rB) - vA - cross(wA, p.rA)
      let vn = dot(dv, normal)
      var lambda = -p.normalMass * (vn - p.velocityBias)
      let newImpulse = max(p.normalImpulse + lambda, 0)
      lambda = newImpulse - p.normalImpulse
      p.normalImpulse = newImpulse
      let P = lambda * normal
      vA -= mA * P
      wA -= iIA * cross(p.rA, P)
      vB += mB * P
      wB += iIB * cross(p.rB, P)
      points.0 = p
    } else {
      // Block solver: the 2×2 linear complementarity problem by enumerating its four cases.
      var cp1 = points.0
      var cp2 = points.1
      let a = Vec2(cp1.normalImpulse, cp2.normalImpulse)
      let dv1 = vB + cross(wB, cp1.rB) - vA - cross(wA, cp1.rA)
      let dv2 = vB + cross(wB, cp2.rB) - vA - cross(wA, cp2.rA)
      let vn1 = dot(dv1, normal)
      let vn2 = dot(dv2, normal)
      var b = Vec2(vn1 - cp1.velocityBias, vn2 - cp2.velocityBias)
      b -= Vec2(k.0.x * a.x + k.1.x * a.y, k.0.y * a.x + k.1.y * a.y)
      if let x = blockNormalImpulses(b) {
        let d = x - a
        let P1 = d.x * normal
        let P2 = d.y * normal
        vA -= mA * (P1 + P2)
        wA -= iIA * (cross(cp1.rA, P1) + cross(cp2.rA, P2))
        vB += mB * (P1 + P2)
        wB += iIB * (cross(cp1.rB, P1) + cross(cp2.rB, P2))
        cp1.normalImpulse = x.x
        cp2.normalImpulse = x.y
      }
      points.0 = cp1
      points.1 = cp2
    }
    s[iA].v = vA
    s[iA].w = wA
    s[iB].v = vB
    s[iB].w = wB
  }

  /// One Gauss–Seidel pass of position correction on both bodies; returns the smallest
  /// separation (m). In a time-of-impact solve only the impact's two bodies move.
  func solvePairPosition(_ s: SolverBodies, baumgarte factor: Float, toiBodies: (Int, Int)?)
    -> Float
  {
    let iA = bodyA
    let iB = body
    var mA = invMassA
    var iIA = invIA
    var mB = invMassB
    var iIB = invIB
    if let (t1, t2) = toiBodies {
      if iA != t1 && iA != t2 {
        mA = 0
        iIA = 0
      }
      if iB != t1 && iB != t2 {
        mB = 0
        iIB = 0
      }
    }
    var cA = s[iA].c
    var aA = s[iA].a
    var cB = s[iB].c
    var aB = s[iB].a
    let slop = Box2DSettings.linearSlop_m
    let maxCorrection = Box2DSettings.maxLinearCorrection_m
    var minSeparation: Float = 0
    for j in 0..<manifoldPointCount {
      let (xfA, xfB) = frames(s, cA: cA, aA: aA, cB: cB, aB: aB)
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
      case .faceA:
        let n = xfA.q.apply(localNormal)
        let planePoint = xfA.apply(localPoint)
        let clipPoint = xfB.apply(self[j].localPoint)
        separation = dot(clipPoint - planePoint, n) - radiusA - radiusB
        point = clipPoint
        normal = n
      case .faceB:
        let n = xfB.q.apply(localNormal)
        let planePoint = xfB.apply(localPoint)
        let clipPoint = xfA.apply(self[j].localPoint)
        separation = dot(clipPoint - planePoint, n) - radiusA - radiusB
        point = clipPoint
        normal = -n
      }
      let rA = point - cA
      let rB = point - cB
      minSeparation = min(minSeparation, separation)
      let C = min(max(factor * (separation + slop), -maxCorrection), 0)
      let rnA = cross(rA, normal)
      let rnB = cross(rB, normal)
      let K = mA + mB + iIA * rnA * rnA + iIB * rnB * rnB
      let impulse = K > 0 ? -C / K : 0
      let P = impulse * normal
      cA -= mA * P
      aA -= iIA * cross(rA, P)
      cB += mB * P
      aB += iIB * cross(rB, P)
    }
    s[iA].c = cA
    s[iA].a = aA
    s[iB].c = cB
    s[iB].a = aB
    return minSeparation
  }
}
