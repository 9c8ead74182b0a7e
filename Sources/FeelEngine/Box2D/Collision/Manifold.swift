/// One contact point of a manifold, in the local frame of the non-reference shape, with the
/// impulses the solver found for it (N·s), kept for warm starting.
struct ManifoldPoint: Sendable, Equatable {
  var localPoint: Vec2 = .zero
  var normalImpulse: Float = 0
  var tangentImpulse: Float = 0
  /// Which features (vertex/face indices) made the point; matched across steps.
  var id: ContactID = ContactID()
}

/// Identifies a contact point by the features of the two shapes that produce it.
struct ContactID: Sendable, Equatable {
  enum Feature: UInt8, Sendable {
    case vertex = 0
    case face = 1
  }
  var indexA: UInt8 = 0
  var indexB: UInt8 = 0
  var typeA: Feature = .vertex
  var typeB: Feature = .vertex

  var key: UInt32 {
    UInt32(indexA) | UInt32(indexB) << 8 | UInt32(typeA.rawValue) << 16
      | UInt32(typeB.rawValue) << 24
  }

  /// The same features with shapes A and B swapped (a manifold whose reference face is B's).
  var flipped: ContactID {
    ContactID(indexA: indexB, indexB: indexA, typeA: typeB, typeB: typeA)
  }
}

/// The contact between shape A and shape B (a boundary and an item, or two items' fixtures):
/// up to two points. `faceA`: the reference face is on A (localNormal/localPoint in A's
/// frame, points in B's frame); `faceB`: the reference face is on B (the reverse); `circles`:
/// two round features (localPoint = A's centre, the one point = B's centre).
struct Manifold: Sendable {
  enum Kind: Sendable { case faceA, faceB, circles }
  var kind: Kind = .faceA
  var localNormal: Vec2 = .zero
  var localPoint: Vec2 = .zero
  var points: (ManifoldPoint, ManifoldPoint) = (ManifoldPoint(), ManifoldPoint())
  var pointCount: Int = 0

  subscript(i: Int) -> ManifoldPoint {
    get { i == 0 ? points.0 : points.1 }
    set {
      if i == 0 { points.0 = newValue } else { points.1 = newValue }
    }
  }
}

/// World-frame contact points and normal (from A to B) of a manifold at given transforms.
struct WorldManifold {
  var normal: Vec2
  var points: (Vec2, Vec2)
  var separations: (Float, Float)

  init(_ m: Manifold, xfA: Transform, radiusA: Float, xfB: Transform, radiusB: Float) {
    points = (.zero, .zero)
    separations = (0, 0)
    switch m.kind {
    case .circles:
      normal = Vec2(1, 0)
      let pointA = xfA.apply(m.localPoint)
      let pointB = xfB.apply(m[0].localPoint)
      let d = pointA - pointB
      if dot(d, d) > Float.ulpOfOne * Float.ulpOfOne {
        normal = pointB - pointA
        normal.normalize()
      }
      let cA = pointA + radiusA * normal
      let cB = pointB - radiusB * normal
      set(0, point: 0.5 * (cA + cB), separation: dot(cB - cA, normal))
    case .faceA, .faceB:
      // The reference face's side (R), then the other (C, whose points are clipped); the
      // midpoint's sum commutes exactly.
      let (xfR, radiusR, xfC, radiusC) =
        m.kind == .faceA ? (xfA, radiusA, xfB, radiusB) : (xfB, radiusB, xfA, radiusA)
      normal = xfR.q.apply(m.localNormal)
      let planePoint = xfR.apply(m.localPoint)
      for i in 0..<m.pointCount {
        let clipPoint = xfC.apply(m[i].localPoint)
        let cR = clipPoint + (radiusR - dot(clipPoint - planePoint, normal)) * normal
        let cC = clipPoint - radiusC * normal
        set(i, point: 0.5 * (cR + cC), separation: dot(cC - cR, normal))
      }
      if m.kind == .faceB { normal = -normal }
    }
  }

  private mutating func set(_ i: Int, point: Vec2, separation: Float) {
    if i == 0 {
      points.0 = point
      separations.0 = separation
    } else {
      points.1 = point
      separations.1 = separation
    }
  }
}
