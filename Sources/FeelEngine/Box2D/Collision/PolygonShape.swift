/// A convex polygon as the collision routines read it: vertices counter-clockwise (in a y-up
/// frame; clockwise on a y-down screen), the outward normal of each edge i → i+1, the
/// centroid, and a skin of `radius`, all in the body's frame (m). Box2D's b2PolygonShape;
/// `BoxShape` (an item's centred rectangle) and `PolygonShape` (any convex polygon) both
/// conform, so one generic routine serves both without copying a box into arrays. Its vertices
/// (at least 3) and skin are those of a `ConvexProxy`: a polygon is its own distance proxy.
protocol ConvexPolygon: ConvexProxy {
  /// Centroid (m, body frame).
  var centroid: Vec2 { get }
  func normal(_ i: Int) -> Vec2
}

extension BoxShape: ConvexPolygon {
  var count: Int { 4 }
  /// A centred box's centroid is its origin.
  var centroid: Vec2 { .zero }
}

/// A convex polygon of any number of vertices (m, body frame) with a skin of `radius` (m):
/// an ellipse's flattened outline, a `path` item, a group member's box at its offset. Made as
/// Box2D 2.2.1's b2PolygonShape::Set makes one: the vertices kept in the order given (they
/// must already run counter-clockwise, see `PolygonShape.orientedCounterClockwise`), each
/// edge's normal normalised, the centroid by the triangle fan from the origin.
/// (Box2D 2.3 computes a convex hull first, which can reorder the vertices; 2.2.1, the
/// engine UIKit forks, does not. UIKit's fork also lifted 2.2.1's limit of 8 vertices.)
public struct PolygonShape: Sendable, Equatable {
  public private(set) var vertices: [Vec2]
  public private(set) var normals: [Vec2]
  public private(set) var centroid: Vec2
  /// Skin thickness (m).
  public var radius: Float

  /// `vertices`: at least 3, counter-clockwise, convex, no edge shorter than ε (the caller
  /// checks; see `PolygonCheck`).
  public init(vertices: [Vec2], radius: Float) {
    precondition(vertices.count >= 3, "a polygon needs 3 vertices")
    self.vertices = vertices
    self.radius = radius
    let n = vertices.count
    var normals: [Vec2] = []
    normals.reserveCapacity(n)
    for i in 0..<n {
      let edge = vertices[i + 1 < n ? i + 1 : 0] - vertices[i]
      var normal = cross(edge, 1)
      normal.normalize()
      normals.append(normal)
    }
    self.normals = normals
    centroid = Self.centroid(of: vertices)
  }

  /// A box of half extents (hx, hy) centred at `center` in the body's frame, axis-aligned
  /// (m): Box2D's SetAsBox(hx, hy, center, 0), which a group makes for each member.
  public init(halfWidth hx: Float, halfHeight hy: Float, center: Vec2, radius: Float) {
    // Each corner and normal through b2Mul with a zero angle (sin 0 = 0, cos 0 = 1).
    let q = Rotation(angle_rad: 0)
    let corners = [Vec2(-hx, -hy), Vec2(hx, -hy), Vec2(hx, hy), Vec2(-hx, hy)]
    vertices = corners.map { Transform(p: center, q: q).apply($0) }
    normals = [Vec2(0, -1), Vec2(1, 0), Vec2(0, 1), Vec2(-1, 0)].map { q.apply($0) }
    centroid = center
    self.radius = radius
  }

  /// Box2D's ComputeCentroid: the area-weighted centroid of the fan of triangles from the
  /// origin (m).
  static func centroid(of vs: [Vec2]) -> Vec2 {
    var c = Vec2.zero
    var area: Float = 0
    let pRef = Vec2.zero
    let inv3: Float = 1 / 3
    let n = vs.count
    for i in 0..<n {
      let p1 = pRef
      let p2 = vs[i]
      let p3 = i + 1 < n ? vs[i + 1] : vs[0]
      let e1 = p2 - p1
      let e2 = p3 - p1
      let d = cross(e1, e2)
      let triangleArea: Float = 0.5 * d
      area += triangleArea
      c += (triangleArea * inv3) * (p1 + p2 + p3)
    }
    c *= 1 / area
    return c
  }

  /// The points in counter-clockwise order (y-up sense): as given when the first turn is
  /// counter-clockwise, reversed otherwise (UIKit's rule for a flattened outline).
  static func orientedCounterClockwise(_ points: [Vec2]) -> [Vec2] {
    guard points.count >= 3 else { return points }
    let turn = cross(points[1] - points[0], points[2] - points[1])
    return turn < 0 ? points.reversed() : points
  }
}

extension PolygonShape: ConvexPolygon {
  var count: Int { vertices.count }
  @inline(__always) func vertex(_ i: Int) -> Vec2 { vertices[i] }
  @inline(__always) func normal(_ i: Int) -> Vec2 { normals[i] }
}

/// A circle of `radius` (m) centred at `center` in the body's frame: Box2D's b2CircleShape,
/// what UIKit makes for an ellipse with equal sides.
public struct CircleShape: Sendable, Equatable {
  public var center: Vec2 = .zero
  public var radius: Float
}
