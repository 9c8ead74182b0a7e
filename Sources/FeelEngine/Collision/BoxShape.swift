/// A rectangle centred on its body's origin, with a skin: a rounded box of half extents
/// (hx, hy) grown by `radius` (all metres). Vertices run counter-clockwise in a y-up frame
/// starting at (−hx, −hy); normals[i] is the outward normal of edge i → i+1.
public struct BoxShape: Sendable {
  var vertices: Quad
  var normals: Quad
  /// Skin thickness (m): Box2D's polygon radius.
  public var radius: Float

  public init(halfWidth hx: Float, halfHeight hy: Float, radius: Float) {
    vertices = Quad(Vec2(-hx, -hy), Vec2(hx, -hy), Vec2(hx, hy), Vec2(-hx, hy))
    normals = Quad(Vec2(0, -1), Vec2(1, 0), Vec2(0, 1), Vec2(-1, 0))
    self.radius = radius
  }

  func vertex(_ i: Int) -> Vec2 { vertices[i] }
  func normal(_ i: Int) -> Vec2 { normals[i] }
}

/// Mass (kg) and rotational inertia about the centre (kg·m²) of a uniform box.
struct MassData: Sendable, Equatable {
  var mass: Float
  var inertia: Float
}

extension BoxShape {
  /// Mass properties of the box (without its skin) at `density` (kg/m²), integrated over a
  /// triangle fan about the vertex centroid the way Box2D does, so the float rounding of m
  /// and I = m(w² + h²)/12 matches it.
  func massData(density: Float) -> MassData {
    var s = Vec2.zero
    for i in 0..<4 { s += vertex(i) }
    s *= 1 / Float(4)
    let inv3: Float = 1 / 3
    var area: Float = 0
    var center = Vec2.zero
    var inertia: Float = 0
    for i in 0..<4 {
      let e1 = vertex(i) - s
      let e2 = vertex(i + 1 < 4 ? i + 1 : 0) - s
      let d = cross(e1, e2)
      let triangleArea: Float = 0.5 * d
      area += triangleArea
      center += (triangleArea * inv3) * (e1 + e2)
      let intx2 = e1.x * e1.x + e2.x * e1.x + e2.x * e2.x
      let inty2 = e1.y * e1.y + e2.y * e1.y + e2.y * e2.y
      inertia += (0.25 * inv3 * d) * (intx2 + inty2)
    }
    let mass = density * area
    center *= 1 / area
    let c = center + s
    var i = density * inertia
    i += mass * (dot(c, c) - dot(center, center))
    // The body's centre of mass is c; shift the inertia to it.
    i -= mass * dot(c, c)
    return MassData(mass: mass, inertia: i)
  }
}
