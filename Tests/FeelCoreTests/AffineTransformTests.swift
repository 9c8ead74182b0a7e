import FeelCore
import FeelTestSupport
import Testing

/// `AffineTransform` keeps CoreGraphics' conventions (row vectors, y down on screen).
@Suite struct AffineTransformTests {
  /// CGAffineTransformConcat's order: the first transform applies first.
  @Test func concatenationAppliesTheFirstFirst() {
    let move = AffineTransform(translationX: 10, y: 0)
    let turn = AffineTransform(rotationAngle: Double.pi / 2)
    let p = move.concatenating(turn).apply(Point(1, 0))
    // (1, 0) → (11, 0) → turned a quarter clockwise on screen (y down): (0, 11).
    expectClose(p.x, 0, .layoutPosition, "x")
    expectClose(p.y, 11, .layoutPosition, "y")
  }
}
