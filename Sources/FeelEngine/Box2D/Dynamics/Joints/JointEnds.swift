/// The two ends of an attachment kind's joint as the island solver works on them: body A
/// (always an item's dynamic or anchored body) and body B (another item's, or the static body
/// UIKit makes at a sliding attachment's anchor point: angle 0, no mass).
struct JointBodies: Sendable, Equatable {
  /// Body slot of A.
  var a: Int
  /// Body slot of B, or nil for a static body at `groundPosition`.
  var b: Int?
  /// Where the static body B sits (m) when `b` is nil.
  var groundPosition: Vec2 = .zero
}

/// One end's state in a solver step: centre of mass (m), angle (rad) and its rotation at the
/// start of the sub-step, velocity (m/s, rad/s) and inverse mass and inertia. A static B is
/// Box2D v3's identity state at its position: angle 0, at rest, no mass.
struct JointEnd {
  var c: Vec2
  var a: Float
  var q: Rotation
  var v: Vec2
  var w: Float
  var m: Float
  var i: Float

  /// Each end's arm from its centre of mass to its anchor (m), at the end's present angle:
  /// until the position iterations move the ends (`moved`), `q` gives the same bits without a
  /// sine and a cosine (a body's transform is set from its angle, a static B's is the identity).
  @inline(__always)
  static func arms(_ A: JointEnd, _ B: JointEnd, _ anchorA: Vec2, _ anchorB: Vec2, moved: Bool)
    -> (Vec2, Vec2)
  {
    moved
      ? (Rotation(angle_rad: A.a).apply(anchorA), Rotation(angle_rad: B.a).apply(anchorB))
      : (A.q.apply(anchorA), B.q.apply(anchorB))
  }

  /// An impulse on both ends: A takes −P (kg·m/s) and the angular impulse −LA, B takes +P
  /// and +LB (kg·m²/s), each scaled by its inverse mass or inertia; applied to the velocities,
  /// or, for a position correction (`positions`), to the centres (m) and angles (rad).
  @inline(__always)
  static func apply(
    _ P: Vec2, angularA LA: Float, angularB LB: Float, _ A: inout JointEnd, _ B: inout JointEnd,
    positions: Bool = false
  ) {
    if positions {
      A.c -= A.m * P
      A.a -= A.i * LA
      B.c += B.m * P
      B.a += B.i * LB
    } else {
      A.v -= A.m * P
      A.w -= A.i * LA
      B.v += B.m * P
      B.w += B.i * LB
    }
  }
}

extension JointBodies {
  /// Both ends, read from the solver's bodies.
  @inline(__always)
  func load(_ s: SolverBodies) -> (JointEnd, JointEnd) {
    let A = s[a]
    let endA = JointEnd(c: A.c, a: A.a, q: A.q, v: A.v, w: A.w, m: A.invMass, i: A.invI)
    guard let b else {
      return (
        endA, JointEnd(c: groundPosition, a: 0, q: .identity, v: .zero, w: 0, m: 0, i: 0)
      )
    }
    let B = s[b]
    return (endA, JointEnd(c: B.c, a: B.a, q: B.q, v: B.v, w: B.w, m: B.invMass, i: B.invI))
  }

  /// Writes both ends' velocities back (a static B is left alone).
  @inline(__always)
  func storeVelocities(_ s: SolverBodies, _ A: JointEnd, _ B: JointEnd) {
    s[a].v = A.v
    s[a].w = A.w
    if let b {
      s[b].v = B.v
      s[b].w = B.w
    }
  }

  /// Writes both ends' positions back (a static B is left alone).
  @inline(__always)
  func storePositions(_ s: SolverBodies, _ A: JointEnd, _ B: JointEnd) {
    s[a].c = A.c
    s[a].a = A.a
    if let b {
      s[b].c = B.c
      s[b].a = B.a
    }
  }
}
