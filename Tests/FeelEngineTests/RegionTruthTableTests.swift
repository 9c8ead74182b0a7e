import FeelEngine
import Testing

/// UIRegion's containment as a truth table, edges included (kern0x1b/charon,
/// UIFieldBehavior.md §10.6, measured on UIKit: circle inclusive, rectangle strict, the
/// inverse the plain complement, intersection taking the operand's edge in; docs/fields.md).
@Suite struct RegionTruthTableTests {
  static let circle = RegionShape.circle(radius_pt: 50)
  static let rect = RegionShape.rect(size_pt: Point(100, 50))

  static let points: [Point] = [
    Point(0, 0),  // centre
    Point(50, 0),  // the circle's edge, the rectangle's side
    Point(0, 25),  // the rectangle's top edge, inside the circle
    Point(50, 25),  // the rectangle's corner, outside the circle
    Point(49.99, 24.99),  // just inside the rectangle, outside the circle
    Point(0, 50),  // the circle's edge, outside the rectangle
    Point(-50.01, 0),  // just outside both
    Point(30, -20),  // inside both
  ]

  /// Each region and, per point above, whether it holds it (written from the rules, not run).
  static let table: [(String, FieldRegion, [Bool])] = [
    ("infinite", FieldRegion(), [true, true, true, true, true, true, true, true]),
    (
      "infinite inverse", FieldRegion(inverse: true),
      [false, false, false, false, false, false, false, false]
    ),
    ("circle 50", FieldRegion(shape: circle), [true, true, true, false, false, true, false, true]),
    (
      "rect 100 × 50", FieldRegion(shape: rect),
      [true, false, false, false, true, false, false, true]
    ),
    (
      "inverse rect", FieldRegion(shape: rect, inverse: true),
      [false, true, true, true, false, true, true, false]
    ),
    (
      "inverse circle", FieldRegion(shape: circle, inverse: true),
      [false, false, false, true, true, false, true, false]
    ),
    (
      "circle ∪ rect", FieldRegion(shape: circle, operation: .union, operand: rect),
      [true, true, true, false, true, true, false, true]
    ),
    (
      "circle − rect", FieldRegion(shape: circle, operation: .difference, operand: rect),
      [false, true, true, false, false, true, false, false]
    ),
    (
      "circle ∩ rect (edge in)",
      FieldRegion(shape: circle, operation: .intersection, operand: rect),
      [true, true, true, false, false, false, false, true]
    ),
    (
      "rect ∩ circle", FieldRegion(shape: rect, operation: .intersection, operand: circle),
      [true, false, false, false, false, false, false, true]
    ),
    (
      "inverse rect ∪ circle",
      FieldRegion(shape: rect, inverse: true, operation: .union, operand: circle),
      [true, true, true, true, false, true, true, true]
    ),
    (
      "inverse circle − rect",
      FieldRegion(shape: circle, inverse: true, operation: .difference, operand: rect),
      [false, false, false, true, false, false, true, false]
    ),
  ]

  @Test(arguments: table.indices)
  func regionHoldsExactlyTheTablesPoints(row: Int) {
    let (name, region, expected) = Self.table[row]
    for (p, wanted) in zip(Self.points, expected) {
      #expect(region.contains(p) == wanted, "\(name) at (\(p.x), \(p.y))")
    }
  }

  @Test func negativeSizesAndRadii() {
    #expect(!RegionShape.rect(size_pt: Point(-100, 50)).contains(Point(0, 0)))
    #expect(
      RegionShape.circle(radius_pt: -50).contains(Point(50, 0)),
      "a negative radius acts as its size")
  }
}
