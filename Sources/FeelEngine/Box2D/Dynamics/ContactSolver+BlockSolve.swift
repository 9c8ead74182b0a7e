extension ContactConstraint {
  /// The 2×2 block solve of a two-point manifold's normal impulses (Catto's block solver, as
  /// Box2D's b2ContactSolver has it): the accumulated impulses x ≥ 0 (N·s) whose relative
  /// normal velocities are ≥ 0 and zero wherever an impulse is positive, found by trying the
  /// four cases (both points, point 1 only, point 2 only, neither) in that order.
  ///
  /// `b` is the relative normal velocity of each point (m/s) less its restitution bias, less K
  /// times the impulses accumulated so far. Returns nil when no case holds, and the caller then
  /// keeps the impulses it had.
  func blockNormalImpulses(_ b: Vec2) -> Vec2? {
    // Case 1: both points active.
    let nm = normalMassMatrix
    var x = -Vec2(nm.0.x * b.x + nm.1.x * b.y, nm.0.y * b.x + nm.1.y * b.y)
    if x.x >= 0 && x.y >= 0 { return x }
    // Case 2: only point 1.
    x = Vec2(-points.0.normalMass * b.x, 0)
    if x.x >= 0 && k.0.y * x.x + b.y >= 0 { return x }
    // Case 3: only point 2.
    x = Vec2(0, -points.1.normalMass * b.y)
    if x.y >= 0 && k.1.x * x.y + b.x >= 0 { return x }
    // Case 4: neither.
    if b.x >= 0 && b.y >= 0 { return .zero }
    return nil
  }
}
