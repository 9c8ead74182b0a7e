import FeelTestSupport
import Testing

@testable import FeelEngine

/// Continuous collision skips the time-of-impact search for a boundary contact whose body
/// stays clear of the edge (`World.staysClear`); the search itself must then find no impact,
/// or the skip would change a scene's numbers. Random boxes near random edges (most along the
/// axes, as screen bounds are), placed around the clearance so that both answers occur.
@Suite struct BoundaryClearanceTests {
  @Test func aBoxThatStaysClearHasNoImpact() {
    var g = SplitMix64(state: 39)
    func r(_ range: ClosedRange<Float>) -> Float { Float.random(in: range, using: &g) }
    var clear = 0
    var impacts = 0
    for n in 0..<20_000 {
      // An edge from v1 along a unit direction; the box's centre beside a point of it.
      let along = n % 4 == 3 ? Rotation(angle_rad: r(0...6.3)).apply(Vec2(1, 0)) : Vec2(0, 1)
      let direction = n % 2 == 0 ? along : Vec2(along.y, -along.x)
      let v1 = Vec2(r(0...9), r(0...9))
      let length = r(0.5...9)
      let edge = EdgeShape(v1: v1, v2: v1 + length * direction, radius: 0.01)
      let skin: Float = n % 3 == 0 ? 0.001 : 0.01
      let box = BoxShape(halfWidth: r(0.05...1), halfHeight: r(0.05...1), radius: skin)
      let angle = n % 5 == 0 ? r(-3.2...3.2) : 0
      let q = Rotation(angle_rad: angle)
      let normal = Vec2(-direction.y, direction.x)
      let reach =
        abs(dot(normal, q.apply(0.5 * (box.vertex(1) - box.vertex(0)))))
        + abs(dot(normal, q.apply(0.5 * (box.vertex(2) - box.vertex(1)))))
      // The cores (the shapes without their skins) `gap` apart at the end of the sweep.
      let gap = r(-0.005...0.04)
      let c = v1 + r(-0.1...1.1) * length * direction + (reach + gap) * normal
      let turn: Float = n % 7 == 0 ? r(-0.1...0.1) : 0
      let sweep = BodySweep(
        c0: c + Vec2(r(-0.05...0.05), r(-0.05...0.05)), c: c, a0: angle + turn, a: angle,
        alpha0: 0)
      let xf = Transform(centreOfMass: c, angle: angle, localCenter: .zero)
      let staysClear = World.staysClear(of: edge, .box(box), at: xf, sweep: sweep)
      let search = timeOfImpact(
        proxyA: DistanceProxy(edge: edge),
        sweepA: BodySweep(c0: .zero, c: .zero, a0: 0, a: 0, alpha0: 0),
        proxyB: DistanceProxy(box: box), sweepB: sweep)
      if staysClear {
        clear += 1
        #expect(search.state != .touching, "case \(n): the search finds t = \(search.t)")
      }
      if search.state == .touching { impacts += 1 }
    }
    // Both answers occur often: the test reaches both sides of the clearance.
    #expect(clear > 2_000 && impacts > 2_000, "\(clear) clear, \(impacts) impacts")
  }
}
