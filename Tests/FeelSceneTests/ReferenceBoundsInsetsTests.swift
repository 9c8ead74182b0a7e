import FeelEngine
import FeelScene
import FeelTestSupport
import Testing

/// `reference_bounds_insets` (UICollisionBehavior.setTranslatesReferenceBoundsIntoBoundary(with:)):
/// the four edges UIKit makes are those of UIEdgeInsetsInsetRect(bounds, insets), the rectangle
/// (left, top) to (w − right, h − bottom); written here from that definition, not from the code.
/// The motion inside them is compared with the reference engine (`make test-differential`,
/// family `boundaries`).
@Suite struct ReferenceBoundsInsetsTests {
  static func scene(insets: String?) throws -> Scene {
    let walls = SceneText("reference_size = [320, 480]")
      .item("ball", size: [40, 40], center: [160, 200])
      .behavior("walls", "collision", items: ["ball"], "reference_bounds = true")
    return try (insets.map { walls.appending("reference_bounds_insets = \($0)") } ?? walls)
      .scene(file: "insets.toml")
  }

  /// The reference bounds' edges as `feel inspect` reports them: (from, to) pairs, pt.
  static func boundsEdges(_ scene: Scene) -> [[Point]] {
    SceneInspection(scene).world.bodies.flatMap { body -> [[Point]] in
      guard case .boundary(_, let name) = body.owner, name == "reference-bounds" else { return [] }
      return body.fixtures.map(\.vertices_pt)
    }
  }

  static func near(_ a: Point, _ b: Point) -> Bool {
    // Engine points are float32 metres: within a float32 ulp of 500 pt.
    abs(a.x - b.x) < 1e-4 && abs(a.y - b.y) < 1e-4
  }

  @Test(arguments: [
    ("[20, 10, 34, 5]", (top: 20.0, left: 10.0, bottom: 34.0, right: 5.0)),
    ("[-8, 0, 12.5, -3]", (top: -8.0, left: 0.0, bottom: 12.5, right: -3.0)),
    ("[0, 0, 0, 0]", (top: 0.0, left: 0.0, bottom: 0.0, right: 0.0)),
  ])
  func edgesAreTheInsetRectangle(
    _ text: String, _ i: (top: Double, left: Double, bottom: Double, right: Double)
  ) throws {
    let edges = Self.boundsEdges(try Self.scene(insets: text))
    let (x0, y0, x1, y1) = (i.left, i.top, 320 - i.right, 480 - i.bottom)
    let corners = [Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)]
    #expect(edges.count == 4)
    for k in 0..<4 {
      let (from, to) = (corners[k], corners[(k + 1) % 4])
      #expect(
        edges.contains { $0.count == 2 && Self.near($0[0], from) && Self.near($0[1], to) },
        "edge \(from)–\(to) not in \(edges)")
    }
  }

  /// No insets and zero insets make the same world as before the key existed.
  @Test func zeroInsetsAreTheBounds() throws {
    #expect(
      Self.boundsEdges(try Self.scene(insets: nil))
        == Self.boundsEdges(try Self.scene(insets: "[0, 0, 0, 0]")))
  }

  /// The key is written back as it was read (the notebook's and the live panel's scene files).
  @Test func writtenBack() throws {
    let scene = try Self.scene(insets: "[20, 10.25, -34, 5]")
    let text = SceneSchema.pieces(scene).text
    #expect(text.contains("reference_bounds_insets = [20, 10.25, -34, 5]"), "\(text)")
    #expect(try SceneReader.parse(text, file: "again.toml") == scene)
  }
}
