/// iOS 9's attachment kinds as UIKit builds them on Box2D 2.2.1 (measured: the apple-backports
/// facts, UIDynamicAnimator.md §6.4; docs/uikit-dynamics-model.md, "Attachment kinds"). Body A
/// is the behavior's item, body B the other item (`to`), or for a sliding attachment to an
/// anchor a static body at the anchor point (angle 0). Anchors are made the way Box2D's joint
/// definitions' `Initialize` makes them: the world point into each body's frame.
extension Animator {
  mutating func addKindAttachment(_ b: Int, item: Int, _ spec: AttachmentSpec) {
    guard let bodyA = world.body(item) else { return }
    var ends = JointBodies(a: item, b: nil)
    var frameB = Transform.identity
    var angleB: Float = 0
    var localCenterB = Vec2.zero
    var centreB = Vec2.zero
    switch spec.target {
    case .anchor(let p):
      ends.groundPosition = metres(fromPoints: p)
      frameB = Transform(p: ends.groundPosition, q: .identity)
      centreB = ends.groundPosition
    case .item:
      guard behaviors[b].items.count > 1, let other = world.body(behaviors[b].items[1]) else {
        return
      }
      ends.b = behaviors[b].items[1]
      frameB = other.xf
      angleB = other.sweep.a
      localCenterB = other.sweep.localCenter
      centreB = other.xf.p
    }
    let frameA = bodyA.xf
    let localCenterA = bodyA.sweep.localCenter
    let referenceAngle = angleB - bodyA.sweep.a
    // The attachment point: `point`, or for a sliding attachment to an anchor the anchor.
    let P = spec.point_pt.map { metres(fromPoints: $0) } ?? ends.groundPosition
    let localA = frameA.applyInverse(P) - localCenterA
    let localB = frameB.applyInverse(P) - localCenterB
    var joint = KindJoint(owner: b)
    switch spec.kind {
    case .distance:
      return
    case .fixed:
      joint.weld =
        WeldJoint(
          bodies: ends, localAnchorA: localA, localAnchorB: localB,
          referenceAngle: referenceAngle)
    case .pin:
      joint.revolute =
        RevoluteJoint(
          bodies: ends, localAnchorA: localA, localAnchorB: localB,
          referenceAngle: referenceAngle,
          limit: spec.range.map { (Float($0.minimum), Float($0.maximum)) },
          maxMotorTorque: Float(spec.frictionTorque))
    case .sliding:
      // UIKit normalises the CGVector (doubles), then hands it to Box2D in float32.
      let axis = spec.axis ?? Point(1, 0)
      let axisLength = (axis.x * axis.x + axis.y * axis.y).squareRoot()
      let worldAxis = Vec2(Float(axis.x / axisLength), Float(axis.y / axisLength))
      joint.prismatic =
        PrismaticJoint(
          bodies: ends, localAnchorA: localA, localAnchorB: localB,
          localAxisA: frameA.q.applyInverse(worldAxis), referenceAngle: referenceAngle,
          limit: spec.range.map {
            (metres(fromPoints: $0.minimum), metres(fromPoints: $0.maximum))
          })
    case .limit:
      // UIKit's quirk: the anchors are the centres minus the offsets, in world axes.
      let worldA = frameA.p - metres(fromPoints: spec.offset_pt)
      let worldB = centreB - metres(fromPoints: spec.toOffset_pt)
      joint.rope =
        RopeJoint(
          bodies: ends, localAnchorA: frameA.applyInverse(worldA) - localCenterA,
          localAnchorB: frameB.applyInverse(worldB) - localCenterB,
          maxLength: distance(worldB, worldA))
    }
    world.addKindJoint(joint)
  }
}
