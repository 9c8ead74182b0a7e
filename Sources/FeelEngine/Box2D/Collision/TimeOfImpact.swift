/// Time of impact of two moving convex shapes by conservative advancement with separating
/// axes and root finding (Catto, "Continuous Collision", GDC 2013), as Box2D 2.3 does it.

enum TOIState: Sendable { case unknown, failed, overlapped, touching, separated }

/// Separation function along one axis found by GJK, evaluated as the sweeps move.
private struct SeparationFunction<PA: ConvexProxy, PB: ConvexProxy> {
  enum Kind { case points, faceA, faceB }
  var proxyA: PA
  var proxyB: PB
  var sweepA: BodySweep
  var sweepB: BodySweep
  var kind: Kind = .points
  var localPoint = Vec2.zero
  var axis = Vec2.zero

  init(
    cache: SimplexCache, proxyA: PA, sweepA: BodySweep, proxyB: PB, sweepB: BodySweep, t1: Float
  ) {
    self.proxyA = proxyA
    self.proxyB = proxyB
    self.sweepA = sweepA
    self.sweepB = sweepB
    let xfA = sweepA.transform(at: t1)
    let xfB = sweepB.transform(at: t1)
    if cache.count == 1 {
      kind = .points
      let pointA = xfA.apply(proxyA.vertex(cache.indexA.0))
      let pointB = xfB.apply(proxyB.vertex(cache.indexB.0))
      axis = pointB - pointA
      axis.normalize()
    } else if cache.indexA.0 == cache.indexA.1 {
      // Two points on B and one on A: B's face.
      kind = .faceB
      (axis, localPoint) = Self.face(
        proxyB.vertex(cache.indexB.0), proxyB.vertex(cache.indexB.1), xfB,
        facing: xfA.apply(proxyA.vertex(cache.indexA.0)))
    } else {
      kind = .faceA
      (axis, localPoint) = Self.face(
        proxyA.vertex(cache.indexA.0), proxyA.vertex(cache.indexA.1), xfA,
        facing: xfB.apply(proxyB.vertex(cache.indexB.0)))
    }
  }

  /// The face from `v1` to `v2` of a proxy placed by `xf`: its local normal, turned to point
  /// at `point` (in world coordinates) on the other proxy, and its local midpoint.
  private static func face(_ v1: Vec2, _ v2: Vec2, _ xf: Transform, facing point: Vec2)
    -> (axis: Vec2, localPoint: Vec2)
  {
    var axis = cross(v2 - v1, 1)
    axis.normalize()
    let normal = xf.q.apply(axis)
    let localPoint = 0.5 * (v1 + v2)
    if dot(point - xf.apply(localPoint), normal) < 0 { axis = -axis }
    return (axis, localPoint)
  }

  /// The deepest points along the axis at time t, and their separation (m).
  func findMinSeparation(_ t: Float) -> (indexA: Int, indexB: Int, separation: Float) {
    let xfA = sweepA.transform(at: t)
    let xfB = sweepB.transform(at: t)
    var indexA = -1
    var indexB = -1
    switch kind {
    case .points:
      indexA = proxyA.support(xfA.q.applyInverse(axis))
      indexB = proxyB.support(xfB.q.applyInverse(-axis))
    case .faceA: indexB = proxyB.support(xfB.q.applyInverse(-xfA.q.apply(axis)))
    case .faceB: indexA = proxyA.support(xfA.q.applyInverse(-xfB.q.apply(axis)))
    }
    return (indexA, indexB, separation(indexA, indexB, xfA, xfB))
  }

  /// Separation (m) of the given points along the axis at time t.
  func evaluate(_ indexA: Int, _ indexB: Int, _ t: Float) -> Float {
    separation(indexA, indexB, sweepA.transform(at: t), sweepB.transform(at: t))
  }

  /// Separation (m) of the given points along the axis, the proxies placed by xfA and xfB: a
  /// face's side reads `localPoint` (its index is −1), the other side its vertex.
  private func separation(_ indexA: Int, _ indexB: Int, _ xfA: Transform, _ xfB: Transform)
    -> Float
  {
    switch kind {
    case .points:
      return dot(xfB.apply(proxyB.vertex(indexB)) - xfA.apply(proxyA.vertex(indexA)), axis)
    case .faceA:
      return dot(xfB.apply(proxyB.vertex(indexB)) - xfA.apply(localPoint), xfA.q.apply(axis))
    case .faceB:
      return dot(xfA.apply(proxyA.vertex(indexA)) - xfB.apply(localPoint), xfB.q.apply(axis))
    }
  }
}

/// The first fraction t ∈ [0, 1] of the sweeps at which the shapes come within the target
/// separation (total radius − `toiTargetDepth_m`, at least one linear slop), to within
/// `toiTolerance_m` (Box2DSettings).
func timeOfImpact<PA: ConvexProxy, PB: ConvexProxy>(
  proxyA: PA, sweepA inA: BodySweep, proxyB: PB, sweepB inB: BodySweep
) -> (state: TOIState, t: Float) {
  var sweepA = inA
  var sweepB = inB
  sweepA.normalize()
  sweepB.normalize()
  let tMax: Float = 1
  let totalRadius = proxyA.radius + proxyB.radius
  let target = max(Box2DSettings.linearSlop_m, totalRadius - Box2DSettings.toiTargetDepth_m)
  let tolerance = Box2DSettings.toiTolerance_m
  var t1: Float = 0
  var iteration = 0
  var cache = SimplexCache()
  while true {
    let xfA = sweepA.transform(at: t1)
    let xfB = sweepB.transform(at: t1)
    let d = shapeDistance(proxyA: proxyA, xfA: xfA, proxyB: proxyB, xfB: xfB, cache: &cache)
    if d <= 0 { return (.overlapped, 0) }
    if d < target + tolerance { return (.touching, t1) }

    let fcn = SeparationFunction(
      cache: cache, proxyA: proxyA, sweepA: sweepA, proxyB: proxyB, sweepB: sweepB, t1: t1)
    var t2 = tMax
    var pushBackIteration = 0
    while true {
      let (indexA, indexB, s2Start) = fcn.findMinSeparation(t2)
      var s2 = s2Start
      if s2 > target + tolerance { return (.separated, tMax) }
      if s2 > target - tolerance {
        t1 = t2  // advance the sweeps
        break
      }
      var s1 = fcn.evaluate(indexA, indexB, t1)
      if s1 < target - tolerance { return (.failed, t1) }
      if s1 <= target + tolerance { return (.touching, t1) }
      // Root of s(t) = target on [t1, t2]: alternate bisection and false position.
      var rootIteration = 0
      var a1 = t1
      var a2 = t2
      while true {
        let t: Float
        if rootIteration & 1 == 1 {
          t = a1 + (target - s1) * (a2 - a1) / (s2 - s1)
        } else {
          t = 0.5 * (a1 + a2)
        }
        rootIteration += 1
        let s = fcn.evaluate(indexA, indexB, t)
        if abs(s - target) < tolerance {
          t2 = t
          break
        }
        if s > target {
          a1 = t
          s1 = s
        } else {
          a2 = t
          s2 = s
        }
        if rootIteration == Box2DSettings.toiMaxRootIterations { break }
      }
      pushBackIteration += 1
      if pushBackIteration == Box2DSettings.toiMaxPushBackIterations { break }
    }
    iteration += 1
    if iteration == Box2DSettings.toiMaxIterations { return (.failed, t1) }
  }
}
