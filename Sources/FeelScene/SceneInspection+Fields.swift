import FeelEngine

// `feel inspect`'s fields (docs/fields.md): every field registered at frame 0, with its kind,
// parameters (falloff resolved to the kind's default) and region.
extension SceneInspection {
  /// The registered fields' specs, with their behavior ids and item ids.
  private var registered: [(id: String, items: [String], spec: FieldSpec)] {
    world.fields.compactMap { b in
      guard case .field(let spec) = scene.behaviors[b].kind else { return nil }
      return (scene.behaviors[b].id, scene.behaviors[b].items, spec)
    }
  }

  /// The `"fields": [...]` member of the JSON object.
  var fieldsJSON: String {
    let objects = registered.map { field in
      let s = field.spec
      var members: [(String, String)] = [
        ("kind", Self.string(s.kind.rawValue)),
        ("behavior", Self.string(field.id)),
        ("items", "[" + field.items.map(Self.string).joined(separator: ", ") + "]"),
        ("position_pt", Self.point(s.position_pt)),
        ("strength", Self.number(s.strength)),
        ("falloff", Self.number(s.resolvedFalloff)),
        ("minimum_radius_pt", Self.number(s.minimumRadius_pt)),
        ("direction", Self.point(s.direction)),
      ]
      if s.kind.isNoise {
        members += [
          ("smoothness", Self.number(s.smoothness)),
          ("animation_speed", Self.number(s.animationSpeed)),
        ]
      }
      members.append(("region", Self.regionJSON(s.region)))
      return "    {\n" + members.map { "      \"\($0.0)\": \($0.1)" }.joined(separator: ",\n")
        + "\n    }"
    }
    if objects.isEmpty { return "  \"fields\": []" }
    return "  \"fields\": [\n" + objects.joined(separator: ",\n") + "\n  ]"
  }

  static func shapeJSON(_ shape: RegionShape) -> [(String, String)] {
    switch shape {
    case .infinite: [("shape", string("infinite"))]
    case .circle(let r): [("shape", string("circle")), ("radius_pt", number(r))]
    case .rect(let size): [("shape", string("rect")), ("size_pt", point(size))]
    }
  }

  static func regionJSON(_ r: FieldRegion) -> String {
    var members = shapeJSON(r.shape) + [("inverse", r.inverse ? "true" : "false")]
    if let op = r.operation, let operand = r.operand {
      members.append(("operation", string(op.rawValue)))
      let inner = shapeJSON(operand).map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ")
      members.append(("operand", "{ \(inner) }"))
    }
    return "{ " + members.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + " }"
  }

  static func shapeText(_ shape: RegionShape) -> String {
    switch shape {
    case .infinite: "infinite"
    case .circle(let r): "circle of radius \(number(r)) pt"
    case .rect(let size): "rect \(number(size.x)) × \(number(size.y)) pt"
    }
  }

  /// The readable listing's lines, one per field.
  var fieldLines: [String] {
    registered.map { field in
      let s = field.spec
      var region = (s.region.inverse ? "not " : "") + Self.shapeText(s.region.shape)
      if let op = s.region.operation, let operand = s.region.operand {
        region += ", \(op.rawValue) \(Self.shapeText(operand))"
      }
      var line =
        "field of \(field.id): \(s.kind.rawValue) on \(field.items.joined(separator: ", ")), "
        + "position \(Self.point(s.position_pt)) pt, strength \(Self.number(s.strength)), "
        + "falloff \(Self.number(s.resolvedFalloff)), minimum radius "
        + "\(Self.number(s.minimumRadius_pt)) pt"
      if s.kind.readsDirection { line += ", direction \(Self.point(s.direction))" }
      if s.kind.isNoise {
        line +=
          ", smoothness \(Self.number(s.smoothness)), animation speed "
          + "\(Self.number(s.animationSpeed))"
      }
      return line + ", region \(region)"
    }
  }
}
