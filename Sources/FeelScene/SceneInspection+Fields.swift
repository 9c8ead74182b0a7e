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

  /// The JSON object's `fields`: a field a line a member, its region on one line.
  var fieldsJSON: JSONTree {
    .array(
      registered.map { field in
        let s = field.spec
        var members: [(String, JSONTree)] = [
          ("kind", .string(s.kind.rawValue)),
          ("behavior", .string(field.id)),
          ("items", .array(field.items.map(JSONTree.string))),
          ("position_pt", Self.pointJSON(s.position_pt)),
          ("strength", Self.numberJSON(s.strength)),
          ("falloff", Self.numberJSON(s.resolvedFalloff)),
          ("minimum_radius_pt", Self.numberJSON(s.minimumRadius_pt)),
          ("direction", Self.pointJSON(s.direction)),
        ]
        if s.kind.isNoise {
          members += [
            ("smoothness", Self.numberJSON(s.smoothness)),
            ("animation_speed", Self.numberJSON(s.animationSpeed)),
          ]
        }
        members.append(("region", .laid(.padded, Self.regionJSON(s.region))))
        return .object(members)
      })
  }

  static func shapeJSON(_ shape: RegionShape) -> [(String, JSONTree)] {
    switch shape {
    case .infinite: [("shape", .string("infinite"))]
    case .circle(let r): [("shape", .string("circle")), ("radius_pt", numberJSON(r))]
    case .rect(let size): [("shape", .string("rect")), ("size_pt", pointJSON(size))]
    }
  }

  static func regionJSON(_ r: FieldRegion) -> JSONTree {
    var members = shapeJSON(r.shape) + [("inverse", .bool(r.inverse))]
    if let op = r.operation, let operand = r.operand {
      members.append(("operation", .string(op.rawValue)))
      members.append(("operand", .object(shapeJSON(operand))))
    }
    return .object(members)
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
