import FeelEngine

/// A field behavior as UIKit code: the factory of its kind, the properties the scene sets,
/// its region, its items (docs/fields.md, "Export").
extension UIKitCode.Writer {
  /// The lines of a field's maker after its comment line.
  func fieldMaker(_ spec: FieldSpec, items: [String]) -> [String] {
    let direction = "CGVector(dx: \(spec.direction.x), dy: \(spec.direction.y))"
    let factory: String
    switch spec.kind {
    case .linearGravity: factory = "linearGravityField(direction: \(direction))"
    case .radialGravity: factory = "radialGravityField(position: \(Self.point(spec.position_pt)))"
    case .spring: factory = "springField()"
    case .drag: factory = "dragField()"
    case .vortex: factory = "vortexField()"
    case .velocity: factory = "velocityField(direction: \(direction))"
    case .noise:
      factory = "noiseField(smoothness: \(spec.smoothness), animationSpeed: \(spec.animationSpeed))"
    case .turbulence:
      factory =
        "turbulenceField(smoothness: \(spec.smoothness), animationSpeed: \(spec.animationSpeed))"
    case .electric: factory = "electricField()"
    case .magnetic: factory = "magneticField()"
    }
    var lines = ["    let b = UIFieldBehavior.\(factory)"]
    if spec.kind != .radialGravity {
      lines.append("    b.position = \(Self.point(spec.position_pt))")
    }
    if spec.kind == .drag { lines.append("    b.direction = \(direction)") }
    lines.append("    b.strength = \(spec.strength)")
    if let falloff = spec.falloff { lines.append("    b.falloff = \(falloff)") }
    if spec.minimumRadius_pt != FieldDefaults.minimumRadius_pt {
      lines.append("    b.minimumRadius = \(spec.minimumRadius_pt)")
    }
    if !spec.region.isInfinite { lines.append("    b.region = \(Self.region(spec.region))") }
    for item in items { lines.append("    b.addItem(\(item))") }
    return lines
  }

  /// A UIRegion expression.
  static func region(_ r: FieldRegion) -> String {
    var text = shape(r.shape)
    if r.inverse { text += ".inverse()" }
    if let operation = r.operation, let operand = r.operand {
      switch operation {
      case .union: text += ".union(with: \(shape(operand)))"
      case .difference: text += ".difference(from: \(shape(operand)))"
      case .intersection: text += ".intersection(with: \(shape(operand)))"
      }
    }
    return text
  }

  static func shape(_ s: RegionShape) -> String {
    switch s {
    case .infinite: "UIRegion.infinite"
    case .circle(let r): "UIRegion(radius: \(r))"
    case .rect(let size): "UIRegion(size: CGSize(width: \(size.x), height: \(size.y)))"
    }
  }
}
