/// The joint of one of iOS 9's attachment kinds (docs/uikit-dynamics-model.md, "Attachment
/// kinds"): fixed = weld, pin = revolute, sliding = prismatic, limit = rope. None lets its two
/// items collide with each other. Solved in the island with the distance joints, in the order
/// the joints were made (newest first), before the contacts.
package struct KindJoint: Sendable {
  // Exactly one is set. Optionals rather than an enum's cases: `prismatic?.solve…` mutates
  // the joint where it lies, where a case's payload is copied out and back in every call.
  var weld: WeldJoint?
  var revolute: RevoluteJoint?
  var prismatic: PrismaticJoint?
  var rope: RopeJoint?
  /// Index of the behavior that owns the joint.
  var owner: Int

  init(owner: Int) { self.owner = owner }

  var bodies: JointBodies {
    weld?.bodies ?? revolute?.bodies ?? prismatic?.bodies ?? rope!.bodies
  }

  var bodyA: Int { bodies.a }
  var bodyB: Int? { bodies.b }

  mutating func initVelocityConstraints(_ s: SolverBodies, dtRatio: Float) {
    weld?.initVelocityConstraints(s, dtRatio: dtRatio)
    revolute?.initVelocityConstraints(s, dtRatio: dtRatio)
    prismatic?.initVelocityConstraints(s, dtRatio: dtRatio)
    rope?.initVelocityConstraints(s, dtRatio: dtRatio)
  }

  mutating func solveVelocityConstraints(_ s: SolverBodies, h: Float) {
    weld?.solveVelocityConstraints(s)
    revolute?.solveVelocityConstraints(s, h: h)
    prismatic?.solveVelocityConstraints(s)
    rope?.solveVelocityConstraints(s, invH: h > 0 ? 1 / h : 0)
  }

  /// Mutating, as the joints' own are, only so that each joint is read where it lies: a
  /// plain call copies it first.
  mutating func solvePositionConstraints(_ s: SolverBodies) -> Bool {
    weld?.solvePositionConstraints(s) ?? revolute?.solvePositionConstraints(s)
      ?? prismatic?.solvePositionConstraints(s) ?? rope!.solvePositionConstraints(s)
  }
}
