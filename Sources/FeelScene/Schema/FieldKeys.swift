import FeelEngine

// The field behavior's keys (docs/fields.md): UIFieldBehavior's properties, its region as an
// inline table (UIRegion: one shape, `inverse`, and at most one operation with a plain shape),
// the iOS 9 profile check and the 32-field limit.
extension SceneSchema {
  /// UIFieldBehavior. Defaults: UIKit's, measured per factory (`FieldDefaults`,
  /// `FieldKind.defaultFalloff`).
  public static let field: SchemaTable<FieldSpec> = SchemaTable(
    "field", blank: FieldSpec(kind: .spring),
    [
      .key("kind", .choice(FieldKind.self), \.kind, default: .required),
      .key(
        "position", .point("a position", unit: "pt"), \.position_pt,
        default: .value(Point(0, 0))),
      .key("strength", .number(), \.strength, default: .value(FieldDefaults.strength)),
      // Omitted: the kind's falloff, which a path reads and sets like any other.
      .key("falloff", .number(), \.falloffValue, default: .unset),
      .key(
        "minimum_radius", .number(.nonNegative, unit: "pt"), \.minimumRadius_pt,
        default: .value(FieldDefaults.minimumRadius_pt)),
      .key(
        "direction", .point("a vector", "[dx, dy]", unit: "m/s"), \.direction,
        default: .value(Point(0, 0))),
      // Any number: UIKit takes max(smoothness, 0) (docs/fields.md, "Noise and turbulence").
      .key("smoothness", .number(), \.smoothness, default: .value(0)),
      .key("animation_speed", .number(unit: "1/s"), \.animationSpeed, default: .value(0)),
      .key("region", regionCodec, \.regionIfLimited, default: .unset),
    ],
    after: { table, spec, context throws(SceneError) in
      try checkProfile(table, "kind", context)
    })

  /// A field's `region` as an inline table (a field's key, and a set rule's).
  static let regionCodec = KeyCodec<FieldRegion>.inline(
    region, kind: "a region",
    example: "{ shape = \"rect\", size = [w, h] } (shape \"infinite\", \"circle\" or \"rect\")")

  /// A field's `region`: a shape, optionally inverted, and at most one operation with a plain
  /// shape (`union`, `difference`, `intersection`).
  public static let region: SchemaTable<FieldRegion> = SchemaTable(
    "region", blank: FieldRegion(),
    [
      .key(
        "shape", .choice(RegionShapeKind.self), \.shapeKind, default: .value(.infinite),
        path: false),
      .key("radius", .number(unit: "pt"), \.radius_pt, default: .unset, path: false),
      .key(
        "size", .point("a size", "[width, height]", unit: "pt"), \.size_pt, default: .unset,
        path: false),
      .key("inverse", .boolean, \.inverse, default: .value(false)),
      .key(
        "union", operandCodec,
        \.unionOperand, default: .unset),
      .key(
        "difference", operandCodec,
        \.differenceOperand, default: .unset),
      .key(
        "intersection", operandCodec,
        \.intersectionOperand, default: .unset),
    ],
    before: { table, _, _ throws(SceneError) in
      let given = RegionOperation.allCases.map(\.rawValue).filter { table.has($0) }
      if given.count > 1 {
        throw table.error(
          given[1], expected: "at most one of union, difference, intersection",
          got: "\(given[0]) and \(given[1])")
      }
    },
    after: { table, region, _ throws(SceneError) in try checkShapeSize(table, region.shapeKind) })

  /// A region operation's operand `{ shape = …, … }`: a plain shape. Its keys are looked up on
  /// the region's line (an inline table inside an inline table has no line of its own).
  static let operandCodec: KeyCodec<RegionShape> = KeyCodec(
    form: .inline(operand.name), expected: { _ in "an inline table \(operandExample)" },
    read: { table, key, context throws(SceneError) in
      guard let value = table.fields[key] else { return nil }
      guard case .table(let fields) = value else {
        throw table.error(key, expected: "an inline table \(operandExample)", got: value.shown)
      }
      for name in ["inverse"] + RegionOperation.allCases.map(\.rawValue) where fields[name] != nil {
        throw table.error(
          key,
          expected: "a plain shape as the operand, without \(name) (UIKit turns an operand's "
            + "\(name) into another operation: write that operation instead)",
          got: fields[name]?.shown)
      }
      let inner = SceneTable(
        fields: fields, label: "\(table.label) \(key)", path: table.path, source: table.source)
      return try operand.read(inner, context, kind: "a region operand")
    }, write: { .inline(operand.entries($0)) })

  static let operandExample =
    "{ shape = \"circle\", radius = r } or { shape = \"rect\", size = [w, h] }"

  /// A region operation's operand: one plain shape (no inverse, no operation of its own).
  static let operand: SchemaTable<RegionShape> = SchemaTable(
    "region operand", blank: .infinite,
    [
      .key(
        "shape", .choice(RegionShapeKind.self), \.kind, default: .required, path: false),
      .key("radius", .number(unit: "pt"), \.radius_pt, default: .unset, path: false),
      .key(
        "size", .point("a size", "[width, height]", unit: "pt"), \.size_pt, default: .unset,
        path: false),
    ],
    after: { table, shape, _ throws(SceneError) in try checkShapeSize(table, shape.kind) })

  /// A circle needs its radius and a rect its size; neither takes the other's.
  static func checkShapeSize(_ table: SceneTable, _ kind: RegionShapeKind) throws(SceneError) {
    switch kind {
    case .infinite:
      for key in ["radius", "size"] where table.has(key) {
        throw table.error(
          key, expected: "no \(key) with shape = \"infinite\"", got: table.fields[key]?.shown)
      }
    case .circle:
      if !table.has("radius") {
        throw table.missing("radius", expected: "the circle's radius (pt) with shape = \"circle\"")
      }
      if table.has("size") {
        throw table.error(
          "size", expected: "radius, not size, with shape = \"circle\"",
          got: table.fields["size"]?.shown)
      }
    case .rect:
      if !table.has("size") {
        throw table.missing(
          "size", expected: "the rectangle's size [width, height] (pt) with shape = \"rect\"")
      }
      if table.has("radius") {
        throw table.error(
          "radius", expected: "size, not radius, with shape = \"rect\"",
          got: table.fields["radius"]?.shown)
      }
    }
  }

  /// At most `FieldDefaults.maximumFields` field behaviors in a scene: UIKit's animator refuses
  /// a 33rd (a scene holds them all at some time, or a rule may add them all).
  static func checkFieldCount(_ top: SceneTable, behaviors: [SceneBehavior]) throws(SceneError) {
    var count = 0
    for (index, behavior) in behaviors.enumerated() {
      guard case .field = behavior.kind else { continue }
      count += 1
      guard count > FieldDefaults.maximumFields else { continue }
      let table = top.behavior(behavior.id, at: index)
      throw table.error(
        "type",
        expected: "at most \(FieldDefaults.maximumFields) field behaviors in a scene (UIKit's "
          + "animator supports a maximum of 32 distinct fields)",
        got: "field behavior number \(count)")
    }
  }
}

/// A region shape's name in a scene file.
public enum RegionShapeKind: String, Sendable, Equatable, CaseIterable {
  case infinite, circle, rect
}

extension FieldSpec {
  /// The region unless it is the infinite one (the default, not written back).
  var regionIfLimited: FieldRegion? {
    get { region.isInfinite ? nil : region }
    set { if let newValue { region = newValue } }
  }

  /// The falloff the field uses; setting it overrides the kind's default (setting the kind's
  /// own leaves it unset, so a scene written back reads back equal).
  var falloffValue: Double {
    get { resolvedFalloff }
    set { falloff = newValue == kind.defaultFalloff ? nil : newValue }
  }
}

extension RegionShape {
  /// The shape's name; setting it makes that shape with a zero radius or size, which `radius`
  /// or `size` then set.
  var kind: RegionShapeKind {
    get {
      switch self {
      case .infinite: .infinite
      case .circle: .circle
      case .rect: .rect
      }
    }
    set {
      guard newValue != kind else { return }
      switch newValue {
      case .infinite: self = .infinite
      case .circle: self = .circle(radius_pt: 0)
      case .rect: self = .rect(size_pt: Point(0, 0))
      }
    }
  }

  /// A circle's radius (pt); nil for the other shapes.
  var radius_pt: Double? {
    get { if case .circle(let r) = self { r } else { nil } }
    set { if let newValue, case .circle = self { self = .circle(radius_pt: newValue) } }
  }

  /// A rectangle's size (pt); nil for the other shapes.
  var size_pt: Point? {
    get { if case .rect(let size) = self { size } else { nil } }
    set { if let newValue, case .rect = self { self = .rect(size_pt: newValue) } }
  }
}

extension FieldRegion {
  var shapeKind: RegionShapeKind {
    get { shape.kind }
    set { shape.kind = newValue }
  }
  var radius_pt: Double? {
    get { shape.radius_pt }
    set { shape.radius_pt = newValue }
  }
  var size_pt: Point? {
    get { shape.size_pt }
    set { shape.size_pt = newValue }
  }
  var unionOperand: RegionShape? {
    get { operand(.union) }
    set { setOperand(.union, newValue) }
  }
  var differenceOperand: RegionShape? {
    get { operand(.difference) }
    set { setOperand(.difference, newValue) }
  }
  var intersectionOperand: RegionShape? {
    get { operand(.intersection) }
    set { setOperand(.intersection, newValue) }
  }

  private func operand(_ op: RegionOperation) -> RegionShape? {
    operation == op ? operand : nil
  }

  private mutating func setOperand(_ op: RegionOperation, _ shape: RegionShape?) {
    guard let shape else { return }
    operation = op
    operand = shape
  }
}
