/// The joint of one of iOS 9's attachment kinds (docs/uikit-dynamics-model.md, "Attachment
/// kinds"): fixed = weld, pin = revolute, sliding = prismatic, limit = rope. None lets its two
/// items collide with each other. Solved in the island with the distance joints, in the order
/// the joints were made (newest first), before the contacts.
package struct KindJoint: Sendable {
  // The joint of `kind` is the one set (setting it sets `kind`); the other three keep their
  // `init()` values, never read. Side by side, not an enum's payloads or optionals, and the
  // velocity solve inlined into the island solver: a rail's (eight a sub-step) mutates the
  // joint where it lies, with no payload copied, no optional's tag read out of line, no call.
  var weld = WeldJoint() { didSet { kind = .weld } }
  var revolute = RevoluteJoint() { didSet { kind = .revolute } }
  var prismatic = PrismaticJoint() { didSet { kind = .prismatic } }
  var rope = RopeJoint() { didSet { kind = .rope } }
  private(set) var kind = Kind.rope
  enum Kind: Sendable { case weld, revolute, prismatic, rope }
  /// Index of the behavior that owns the joint.
  var owner: Int

  init(owner: Int) { self.owner = owner }

  var bodies: JointBodies {
    switch kind {
    case .weld: weld.bodies
    case .revolute: revolute.bodies
    case .prismatic: prismatic.bodies
    case .rope: rope.bodies
    }
  }

  var bodyA: Int { bodies.a }
  var bodyB: Int? { bodies.b }

  mutating func initVelocityConstraints(_ s: SolverBodies, dtRatio: Float) {
    switch kind {
    case .weld: weld.initVelocityConstraints(s, dtRatio: dtRatio)
    case .revolute: revolute.initVelocityConstraints(s, dtRatio: dtRatio)
    case .prismatic: prismatic.initVelocityConstraints(s, dtRatio: dtRatio)
    case .rope: rope.initVelocityConstraints(s, dtRatio: dtRatio)
    }
  }

  @inline(__always) mutating func solveVelocityConstraints(_ s: SolverBodies, h: Float) {
    switch kind {
    case .weld: weld.solveVelocityConstraints(s)
    case .revolute: revolute.solveVelocityConstraints(s, h: h)
    case .prismatic: prismatic.solveVelocityConstraints(s)
    case .rope: rope.solveVelocityConstraints(s, invH: h > 0 ? 1 / h : 0)
    }
  }

  /// Mutating only so that the joint is read where it lies (a plain call copies it first).
  mutating func solvePositionConstraints(_ s: SolverBodies) -> Bool {
    switch kind {
    case .weld: weld.solvePositionConstraints(s)
    case .revolute: revolute.solvePositionConstraints(s)
    case .prismatic: prismatic.solvePositionConstraints(s)
    case .rope: rope.solvePositionConstraints(s)
    }
  }
}
