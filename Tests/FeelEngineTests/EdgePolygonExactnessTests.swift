import FeelTestSupport
import Testing

@testable import FeelEngine

/// The edge–polygon collider (for ellipses, paths and group members) is the edge–box collider
/// (every item box, every committed scene) over any vertex count: on a box given as a polygon
/// of the same four corners and normals, it must make the same manifold, bit for bit.
@Suite struct EdgePolygonExactnessTests {
  @Test func edgePolygonOnABoxIsEdgeBoxBitForBit() {
    var g = SplitMix64(state: 22)
    func r(_ range: ClosedRange<Float>) -> Float { Float.random(in: range, using: &g) }
    var touching = 0
    for _ in 0..<20_000 {
      let hx = r(0.05...2)
      let hy = r(0.05...2)
      let box = BoxShape(halfWidth: hx, halfHeight: hy, radius: Box2DSettings.polygonRadius_m)
      // Box2D's SetAsBox form (its normals exact, as a box's), as a group member's box is made.
      let polygon = PolygonShape(halfWidth: hx, halfHeight: hy, center: .zero, radius: box.radius)
      let edge = EdgeShape(
        v1: Vec2(r(-3...3), r(-3...3)), v2: Vec2(r(-3...3), r(-3...3)),
        radius: Box2DSettings.polygonRadius_m)
      // A box near the edge: at a point of the segment, moved off it by about its size.
      let s = r(0...1)
      let onEdge = edge.v1 + s * (edge.v2 - edge.v1)
      let xf = Transform(
        p: onEdge + Vec2(r(-1...1) * (hx + hy), r(-1...1) * (hx + hy)),
        q: Rotation(angle_rad: r(-3.2...3.2)))
      let a = collideEdgeBox(edge: edge, xfA: .identity, box: box, xfB: xf)
      let b = collideEdgePolygon(edge: edge, xfA: .identity, polygon: polygon, xfB: xf)
      #expect(a.pointCount == b.pointCount && a.kind == b.kind)
      guard a.pointCount == b.pointCount, a.pointCount > 0 else { continue }
      touching += 1
      #expect(a.localNormal == b.localNormal && a.localPoint == b.localPoint)
      for p in 0..<a.pointCount {
        #expect(a[p].localPoint == b[p].localPoint && a[p].id == b[p].id)
      }
    }
    #expect(touching > 2_000, "enough of the cases touch to mean something: \(touching)")
  }
}
