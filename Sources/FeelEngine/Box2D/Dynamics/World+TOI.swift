/// Continuous collision (Box2D 2.3's b2World::SolveTOI, which pybox2d 2.3.10 carries): after
/// the regular solve, find the earliest time of impact among the contacts, move the two
/// bodies back to it, solve that impact with the contacts around it, let the bodies move on
/// for the rest of the sub-step, and repeat until no impact is left. A boundary meets every
/// body this way; two bodies meet only if one of them is a bullet (an item in a gravity or
/// push behavior) or static. The impact's position solve moves only its two bodies (the fix
/// Box2D made after 2.2.1).
extension World {
  mutating func solveTOI(h: Float) {
    for i in bodies.indices where hasBody[i] { bodies[i].sweep.alpha0 = 0 }
    for e in edges.indices where edges[e] != nil { edges[e]!.groundAlpha0 = 0 }
    for c in contacts.indices {
      contacts[c].toiValid = false
      contacts[c].toiCount = 0
      contacts[c].toi = 1
    }
    while true {
      var minContact: Int? = nil
      var minAlpha: Float = 1
      for c in contacts.indices {
        if !contacts[c].enabled || contacts[c].toiCount > Box2DSettings.maxSubSteps { continue }
        var alpha: Float = 1
        if contacts[c].toiValid {
          alpha = contacts[c].toi
        } else {
          guard let t = timeOfImpact(contact: c) else { continue }
          alpha = t
          contacts[c].toi = alpha
          contacts[c].toiValid = true
        }
        if alpha < minAlpha {
          minContact = c
          minAlpha = alpha
        }
      }
      guard let ci = minContact, !(Box2DSettings.toiLastAlpha < minAlpha) else { return }
      resolveImpact(ci, at: minAlpha, h: h)
    }
  }

  /// The fraction of the sub-step at which contact `c`'s shapes first touch (1 when they do
  /// not), after putting both sweeps on the same interval; nil when the contact takes no time
  /// of impact (no awake dynamic side, or two dynamic bodies neither of which is a bullet).
  @inline(__always)
  private mutating func timeOfImpact(contact c: Int) -> Float? {
    let contact = contacts[c]
    let slot = contact.body
    let edgeIndex = contact.edge
    let form = options.sweepAdvance
    let alpha0: Float
    let output: (state: TOIState, t: Float)
    if edgeIndex < 0 {
      let a = contact.bodyA
      let typeA = bodies[a].type
      let typeB = bodies[slot].type
      let activeA = bodies[a].awake && typeA != .static
      let activeB = bodies[slot].awake && typeB != .static
      if !activeA && !activeB { return nil }
      let collideA = bodies[a].bullet || typeA != .dynamic
      let collideB = bodies[slot].bullet || typeB != .dynamic
      if !collideA && !collideB { return nil }
      let alphaA = bodies[a].sweep.alpha0
      let alphaB = bodies[slot].sweep.alpha0
      if alphaA < alphaB {
        alpha0 = alphaB
        bodies[a].sweep.advance(to: alpha0, form: form)
      } else if alphaB < alphaA {
        alpha0 = alphaA
        bodies[slot].sweep.advance(to: alpha0, form: form)
      } else {
        alpha0 = alphaA
      }
      output = Self.timeOfImpact(
        ShapeProxy(fixtures[fixture(a, contact.fixtureA)].shape), bodies[a].sweep,
        ShapeProxy(fixtures[fixture(slot, contact.fixture)].shape), bodies[slot].sweep)
    } else {
      guard bodies[slot].awake, let edge = edges[edgeIndex] else { return nil }
      // The boundary's static ground body and the body on the same interval.
      let g = edge.ground
      let alphaB = bodies[slot].sweep.alpha0
      let groundAlpha0 = edges[g]!.groundAlpha0
      if groundAlpha0 < alphaB {
        alpha0 = alphaB
        edges[g]!.groundAlpha0 = alpha0
      } else if alphaB < groundAlpha0 {
        alpha0 = groundAlpha0
        bodies[slot].sweep.advance(to: alpha0, form: form)
      } else {
        alpha0 = alphaB
      }
      let sweepB = bodies[slot].sweep
      let shapeB = fixtures[fixture(slot, contact.fixture)].shape
      if Self.staysClear(of: edge.shape, shapeB, at: bodies[slot].xf, sweep: sweepB) { return 1 }
      let ground = BodySweep(c0: .zero, c: .zero, a0: 0, a: 0, alpha0: alpha0)
      output = Self.timeOfImpact(
        .small(DistanceProxy(edge: edge.shape)), ground, ShapeProxy(shapeB), sweepB)
    }
    if output.state == .touching { return min(alpha0 + (1 - alpha0) * output.t, 1) }
    return 1
  }

  /// Whether `shape` (at `xf`, its sweep's end) stays farther from `edge` over the sweep than
  /// any impact, which the search (Box2D runs it on every contact) finds only within a slop
  /// beyond the skins: the body does not turn and its box swept from c0 to c clears the edge's
  /// by a slop and two tolerances (rounding). pip-attachment 6,299 → 4,110 instructions a sub-step.
  static func staysClear(
    of edge: EdgeShape, _ shape: FixtureShape, at xf: Transform, sweep s: BodySweep
  ) -> Bool {
    guard s.a0 == s.a else { return false }
    let end = shape.aabb(xf)
    let d = s.c0 - s.c
    let clearance_m = Box2DSettings.linearSlop_m + 2 * Box2DSettings.toiTolerance_m
    return !edge.aabb.fattened(by: clearance_m).overlaps(
      end.union(AABB(lower: end.lower + d, upper: end.upper + d)))
  }

  /// The time of impact of two shapes (a boundary's or a body's) over their sweeps.
  private static func timeOfImpact(
    _ a: ShapeProxy, _ sweepA: BodySweep, _ b: ShapeProxy, _ sweepB: BodySweep
  ) -> (state: TOIState, t: Float) {
    switch (a, b) {
    case (.small(let pa), .small(let pb)):
      FeelEngine.timeOfImpact(proxyA: pa, sweepA: sweepA, proxyB: pb, sweepB: sweepB)
    case (.small(let pa), .large(let pb)):
      FeelEngine.timeOfImpact(proxyA: pa, sweepA: sweepA, proxyB: pb, sweepB: sweepB)
    case (.large(let pa), .small(let pb)):
      FeelEngine.timeOfImpact(proxyA: pa, sweepA: sweepA, proxyB: pb, sweepB: sweepB)
    case (.large(let pa), .large(let pb)):
      FeelEngine.timeOfImpact(proxyA: pa, sweepA: sweepA, proxyB: pb, sweepB: sweepB)
    }
  }

  /// One side of a contact as continuous collision moves it: a body, or a boundary's ground.
  private enum TOISide {
    case body(Int)
    case ground(Int)
  }

  /// Resolves the impact of contact `ci` at fraction `alpha` of the sub-step (h seconds).
  private mutating func resolveImpact(_ ci: Int, at alpha: Float, h: Float) {
    let form = options.sweepAdvance
    let contact = contacts[ci]
    let sideA: TOISide =
      contact.isPair ? .body(contact.bodyA) : .ground(edges[contact.edge]!.ground)
    let slotB = contact.body
    let backupA = backup(sideA)
    let backupB = bodies[slotB].sweep
    advance(sideA, to: alpha)
    bodies[slotB].advance(to: alpha, form: form)
    updateContact(ci)
    contacts[ci].toiValid = false
    contacts[ci].toiCount += 1
    if !contacts[ci].enabled || !contacts[ci].touching {
      contacts[ci].enabled = false
      restore(sideA, backupA)
      bodies[slotB].sweep = backupB
      bodies[slotB].synchronizeTransform()
      return
    }
    if case .body(let a) = sideA { bodies[a].setAwake(true) }
    bodies[slotB].setAwake(true)

    // The impact's island: its two bodies, the contact, and each of their contacts with a
    // static body, a boundary or a bullet that touches at the time of impact. (Islands are
    // small: membership is a search of the scratch lists, which allocate nothing.)
    islandBodies.clear()
    islandContacts.clear()
    islandGrounds.clear()
    switch sideA {
    case .body(let a): islandBodies.append(a)
    case .ground(let g): islandGrounds.append(g)
    }
    islandBodies.append(slotB)
    islandContacts.append(ci)
    for side in 0..<2 {
      let slot: Int
      if side == 0 {
        guard case .body(let a) = sideA else { continue }
        slot = a
      } else {
        slot = slotB
      }
      guard bodies[slot].type == .dynamic else { continue }
      for c in contacts.indices where contacts[c].involves(slot) && !islandContacts.contains(c) {
        let other: TOISide
        let flagged: Bool
        if contacts[c].isPair {
          let o = contacts[c].body == slot ? contacts[c].bodyA : contacts[c].body
          if bodies[o].type == .dynamic && !bodies[slot].bullet && !bodies[o].bullet { continue }
          other = .body(o)
          flagged = islandBodies.contains(o)
        } else {
          guard let edge = edges[contacts[c].edge] else { continue }
          other = .ground(edge.ground)
          flagged = islandGrounds.contains(edge.ground)
        }
        let saved = backup(other)
        if !flagged { advance(other, to: alpha) }
        updateContact(c)
        if !contacts[c].enabled || !contacts[c].touching {
          restore(other, saved)
          continue
        }
        islandContacts.append(c)
        if flagged { continue }
        switch other {
        case .body(let o):
          if bodies[o].type != .static { bodies[o].setAwake(true) }
          islandBodies.append(o)
        case .ground(let g):
          islandGrounds.append(g)
        }
      }
    }
    let toiA: Int
    if case .body(let a) = sideA { toiA = a } else { toiA = -1 }
    solveTOIIsland(toi: (toiA, slotB), h: (1 - alpha) * h)
    for slot in islandBodies where bodies[slot].type == .dynamic {
      synchronize(slot)
      for c in contacts.indices where contacts[c].involves(slot) { contacts[c].toiValid = false }
    }
    findNewContacts()
  }

  private func backup(_ side: TOISide) -> BodySweep {
    switch side {
    case .body(let slot): bodies[slot].sweep
    case .ground(let g): BodySweep(c0: .zero, c: .zero, a0: 0, a: 0, alpha0: edges[g]!.groundAlpha0)
    }
  }

  private mutating func advance(_ side: TOISide, to alpha: Float) {
    switch side {
    case .body(let slot): bodies[slot].advance(to: alpha, form: options.sweepAdvance)
    case .ground(let g): edges[g]!.groundAlpha0 = alpha
    }
  }

  private mutating func restore(_ side: TOISide, _ sweep: BodySweep) {
    switch side {
    case .body(let slot):
      bodies[slot].sweep = sweep
      bodies[slot].synchronizeTransform()
    case .ground(let g): edges[g]!.groundAlpha0 = sweep.alpha0
    }
  }

  /// Solves the impact's island for the rest of the sub-step (h seconds); `toi` are its two
  /// bodies (A is −1 for a boundary's ground).
  private mutating func solveTOIIsland(toi: (Int, Int), h: Float) {
    solver[identitySlot] = SolverBody()
    for slot in islandBodies {
      if bodies[slot].type == .static {
        solver[slot] = Self.staticSolverBody(bodies[slot])
      } else {
        solver[slot] = SolverBody(
          c: bodies[slot].sweep.c, a: bodies[slot].sweep.a, q: bodies[slot].xf.q,
          v: bodies[slot].v, w: bodies[slot].w, invMass: bodies[slot].invMass,
          invI: bodies[slot].invI)
      }
    }
    buildConstraints(warmStarting: false, dtRatio: 1)
    let velocityIterations = self.velocityIterations
    // A static body's solver copy does not move (no velocity), nor is it read back.
    let bodyList = islandBodies
    let safe = solver.withUnsafeMutableBufferPointer { s in
      constraints.withMutableElements { k in
        IslandSolver.solveTOI(
          bodies: bodyList, toi: toi, s: s, k: k, h: h, velocityIterations: velocityIterations)
      }
    }
    // Leap of faith to the new safe state.
    if let a = safe.a, bodies[toi.0].type == .dynamic {
      bodies[toi.0].sweep.c0 = a.c
      bodies[toi.0].sweep.a0 = a.a
    }
    bodies[toi.1].sweep.c0 = safe.b.c
    bodies[toi.1].sweep.a0 = safe.b.a
    for slot in islandBodies where bodies[slot].type != .static { takeSolverState(slot) }
  }
}

/// A shape as continuous collision sees it: a proxy held by value (a boundary's edge, a box, a
/// circle, a polygon of up to four vertices) or a longer polygon over its vertex array.
private enum ShapeProxy {
  case small(DistanceProxy)
  case large(PolygonShape)

  init(_ shape: FixtureShape) {
    switch shape {
    case .box(let b): self = .small(DistanceProxy(box: b))
    case .circle(let c): self = .small(DistanceProxy(circle: c))
    case .polygon(let p) where p.vertices.count <= 4: self = .small(DistanceProxy(smallPolygon: p))
    case .polygon(let p): self = .large(p)
    }
  }
}
