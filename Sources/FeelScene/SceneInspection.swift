import FeelEngine

/// `feel inspect SCENE [--json]`: what UIKit builds from the scene at frame 0, after the
/// behaviors that start are added (docs/shapes.md, "feel inspect"): every body (its item or
/// group, or the boundary or anchor it is), its fixtures with their shapes and UIKit's masks,
/// every joint. The animator's data with the scene's names.
public struct SceneInspection: Sendable {
  public let scene: Scene
  public let world: AnimatorInspection

  public init(_ scene: Scene) {
    self.scene = scene
    world = SceneSimulation(scene).animator.inspection()
  }

  /// The name of a body's owner: its item or group id, the boundary's id, or the behavior
  /// whose anchor it is.
  func name(_ owner: BodyInspection.Owner) -> String {
    switch owner {
    case .item(let i): scene.items[i].id
    case .group(let g): scene.groups[g].id
    case .boundary(_, let name): name
    case .anchor(let b): "anchor of \(scene.behaviors[b].id)"
    }
  }

  /// "item", "group", "boundary", "anchor".
  func role(_ owner: BodyInspection.Owner) -> String {
    switch owner {
    case .item: "item"
    case .group: "group"
    case .boundary: "boundary"
    case .anchor: "anchor"
    }
  }

  /// The behavior a body belongs to (a boundary's or an anchor's), if any.
  func behavior(_ owner: BodyInspection.Owner) -> String? {
    switch owner {
    case .boundary(let b, _), .anchor(let b): scene.behaviors[b].id
    case .item, .group: nil
    }
  }

  /// The items a body carries: the item, or the group's members.
  func items(_ owner: BodyInspection.Owner) -> [String] {
    switch owner {
    case .item(let i): [scene.items[i].id]
    case .group(let g): scene.groups[g].items
    case .boundary, .anchor: []
    }
  }

  // MARK: - JSON

  /// One JSON object with the keys `bodies`, `joints` and `fields`, stable for scripts: a
  /// body or joint a line a member, a fixture or region on one line.
  public var json: String {
    let bodies = world.bodies.map { body -> JSONTree in
      var fields: [(String, JSONTree)] = [(role(body.owner), .string(name(body.owner)))]
      if let b = behavior(body.owner) { fields.append(("behavior", .string(b))) }
      if case .group = body.owner {
        fields.append(("items", .array(items(body.owner).map(JSONTree.string))))
      }
      fields += [
        ("type", .string(body.isStatic ? "static" : "dynamic")),
        ("mass_kg", Self.numberJSON(body.mass_kg)),
        ("inertia_kg_m2", Self.numberJSON(body.inertia_kg_m2)),
        ("center_pt", Self.pointJSON(body.center_pt)),
        ("angle_rad", Self.numberJSON(body.angle_rad)),
        ("local_center_pt", Self.pointJSON(body.localCenter_pt)),
        ("charge", Self.numberJSON(body.charge)),
        ("fixtures", .array(body.fixtures.map(fixtureJSON))),
      ]
      return .object(fields)
    }
    let joints = world.joints.map { joint -> JSONTree in
      .object(
        [
          ("kind", .string(joint.kind.name)),
          ("behavior", .string(scene.behaviors[joint.behavior].id)),
          ("body_a", .string(name(joint.bodyA))),
          ("body_b", .string(name(joint.bodyB))),
          ("local_anchor_a_pt", Self.pointJSON(joint.localAnchorA_pt)),
          ("local_anchor_b_pt", Self.pointJSON(joint.localAnchorB_pt)),
        ] + Self.parametersJSON(joint))
    }
    return JSONWriter().line(
      JSONTree.object([
        ("bodies", .array(bodies)), ("joints", .array(joints)), ("fields", fieldsJSON),
      ]))
  }

  /// A joint's parameters, after its anchors.
  static func parametersJSON(_ joint: JointInspection) -> [(String, JSONTree)] {
    func range(_ r: AttachmentRange?) -> JSONTree {
      r.map { .array([numberJSON($0.minimum), numberJSON($0.maximum)]) } ?? .null
    }
    let number = numberJSON
    switch joint.kind {
    case .distance:
      return [
        ("length_pt", number(joint.length_pt)),
        ("frequency_hz", number(joint.frequency_hz)),
        ("damping_ratio", number(joint.dampingRatio)),
      ]
    case .weld(let reference):
      return [("reference_angle_rad", number(reference))]
    case .revolute(let reference, let limit, let torque):
      return [
        ("reference_angle_rad", number(reference)), ("limit_rad", range(limit)),
        ("max_motor_torque", number(torque)),
      ]
    case .prismatic(let reference, let axis, let limit):
      return [
        ("reference_angle_rad", number(reference)), ("local_axis", pointJSON(axis)),
        ("limit_pt", range(limit)),
      ]
    case .rope(let maxLength):
      return [("max_length_pt", number(maxLength))]
    }
  }

  /// A joint's parameters as the listing says them.
  static func parametersText(_ joint: JointInspection) -> String {
    func range(_ r: AttachmentRange?, _ unit: String) -> String {
      r.map { "limit \(number($0.minimum)) to \(number($0.maximum)) \(unit)" } ?? "no limit"
    }
    switch joint.kind {
    case .distance:
      return "length \(number(joint.length_pt)) pt"
        + (joint.frequency_hz > 0
          ? ", \(number(joint.frequency_hz)) Hz, damping \(number(joint.dampingRatio))"
          : ", rigid")
    case .weld(let reference):
      return "reference angle \(number(reference)) rad, rigid"
    case .revolute(let reference, let limit, let torque):
      return "reference angle \(number(reference)) rad, \(range(limit, "rad")), "
        + (torque > 0 ? "motor at speed 0, max torque \(number(torque)) N·m" : "no motor")
    case .prismatic(let reference, let axis, let limit):
      return "axis \(point(axis)) in A, reference angle \(number(reference)) rad, "
        + range(limit, "pt")
    case .rope(let maxLength):
      return "max length \(number(maxLength)) pt"
    }
  }

  /// A fixture, on one line.
  private func fixtureJSON(_ f: FixtureInspection) -> JSONTree {
    var fields: [(String, JSONTree)] = [("shape", .string(f.shape.rawValue))]
    if let i = f.item { fields.append(("item", .string(scene.items[i].id))) }
    fields += [
      ("vertices_pt", .array(f.vertices_pt.map(Self.pointJSON))),
      ("radius_pt", Self.numberJSON(f.radius_pt)),
      ("density", Self.numberJSON(f.density)),
      ("friction", Self.numberJSON(f.friction)),
      ("restitution", Self.numberJSON(f.restitution)),
      ("category", .int(Int(f.masks.category))),
      ("collision", .int(Int(f.masks.collision))),
      ("contact", .int(Int(f.masks.contact))),
    ]
    return .laid(.padded, .object(fields))
  }

  static func numberJSON(_ x: Double) -> JSONTree { .number(JSONNumber(x)) }
  static func pointJSON(_ p: Point) -> JSONTree { .array([numberJSON(p.x), numberJSON(p.y)]) }
  static func number(_ x: Double) -> String { TrajectoryCSV.number(x) }
  static func point(_ p: Point) -> String { "[\(number(p.x)), \(number(p.y))]" }

  // MARK: - Text

  /// A readable listing: each body with its fixtures, then the joints.
  public var text: String {
    var out: [String] = []
    for body in world.bodies {
      var head = "\(role(body.owner)) \(name(body.owner))"
      if let b = behavior(body.owner) { head += " (behavior \(b))" }
      if case .group = body.owner { head += ": " + items(body.owner).joined(separator: ", ") }
      out.append(head)
      out.append(
        "  \(body.isStatic ? "static" : "dynamic"), mass \(Self.number(body.mass_kg)) kg, "
          + "inertia \(Self.number(body.inertia_kg_m2)) kg·m², centre \(Self.point(body.center_pt)) pt, "
          + "angle \(Self.number(body.angle_rad)) rad"
          + (body.localCenter_pt == Point(0, 0)
            ? "" : ", centre of mass \(Self.point(body.localCenter_pt)) pt from it")
          + (body.charge != 0 ? ", charge \(Self.number(body.charge))" : ""))
      for f in body.fixtures {
        var line = "  \(f.shape.rawValue)"
        if let i = f.item, case .group = body.owner { line += " for \(scene.items[i].id)" }
        switch f.shape {
        case .circle:
          line += " at \(Self.point(f.vertices_pt[0])) pt, radius \(Self.number(f.radius_pt)) pt"
        case .polygon:
          line +=
            " of \(f.vertices_pt.count) vertices, skin \(Self.number(f.radius_pt)) pt: "
            + f.vertices_pt.map(Self.point).joined(separator: " ")
        case .edge:
          line += " \(Self.point(f.vertices_pt[0])) to \(Self.point(f.vertices_pt[1])) pt"
        }
        out.append(line)
        out.append(
          "    friction \(Self.number(f.friction)), restitution \(Self.number(f.restitution))"
            + (f.shape == .edge ? "" : ", density \(Self.number(f.density))")
            + ", masks category \(Self.hex(f.masks.category)) collision \(Self.hex(f.masks.collision))"
            + " contact \(Self.hex(f.masks.contact))")
      }
    }
    for joint in world.joints {
      out.append(
        "joint of \(scene.behaviors[joint.behavior].id): \(joint.kind.name) from \(name(joint.bodyA)) "
          + "\(Self.point(joint.localAnchorA_pt)) pt to \(name(joint.bodyB)) "
          + "\(Self.point(joint.localAnchorB_pt)) pt, \(Self.parametersText(joint))")
    }
    out += fieldLines
    return out.joined(separator: "\n") + "\n"
  }

  static func hex(_ m: UInt32) -> String { "0x" + String(m, radix: 16) }
}
