import FeelCore
import FeelScene

/// A field behavior as the generic skin draws it (`[skin] fields = true`, docs/controls.md): its
/// origin and its region in screen points, computed here so that the page only draws. The
/// region is UIKit's (docs/fields.md, "Regions"): one shape centred on the origin, optionally
/// inverted, and at most one operation with a second plain shape.
public struct FieldDrawing: Sendable, Equatable {
  /// The field's origin (pt).
  public var origin_pt: Point
  /// The first shape; inverted when `inverse`.
  public var shape: RegionShape
  public var inverse: Bool
  /// The operation with the operand, if any.
  public var operation: RegionOperation?
  public var operand: RegionShape?

  public init(_ spec: FieldSpec) {
    origin_pt = spec.position_pt
    shape = spec.region.shape
    inverse = spec.region.inverse
    operation = spec.region.operation
    operand = spec.region.operand
  }

  /// The field behaviors of `scene`, in file order (every field, whichever item it acts on).
  public static func fields(of scene: Scene) -> [FieldDrawing] {
    scene.behaviors.compactMap { behavior in
      guard case .field(let spec) = behavior.kind else { return nil }
      return FieldDrawing(spec)
    }
  }

  /// The page's form: `[x, y, shape, inverse, operation, operand]`, positions in pt; a shape is
  /// null (infinite), `[r]` (a circle of radius r) or `[w, h]` (a rectangle centred on the
  /// origin); the operation `"union"`, `"difference"`, `"intersection"` or null.
  var literal: JSONTree {
    .array([
      .number(origin_pt.x), .number(origin_pt.y), Self.shapeLiteral(shape), .bool(inverse),
      operation.map { .string($0.rawValue) } ?? .null, operand.map(Self.shapeLiteral) ?? .null,
    ])
  }

  static func shapeLiteral(_ shape: RegionShape) -> JSONTree {
    switch shape {
    case .infinite: .null
    case .circle(let r): .numbers([r])
    case .rect(let size): .numbers([size.x, size.y])
    }
  }
}
