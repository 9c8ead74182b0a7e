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

  package func vertex(_ i: Int) -> Vec2 { vertices[i] }
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
    let polygon = shapeMass(density: density)
    // The body's centre of mass is the polygon's centre; shift the inertia to it.
    let c = polygon.center
    return MassData(mass: polygon.mass, inertia: polygon.inertia - polygon.mass * dot(c, c))
  }
}
