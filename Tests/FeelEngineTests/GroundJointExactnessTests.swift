import FeelTestSupport
import Testing

@testable import FeelEngine

/// The solver's two short forms of a ground joint's velocity step against Box2D's form, float
/// operation for float operation: the negated-velocity form for every body, and the form
/// without angular terms for a body that cannot turn. They must give the same rounded values
/// (the sign of a zero aside, which nothing reads), over chains of joints as the snap solves
/// them: four joints, eight iterations, random but plausible constants.
@Suite struct GroundJointExactnessTests {
  /// Box2D 2.3's b2DistanceJoint::SolveVelocityConstraints with body B the static ground,
  /// written out: vpB = vB + ωB × rB with vB = 0 and ωB = 0.
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
  /// `initVelocityConstraints` (1/120 s sub-step, warm started), and the body's velocity
  /// after the warm start.
  static func randomChain(_ g: inout SplitMix64, canTurn: Bool) -> (
    joints: [DistanceJoint], body: SolverBody
  ) {
    func r(_ range: ClosedRange<Float>) -> Float { Float.random(in: range, using: &g) }
    let angle = canTurn ? r(-3.2...3.2) : 0
    var body = SolverBody(
      c: Vec2(r(0...5), r(0...5)), a: angle, q: Rotation(angle_rad: angle),
      v: Vec2(r(-5...5), r(-5...5)), w: canTurn ? r(-5...5) : 0, invMass: r(0.05...5),
      invI: canTurn ? r(0.05...50) : 0)
    var joints = (0..<4).map { _ in
      var joint = DistanceJoint(
        bodyA: 0, bodyB: nil, groundPosition: Vec2(r(0...5), r(0...5)),
        localAnchorA: Vec2(r(-1...1), r(-1...1)), localAnchorB: .zero, length: 0.5,
        frequency_hz: r(0.5...8), dampingRatio: r(0...1.5), owner: 0)
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

  /// Equal as floats: bit for bit unless both are zeros, and never when one is NaN.
  static func same(_ a: Float, _ b: Float) -> Bool { a == b }

  @Test func negatedVelocityFormEqualsBox2DsForm() {
    var g = SplitMix64(state: 2_026_112_201)
    var compared = 0
    for _ in 0..<2_000 {
      let chain = Self.randomChain(&g, canTurn: true)
      var reference = chain.joints
      var fast = reference
      let mA = chain.body.invMass
      let iA = chain.body.invI
      var v = chain.body.v
      var w = chain.body.w
      var nv = -v
      var wFast = w
      for _ in 0..<8 {
        for k in 0..<4 {
          Self.box2DStep(&reference[k], v: &v, w: &w, mA: mA, iA: iA)
          fast[k].solveGroundVelocity(negatedVA: &nv, wA: &wFast, mA: mA, iA: iA)
          let ok =
            Self.same(v.x, -nv.x) && Self.same(v.y, -nv.y) && Self.same(w, wFast)
            && Self.same(reference[k].impulse, fast[k].impulse)
          #expect(
            ok, "Box2D v=(\(v.x), \(v.y)) w=\(w); negated form v=(\(-nv.x), \(-nv.y)) w=\(wFast)")
          if !ok { return }
          compared += 1
        }
      }
    }
    #expect(compared == 2_000 * 32)
  }

  @Test func formWithoutRotationEqualsBox2DsFormForABodyThatCannotTurn() {
    var g = SplitMix64(state: 2_026_112_202)
    var compared = 0
    for _ in 0..<2_000 {
      let chain = Self.randomChain(&g, canTurn: false)
      var reference = chain.joints
      var fast = reference
      let mA = chain.body.invMass
      var v = chain.body.v
      var w: Float = 0
      var nv = -v
      for _ in 0..<8 {
        for k in 0..<4 {
          Self.box2DStep(&reference[k], v: &v, w: &w, mA: mA, iA: 0)
          fast[k].solveGroundVelocityWithoutRotation(negatedVA: &nv, mA: mA)
          let ok =
            Self.same(v.x, -nv.x) && Self.same(v.y, -nv.y) && w == 0
            && Self.same(reference[k].impulse, fast[k].impulse)
          #expect(ok, "Box2D v=(\(v.x), \(v.y)) w=\(w); short form v=(\(-nv.x), \(-nv.y))")
          if !ok { return }
          compared += 1
        }
      }
    }
    #expect(compared == 2_000 * 32)
  }

  /// The comparison can fail: the same step with one sum regrouped, cdot + (bias + γ·λ),
  /// drifts from Box2D's rounded values on most chains.
  @Test func aRegroupedSumIsCaught() {
    var g = SplitMix64(state: 2_026_112_203)
    var chainsThatDiffer = 0
    for _ in 0..<200 {
      let chain = Self.randomChain(&g, canTurn: false)
      var reference = chain.joints
      var regrouped = reference
      let mA = chain.body.invMass
      var v = chain.body.v
      var v2 = v
      var w: Float = 0
      var differs = false
      for _ in 0..<8 {
        for k in 0..<4 {
          Self.box2DStep(&reference[k], v: &v, w: &w, mA: mA, iA: 0)
          let j = regrouped[k]
          let cdot = j.u.x * -v2.x + j.u.y * -v2.y
          let lambda = -j.effectiveMass * (cdot + (j.bias + j.gamma * j.impulse))
          regrouped[k].impulse += lambda
          v2 = Vec2(v2.x - mA * (lambda * j.u.x), v2.y - mA * (lambda * j.u.y))
          differs = differs || !Self.same(v.x, v2.x) || !Self.same(v.y, v2.y)
        }
      }
      if differs { chainsThatDiffer += 1 }
    }
    #expect(chainsThatDiffer > 100, "\(chainsThatDiffer) of 200 chains differ")
  }
}
