import FeelEngine
import Foundation

extension SceneReader {
  /// The `type` of a `[[behavior]]` and the keys each type accepts.
  enum BehaviorType: String, CaseIterable {
    case snap, push, gravity, collision, attachment, item, drag, inertia, detent

    /// Keys every behavior accepts.
    static let commonKeys = ["id", "type", "items", "start"]

    /// All the keys a behavior of this type accepts.
    var keys: [String] {
      let specific: [String] =
        switch self {
        case .snap: ["point", "damping"]
        case .push: ["mode", "angle", "direction", "magnitude", "offset"]
        case .gravity: ["angle", "direction", "magnitude"]
        case .collision: ["boundaries", "reference_bounds"]
        case .attachment: ["anchor", "to", "offset", "to_offset", "length", "frequency", "damping"]
        case .item:
          [
            "elasticity", "friction", "density", "resistance", "angular_resistance",
            "allows_rotation",
          ]
        case .drag: ["touch", "mode", "axis", "frequency", "damping", "pivot", "dead_zone"]
        case .inertia: SceneReader.inertiaKeys
        case .detent: SceneReader.detentKeys
        }
      return Self.commonKeys + specific
    }

    /// "a snap behavior", "an item behavior".
    var kind: String {
      let article = [.item, .attachment, .inertia].contains(self) ? "an" : "a"
      return "\(article) \(rawValue) behavior"
    }
  }

  /// The `[[behavior]]` tables: ids unique, items known, boundary ids unique in the scene.
  static func readBehaviors(
    _ top: SceneTable, itemIDs: [String], touchIDs: [String], hasReferenceSize: Bool
  ) throws(SceneError) -> [SceneBehavior] {
    let tables = try top.tables("behavior", "an array of tables: [[behavior]] sections") ?? []
    var behaviors: [SceneBehavior] = []
    // Boundary id → label of the behavior that declares it.
    var boundaryOwners: [String: String] = [:]
    for (index, fields) in tables.enumerated() {
      var table = SceneTable(
        fields: fields, label: "behavior #\(index + 1)", path: .element("behavior", index),
        source: top.source)
      let id = try table.id(of: "the behavior")
      if let earlier = behaviors.firstIndex(where: { $0.id == id }) {
        throw table.error(
          "id", expected: "an id no other behavior has",
          got: "\"\(id)\", as behavior #\(earlier + 1)")
      }
      table.label = "behavior \"\(id)\""
      let type = try table.required(
        table.choice("type", BehaviorType.self), "type",
        expected: SceneTable.oneOf(BehaviorType.allCases.map(\.rawValue)))
      try table.checkKeys(type.keys, of: type.kind)

      let items = try readBehaviorItems(table, type: type, itemIDs: itemIDs)
      let kind: SceneBehavior.Kind
      switch type {
      case .snap: kind = .snap(try readSnap(table))
      case .push: kind = .push(try readPush(table))
      case .gravity: kind = .gravity(try readGravity(table))
      case .collision:
        let collision = try readCollision(table, hasReferenceSize: hasReferenceSize)
        try claimBoundaryIDs(collision, of: table, owners: &boundaryOwners)
        kind = .collision(collision)
      case .attachment:
        kind = .attachment(try readAttachment(table, item: items[0], itemIDs: itemIDs))
      case .item: kind = .item(try readItemProperties(table))
      case .drag: kind = .drag(try readDrag(table, touchIDs: touchIDs))
      case .inertia: kind = .inertia(try readInertia(table))
      case .detent: kind = .detent(try readDetent(table))
      }
      behaviors.append(
        SceneBehavior(id: id, items: items, start: try table.bool("start") ?? true, kind: kind))
    }
    try checkDialBehaviors(top, behaviors: behaviors)
    return behaviors
  }

  /// Records the ids of `collision`'s boundaries in `owners` (boundary id → behavior label),
  /// refusing an id another collision behavior already declared.
  private static func claimBoundaryIDs(
    _ collision: CollisionSpec, of table: SceneTable, owners: inout [String: String]
  ) throws(SceneError) {
    for (index, boundary) in collision.boundaries.enumerated() {
      if let owner = owners[boundary.id] {
        let boundaryTable = table.nested(
          "boundaries", index, fields: [:], label: "\(table.label) boundary #\(index + 1)")
        throw boundaryTable.error(
          "id", expected: "a boundary id not used elsewhere in the scene",
          got: "\"\(boundary.id)\", also in \(owner)")
      }
      owners[boundary.id] = table.label
    }
  }

  /// `items`: known item ids, each once; exactly one for snap, attachment, drag and the
  /// kinematic rotations.
  private static func readBehaviorItems(
    _ table: SceneTable, type: BehaviorType, itemIDs: [String]
  ) throws(SceneError) -> [String] {
    let form = "an array of item ids"
    let items = try table.required(table.strings("items", form), "items", expected: form)
    let shown = table.fields["items"]?.shown
    if items.isEmpty {
      throw table.error("items", expected: "at least one item id", got: shown)
    }
    if items.count > 1 {
      switch type {
      case .snap, .attachment, .drag, .inertia, .detent:
        throw table.error(
          "items", expected: "exactly one item id (\(type.kind) acts on one item)", got: shown)
      case .push, .gravity, .item, .collision:
        break
      }
    }
    for (index, item) in items.enumerated() {
      if !itemIDs.contains(item) {
        throw table.error(
          "items", expected: knownNames("the id of an item", itemIDs), got: "\"\(item)\"",
          suggestion: NameSuggestion.closest(to: item, among: itemIDs))
      }
      if items[..<index].contains(item) {
        throw table.error("items", expected: "each item once", got: shown)
      }
    }
    return items
  }

  private static func readSnap(_ table: SceneTable) throws(SceneError) -> SnapSpec {
    let form = "a snap point [x, y] (pt)"
    var snap = SnapSpec(
      point_pt: try table.required(table.vector("point", form), "point", expected: form))
    snap.damping = try table.number("damping", .nonNegative) ?? snap.damping
    return snap
  }

  private static func readPush(_ table: SceneTable) throws(SceneError) -> PushSpec {
    let modes = ["instantaneous", "continuous"]
    let mode = try table.required(
      table.choice("mode", among: modes), "mode",
      expected: SceneTable.oneOf(modes))
    var push = PushSpec(mode: mode == "continuous" ? .continuous : .instantaneous)
    (push.angle_rad, push.magnitude) = try readDirection(
      table, default: (push.angle_rad, push.magnitude))
    push.offset_pt = try table.vector("offset", "an offset [dx, dy] (pt)") ?? push.offset_pt
    return push
  }

  private static func readGravity(_ table: SceneTable) throws(SceneError) -> GravitySpec {
    var gravity = GravitySpec()
    (gravity.angle_rad, gravity.magnitude) = try readDirection(
      table, default: (gravity.angle_rad, gravity.magnitude))
    return gravity
  }

  /// `angle` (rad) and `magnitude`, or `direction = [dx, dy]`, which sets both as UIKit's
  /// pushDirection and gravityDirection do: angle = atan2(dy, dx), magnitude = |direction|.
  private static func readDirection(
    _ table: SceneTable, default defaults: (angle: Double, magnitude: Double)
  ) throws(SceneError) -> (angle: Double, magnitude: Double) {
    let angle = try table.number("angle", unit: "rad")
    let magnitude = try table.number("magnitude")
    guard let direction = try table.vector("direction", "a direction [dx, dy]") else {
      return (angle ?? defaults.angle, magnitude ?? defaults.magnitude)
    }
    for key in ["angle", "magnitude"] where table.has(key) {
      throw table.error(
        key,
        expected: "no \(key) when direction is given (direction = [dx, dy] sets both angle "
          + "and magnitude)", got: table.fields[key]?.shown)
    }
    return (atan2(direction.y, direction.x), hypot(direction.x, direction.y))
  }

  private static func readCollision(
    _ table: SceneTable, hasReferenceSize: Bool
  ) throws(SceneError) -> CollisionSpec {
    let form = "an array of boundaries { id = \"…\", from = [x, y], to = [x, y] }"
    let tables = try table.tables("boundaries", form) ?? []
    var collision = CollisionSpec(referenceBounds: try table.bool("reference_bounds") ?? false)
    if tables.isEmpty && !collision.referenceBounds {
      throw table.error(
        "boundaries", expected: "at least one boundary, or reference_bounds = true",
        got: table.fields["boundaries"]?.shown ?? "nothing")
    }
    if collision.referenceBounds && !hasReferenceSize {
      throw table.error(
        "reference_bounds",
        expected: "a top-level reference_size = [width, height] with reference_bounds = true",
        got: "no reference_size")
    }
    for (index, fields) in tables.enumerated() {
      var boundary = table.nested(
        "boundaries", index, fields: fields, label: "\(table.label) boundary #\(index + 1)")
      let id = try boundary.id(of: "the boundary")
      if id == SceneRule.referenceBoundsID {
        throw boundary.error(
          "id", expected: "an id other than \"\(id)\" (rules' name for the reference bounds)",
          got: "\"\(id)\"")
      }
      if collision.boundaries.contains(where: { $0.id == id }) {
        throw boundary.error(
          "id", expected: "a boundary id not used elsewhere in the scene", got: "\"\(id)\"")
      }
      boundary.label = "\(table.label) boundary \"\(id)\""
      try boundary.checkKeys(["id", "from", "to"], of: "a boundary")
      let fromForm = "an end point [x, y] (pt)"
      let toForm = "an end point [x, y] (pt) other than from"
      let from = try boundary.required(
        boundary.vector("from", fromForm), "from", expected: fromForm)
      let to = try boundary.required(boundary.vector("to", toForm), "to", expected: toForm)
      if to == from {
        throw boundary.error("to", expected: toForm, got: boundary.fields["to"]?.shown)
      }
      collision.boundaries.append(SceneBoundary(id: id, from_pt: from, to_pt: to))
    }
    return collision
  }

  private static func readAttachment(
    _ table: SceneTable, item: String, itemIDs: [String]
  ) throws(SceneError) -> AttachmentSpec {
    let anchor = try table.vector("anchor", "an anchor point [x, y] (pt)")
    let other = try table.string("to")
    let target: AttachmentSpec.Target
    switch (anchor, other) {
    case (nil, nil):
      throw table.missing(
        "anchor", expected: "an anchor point [x, y] (pt), or to = \"item-id\"")
    case (.some, .some):
      throw table.error(
        "to", expected: "either anchor or to, not both", got: table.fields["to"]?.shown)
    case (.some(let point), nil):
      target = .anchor(point)
      if table.has("to_offset") {
        throw table.error(
          "to_offset", expected: "to = \"item-id\" (to_offset is a point on that item), not anchor",
          got: table.fields["to_offset"]?.shown)
      }
    case (nil, .some(let other)):
      guard itemIDs.contains(other) else {
        throw table.error(
          "to", expected: knownNames("the id of an item", itemIDs), got: "\"\(other)\"",
          suggestion: NameSuggestion.closest(to: other, among: itemIDs))
      }
      if other == item {
        throw table.error(
          "to", expected: "another item's id (not the attached item itself)", got: "\"\(other)\"")
      }
      target = .item(other)
    }
    var attachment = AttachmentSpec(target: target)
    attachment.offset_pt =
      try table.vector("offset", "an offset [dx, dy] (pt)") ?? attachment.offset_pt
    attachment.toOffset_pt =
      try table.vector("to_offset", "an offset [dx, dy] (pt)") ?? attachment.toOffset_pt
    attachment.length_pt = try table.number("length", .nonNegative, unit: "pt")
    attachment.frequency_hz =
      try table.number("frequency", .nonNegative, unit: "Hz") ?? attachment.frequency_hz
    attachment.damping = try table.number("damping", .nonNegative) ?? attachment.damping
    return attachment
  }

  private static func readItemProperties(
    _ table: SceneTable
  ) throws(SceneError) -> ItemPropertiesSpec {
    ItemPropertiesSpec(
      elasticity: try table.number("elasticity", .nonNegative),
      friction: try table.number("friction", .nonNegative),
      density: try table.number("density", .positive),
      resistance: try table.number("resistance", .nonNegative, unit: "1/s"),
      angularResistance: try table.number("angular_resistance", .nonNegative, unit: "1/s"),
      allowsRotation: try table.bool("allows_rotation"))
  }

  /// "the id of an item (bar, handle)": names the known ids when there are few.
  static func knownNames(_ what: String, _ names: [String]) -> String {
    if names.isEmpty { return "\(what) (there are none)" }
    if names.count > 8 { return what }
    return "\(what) (\(names.joined(separator: ", ")))"
  }
}
