/// The inner loops of a sub-step on one island, over unsafe buffers so that nothing is
/// copied, reference-counted or bounds-checked on the engine's hottest path: velocity
/// constraints (joints, then contacts, eight times), integration, then position iterations.
enum IslandSolver {
  /// Solves the island's joints and contacts for one sub-step of h seconds and integrates
  /// positions. Returns whether position correction converged (a condition for sleeping).
  /// `jointList`: the island's joints in solve order, each id a distance joint of `j` (id ≥ 0)
  /// or an attachment kind's joint of `kinds` (~id).
  static func solve(
    bodies: [Int], joints jointList: [Int], s: SolverBodies,
    j: UnsafeMutableBufferPointer<DistanceJoint>, kinds: UnsafeMutableBufferPointer<KindJoint>,
    k: UnsafeMutableBufferPointer<ContactConstraint>, h: Float, dtRatio: Float,
    iterations: (velocity: Int, position: Int)
  ) -> Bool {
    for c in k.indices { k[c].initializeVelocity(s) }
    for c in k.indices { k[c].warmStart(s) }
    for id in jointList {
      if id >= 0 {
        j[id].initVelocityConstraints(s, h: h, dtRatio: dtRatio, warmStarting: true)
      } else {
        kinds[~id].initVelocityConstraints(s, dtRatio: dtRatio)
      }
    }
    if k.isEmpty, bodies.count == 1, !s[bodies[0]].v.hasNegativeZero {
      // One body held by ground joints (a joint to another body would have brought it into
      // the island), 0 − v in registers (`solveGroundVelocity`): a shorter chain of dependent
      // operations per joint solve, most of a Castro sub-step, with the general form's bits
      // (docs/performance.md, "One form of each solver", has the numbers). An attachment
      // kind's joint (a sheet's rail) is solved in its one form on v = 0 − d, exactly: its
      // impulses only subtract from v and ω, so no −0 arises in them.
      let slot = bodies[0]
      var d = Vec2.zero - s[slot].v
      var w = s[slot].w
      let m = s[slot].invMass
      let i = s[slot].invI
      // The chain for each case, specialised where called (`turns`, `kinds` constants; with no
      // attachment kind's joint in the world, the buffer's count says, no id is negative).
      @inline(__always) func chain(
        _ d: inout Vec2, _ w: inout Float, turns: Bool, kinds ground: Bool
      ) {
        for _ in 0..<iterations.velocity {
          for id in jointList {
            if ground && id < 0 {
              s[slot].v = Vec2.zero - d
              s[slot].w = w
              kinds[~id].solveVelocityConstraints(s, h: h)
              d = Vec2.zero - s[slot].v
              w = s[slot].w
            } else {
              j[id].solveGroundVelocity(d: &d, w: &w, mA: m, iA: i, turns: turns)
            }
          }
        }
      }
      let turns = !(i == 0 && w.bitPattern == 0)
      switch (turns, !kinds.isEmpty) {
      case (false, false): chain(&d, &w, turns: false, kinds: false)
      case (false, true): chain(&d, &w, turns: false, kinds: true)
      case (true, false): chain(&d, &w, turns: true, kinds: false)
      case (true, true): chain(&d, &w, turns: true, kinds: true)
      }
      s[slot].v = Vec2.zero - d
      s[slot].w = w
    } else {
      for _ in 0..<iterations.velocity {
        for id in jointList {
          if id >= 0 {
            j[id].solveVelocityConstraints(s)
          } else {
            kinds[~id].solveVelocityConstraints(s, h: h)
          }
        }
        for c in k.indices { k[c].solveVelocity(s) }
      }
    }
    for slot in bodies { integratePositions(&s[slot], h: h) }
    for _ in 0..<iterations.position {
      let minSeparation = solveContactPositions(
        k, s, baumgarte: Box2DSettings.baumgarte, toiBodies: nil)
      let contactsOkay = minSeparation >= -Box2DSettings.maxSolvedOverlap_m
      var jointsOkay = true
      for id in jointList {
        let ok =
          id >= 0 ? j[id].solvePositionConstraints(s) : kinds[~id].solvePositionConstraints(s)
        jointsOkay = jointsOkay && ok
      }
      if contactsOkay && jointsOkay { return true }
    }
    return false
  }

  /// One position iteration over the contacts `k` (in the order given): the smallest
  /// separation left (m; ≤ 0, an overlap), which decides whether the iterations may stop.
  @inline(__always)
  static func solveContactPositions(
    _ k: UnsafeMutableBufferPointer<ContactConstraint>, _ s: SolverBodies, baumgarte: Float,
    toiBodies: (Int, Int)?
  ) -> Float {
    var minSeparation: Float = 0
    for c in k.indices {
      minSeparation = min(
        minSeparation, k[c].solvePosition(s, baumgarte: baumgarte, toiBodies: toiBodies))
    }
    return minSeparation
  }

  /// The time-of-impact sub-step of an impact's island: push the two bodies of the impact
  /// (`toi`) out of what they touch (up to `Box2DSettings.toiPositionIterations` iterations;
  /// the other bodies of the island do not move), solve the contacts' velocities without
  /// warm starting, and move every dynamic body of the island (`bodies`) for the rest of the
  /// sub-step (h seconds). Returns the corrected poses of the impact's two bodies (A is nil
  /// when it is a boundary's ground, −1).
  static func solveTOI(
    bodies: [Int], toi: (Int, Int), s: SolverBodies,
    k: UnsafeMutableBufferPointer<ContactConstraint>, h: Float, velocityIterations: Int
  ) -> (a: (c: Vec2, a: Float)?, b: (c: Vec2, a: Float)) {
    for _ in 0..<Box2DSettings.toiPositionIterations {
      let minSeparation = solveContactPositions(
        k, s, baumgarte: Box2DSettings.toiBaumgarte, toiBodies: toi)
      if minSeparation >= -Box2DSettings.toiMaxSolvedOverlap_m { break }
    }
    let safeA = toi.0 >= 0 ? (c: s[toi.0].c, a: s[toi.0].a) : nil
    let safeB = (c: s[toi.1].c, a: s[toi.1].a)
    for c in k.indices { k[c].initializeVelocity(s) }
    for _ in 0..<velocityIterations {
      for c in k.indices { k[c].solveVelocity(s) }
    }
    for slot in bodies { integratePositions(&s[slot], h: h) }
    return (safeA, safeB)
  }

  /// x += h·v with Box2D's per-step limits on translation (2 m) and rotation (π/2).
  static func integratePositions(_ b: inout SolverBody, h: Float) {
    let maxTranslation = Box2DSettings.maxTranslation_m
    let maxRotation = Box2DSettings.maxRotation_rad
    var v = b.v
    var w = b.w
    let translation = h * v
    if dot(translation, translation) > maxTranslation * maxTranslation {
      let ratio = maxTranslation / translation.length
      v *= ratio
    }
    let rotation = h * w
    if rotation * rotation > maxRotation * maxRotation {
      let ratio = maxRotation / abs(rotation)
      w *= ratio
    }
    b.c += h * v
    b.a += h * w
    b.v = v
    b.w = w
  }
}
