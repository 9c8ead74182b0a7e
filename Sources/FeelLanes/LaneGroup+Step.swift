import FeelEngine

extension LaneGroup {
  /// One sub-step of h seconds of the `stepping` lanes: `Animator.substep` (instantaneous
  /// pushes fire) then `World.step` on a one-body island (pair search, contact update, solve,
  /// broad phase), with the contact checks of `EdgeLanes`. Lanes that fail a check are added
  /// to `unsafe` (their frame is rolled back by the caller).
  mutating func substep(
    h: Float, stepping: Mask, fx: Lanes, fy: Lanes, torque: Lanes, unsafe: inout Mask
  ) {
    let invDt: Float = h > 0 ? 1 / h : 0
    let dtRatio = state.invDt0 * h
    state.invDt0.replace(with: invDt, where: stepping)
    state.substeps.replace(with: state.substeps &+ 1, where: stepping)
    state.stepped .|= stepping
    // Animator.fireInstantaneousPushes, before the world steps: once per push.
    let firing = stepping .& state.pendingImpulses
    if Self.any(firing) {
      for lane in 0..<Self.width where firing[lane] { fireImpulses(lane: lane) }
      state.pendingImpulses .&= .!firing
    }
    let active = stepping .& .!state.asleep
    // World.step: a pair search first when proxies were added (the lane's body or edges).
    let searching = stepping .& state.newProxies
    if Self.any(searching) {
      if !edges.isEmpty { createContacts(where: searching) }
      state.newProxies .&= .!stepping
    }
    if !Self.any(active) { return }
    // The start of the sub-step.
    let cx0 = state.cx
    let cy0 = state.cy
    let a0 = state.a
    let qs0 = state.qs
    let qc0 = state.qc
    // World.collide: contacts whose fat boxes parted go (none was touching, so no event);
    // the others must be clear of the collider's radius (no contact point).
    if !edges.isEmpty {
      for e in edges.indices {
        let existing = edges[e].exists .& active
        let overlapping = edges[e].overlaps(
          state.fatLx, state.fatLy, state.fatUx, state.fatUy)
        edges[e].exists .&= .!(existing .& .!overlapping)
        let (separation, margin) = edges[e].separation(
          cx: cx0, cy: cy0, qs: qs0, qc: qc0, hx: hx, hy: hy)
        edges[e].startSeparation = separation
        let clear = separation .> Box2DSettings.edgePolygonManifoldRadius_m + margin
        unsafe .|= edges[e].exists .& active .& .!clear
      }
    }
    solveIsland(h: h, dtRatio: dtRatio, active: active, fx: fx, fy: fy, torque: torque)
    if signature.broadPhase {
      synchronize(active: active, cx0: cx0, cy0: cy0, qs0: qs0, qc0: qc0)
    }
    // World.solveTOI: every contact of the body must stay clear of the time-of-impact target
    // over the whole sweep (its core distance then never reaches the root finder's window).
    for e in edges.indices {
      let checked = edges[e].exists .& active
      if !Self.any(checked) { continue }
      let (endSeparation, margin) = edges[e].separation(
        cx: state.cx, cy: state.cy, qs: state.qs, qc: state.qc, hx: hx, hy: hy,
        sideOf: (cx0, cy0))
      let turn = state.a - a0
      let turning = circumradius * turn.replacing(with: -turn, where: turn .< 0)
      let start = edges[e].startSeparation
      let lowest = start.replacing(with: endSeparation, where: endSeparation .< start)
      let target = edges[e].toiWindow(boxRadius: radius)
      unsafe .|= checked .& .!(lowest - turning .> target + margin)
    }
  }

  /// The lane's pending instantaneous pushes: v += m⁻¹·J, ω += I⁻¹·(r × J), in order.
  private mutating func fireImpulses(lane: Int) {
    var v = Vec2(state.vx[lane], state.vy[lane])
    var w = state.w[lane]
    let c = Vec2(state.cx[lane], state.cy[lane])
    for push in impulses[lane] {
      v += invMass[lane] * push.impulse
      w += invI[lane] * push.spec.torque(push.impulse, about: c)
    }
    state.vx[lane] = v.x
    state.vy[lane] = v.y
    state.w[lane] = w
  }

  /// World.solveIsland for a body alone with its soft ground joints (and contacts none of which
  /// touches): integrate velocity, solve the joints, integrate position, sleep.
  private mutating func solveIsland(
    h: Float, dtRatio: Lanes, active: Mask, fx: Lanes, fy: Lanes, torque: Lanes
  ) {
    // World.integrateVelocity.
    var vx = state.vx
    var vy = state.vy
    var w = state.w
    vx += h * (gx + invMass * fx)
    vy += h * (gy + invMass * fy)
    w += h * invI * torque
    // DampingLaw.damp: rational (modern) or clamped (iOS 7).
    let (linear, angular) =
      signature.profile == .modern
      ? (1 / (1 + h * linearDamping), 1 / (1 + h * angularDamping))
      : (Self.clampedToUnit(1 - h * linearDamping), Self.clampedToUnit(1 - h * angularDamping))
    vx *= linear
    vy *= linear
    w *= angular
    // IslandSolver.solve, the one-body branch.
    var s = JointSolver(vx: vx, vy: vy, w: w, mA: invMass, iA: invI)
    let qs = state.qs
    let qc = state.qc
    let cx = state.cx
    let cy = state.cy
    // Lanes that do not step keep their joints' impulses (the rest of a joint's state is
    // rebuilt every sub-step).
    let everyLane = Self.all(active)
    // No lane's body can turn: the joints' soft constants are those fixed at loading.
    let fixedMass = s.iA == Lanes()
    joints.withUnsafeMutableBufferPointer { j in
      for k in j.indices {
        j[k].impulseBefore = j[k].impulse
        if fixedMass {
          j[k].initVelocity(
            &s, qs: qs, qc: qc, cx: cx, cy: cy, h: h, dtRatio: dtRatio, fixedMass: true)
        } else {
          j[k].initVelocity(&s, qs: qs, qc: qc, cx: cx, cy: cy, h: h, dtRatio: dtRatio)
        }
      }
      let negativeZero = LaneBits(repeating: (-Float.zero).bitPattern)
      if Self.any(
        (unsafeBitCast(s.vx, to: LaneBits.self) .== negativeZero)
          .| (unsafeBitCast(s.vy, to: LaneBits.self) .== negativeZero))
      {
        for _ in 0..<EngineConstants.velocityIterations {
          for k in j.indices {
            j[k].solveVelocity(vx: &s.vx, vy: &s.vy, w: &s.w, mA: s.mA, iA: s.iA)
          }
        }
      } else {
        // On 0 − v, as IslandSolver.solve; without the angular terms where no lane's body can
        // turn and every ω is +0.
        var dx = Lanes() - s.vx
        var dy = Lanes() - s.vy
        let turns = !(s.iA == Lanes() && unsafeBitCast(s.w, to: LaneBits.self) == LaneBits())
        for _ in 0..<EngineConstants.velocityIterations {
          for k in j.indices {
            if turns {
              j[k].solveVelocity(dx: &dx, dy: &dy, w: &s.w, mA: s.mA, iA: s.iA, turns: true)
            } else {
              j[k].solveVelocity(dx: &dx, dy: &dy, w: &s.w, mA: s.mA, iA: s.iA, turns: false)
            }
          }
        }
        s.vx = Lanes() - dx
        s.vy = Lanes() - dy
      }
      if !everyLane {
        for k in j.indices { j[k].impulse.replace(with: j[k].impulseBefore, where: .!active) }
      }
    }
    vx = s.vx
    vy = s.vy
    w = s.w
    // IslandSolver.integratePositions.
    let tx = h * vx
    let ty = h * vy
    let maxTranslation = Box2DSettings.maxTranslation_m
    let maxRotation = Box2DSettings.maxRotation_rad
    let clampT = (tx * tx + ty * ty) .> maxTranslation * maxTranslation
    if Self.any(clampT) {
      let ratio = maxTranslation / (tx * tx + ty * ty).squareRoot()
      vx.replace(with: vx * ratio, where: clampT)
      vy.replace(with: vy * ratio, where: clampT)
    }
    let rotation = h * w
    let clampR = rotation * rotation .> maxRotation * maxRotation
    if Self.any(clampR) {
      let magnitude = rotation.replacing(with: -rotation, where: rotation .< 0)
      w.replace(with: w * (maxRotation / magnitude), where: clampR)
    }
    let newCx = cx + h * vx
    let newCy = cy + h * vy
    let newA = state.a + h * w
    // Soft joints need no position correction and no contact touches: the first position
    // iteration converges (positionSolved), as in IslandSolver.solve.
    let positionSolved = EngineConstants.positionIterations > 0
    // Sleep bookkeeping of World.solveIsland.
    let fast =
      (w * w .> Box2DSettings.angularSleepToleranceSquared)
      .| ((vx * vx + vy * vy) .> Box2DSettings.linearSleepToleranceSquared)
    var slept = (state.sleepTime + h).replacing(with: 0, where: fast)
    let sleeps = .!fast .& (slept .>= Box2DSettings.timeToSleep_s)
    let falls = positionSolved ? sleeps : Mask(repeating: false)
    slept.replace(with: 0, where: falls)
    vx.replace(with: 0, where: falls)
    vy.replace(with: 0, where: falls)
    w.replace(with: 0, where: falls)
    // The sweep starts where the body was (World.solveIsland sets c0, a0 first).
    state.c0x.replace(with: cx, where: active)
    state.c0y.replace(with: cy, where: active)
    state.a0.replace(with: state.a, where: active)
    state.cx.replace(with: newCx, where: active)
    state.cy.replace(with: newCy, where: active)
    state.vx.replace(with: vx, where: active)
    state.vy.replace(with: vy, where: active)
    state.w.replace(with: w, where: active)
    state.sleepTime.replace(with: slept, where: active)
    state.asleep .|= active .& falls
    // Body.synchronizeTransform: the rotation of the new angle, where its bits changed.
    let turned =
      active
      .& (unsafeBitCast(newA, to: LaneBits.self)
        .!= unsafeBitCast(state.a, to: LaneBits.self))
    state.a.replace(with: newA, where: active)
    if Self.any(turned) {
      for lane in 0..<Self.width where turned[lane] {
        let q = Rotation(angle_rad: state.a[lane])
        state.qs[lane] = q.s
        state.qc[lane] = q.c
      }
    }
  }

  /// World.synchronize and the pair search after a solve: the body's fat box is refitted over
  /// its sweep when it left it, and edges whose fat boxes it now overlaps get a contact.
  private mutating func synchronize(active: Mask, cx0: Lanes, cy0: Lanes, qs0: Lanes, qc0: Lanes) {
    let start = boxBounds(px: cx0, py: cy0, qs: qs0, qc: qc0)
    let end = boxBounds(px: state.cx, py: state.cy, qs: state.qs, qc: state.qc)
    let lx = start.lx.replacing(with: end.lx, where: end.lx .< start.lx)
    let ly = start.ly.replacing(with: end.ly, where: end.ly .< start.ly)
    let ux = start.ux.replacing(with: end.ux, where: end.ux .>= start.ux)
    let uy = start.uy.replacing(with: end.uy, where: end.uy .>= start.uy)
    // BroadPhase.moved: nothing unless the swept box left the fat one.
    let contained =
      (state.fatLx .<= lx) .& (state.fatLy .<= ly) .& (ux .<= state.fatUx) .& (uy .<= state.fatUy)
    let moved = active .& .!contained
    if !Self.any(moved) { return }
    let margin = Box2DSettings.aabbExtension_m
    var newLx = lx - margin
    var newLy = ly - margin
    var newUx = ux + margin
    var newUy = uy + margin
    let dx = Box2DSettings.aabbMultiplier * (state.cx - cx0)
    let dy = Box2DSettings.aabbMultiplier * (state.cy - cy0)
    newLx.replace(with: newLx + dx, where: dx .< 0)
    newUx.replace(with: newUx + dx, where: .!(dx .< 0))
    newLy.replace(with: newLy + dy, where: dy .< 0)
    newUy.replace(with: newUy + dy, where: .!(dy .< 0))
    state.fatLx.replace(with: newLx, where: moved)
    state.fatLy.replace(with: newLy, where: moved)
    state.fatUx.replace(with: newUx, where: moved)
    state.fatUy.replace(with: newUy, where: moved)
    if !edges.isEmpty { createContacts(where: moved) }
  }

  /// World.findNewContacts for the lanes in `searching`: a contact for every edge whose fat box
  /// overlaps the body's and has none, created in edge (proxy) order.
  private mutating func createContacts(where searching: Mask) {
    for e in edges.indices {
      let overlapping = edges[e].overlaps(state.fatLx, state.fatLy, state.fatUx, state.fatUy)
      let created = searching .& overlapping .& .!edges[e].exists
      if !Self.any(created) { continue }
      state.contactClock.replace(with: state.contactClock &+ 1, where: created)
      edges[e].exists .|= created
      edges[e].order.replace(with: state.contactClock, where: created)
    }
  }

  /// `BoxShape.aabb` at the transform (p, q): the box's four vertices through the transform
  /// (`Transform.apply`), their bounds as `min` and `max` keep them, grown by the skin.
  /// Mutating so that it reads the group in place: a call by value copies the lanes' state.
  private mutating func boxBounds(px: Lanes, py: Lanes, qs: Lanes, qc: Lanes) -> (
    lx: Lanes, ly: Lanes, ux: Lanes, uy: Lanes
  ) {
    let nhx = -hx
    let nhy = -hy
    // Vertices in BoxShape's order: (−hx, −hy), (hx, −hy), (hx, hy), (−hx, hy).
    var lx = (qc * nhx - qs * nhy) + px
    var ly = (qs * nhx + qc * nhy) + py
    var ux = lx
    var uy = ly
    func include(_ x: Lanes, _ y: Lanes) {
      lx = lx.replacing(with: x, where: x .< lx)
      ly = ly.replacing(with: y, where: y .< ly)
      ux = ux.replacing(with: x, where: x .>= ux)
      uy = uy.replacing(with: y, where: y .>= uy)
    }
    include((qc * hx - qs * nhy) + px, (qs * hx + qc * nhy) + py)
    include((qc * hx - qs * hy) + px, (qs * hx + qc * hy) + py)
    include((qc * nhx - qs * hy) + px, (qs * nhx + qc * hy) + py)
    return (lx - radius, ly - radius, ux + radius, uy + radius)
  }

  /// min(max(x, 0), 1) lane-wise, as Swift's `max` (y ≥ x ? y : x) and `min` (y < x ? y : x)
  /// pick.
  @inline(__always)
  static func clampedToUnit(_ x: Lanes) -> Lanes {
    let atLeastZero = x.replacing(with: 0, where: 0 .>= x)
    return atLeastZero.replacing(with: 1, where: 1 .< atLeastZero)
  }

  /// The body's velocity and inverse masses while the joints are solved.
  struct JointSolver {
    var vx, vy, w: Lanes
    let mA, iA: Lanes
  }
}

extension SIMD16 where Scalar == Float {
  /// −x lane by lane as the scalar engine negates (the sign flipped, exactly): SIMD's prefix −
  /// computes 0 − x, which leaves +0 as +0 where the scalar −x gives −0 (the joints'
  /// −(effective mass) of a massless lane). Multiplying by −1 is exact and flips every sign,
  /// zeros included.
  @inline(__always) var negated: Self { self * -1 }
}
