import FeelEngine
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// Boundaries from a path (`path_data`, `points`): the edges `feel inspect` reports against the
/// curve's closed form, B(t) = (1 − t)²·p0 + 2t(1 − t)·q + t²·p2 for a quadratic, and the
/// flattening rule UIKit applies to curves (docs/shapes.md): a curve whose chained length
/// estimate is L gets max(⌊L / 10⌋, 1) segments. The motion along them is compared with the reference engine
/// (`make test-differential`, family `boundaries`).
@Suite struct PathBoundaryTests {
  static func scene(_ boundary: String) throws -> Scene {
    try SceneText()
      .item("ball", size: [40, 40], center: [160, 200])
      .behavior("walls", "collision", items: ["ball"], "boundaries = [\(boundary)]")
      .scene(file: "path.toml")
  }

  /// The boundary's edges as `feel inspect` reports them (pt), in order.
  static func edges(_ scene: Scene, _ id: String) -> [[Point]] {
    SceneInspection(scene).world.bodies.flatMap { body -> [[Point]] in
      guard case .boundary(_, let name) = body.owner, name == id else { return [] }
      return body.fixtures.map(\.vertices_pt)
    }
  }

  /// UIKit's length estimate of a cubic (docs/shapes.md), in double precision: 10 chords, each
  /// from the previous sample to the point at t = i / 10 of the cubic *from that sample*.
  static func chainedLength(_ p0: Point, _ q: Point, _ p2: Point) -> Double {
    // The quadratic's equal cubic.
    let c1 = Point(p0.x + 2 / 3 * (q.x - p0.x), p0.y + 2 / 3 * (q.y - p0.y))
    let c2 = Point(p2.x + 2 / 3 * (q.x - p2.x), p2.y + 2 / 3 * (q.y - p2.y))
    func cubic(_ a: Point, _ t: Double) -> Point {
      let u = 1 - t
      return Point(
        a.x * u * u * u + c1.x * 3 * t * u * u + c2.x * 3 * t * t * u + p2.x * t * t * t,
        a.y * u * u * u + c1.y * 3 * t * u * u + c2.y * 3 * t * t * u + p2.y * t * t * t)
    }
    var total = 0.0
    var previous = p0
    for i in 0...10 {
      let p = cubic(previous, Double(i) / 10)
      total += hypot(p.x - previous.x, p.y - previous.y)
      previous = p
    }
    return total
  }

  static func quadratic(_ p0: Point, _ q: Point, _ p2: Point, _ t: Double) -> Point {
    let u = 1 - t
    return Point(
      u * u * p0.x + 2 * t * u * q.x + t * t * p2.x, u * u * p0.y + 2 * t * u * q.y + t * t * p2.y)
  }

  @Test(arguments: [
    ("M 0 400 Q 187.5 700 375 400", Point(0, 400), Point(187.5, 700), Point(375, 400)),
    ("m10,20 q30,-40 60,0", Point(10, 20), Point(40, -20), Point(70, 20)),
    ("M 5 5 Q 6 6 7 5", Point(5, 5), Point(6, 6), Point(7, 5)),
  ])
  func aQuadraticFlattensOntoItsCurve(_ data: String, _ p0: Point, _ q: Point, _ p2: Point)
    throws
  {
    let edges = Self.edges(try Self.scene("{ id = \"bowl\", path_data = \"\(data)\" }"), "bowl")
    let expected = max(Int(Self.chainedLength(p0, q, p2) / 10), 1)
    #expect(edges.count == expected, "\(edges.count) edges, \(expected) expected")
    #expect(edges.first?.first.map { hypot($0.x - p0.x, $0.y - p0.y) < 1e-4 } == true)
    #expect(edges.last?.last.map { hypot($0.x - p2.x, $0.y - p2.y) < 1e-4 } == true)
    for (k, edge) in edges.enumerated() {
      // Vertex k + 1 is B(t) at t = (k + 1) / n, within float32 rounding of the points.
      let t = Double(k + 1) / Double(edges.count)
      let b = Self.quadratic(p0, q, p2, t)
      #expect(hypot(edge[1].x - b.x, edge[1].y - b.y) < 1e-3, "vertex \(k + 1): \(edge[1]) vs \(b)")
      if k > 0 { #expect(edges[k - 1][1] == edge[0], "edges join") }
    }
  }

  @Test func pointsAreAPolylineClosedWhenTheLastIsTheFirst() throws {
    let open = Self.edges(
      try Self.scene("{ id = \"ramp\", points = [[0, 600], [200, 700], [375, 650]] }"), "ramp")
    #expect(open == [[Point(0, 600), Point(200, 700)], [Point(200, 700), Point(375, 650)]])
    let closed = Self.edges(
      try Self.scene("{ id = \"box\", points = [[0, 0], [100, 0], [100, 50], [0, 0]] }"), "box")
    #expect(closed.count == 3)
    #expect(closed.last == [Point(100, 50), Point(0, 0)])
    let zed = Self.edges(
      try Self.scene("{ id = \"tri\", path_data = \"M 0 0 H 100 V 50 Z\" }"), "tri")
    #expect(zed == closed)
  }

  /// A path boundary is written back as it was read (not as its edges).
  @Test func writtenBackAsWritten() throws {
    let scene = try Self.scene(
      "{ id = \"bowl\", path_data = \"M 0 400 Q 187.5 700 375 400\" }, "
        + "{ id = \"ramp\", points = [[0, 600], [200, 700]] }")
    let text = SceneSchema.pieces(scene).text
    #expect(text.contains("path_data = \"M 0 400 Q 187.5 700 375 400\""), "\(text)")
    #expect(text.contains("points = [[0, 600], [200, 700]]"), "\(text)")
    #expect(!text.contains("from ="), "\(text)")
    #expect(try SceneReader.parse(text, file: "again.toml") == scene)
  }
}
