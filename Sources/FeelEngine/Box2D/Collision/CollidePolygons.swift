/// Contact manifold between two convex polygons (items' boxes, ellipses, paths, group
/// members), by the separating-axis test with reference-face clipping (Catto, "Contact
/// Manifolds", GDC 2007) as Box2D 2.2.1's b2CollidePolygons does it, the generation UIKit's
/// PhysicsKit forks and pybox2d 2.3.10 still carries:
///
/// - each polygon's best axis is found by a local search: start at the edge whose normal
///   points most along the line between the centroids, step to a neighbour while the
///   separation grows (Box2D 2.3.0 replaced this with a search over every edge);
/// - the reference face is B's only if it separates more than 0.98 × A's separation plus
///   0.001 m, so the choice does not flicker between two nearly equal faces;
/// - the incident edge (the most anti-parallel on the other polygon) is clipped to the
///   reference face's side planes pushed out by both skins;
/// - points are kept while their separation is at most the sum of the skins, with ids
///   naming the features that made them (for warm starting).
///
/// The manifold's normal points from A to B.
func collidePolygons<PA: ConvexPolygon, PB: ConvexPolygon>(
  _ polyA: PA, _ xfA: Transform, _ polyB: PB, _ xfB: Transform
) -> Manifold {
  var manifold = Manifold()
  let totalRadius = polyA.radius + polyB.radius
  let (edgeA, separationA) = maxSeparation(polyA, xfA, polyB, xfB)
  if separationA > totalRadius { return manifold }
  let (edgeB, separationB) = maxSeparation(polyB, xfB, polyA, xfA)
  if separationB > totalRadius { return manifold }
  let relativeTolerance = Box2DSettings.polygonFaceRelativeTolerance
  let absoluteTolerance = Box2DSettings.polygonFaceAbsoluteTolerance_m
  if separationB > relativeTolerance * separationA + absoluteTolerance {
    manifold.kind = .faceB
    clip(
      reference: polyB, xfB, edge: edgeB, incident: polyA, xfA, totalRadius: totalRadius,
      flip: true, into: &manifold)
  } else {
    manifold.kind = .faceA
    clip(
      reference: polyA, xfA, edge: edgeA, incident: polyB, xfB, totalRadius: totalRadius,
      flip: false, into: &manifold)
  }
  return manifold
}

/// Separation (m) of poly2 from poly1's edge `edge1`: the deepest vertex of poly2 below the
/// edge's plane (b2EdgeSeparation).
@inline(__always)
private func edgeSeparation<P1: ConvexPolygon, P2: ConvexPolygon>(
  _ poly1: P1, _ xf1: Transform, _ edge1: Int, _ poly2: P2, _ xf2: Transform
) -> Float {
  let normal1World = xf1.q.apply(poly1.normal(edge1))
  let normal1 = xf2.q.applyInverse(normal1World)
  var index = 0
  var minDot = Float.greatestFiniteMagnitude
  for i in 0..<poly2.count {
    let d = dot(poly2.vertex(i), normal1)
    if d < minDot {
      minDot = d
      index = i
    }
  }
  let v1 = xf1.apply(poly1.vertex(edge1))
  let v2 = xf2.apply(poly2.vertex(index))
  return dot(v2 - v1, normal1World)
}

/// The edge of poly1 along whose normal poly2 separates most, and that separation (m), by
/// 2.2.1's local search from the centroid direction (b2FindMaxSeparation).
private func maxSeparation<P1: ConvexPolygon, P2: ConvexPolygon>(
  _ poly1: P1, _ xf1: Transform, _ poly2: P2, _ xf2: Transform
) -> (edge: Int, separation: Float) {
  let count1 = poly1.count
  let d = xf2.apply(poly2.centroid) - xf1.apply(poly1.centroid)
  let dLocal1 = xf1.q.applyInverse(d)
  var edge = 0
  var maxDot = -Float.greatestFiniteMagnitude
  for i in 0..<count1 {
    let value = dot(poly1.normal(i), dLocal1)
    if value > maxDot {
      maxDot = value
      edge = i
    }
  }
  let s = edgeSeparation(poly1, xf1, edge, poly2, xf2)
  let prevEdge = edge - 1 >= 0 ? edge - 1 : count1 - 1
  let sPrev = edgeSeparation(poly1, xf1, prevEdge, poly2, xf2)
  let nextEdge = edge + 1 < count1 ? edge + 1 : 0
  let sNext = edgeSeparation(poly1, xf1, nextEdge, poly2, xf2)
  var bestEdge: Int
  var bestSeparation: Float
  let increment: Int
  if sPrev > s && sPrev > sNext {
    increment = -1
    bestEdge = prevEdge
    bestSeparation = sPrev
  } else if sNext > s {
    increment = 1
    bestEdge = nextEdge
    bestSeparation = sNext
  } else {
    return (edge, s)
  }
  while true {
    let next: Int
    if increment == -1 {
      next = bestEdge - 1 >= 0 ? bestEdge - 1 : count1 - 1
    } else {
      next = bestEdge + 1 < count1 ? bestEdge + 1 : 0
    }
    let separation = edgeSeparation(poly1, xf1, next, poly2, xf2)
    if separation > bestSeparation {
      bestEdge = next
      bestSeparation = separation
    } else {
      break
    }
  }
  return (bestEdge, bestSeparation)
}

/// Clips poly2's incident edge against poly1's reference edge `edge1` and writes the points
/// (b2FindIncidentEdge, then the clipping of b2CollidePolygons). `flip`: poly1 is shape B, so
/// the point ids swap their A and B features.
private func clip<P1: ConvexPolygon, P2: ConvexPolygon>(
  reference poly1: P1, _ xf1: Transform, edge edge1: Int, incident poly2: P2,
  _ xf2: Transform, totalRadius: Float, flip: Bool, into manifold: inout Manifold
) {
  // The incident edge: poly2's edge most anti-parallel to the reference normal.
  let normal1 = xf2.q.applyInverse(xf1.q.apply(poly1.normal(edge1)))
  var index = 0
  var minDot = Float.greatestFiniteMagnitude
  for i in 0..<poly2.count {
    let d = dot(normal1, poly2.normal(i))
    if d < minDot {
      minDot = d
      index = i
    }
  }
  let i1 = index
  let i2 = i1 + 1 < poly2.count ? i1 + 1 : 0
  let incident = (
    ClipVertex(
      v: xf2.apply(poly2.vertex(i1)),
      id: ContactID(indexA: UInt8(edge1), indexB: UInt8(i1), typeA: .face, typeB: .vertex)),
    ClipVertex(
      v: xf2.apply(poly2.vertex(i2)),
      id: ContactID(indexA: UInt8(edge1), indexB: UInt8(i2), typeA: .face, typeB: .vertex))
  )

  let count1 = poly1.count
  let iv1 = edge1
  let iv2 = edge1 + 1 < count1 ? edge1 + 1 : 0
  var v11 = poly1.vertex(iv1)
  var v12 = poly1.vertex(iv2)
  var localTangent = v12 - v11
  localTangent.normalize()
  let localNormal = cross(localTangent, 1)
  let planePoint = 0.5 * (v11 + v12)
  let tangent = xf1.q.apply(localTangent)
  let normal = cross(tangent, 1)
  v11 = xf1.apply(v11)
  v12 = xf1.apply(v12)
  let frontOffset = dot(normal, v11)
  // Side planes pushed out by both skins.
  let sideOffset1 = -dot(tangent, v11) + totalRadius
  let sideOffset2 = dot(tangent, v12) + totalRadius
  guard
    let clip1 = clipSegment(incident, normal: -tangent, offset: sideOffset1, vertexA: iv1),
    let clip2 = clipSegment(clip1, normal: tangent, offset: sideOffset2, vertexA: iv2)
  else { return }

  manifold.localNormal = localNormal
  manifold.localPoint = planePoint
  var pointCount = 0
  for k in 0..<2 {
    let cv = k == 0 ? clip2.0 : clip2.1
    let separation = dot(normal, cv.v) - frontOffset
    guard separation <= totalRadius else { continue }
    var point = ManifoldPoint()
    point.localPoint = xf2.applyInverse(cv.v)
    point.id = flip ? cv.id.flipped : cv.id
    manifold[pointCount] = point
    pointCount += 1
  }
  manifold.pointCount = pointCount
}
