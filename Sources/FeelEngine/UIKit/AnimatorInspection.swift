/// What the animator has built in its world, as UIKit would have built it (`feel inspect`,
/// docs/shapes.md): every body with its fixtures and masks, every joint. Lengths in pt
/// (float32 metres × 100, as UIKit reads them back), masses in kg.
public struct AnimatorInspection: Sendable, Equatable {
  public var bodies: [BodyInspection]
  public var joints: [JointInspection]
  /// The field behaviors registered with the world, in the order added (behavior indices).
  public var fields: [Int] = []
}

/// One body of the world.
public struct BodyInspection: Sendable, Equatable {
  /// What the body stands for.
  public enum Owner: Sendable, Equatable {
    /// An item's body (item index).
    case item(Int)
    /// A group's body (group index).
    case group(Int)
    /// The static body of a boundary (the collision behavior's index, the boundary's name;
    /// the reference view's bounds are one body).
    case boundary(behavior: Int, name: String)
    /// The static anchor body a snap or an attachment to a point makes (behavior index).
    case anchor(behavior: Int)
  }
  public var owner: Owner
  public var isStatic: Bool
  /// kg (0 for a static body).
  public var mass_kg: Double
  /// About the centre of mass (kg·m²); 0 when it cannot turn or is static.
  public var inertia_kg_m2: Double
  /// The body's origin (pt): the item's or group's centre, a static body's position.
  public var center_pt: Point
  public var angle_rad: Double
  /// The centre of mass in the body's frame (pt).
  public var localCenter_pt: Point
  /// iOS 9's `charge` (items and groups; 0 otherwise).
  public var charge: Double
  public var fixtures: [FixtureInspection]
}

/// One fixture: its shape in its body's frame, material and UIKit's masks.
public struct FixtureInspection: Sendable, Equatable {
  public enum Shape: String, Sendable, Equatable {
    /// A convex polygon (an item's box is one of 4 vertices).
    case polygon
    case circle
    /// A boundary's segment.
    case edge
  }
  public var shape: Shape
  /// The item it stands for (a group's member); nil for a boundary.
  public var item: Int?
  /// Polygon vertices, the circle's centre, or the segment's ends (pt, body frame).
  public var vertices_pt: [Point]
  /// Skin, or the circle's radius (pt).
  public var radius_pt: Double
  /// kg per 100² pt² (UIKit's density).
  public var density: Double
  public var friction: Double
  public var restitution: Double
  public var masks: CollisionMasks
}

/// One joint: Box2D's distance joint (snaps, attachments, drags), or the joint of an iOS 9
/// attachment kind (weld, revolute, prismatic, rope) with its parameters.
public struct JointInspection: Sendable, Equatable {
  /// Which Box2D joint, and the parameters of the kind joints.
  public enum Kind: Sendable, Equatable {
    case distance
    /// A fixed attachment. Reference angle: B's angle minus A's when made (rad).
    case weld(referenceAngle_rad: Double)
    /// A pin: its angle limit (rad, nil = none) and friction torque (N·m, 0 = no motor).
    case revolute(referenceAngle_rad: Double, limit_rad: AttachmentRange?, maxMotorTorque: Double)
    /// A sliding attachment: the unit axis in A's frame and the translation limit (pt).
    case prismatic(referenceAngle_rad: Double, localAxis: Point, limit_pt: AttachmentRange?)
    /// A limit attachment: the longest distance between the anchors (pt).
    case rope(maxLength_pt: Double)

    /// Box2D's name of the joint.
    public var name: String {
      switch self {
      case .distance: "distance"
      case .weld: "weld"
      case .revolute: "revolute"
      case .prismatic: "prismatic"
      case .rope: "rope"
      }
    }
  }
  public var kind: Kind = .distance
  /// The behavior that made it (index).
  public var behavior: Int
  /// Body A (an item's or group's, `BodyInspection.Owner`) and body B: another's, or the
  /// static anchor body.
  public var bodyA: BodyInspection.Owner
  public var bodyB: BodyInspection.Owner
  /// The anchors in each body's frame, from its origin (pt).
  public var localAnchorA_pt: Point
  public var localAnchorB_pt: Point
  /// Rest length (pt).
  public var length_pt: Double
  /// 0 for a rigid rod (Hz).
  public var frequency_hz: Double
  public var dampingRatio: Double
}

extension Animator {
  /// The world as it stands now (after `init`, the behaviors that start are in it).
  public func inspection() -> AnimatorInspection {
    var bodies: [BodyInspection] = []
    func owner(_ slot: Int) -> BodyInspection.Owner {
      slot < items.count ? .item(slot) : .group(slot - items.count)
    }
    for slot in world.bodies.indices where world.hasBody[slot] {
      let b = world.bodies[slot]
      bodies.append(
        BodyInspection(
          owner: owner(slot), isStatic: b.type == .static, mass_kg: Double(b.mass),
          inertia_kg_m2: Double(b.inertia), center_pt: points(fromMetres: b.origin),
          angle_rad: Double(b.sweep.a), localCenter_pt: points(fromMetres: b.sweep.localCenter),
          charge: bodyObjects[slot].charge,
          fixtures: world.fixtures[b.firstFixture..<b.firstFixture + b.fixtureCount].map {
            fixture in
            var f = FixtureInspection(
              shape: .polygon, item: fixture.item, vertices_pt: [], radius_pt: 0,
              density: Double(fixture.density), friction: Double(fixture.friction),
              restitution: Double(fixture.restitution), masks: b.masks)
            switch fixture.shape {
            case .circle(let c):
              f.shape = .circle
              f.vertices_pt = [points(fromMetres: c.center)]
            default:
              f.vertices_pt = fixture.shape.outline.map { points(fromMetres: $0) }
            }
            f.radius_pt = points(fromMetres: fixture.shape.radius)
            return f
          }))
    }
    // Boundaries: one static body per boundary, the reference view's bounds one together.
    var grounds: [Int: Int] = [:]
    for (e, edge) in world.edges.enumerated() {
      guard let edge, let report = world.edgeReports[e] else { continue }
      let fixture = FixtureInspection(
        shape: .edge, item: nil,
        vertices_pt: [points(fromMetres: edge.shape.v1), points(fromMetres: edge.shape.v2)],
        radius_pt: points(fromMetres: edge.shape.radius), density: 0,
        friction: Double(edge.friction), restitution: Double(edge.restitution), masks: edge.masks)
      if let index = grounds[edge.ground] {
        bodies[index].fixtures.append(fixture)
        continue
      }
      grounds[edge.ground] = bodies.count
      bodies.append(
        BodyInspection(
          owner: .boundary(behavior: edge.owner, name: report.name), isStatic: true, mass_kg: 0,
          inertia_kg_m2: 0, center_pt: Point(0, 0), angle_rad: 0, localCenter_pt: Point(0, 0),
          charge: 0, fixtures: [fixture]))
    }
    var joints: [(order: Int, joint: JointInspection)] = []
    var anchored: Set<Int> = []
    // A joint of behavior `b` between `ends`, its anchors from each body's origin (m); a
    // static B is the body at the anchor point, listed once per behavior that owns one.
    func add(
      _ kind: JointInspection.Kind, _ b: Int, _ ends: JointBodies, _ localA: Vec2,
      _ localB: Vec2, length: Float = 0, frequency_hz: Float = 0, damping: Float = 0
    ) {
      var bodyB = BodyInspection.Owner.anchor(behavior: b)
      if let other = ends.b {
        bodyB = owner(other)
      } else if anchored.insert(b).inserted {
        bodies.append(
          BodyInspection(
            owner: bodyB, isStatic: true, mass_kg: 0, inertia_kg_m2: 0,
            center_pt: points(fromMetres: ends.groundPosition), angle_rad: 0,
            localCenter_pt: Point(0, 0), charge: 0, fixtures: []))
      }
      joints.append(
        (
          present.firstIndex(of: b) ?? 0,
          JointInspection(
            kind: kind, behavior: b, bodyA: owner(ends.a), bodyB: bodyB,
            localAnchorA_pt: points(fromMetres: localA),
            localAnchorB_pt: points(fromMetres: localB),
            length_pt: points(fromMetres: length), frequency_hz: Double(frequency_hz),
            dampingRatio: Double(damping))
        ))
    }
    func centre(_ slot: Int) -> Vec2 { world.bodies[slot].sweep.localCenter }
    // In the order the behaviors were added (the solver takes the newest first).
    let ordered = world.joints.enumerated().sorted {
      (present.firstIndex(of: $0.element.owner) ?? 0, $0.offset)
        < (present.firstIndex(of: $1.element.owner) ?? 0, $1.offset)
    }.map(\.element)
    for joint in ordered {
      // A ground anchor as it is (a kind joint's adds a zero centre, which can turn −0 to +0).
      let localB = joint.bodyB.map { joint.localAnchorB + centre($0) } ?? joint.localAnchorB
      add(
        .distance, joint.owner, joint.bodies, joint.localAnchorA + centre(joint.bodyA), localB,
        length: joint.length, frequency_hz: joint.frequency_hz, damping: joint.dampingRatio)
    }
    for joint in world.kindJoints.reversed() {
      let ends = joint.bodies
      func range(_ limit: (lower: Float, upper: Float)?, points: Bool) -> AttachmentRange? {
        limit.map {
          points
            ? AttachmentRange(
              minimum: FeelEngine.points(fromMetres: $0.lower),
              maximum: FeelEngine.points(fromMetres: $0.upper))
            : AttachmentRange(minimum: Double($0.lower), maximum: Double($0.upper))
        }
      }
      let anchors: (Vec2, Vec2)
      let kind: JointInspection.Kind
      switch joint.kind {
      case .weld:
        anchors = (joint.weld.localAnchorA, joint.weld.localAnchorB)
        kind = .weld(referenceAngle_rad: Double(joint.weld.referenceAngle))
      case .revolute:
        let j = joint.revolute
        anchors = (j.localAnchorA, j.localAnchorB)
        kind = .revolute(
          referenceAngle_rad: Double(j.referenceAngle), limit_rad: range(j.limit, points: false),
          maxMotorTorque: Double(j.maxMotorTorque))
      case .prismatic:
        let j = joint.prismatic
        anchors = (j.localAnchorA, j.localAnchorB)
        kind = .prismatic(
          referenceAngle_rad: Double(j.referenceAngle),
          localAxis: Point(Double(j.localXAxisA.x), Double(j.localXAxisA.y)),
          limit_pt: range(j.limit, points: true))
      case .rope:
        anchors = (joint.rope.localAnchorA, joint.rope.localAnchorB)
        kind = .rope(maxLength_pt: points(fromMetres: joint.rope.maxLength))
      }
      add(
        kind, joint.owner, ends, anchors.0 + centre(ends.a),
        anchors.1 + (ends.b.map(centre) ?? .zero))
    }
    // In the order the behaviors were added; within a behavior, in the order made.
    let inOrder = joints.enumerated().sorted {
      ($0.element.order, $0.offset) < ($1.element.order, $1.offset)
    }.map(\.element.joint)
    return AnimatorInspection(bodies: bodies, joints: inOrder, fields: registeredFields)
  }
}
