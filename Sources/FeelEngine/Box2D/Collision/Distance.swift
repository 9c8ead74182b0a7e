/// A convex shape as GJK and the time of impact see it: its vertices (m, in its body's frame)
/// and a skin radius (m), Box2D's b2DistanceProxy. Generic code over this protocol is
/// specialised for each proxy type, so the common case (a box or an edge in a `DistanceProxy`)
/// reads its vertices without arrays; a longer polygon (`PolygonShape`) is its own proxy.
protocol ConvexProxy: Sendable {
  var count: Int { get }
  var radius: Float { get }
  func vertex(_ i: Int) -> Vec2
}

extension ConvexProxy {
  /// Index of the vertex farthest along d (first on ties).
  func support(_ d: Vec2) -> Int {
    var best = 0
    var bestValue = dot(vertex(0), d)
    for i in 1..<count {
      let value = dot(vertex(i), d)
      if value > bestValue {
        best = i
        bestValue = value
      }
    }
    return best
  }
}

/// A proxy of up to four vertices held by value: a box, an edge, a circle (its centre with
/// the circle's radius as skin), a polygon of three or four vertices.
struct DistanceProxy: ConvexProxy {
  var vertices: Quad
  var count: Int
  var radius: Float

  init(box: BoxShape) {
    vertices = box.vertices
    count = 4
    radius = box.radius
  }
  init(edge: EdgeShape) {
    vertices = Quad(edge.v1, edge.v2, .zero, .zero)
    count = 2
    radius = edge.radius
  }
  init(circle: CircleShape) {
    vertices = Quad(circle.center, .zero, .zero, .zero)
    count = 1
    radius = circle.radius
  }
  /// A polygon of at most four vertices.
  init(smallPolygon p: PolygonShape) {
    let v = p.vertices
    vertices = Quad(v[0], v[1], v[2], v.count > 3 ? v[3] : .zero)
    count = v.count
    radius = p.radius
  }

  func vertex(_ i: Int) -> Vec2 { vertices[i] }
}

/// What GJK remembers between calls to start from the last simplex.
struct SimplexCache: Sendable {
  var metric: Float = 0
  var count = 0
  var indexA: (Int, Int, Int) = (0, 0, 0)
  var indexB: (Int, Int, Int) = (0, 0, 0)
}

private struct SimplexVertex {
  var wA = Vec2.zero
  var wB = Vec2.zero
  /// wB − wA
  var w = Vec2.zero
  /// Barycentric coordinate of the closest point.
  var a: Float = 0
  var indexA = 0
  var indexB = 0
}

/// The simplex of the GJK distance algorithm (Gilbert–Johnson–Keerthi), solved with
/// barycentric coordinates (Catto, "Computing Distance", GDC 2010).
private struct Simplex {
  var v1 = SimplexVertex()
  var v2 = SimplexVertex()
  var v3 = SimplexVertex()
  var count = 0

  subscript(i: Int) -> SimplexVertex {
    get { i == 0 ? v1 : (i == 1 ? v2 : v3) }
    set {
      switch i {
      case 0: v1 = newValue
      case 1: v2 = newValue
      default: v3 = newValue
      }
    }
  }

  init<PA: ConvexProxy, PB: ConvexProxy>(
    cache: SimplexCache, proxyA: PA, xfA: Transform, proxyB: PB, xfB: Transform
  ) {
    count = cache.count
    for i in 0..<count {
      var v = SimplexVertex()
      v.indexA = i == 0 ? cache.indexA.0 : (i == 1 ? cache.indexA.1 : cache.indexA.2)
      v.indexB = i == 0 ? cache.indexB.0 : (i == 1 ? cache.indexB.1 : cache.indexB.2)
      v.wA = xfA.apply(proxyA.vertex(v.indexA))
      v.wB = xfB.apply(proxyB.vertex(v.indexB))
      v.w = v.wB - v.wA
      v.a = 0
      self[i] = v
    }
    // Flush the cache if the simplex's size changed by more than a factor of 2 (as Box2D 2.3).
    if count > 1 {
      let metric1 = cache.metric
      let metric2 = metric
      if metric2 < 0.5 * metric1 || 2 * metric1 < metric2 || metric2 < Float.ulpOfOne {
        count = 0
      }
    }
    if count == 0 {
      var v = SimplexVertex()
      v.wA = xfA.apply(proxyA.vertex(0))
      v.wB = xfB.apply(proxyB.vertex(0))
      v.w = v.wB - v.wA
      v.a = 1
      v1 = v
      count = 1
    }
  }

  func write(to cache: inout SimplexCache) {
    cache.metric = metric
    cache.count = count
    cache.indexA = (v1.indexA, v2.indexA, v3.indexA)
    cache.indexB = (v1.indexB, v2.indexB, v3.indexB)
  }

  var metric: Float {
    switch count {
    case 2: return distance(v1.w, v2.w)
    case 3: return cross(v2.w - v1.w, v3.w - v1.w)
    default: return 0
    }
  }

  var searchDirection: Vec2 {
    switch count {
    case 1: return -v1.w
    case 2:
      let e12 = v2.w - v1.w
      let sgn = cross(e12, -v1.w)
      return sgn > 0 ? cross(1, e12) : cross(e12, 1)
    default: return .zero
    }
  }

  var witnessPoints: (Vec2, Vec2) {
    switch count {
    case 1: return (v1.wA, v1.wB)
    case 2: return (v1.a * v1.wA + v2.a * v2.wA, v1.a * v1.wB + v2.a * v2.wB)
    case 3:
      let p = v1.a * v1.wA + v2.a * v2.wA + v3.a * v3.wA
      return (p, p)
    default: return (.zero, .zero)
    }
  }

  /// Closest point on a segment to the origin.
  mutating func solve2() {
    let w1 = v1.w
    let w2 = v2.w
    let e12 = w2 - w1
    let d12_2 = -dot(w1, e12)
    if d12_2 <= 0 { return keep(v1) }
    let d12_1 = dot(w2, e12)
    if d12_1 <= 0 { return keep(v2) }
    keep(v1, d12_1, v2, d12_2)
  }

  /// The simplex reduced to vertex `p` (weight 1).
  private mutating func keep(_ p: SimplexVertex) {
    v1 = p
    v1.a = 1
    count = 1
  }

  /// The simplex reduced to the segment `p`, `q` with barycentric weights `dp`, `dq` / (dp + dq).
  private mutating func keep(_ p: SimplexVertex, _ dp: Float, _ q: SimplexVertex, _ dq: Float) {
    let inv = 1 / (dp + dq)
    v1 = p
    v1.a = dp * inv
    v2 = q
    v2.a = dq * inv
    count = 2
  }

  /// Closest point on a triangle to the origin, by its Voronoi regions.
  mutating func solve3() {
    let w1 = v1.w
    let w2 = v2.w
    let w3 = v3.w
    let e12 = w2 - w1
    let d12_1 = dot(w2, e12)
    let d12_2 = -dot(w1, e12)
    let e13 = w3 - w1
    let d13_1 = dot(w3, e13)
    let d13_2 = -dot(w1, e13)
    let e23 = w3 - w2
    let d23_1 = dot(w3, e23)
    let d23_2 = -dot(w2, e23)
    let n123 = cross(e12, e13)
    let d123_1 = n123 * cross(w2, w3)
    let d123_2 = n123 * cross(w3, w1)
    let d123_3 = n123 * cross(w1, w2)
    if d12_2 <= 0 && d13_2 <= 0 { return keep(v1) }
    if d12_1 > 0 && d12_2 > 0 && d123_3 <= 0 { return keep(v1, d12_1, v2, d12_2) }
    if d13_1 > 0 && d13_2 > 0 && d123_2 <= 0 { return keep(v1, d13_1, v3, d13_2) }
    if d12_1 <= 0 && d23_2 <= 0 { return keep(v2) }
    if d13_1 <= 0 && d23_1 <= 0 { return keep(v3) }
    // Box2D's order: v3 first, then v2 (the sum's terms commute exactly).
    if d23_1 > 0 && d23_2 > 0 && d123_1 <= 0 { return keep(v3, d23_2, v2, d23_1) }
    let inv = 1 / (d123_1 + d123_2 + d123_3)
    v1.a = d123_1 * inv
    v2.a = d123_2 * inv
    v3.a = d123_3 * inv
    count = 3
  }
}

/// Distance (m) between the cores of two convex shapes (radii not included), by GJK.
func shapeDistance<PA: ConvexProxy, PB: ConvexProxy>(
  proxyA: PA, xfA: Transform, proxyB: PB, xfB: Transform, cache: inout SimplexCache
) -> Float {
  var simplex = Simplex(cache: cache, proxyA: proxyA, xfA: xfA, proxyB: proxyB, xfB: xfB)
  var saveA = (0, 0, 0)
  var saveB = (0, 0, 0)
  var iteration = 0
  while iteration < Box2DSettings.gjkMaxIterations {
    let saveCount = simplex.count
    saveA = (simplex.v1.indexA, simplex.v2.indexA, simplex.v3.indexA)
    saveB = (simplex.v1.indexB, simplex.v2.indexB, simplex.v3.indexB)
    switch simplex.count {
    case 2: simplex.solve2()
    case 3: simplex.solve3()
    default: break
    }
    if simplex.count == 3 { break }  // the origin is inside: overlap
    let d = simplex.searchDirection
    if d.lengthSquared < Float.ulpOfOne * Float.ulpOfOne { break }
    var vertex = SimplexVertex()
    vertex.indexA = proxyA.support(xfA.q.applyInverse(-d))
    vertex.wA = xfA.apply(proxyA.vertex(vertex.indexA))
    vertex.indexB = proxyB.support(xfB.q.applyInverse(d))
    vertex.wB = xfB.apply(proxyB.vertex(vertex.indexB))
    vertex.w = vertex.wB - vertex.wA
    iteration += 1
    var duplicate = false
    for i in 0..<saveCount {
      let a = i == 0 ? saveA.0 : (i == 1 ? saveA.1 : saveA.2)
      let b = i == 0 ? saveB.0 : (i == 1 ? saveB.1 : saveB.2)
      if vertex.indexA == a && vertex.indexB == b {
        duplicate = true
        break
      }
    }
    if duplicate { break }
    simplex[simplex.count] = vertex
    simplex.count += 1
  }
  let (pA, pB) = simplex.witnessPoints
  simplex.write(to: &cache)
  return distance(pA, pB)
}
