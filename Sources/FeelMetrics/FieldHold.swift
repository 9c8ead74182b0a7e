import FeelScene

/// A field behavior as `end_field` reads it: its 1-based position among the scene's field
/// behaviors in file order, its origin (pt) and its region (pt, relative to the origin). The
/// metric names the first of these, in file order, whose region holds the measured item's centre
/// at the last frame (docs/metrics.md, "Where the item ends").
public struct FieldHold: Sendable, Equatable {
  /// 1-based position among the scene's field behaviors, in file order.
  public var index: Int
  /// The field's origin (pt).
  public var position_pt: Point
  /// Where the field acts, relative to its origin (pt).
  public var region: FieldRegion

  public init(index: Int, position_pt: Point, region: FieldRegion) {
    self.index = index
    self.position_pt = position_pt
    self.region = region
  }

  /// Whether the region holds `center_pt` (pt, screen coordinates).
  public func holds(_ center_pt: Point) -> Bool {
    region.contains(Point(center_pt.x - position_pt.x, center_pt.y - position_pt.y))
  }

  /// The field behaviors of `scene` that list item `item`, numbered among all its field
  /// behaviors in file order (a field on another item keeps its number but is not listed).
  public static func fields(on item: String, in scene: Scene) -> [FieldHold] {
    var number = 0
    var holds: [FieldHold] = []
    for behavior in scene.behaviors {
      guard case .field(let spec) = behavior.kind else { continue }
      number += 1
      if behavior.items.contains(item) {
        holds.append(FieldHold(index: number, position_pt: spec.position_pt, region: spec.region))
      }
    }
    return holds
  }

  /// `end_field` of a centre: the index of the first of `fields` whose region holds it; 0 when
  /// none does.
  public static func endField(_ center_pt: Point, _ fields: [FieldHold]) -> Int {
    fields.first { $0.holds(center_pt) }?.index ?? 0
  }
}
