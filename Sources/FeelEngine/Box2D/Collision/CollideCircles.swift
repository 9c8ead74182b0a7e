/// Contact manifolds involving a circle (an item whose `ellipse` bounds have equal sides), as
/// Box2D 2.2.1 and 2.3 compute them (the two agree): one point at most.

/// Two circles: a `circles` manifold while the centres are within the sum of the radii
/// (b2CollideCircles).
func collideCircles(
  _ circleA: CircleShape, _ xfA: Transform, _ circleB: CircleShape, _ xfB: Transform
) -> Manifold {
  var manifold = Manifold()
  let pA = xfA.apply(circleA.center)
  let pB = xfB.apply(circleB.center)
  let d = pB - pA
  let distSqr = dot(d, d)
  let radius = circleA.radius + circleB.radius
  if distSqr > radius * radius { return manifold }
  manifold.kind = .circles
  manifold.localPoint = circleA.center
  manifold.localNormal = .zero
  manifold.pointCount = 1
  manifold[0] = ManifoldPoint(localPoint: circleB.center)
  return manifold
}

/// A polygon (A) and a circle (B): the face of A nearest the circle's centre, or one of its
/// vertices when the centre is beyond the face's ends (b2CollidePolygonAndCircle).
func collidePolygonCircle<P: ConvexPolygon>(
  _ polygonA: P, _ xfA: Transform, _ circleB: CircleShape, _ xfB: Transform
) -> Manifold {
  var manifold = Manifold()
  let c = xfB.apply(circleB.center)
  let cLocal = xfA.applyInverse(c)
  var normalIndex = 0
  var separation = -Float.greatestFiniteMagnitude
  let radius = polygonA.radius + circleB.radius
  let n = polygonA.count
  for i in 0..<n {
    let s = dot(polygonA.normal(i), cLocal - polygonA.vertex(i))
    if s > radius { return manifold }
    if s > separation {
      separation = s
      normalIndex = i
    }
  }
  let vertIndex1 = normalIndex
  let vertIndex2 = vertIndex1 + 1 < n ? vertIndex1 + 1 : 0
  let v1 = polygonA.vertex(vertIndex1)
  let v2 = polygonA.vertex(vertIndex2)
  manifold.kind = .faceA
  manifold[0] = ManifoldPoint(localPoint: circleB.center)
  // The centre inside the polygon: the nearest face.
  if separation < Float.ulpOfOne {
    manifold.pointCount = 1
    manifold.localNormal = polygonA.normal(normalIndex)
    manifold.localPoint = 0.5 * (v1 + v2)
    return manifold
  }
  let u1 = dot(cLocal - v1, v2 - v1)
  let u2 = dot(cLocal - v2, v1 - v2)
  if u1 <= 0 || u2 <= 0 {
    // Beyond an end of the face: that vertex.
    let vertex = u1 <= 0 ? v1 : v2
    let d = cLocal - vertex
    if dot(d, d) > radius * radius { return Manifold() }
    manifold.pointCount = 1
    var normal = cLocal - vertex
    normal.normalize()
    manifold.localNormal = normal
    manifold.localPoint = vertex
  } else {
    let faceCenter = 0.5 * (v1 + v2)
    let faceSeparation = dot(cLocal - faceCenter, polygonA.normal(vertIndex1))
    if faceSeparation > radius { return Manifold() }
    manifold.pointCount = 1
    manifold.localNormal = polygonA.normal(vertIndex1)
    manifold.localPoint = faceCenter
  }
  return manifold
}

/// A lone boundary segment (A, world frame) and a circle (B): its end A, its end B or its
/// face, whichever region holds the circle's centre (b2CollideEdgeAndCircle of Box2D 2.3,
/// for an edge without neighbours). The test uses both shapes' skins.
func collideEdgeCircle(
  edge: EdgeShape, xfA: Transform, circle: CircleShape, xfB: Transform
) -> Manifold {
  var manifold = Manifold()
  let q = xfA.applyInverse(xfB.apply(circle.center))
  let a = edge.v1
  let b = edge.v2
  let e = b - a
  let u = dot(e, b - q)
  let v = dot(e, q - a)
  let radius = edge.radius + circle.radius
  var point = ManifoldPoint(localPoint: circle.center)
  if v <= 0 || u <= 0 {
    // Region A or region B: the nearest end point.
    let p = v <= 0 ? a : b
    let d = q - p
    if dot(d, d) > radius * radius { return manifold }
    point.id = ContactID(indexA: v <= 0 ? 0 : 1, indexB: 0, typeA: .vertex, typeB: .vertex)
    manifold.pointCount = 1
    manifold.kind = .circles
    manifold.localNormal = .zero
    manifold.localPoint = p
    manifold[0] = point
    return manifold
  }
  // Region AB.
  let den = dot(e, e)
  let p = (1 / den) * (u * a + v * b)
  let d = q - p
  if dot(d, d) > radius * radius { return manifold }
  var n = Vec2(-e.y, e.x)
  if dot(n, q - a) < 0 { n = Vec2(-n.x, -n.y) }
  n.normalize()
  point.id = ContactID(indexA: 0, indexB: 0, typeA: .face, typeB: .vertex)
  manifold.pointCount = 1
  manifold.kind = .faceA
  manifold.localNormal = n
  manifold.localPoint = a
  manifold[0] = point
  return manifold
}
