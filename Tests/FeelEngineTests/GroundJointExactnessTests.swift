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

  /// A short form of the step, on −v: (joint, −v, ω, mA, iA).
  typealias ShortStep = (inout DistanceJoint, inout Vec2, inout Float, Float, Float) -> Void

  /// Runs `count` random chains (four joints, eight iterations) through Box2D's step and
  /// through `step`, comparing v, ω and each joint's impulse after every joint solve. Returns
  /// how many chains agreed throughout, and how the first that did not differed.
  static func compareChains(
    seed: UInt64, count: Int, canTurn: Bool, _ step: ShortStep
  ) -> (agreeing: Int, firstDifference: String?) {
    var g = SplitMix64(state: seed)
    var agreeing = 0
    var firstDifference: String?
    for _ in 0..<count {
      let chain = randomChain(&g, canTurn: canTurn)
      var reference = chain.joints
      var short = reference
      let mA = chain.body.invMass
      let iA = chain.body.invI
      var v = chain.body.v
      var w = chain.body.w
      var nv = -v
      var wShort = w
      var agrees = true
      for _ in 0..<8 {
        for k in 0..<4 where agrees {
          box2DStep(&reference[k], v: &v, w: &w, mA: mA, iA: iA)
          step(&short[k], &nv, &wShort, mA, iA)
          agrees =
            same(v.x, -nv.x) && same(v.y, -nv.y) && same(w, wShort)
            && same(reference[k].impulse, short[k].impulse)
          if !agrees && firstDifference == nil {
            firstDifference =
              "Box2D v=(\(v.x), \(v.y)) ω=\(w) λ=\(reference[k].impulse); "
              + "short form v=(\(-nv.x), \(-nv.y)) ω=\(wShort) λ=\(short[k].impulse)"
          }
        }
      }
      if agrees { agreeing += 1 }
    }
    return (agreeing, firstDifference)
  }

  @Test func negatedVelocityFormEqualsBox2DsForm() {
    let result = Self.compareChains(seed: 2_026_112_201, count: 2_000, canTurn: true) {
      joint, nv, w, mA, iA in
      joint.solveGroundVelocity(negatedVA: &nv, wA: &w, mA: mA, iA: iA)
    }
    #expect(result.agreeing == 2_000, "\(result.firstDifference ?? "")")
  }

  @Test func formWithoutRotationEqualsBox2DsFormForABodyThatCannotTurn() {
    let result = Self.compareChains(seed: 2_026_112_202, count: 2_000, canTurn: false) {
      joint, nv, _, mA, _ in
      joint.solveGroundVelocityWithoutRotation(negatedVA: &nv, mA: mA)
    }
    #expect(result.agreeing == 2_000, "\(result.firstDifference ?? "")")
  }

  /// The comparison can fail: the same step with one sum regrouped, cdot + (bias + γ·λ),
  /// drifts from Box2D's rounded values on most chains.
  @Test func aRegroupedSumIsCaught() {
    let result = Self.compareChains(seed: 2_026_112_203, count: 200, canTurn: false) {
      j, nv, _, mA, _ in
      let cdot = j.u.x * nv.x + j.u.y * nv.y
      let lambda = -j.effectiveMass * (cdot + (j.bias + j.gamma * j.impulse))
      j.impulse += lambda
      nv = Vec2(nv.x + mA * (lambda * j.u.x), nv.y + mA * (lambda * j.u.y))
    }
    #expect(result.agreeing < 100, "\(200 - result.agreeing) of 200 chains differ")
  }
}
