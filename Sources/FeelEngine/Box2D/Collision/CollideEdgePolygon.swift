/// Contact manifold between a lone segment (A, world frame) and a convex polygon (B: an item's
/// box, an ellipse's outline, a path, a group member's box), by the separating-axis test with
/// reference-face clipping (Catto, "Contact Manifolds", GDC 2007), the one-sided edge
/// treatment of Box2D 2.3's b2EPCollider for an edge without neighbours.
///
/// Points are generated while the separation is at most
/// `Box2DSettings.edgePolygonManifoldRadius_m`: Box2D 2.3's edge–polygon collider tests
/// against 2 × b2_polygonRadius (0.02 m) whatever the shapes' skins. For the modern profile's
/// boxes that is the sum of the skins; the `ios7` profile's boxes have a 0.001 m skin and are
/// still tested against 0.02 m. (The contact solver then uses the real skins.)
func collideEdgePolygon<P: ConvexPolygon>(
  edge: EdgeShape, xfA: Transform, polygon: P, xfB: Transform
) -> Manifold {
  var manifold = Manifold()
  let xf = xfA.inverseTimes(xfB)
  // The polygon's centroid in the edge's frame.
  let centroidB = xf.apply(polygon.centroid)
  let v1 = edge.v1
  let v2 = edge.v2
  var edge1 = v2 - v1
  edge1.normalize()
  let normal1 = Vec2(edge1.y, -edge1.x)
  let offset1 = dot(normal1, centroidB - v1)
  // The face the polygon's centroid is in front of.
  let front = offset1 >= 0
  let normal = front ? normal1 : -normal1

  // The polygon in the edge's frame, each vertex and normal transformed where it is read
  // (the same rounded values as transforming them all first, without an array).
  let count = polygon.count
  func vertexB(_ i: Int) -> Vec2 { xf.apply(polygon.vertex(i)) }
  func normalB(_ i: Int) -> Vec2 { xf.q.apply(polygon.normal(i)) }

  let radius = Box2DSettings.edgePolygonManifoldRadius_m

  // Edge axis: the deepest vertex below the edge's face.
  var edgeSeparation = Float.greatestFiniteMagnitude
  for i in 0..<count {
    let s = dot(normal, vertexB(i) - v1)
    if s < edgeSeparation { edgeSeparation = s }
  }
  if edgeSeparation > radius { return manifold }

  // Polygon axes: for a lone edge every face is admissible.
  var polygonIndex = -1
  var polygonSeparation = -Float.greatestFiniteMagnitude
  for i in 0..<count {
    let n = -normalB(i)
    let s1 = dot(n, vertexB(i) - v1)
    let s2 = dot(n, vertexB(i) - v2)
    let s = min(s1, s2)
    if s > radius { return manifold }
    if s > polygonSeparation {
      polygonIndex = i
      polygonSeparation = s
    }
  }

  // Prefer the edge's face unless a polygon face separates clearly more.
  let relativeTolerance = Box2DSettings.edgeFaceRelativeTolerance
  let absoluteTolerance = Box2DSettings.edgeFaceAbsoluteTolerance_m
  let useEdgeFace =
    polygonIndex < 0
    || !(polygonSeparation > relativeTolerance * edgeSeparation + absoluteTolerance)

  // Incident segment and reference face.
  var incident = (ClipVertex(), ClipVertex())
  let refI1: Int
  let refI2: Int
  let refV1: Vec2
  let refV2: Vec2
  let refNormal: Vec2
  if useEdgeFace {
    manifold.kind = .faceA
    var bestIndex = 0
    var bestValue = dot(normal, normalB(0))
    for i in 1..<count {
      let value = dot(normal, normalB(i))
      if value < bestValue {
        bestValue = value
        bestIndex = i
      }
    }
    let i1 = bestIndex
    let i2 = i1 + 1 < count ? i1 + 1 : 0
    incident.0 = ClipVertex(
      v: vertexB(i1), id: ContactID(indexA: 0, indexB: UInt8(i1), typeA: .face, typeB: .vertex))
    incident.1 = ClipVertex(
      v: vertexB(i2), id: ContactID(indexA: 0, indexB: UInt8(i2), typeA: .face, typeB: .vertex))
    // The edge's face on the centroid's side, its ends ordered so that its normal points there.
    (refI1, refI2, refV1, refV2, refNormal) =
      front ? (0, 1, v1, v2, normal1) : (1, 0, v2, v1, -normal1)
  } else {
    manifold.kind = .faceB
    let face = UInt8(polygonIndex)
    incident.0 = ClipVertex(
      v: v1, id: ContactID(indexA: 0, indexB: face, typeA: .vertex, typeB: .face))
    incident.1 = ClipVertex(
      v: v2, id: ContactID(indexA: 0, indexB: face, typeA: .vertex, typeB: .face))
    refI1 = polygonIndex
    refI2 = refI1 + 1 < count ? refI1 + 1 : 0
    refV1 = vertexB(refI1)
    refV2 = vertexB(refI2)
    refNormal = normalB(refI1)
  }
  let sideNormal1 = Vec2(refNormal.y, -refNormal.x)
  let sideNormal2 = -sideNormal1
  let sideOffset1 = dot(sideNormal1, refV1)
  let sideOffset2 = dot(sideNormal2, refV2)

  guard
    let clip1 = clipSegment(incident, normal: sideNormal1, offset: sideOffset1, vertexA: refI1),
    let clip2 = clipSegment(clip1, normal: sideNormal2, offset: sideOffset2, vertexA: refI2)
  else { return manifold }

  if useEdgeFace {
    manifold.localNormal = refNormal
    manifold.localPoint = refV1
  } else {
    manifold.localNormal = polygon.normal(refI1)
    manifold.localPoint = polygon.vertex(refI1)
  }
  var pointCount = 0
  for k in 0..<2 {
    let cv = k == 0 ? clip2.0 : clip2.1
    if !(dot(refNormal, cv.v - refV1) <= radius) { continue }
    var point = ManifoldPoint()
    if useEdgeFace {
      point.localPoint = xf.applyInverse(cv.v)
      point.id = cv.id
    } else {
      point.localPoint = cv.v
      point.id = cv.id.flipped
    }
    manifold[pointCount] = point
    pointCount += 1
  }
  manifold.pointCount = pointCount
  return manifold
}

/// A vertex of a segment being clipped, with the features it came from.
struct ClipVertex {
  var v: Vec2 = .zero
  var id = ContactID()
}

/// Sutherland–Hodgman clipping of a segment against the half-plane dot(normal, x) ≤ offset.
/// Returns nil unless both output vertices survive.
func clipSegment(
  _ vIn: (ClipVertex, ClipVertex), normal: Vec2, offset: Float, vertexA: Int
) -> (ClipVertex, ClipVertex)? {
  let distance0 = dot(normal, vIn.0.v) - offset
  let distance1 = dot(normal, vIn.1.v) - offset
  var first: ClipVertex? = nil
  var second: ClipVertex? = nil
  func emit(_ v: ClipVertex) {
    if first == nil { first = v } else if second == nil { second = v }
  }
  if distance0 <= 0 { emit(vIn.0) }
  if distance1 <= 0 { emit(vIn.1) }
  if distance0 * distance1 < 0 {
    let interp = distance0 / (distance0 - distance1)
    emit(
      ClipVertex(
        v: vIn.0.v + interp * (vIn.1.v - vIn.0.v),
        id: ContactID(
          indexA: UInt8(vertexA), indexB: vIn.0.id.indexB, typeA: .vertex, typeB: .face)))
  }
  guard let a = first, let b = second else { return nil }
  return (a, b)
}
