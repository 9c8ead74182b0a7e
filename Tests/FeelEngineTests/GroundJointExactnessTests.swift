import FeelTestSupport
import Testing

@testable import FeelEngine

/// The island solver's kept loop for one body held by ground joints (`solveGroundVelocity`, on
/// d = 0 − v in registers, without the angular terms for a body that cannot turn) against
/// Box2D's form of the step written out here, float operation for float operation: the same
/// bits, the sign of every zero included, over chains of joints as the snap solves them (four
/// joints, eight iterations, random but plausible constants).
@Suite struct GroundJointExactnessTests {
  /// Box2D 2.3's b2DistanceJoint::SolveVelocityConstraints with body B the static ground:
  /// vpB = vB + ωB × rB with vB = (+0, +0) and ωB = +0.
  static func box2DStep(
    _ joint: inout DistanceJoint, v: inout Vec2, w: inout Float, mA: Float, iA: Float
  ) {
    let vpA = Vec2(v.x + -w * joint.rA.y, v.y + w * joint.rA.x)
    let vpB = Vec2(Float(0) + -Float(0) * joint.rB.y, Float(0) + Float(0) * joint.rB.x)
    let d = Vec2(vpB.x - vpA.x, vpB.y - vpA.y)
    let cdot = joint.u.x * d.x + joint.u.y * d.y
    let lambda = -joint.effectiveMass * (cdot + joint.bias + joint.gamma * joint.impulse)
    joint.impulse += lambda
    let P = Vec2(lambda * joint.u.x, lambda * joint.u.y)
    v = Vec2(v.x - mA * P.x, v.y - mA * P.y)
    w = w - iA * (joint.rA.x * P.y - joint.rA.y * P.x)
  }

  /// Four soft ground joints on one random body, prepared by the solver's own
  /// `initVelocityConstraints` (1/120 s sub-step, warm started), and the body's velocity after
  /// the warm start. One chain in four of a body that cannot turn is horizontal (every joint's
  /// axis along x, exactly) with v.y = +0, so that v.y stays a zero through the chain, as a
  /// Castro bar's does.
  static func randomChain(_ g: inout SplitMix64, canTurn: Bool) -> (
    joints: [DistanceJoint], body: SolverBody
  ) {
    func r(_ range: ClosedRange<Float>) -> Float { Float.random(in: range, using: &g) }
    let angle = canTurn ? r(-3.2...3.2) : 0
    let horizontal = !canTurn && r(0...1) < 0.25
    var body = SolverBody(
      c: Vec2(r(0...5), horizontal ? 1 : r(0...5)), a: angle, q: Rotation(angle_rad: angle),
      v: Vec2(r(-5...5), horizontal ? 0 : r(-5...5)), w: canTurn ? r(-5...5) : 0,
      invMass: r(0.05...5), invI: canTurn ? r(0.05...50) : 0)
    var joints = (0..<4).map { _ in
      let anchor = Vec2(r(-1...1), horizontal ? (r(0...1) < 0.5 ? -0.25 : 0.25) : r(-1...1))
      var joint = DistanceJoint(
        bodyA: 0, bodyB: nil,
        groundPosition: Vec2(r(0...5), horizontal ? 1 + anchor.y : r(0...5)),
        localAnchorA: anchor, localAnchorB: .zero, length: 0.5, frequency_hz: r(0.5...8),
        dampingRatio: r(0...1.5), owner: 0)
      joint.impulse = r(-0.05...0.05)
      return joint
    }
    withUnsafeMutablePointer(to: &body) { pointer in
      let s = SolverBodies(start: pointer, count: 1)
      for k in joints.indices {
        joints[k].initVelocityConstraints(s, h: 1.0 / 120, dtRatio: 1, warmStarting: true)
      }
    }
    return (joints, body)
  }

  /// The same bits (so +0 and −0 differ, and NaN never matches).
  static func same(_ a: Float, _ b: Float) -> Bool { a.bitPattern == b.bitPattern && !a.isNaN }

  /// The step under test on v: (joint, v, ω, mA, iA).
  typealias Step = (inout DistanceJoint, inout Vec2, inout Float, Float, Float) -> Void

  /// The kept step as the island solver runs it: on d = 0 − v, given back as 0 − d.
  static func keptStep(turns: Bool) -> Step {
    { joint, v, w, mA, iA in
      var d = Vec2.zero - v
      joint.solveGroundVelocity(d: &d, w: &w, mA: mA, iA: iA, turns: turns)
      v = Vec2.zero - d
    }
  }

  /// Runs `count` random chains (four joints, eight iterations) through Box2D's step and
  /// through `step`, comparing v, ω and each joint's impulse after every joint solve, bit for
  /// bit. Returns how many chains agreed throughout, and how the first that did not differed.
  static func compareChains(
    seed: UInt64, count: Int, canTurn: Bool, _ step: Step
  ) -> (agreeing: Int, firstDifference: String?) {
    var g = SplitMix64(state: seed)
    var agreeing = 0
    var firstDifference: String?
    for _ in 0..<count {
      let chain = randomChain(&g, canTurn: canTurn)
      var reference = chain.joints
      var tested = reference
      let mA = chain.body.invMass
      let iA = chain.body.invI
      var v = chain.body.v
      var w = chain.body.w
      var back = v
      var wTested = w
      var agrees = true
      for _ in 0..<8 {
        for k in 0..<4 where agrees {
          box2DStep(&reference[k], v: &v, w: &w, mA: mA, iA: iA)
          step(&tested[k], &back, &wTested, mA, iA)
          agrees =
            same(v.x, back.x) && same(v.y, back.y) && same(w, wTested)
            && same(reference[k].impulse, tested[k].impulse)
          if !agrees && firstDifference == nil {
            firstDifference =
              "Box2D v=(\(v.x), \(v.y)) ω=\(w) λ=\(reference[k].impulse); "
              + "tested v=(\(back.x), \(back.y)) ω=\(wTested) λ=\(tested[k].impulse)"
          }
        }
      }
      if agrees { agreeing += 1 }
    }
    return (agreeing, firstDifference)
  }

  @Test func groundStepEqualsBox2DsForm() {
    let result = Self.compareChains(
      seed: 2_026_112_201, count: 2_000, canTurn: true, Self.keptStep(turns: true))
    #expect(result.agreeing == 2_000, "\(result.firstDifference ?? "")")
  }

  @Test func stepWithoutRotationEqualsBox2DsFormForABodyThatCannotTurn() {
    let result = Self.compareChains(
      seed: 2_026_112_202, count: 2_000, canTurn: false, Self.keptStep(turns: false))
    #expect(result.agreeing == 2_000, "\(result.firstDifference ?? "")")
  }

  /// The comparison can fail: the same step with one sum regrouped, cdot + (bias + γ·λ),
  /// drifts from Box2D's rounded values on most chains.
  @Test func aRegroupedSumIsCaught() {
    let result = Self.compareChains(seed: 2_026_112_203, count: 200, canTurn: false) {
      j, v, _, mA, _ in
      let d = Vec2.zero - v
      let cdot = j.u.x * d.x + j.u.y * d.y
      let lambda = -j.effectiveMass * (cdot + (j.bias + j.gamma * j.impulse))
      j.impulse += lambda
      v = Vec2(v.x - mA * (lambda * j.u.x), v.y - mA * (lambda * j.u.y))
    }
    #expect(result.agreeing < 100, "\(200 - result.agreeing) of 200 chains differ")
  }

  /// The comparison sees the sign of a zero: the same step on −v (the solver's earlier form),
  /// which gives −0 where Box2D's form gives +0, differs on chains that start with a zero
  /// velocity component.
  @Test func theSignOfAZeroIsCaught() {
    let result = Self.compareChains(seed: 2_026_112_202, count: 2_000, canTurn: false) {
      joint, v, w, mA, iA in
      var nv = -v
      joint.solveGroundVelocity(d: &nv, w: &w, mA: mA, iA: iA, turns: false)
      v = -nv
    }
    #expect(result.agreeing < 2_000, "\(2_000 - result.agreeing) of 2,000 chains differ")
  }

  /// A sheet's island: a sliding attachment's rail to the ground (an attachment kind's joint)
  /// in the chain with the snap's four ground joints. `IslandSolver.solve` takes its kept
  /// loop, the rail solved in its one form on 0 − d; the reference solves every joint in its
  /// one form on the body in memory. The same bits for the body and every impulse.
  @Test func aRailInTheChainKeepsTheGeneralFormsBits() {
    var g = SplitMix64(state: 2_026_120_701)
    var agreeing = 0
    for n in 0..<500 {
      var (distance, body) = Self.randomChain(&g, canTurn: n % 2 == 0)
      var rail = KindJoint(owner: 1)
      rail.prismatic = PrismaticJoint(
        bodies: JointBodies(a: 0, b: nil, groundPosition: body.c), localAnchorA: .zero,
        localAnchorB: .zero, localAxisA: Vec2(0, 1), referenceAngle: 0,
        limit: n % 4 < 2 ? nil : (-0.5, 0.5))
      var kinds = [rail]
      var keptBody = body
      var keptDistance = distance
      let list = [~0, 0, 1, 2, 3]
      let h: Float = 1.0 / 120
      withUnsafeMutablePointer(to: &keptBody) { pointer in
        let s = SolverBodies(start: pointer, count: 1)
        keptDistance.withUnsafeMutableBufferPointer { j in
          kinds.withUnsafeMutableBufferPointer { k in
            _ = IslandSolver.solve(
              bodies: [0], joints: list, s: s, j: j, kinds: k,
              k: UnsafeMutableBufferPointer(start: nil, count: 0), h: h, dtRatio: 1,
              iterations: (velocity: 8, position: 0))
          }
        }
      }
      var referenceRail = rail
      withUnsafeMutablePointer(to: &body) { pointer in
        let s = SolverBodies(start: pointer, count: 1)
        referenceRail.initVelocityConstraints(s, dtRatio: 1)
        for k in distance.indices {
          distance[k].initVelocityConstraints(s, h: h, dtRatio: 1, warmStarting: true)
        }
        for _ in 0..<8 {
          referenceRail.solveVelocityConstraints(s, h: h)
          for k in distance.indices { distance[k].solveVelocityConstraints(s) }
        }
        IslandSolver.integratePositions(&s[0], h: h)
      }
      let railImpulse = (kinds[0].prismatic.impulse, referenceRail.prismatic.impulse)
      if Self.same(keptBody.v.x, body.v.x) && Self.same(keptBody.v.y, body.v.y)
        && Self.same(keptBody.w, body.w) && Self.same(keptBody.c.x, body.c.x)
        && Self.same(keptBody.c.y, body.c.y)
        && Self.same(railImpulse.0.x, railImpulse.1.x)
        && Self.same(railImpulse.0.y, railImpulse.1.y)
        && distance.indices.allSatisfy({ Self.same(keptDistance[$0].impulse, distance[$0].impulse) }
        )
      {
        agreeing += 1
      }
    }
    #expect(agreeing == 500)
  }
}
