/// Field behaviors inside the island solve (docs/fields.md, "When fields act"): a body in at
/// least one field integrates its velocity as UIKit's PhysicsKit does for a body with a field
/// mask; every other body keeps Box2D's v += h·(g + F/m).
extension World {
  /// Whether some field acts on the body in `slot` (its region aside).
  func isInField(_ slot: Int) -> Bool {
    for field in fields where field.bodies.contains(slot) { return true }
    return false
  }

  /// The solver's view of a body in fields after one sub-step's velocity integration: inside
  /// the first velocity field (in the order added) whose region holds it, the velocity is
  /// replaced by the field's direction (m/s), gravity and every force ignored; otherwise
  /// v += (h / m)·(m·g + ΣF_fields + F). Damping applies after, in both cases.
  func integrateVelocityInFields(_ slot: Int, h: Float) -> SolverBody {
    let b = bodies[slot]
    let c = b.origin
    var v = b.v
    var w = b.w
    var replaced: Vec2?
    for field in fields where field.kind == .velocity && field.bodies.contains(slot) {
      if field.holds(origin: c) {
        replaced = field.direction
        break
      }
    }
    if let replaced {
      v = replaced
    } else {
      var f = b.mass * b.gravity
      for field in fields where field.kind != .velocity && field.bodies.contains(slot) {
        guard field.holds(origin: c) else { continue }
        f += field.force(at: c, v: b.v, m: b.mass, q: b.charge, t_s: time_s)
      }
      v += (h * b.invMass) * (f + b.force)
    }
    w += h * b.invI * b.torque
    dampingLaw.damp(v: &v, w: &w, h: h, linear: b.linearDamping, angular: b.angularDamping)
    return SolverBody(
      c: b.sweep.c, a: b.sweep.a, q: b.xf.q, v: v, w: w, invMass: b.invMass, invI: b.invI)
  }
}
