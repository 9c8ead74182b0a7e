/// A shape's mass at a density: mass (kg), centre of mass (m, body frame) and rotational
/// inertia about the body's origin (kg·m²), Box2D's b2MassData.
struct ShapeMass: Sendable, Equatable {
  var mass: Float
  var center: Vec2
  /// About the body's origin, not the centre of mass.
  var inertia: Float
}

extension ConvexPolygon {
  /// Box2D's b2PolygonShape::ComputeMass (density in kg/m²): the fan of triangles from the
  /// vertices' average, the skin left out. `BoxShape.massData` is this, with the inertia
  /// moved to the centre of mass.
  func shapeMass(density: Float) -> ShapeMass {
    let n = count
    var s = Vec2.zero
    for i in 0..<n { s += vertex(i) }
    s *= 1 / Float(n)
    let inv3: Float = 1 / 3
    var area: Float = 0
    var center = Vec2.zero
    var inertia: Float = 0
    for i in 0..<n {
      let e1 = vertex(i) - s
      let e2 = (i + 1 < n ? vertex(i + 1) : vertex(0)) - s
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
    return ShapeMass(mass: mass, center: c, inertia: i)
  }
}

extension CircleShape {
  /// Box2D's b2CircleShape::ComputeMass: m = ρπr², I = m(r²/2 + |p|²) about the origin.
  func shapeMass(density: Float) -> ShapeMass {
    let mass = density * pi32 * radius * radius
    let inertia = mass * (0.5 * radius * radius + dot(center, center))
    return ShapeMass(mass: mass, center: center, inertia: inertia)
  }
}

/// A body's mass properties from its fixtures, as Box2D's b2Body::ResetMassData computes
/// them: masses summed, the centre of mass their weighted mean, the inertia moved to it.
struct BodyMass: Sendable, Equatable {
  /// kg
  var mass: Float
  /// About the centre of mass (kg·m²); 0 when rotation is fixed.
  var inertia: Float
  /// Centre of mass in the body's frame (m).
  var localCenter: Vec2

  /// `parts` in Box2D's fixture-list order (the fixture made last first); a part of density
  /// 0 (mass 0) counts for nothing.
  init(parts: [ShapeMass], fixedRotation: Bool) {
    var mass: Float = 0
    var inertia: Float = 0
    var localCenter = Vec2.zero
    for part in parts where part.mass != 0 {
      mass += part.mass
      localCenter += part.mass * part.center
      inertia += part.inertia
    }
    if mass > 0 {
      localCenter *= 1 / mass
    } else {
      mass = 1  // Box2D gives every dynamic body a positive mass.
    }
    if inertia > 0 && !fixedRotation {
      inertia -= mass * dot(localCenter, localCenter)
    } else {
      inertia = 0
    }
    self.mass = mass
    self.inertia = inertia
    self.localCenter = localCenter
  }

  init(mass: Float, inertia: Float, localCenter: Vec2 = .zero) {
    self.mass = mass
    self.inertia = inertia
    self.localCenter = localCenter
  }
}
