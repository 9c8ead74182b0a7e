/// Field behaviors inside the island solve (docs/fields.md, "When fields act"): a body in at
/// least one field integrates its velocity as UIKit's PhysicsKit does for a body with a field
/// mask; every other body keeps Box2D's v += h·(g + F/m).
///
/// Which fields act on a body is a 32-bit mask per body slot (bit i: `fields[i]`), kept when
/// fields are added or removed, as UIKit keeps a field mask per body; the sub-step reads the
/// fields in place, in the order added, by walking the mask's bits upward (docs/performance.md,
/// "Fields: the StickyCorners throws").
extension World {
  /// Registers `field`, acting on the body slots `bodies`, after the others (the caller keeps
  /// to the 32-field limit).
  mutating func addField(_ field: WorldField, bodies: [Int]) {
    fields.append(field)
    fieldBodies.append(bodies)
    indexFields()
  }

  /// Removes the fields `owner` (a behavior) added.
  mutating func removeFields(owner: Int) {
    let kept = fields.indices.filter { fields[$0].owner != owner }
    fields = kept.map { fields[$0] }
    fieldBodies = kept.map { fieldBodies[$0] }
    indexFields()
  }

  /// Rebuilds `fieldMasks` and `velocityFieldBits` from `fields`.
  private mutating func indexFields() {
    if fieldMasks.count != bodies.count {
      fieldMasks = Array(repeating: 0, count: bodies.count)
    } else {
      for slot in fieldMasks.indices { fieldMasks[slot] = 0 }
    }
    velocityFieldBits = 0
    for i in fields.indices {
      let bit = UInt32(1) << UInt32(i)
      for slot in fieldBodies[i] where fieldMasks.indices.contains(slot) {
        fieldMasks[slot] |= bit
      }
      if fields[i].kind == .velocity { velocityFieldBits |= bit }
    }
  }

  /// Whether some field acts on the body in `slot` (its region aside).
  func isInField(_ slot: Int) -> Bool {
    slot < fieldMasks.count && fieldMasks[slot] != 0
  }

  /// The solver's view of a body in fields after one sub-step's velocity integration: inside
  /// the first velocity field (in the order added) whose region holds it, the velocity is
  /// replaced by the field's direction (m/s), gravity and every force ignored; otherwise
  /// v += (h / m)·(m·g + ΣF_fields + F), the forces summed in the order the fields were
  /// added. Damping applies after, in both cases.
  func integrateVelocityInFields(_ slot: Int, h: Float) -> SolverBody {
    let b = bodies[slot]
    let c = b.origin
    let mask = fieldMasks[slot]
    var v = b.v
    var w = b.w
    fields.withUnsafeBufferPointer { fields in
      var replaced: Vec2?
      var velocityBits = mask & velocityFieldBits
      while velocityBits != 0 {
        let i = velocityBits.trailingZeroBitCount
        velocityBits &= velocityBits - 1
        if fields[i].holds(origin: c) {
          replaced = fields[i].direction
          break
        }
      }
      if let replaced {
        v = replaced
      } else {
        var f = b.mass * b.gravity
        var forceBits = mask & ~velocityFieldBits
        while forceBits != 0 {
          let i = forceBits.trailingZeroBitCount
          forceBits &= forceBits - 1
          guard fields[i].holds(origin: c) else { continue }
          f += fields[i].force(at: c, v: b.v, m: b.mass, q: b.charge, t_s: time_s)
        }
        v += (h * b.invMass) * (f + b.force)
      }
    }
    w += h * b.invI * b.torque
    dampingLaw.damp(v: &v, w: &w, h: h, linear: b.linearDamping, angular: b.angularDamping)
    return SolverBody(
      c: b.sweep.c, a: b.sweep.a, q: b.xf.q, v: v, w: w, invMass: b.invMass, invI: b.invI)
  }
}
