/// The joint of one of iOS 9's attachment kinds (docs/uikit-dynamics-model.md, "Attachment
/// kinds"): fixed = weld, pin = revolute, sliding = prismatic, limit = rope. None lets its two
/// items collide with each other. Solved in the island with the distance joints, in the order
/// the joints were made (newest first), before the contacts.
package struct KindJoint: Sendable {
  enum Kind: Sendable {
    case weld(WeldJoint)
    case revolute(RevoluteJoint)
    case prismatic(PrismaticJoint)
    case rope(RopeJoint)
  }
  var kind: Kind
  /// Index of the behavior that owns the joint.
  var owner: Int

  var bodies: JointBodies {
    switch kind {
    case .weld(let j): j.bodies
    case .revolute(let j): j.bodies
    case .prismatic(let j): j.bodies
    case .rope(let j): j.bodies
    }
  }

  var bodyA: Int { bodies.a }
  var bodyB: Int? { bodies.b }

  mutating func initVelocityConstraints(_ s: SolverBodies, dtRatio: Float) {
    switch kind {
    case .weld(var j):
      j.initVelocityConstraints(s, dtRatio: dtRatio)
      kind = .weld(j)
    case .revolute(var j):
      j.initVelocityConstraints(s, dtRatio: dtRatio)
      kind = .revolute(j)
    case .prismatic(var j):
      j.initVelocityConstraints(s, dtRatio: dtRatio)
      kind = .prismatic(j)
    case .rope(var j):
      j.initVelocityConstraints(s, dtRatio: dtRatio)
      kind = .rope(j)
    }
  }

  mutating func solveVelocityConstraints(_ s: SolverBodies, h: Float) {
    switch kind {
    case .weld(var j):
      j.solveVelocityConstraints(s)
      kind = .weld(j)
    case .revolute(var j):
      j.solveVelocityConstraints(s, h: h)
      kind = .revolute(j)
    case .prismatic(var j):
      j.solveVelocityConstraints(s)
      kind = .prismatic(j)
    case .rope(var j):
      j.solveVelocityConstraints(s, invH: h > 0 ? 1 / h : 0)
      kind = .rope(j)
    }
  }

  func solvePositionConstraints(_ s: SolverBodies) -> Bool {
    switch kind {
    case .weld(let j): j.solvePositionConstraints(s)
    case .revolute(let j): j.solvePositionConstraints(s)
    case .prismatic(let j): j.solvePositionConstraints(s)
    case .rope(let j): j.solvePositionConstraints(s)
    }
  }
}
