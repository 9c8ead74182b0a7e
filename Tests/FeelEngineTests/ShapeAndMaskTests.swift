import FeelEngine
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// iOS 9's collision bounds, groups, `anchored` and `charge`, and UIKit's collision masks, as
/// `feel inspect` shows them: against numbers measured on UIKit (kern0x1b/charon:
/// UIDynamicAnimator.md §2.10, §7.1, §7.2; UIFieldBehavior.md §12.2, §13, M6) and closed forms.
@Suite struct ShapeAndMaskTests {
  /// UIKit's ellipse outlines: vertex counts it measured for these sizes (M6).
  @Test(arguments: [
    (Point(20, 10), 4), (Point(100, 50), 24), (Point(60, 200), 44), (Point(1000, 500), 244),
  ])
  func ellipseVertexCountsAsMeasuredOnUIKit(size: Point, count: Int) {
    #expect(ItemOutline.ellipse(size_pt: size).count == count, "\(size)")
  }

  /// Each vertex is a point of its quarter's cubic Bézier (kappa 0.55228474983, from (w/2, 0)
  /// towards +y) at t = i / m, m the quarter's segment count, evaluated here in double.
  @Test(arguments: [
    Point(20, 10), Point(37, 90), Point(100, 50), Point(60, 200), Point(333, 41),
    Point(1000, 500), Point(12.5, 600),
  ])
  func ellipseVerticesLieOnTheirQuarterBezier(size: Point) {
    let vertices = ItemOutline.ellipse(size_pt: size)
    let n = vertices.count
    #expect(n % 4 == 0, "the four quarters are flattened alike")
    let m = n / 4
    let rx = size.x / 2
    let ry = size.y / 2
    let k = 0.55228474983
    let quarters: [[Point]] = [
      [Point(rx, 0), Point(rx, k * ry), Point(k * rx, ry), Point(0, ry)],
      [Point(0, ry), Point(-k * rx, ry), Point(-rx, k * ry), Point(-rx, 0)],
      [Point(-rx, 0), Point(-rx, -k * ry), Point(-k * rx, -ry), Point(0, -ry)],
      [Point(0, -ry), Point(k * rx, -ry), Point(rx, -k * ry), Point(rx, 0)],
    ]
    func bezier(_ p: [Point], _ t: Double) -> Point {
      let u = 1 - t
      let a = u * u * u
      let b = 3 * u * u * t
      let c = 3 * u * t * t
      let d = t * t * t
      return Point(
        a * p[0].x + b * p[1].x + c * p[2].x + d * p[3].x,
        a * p[0].y + b * p[1].y + c * p[2].y + d * p[3].y)
    }
    for j in 0..<n {
      let expected =
        j == 0 ? Point(rx, 0) : bezier(quarters[(j - 1) / m], Double((j - 1) % m + 1) / Double(m))
      let v = vertices[j]
      // float32 points, then × 0.01 in float32: a few ulps of the larger coordinate.
      let tolerance = 4e-7 * max(rx, ry) / 100 + 1e-9
      #expect(
        abs(Double(v.x) - expected.x / 100) <= tolerance
          && abs(Double(v.y) - expected.y / 100) <= tolerance,
        "vertex \(j) of \(size): \(v) against \(expected) pt")
    }
  }

  /// The inspection of a scene built from items and behaviors (no file).
  func inspect(
    _ items: [SceneItem], _ behaviors: [SceneBehavior], groups: [SceneGroup] = [],
    referenceSize: Point? = Point(500, 500)
  ) -> SceneInspection {
    var scene = Scene(referenceSize_pt: referenceSize, items: items, behaviors: behaviors)
    scene.groups = groups
    return SceneInspection(scene)
  }

  @Test func anEllipseWithEqualSidesIsACircle() throws {
    let world = inspect(
      [SceneItem(id: "puck", size_pt: Point(60, 60), center_pt: Point(100, 100), bounds: .ellipse)],
      [
        SceneBehavior(
          id: "c", items: ["puck"], kind: .collision(CollisionSpec(referenceBounds: true)))
      ]
    ).world
    let fixture = try #require(world.bodies.first?.fixtures.first)
    #expect(fixture.shape == .circle)
    expectClose(fixture.radius_pt, 30, .float32Mass, "radius w/2 (float32 metres)")
    expectClose(world.bodies[0].mass_kg, Double.pi * 0.3 * 0.3, .float32Mass, "m = ρπr²")
  }

  @Test func aPathKeepsItsPointsAndItsCentroidIsTheCentreOfMass() throws {
    let body = try #require(
      inspect(
        [
          SceneItem(
            id: "wedge", size_pt: Point(100, 50), center_pt: Point(200, 200),
            bounds: .path([Point(50, 0), Point(0, 25), Point(-50, 0)]))
        ], [SceneBehavior(id: "g", items: ["wedge"], kind: .gravity(GravitySpec()))]
      ).world.bodies.first)
    #expect(body.fixtures[0].vertices_pt == [Point(50, 0), Point(0, 25), Point(-50, 0)])
    #expect(abs(body.fixtures[0].radius_pt - 0.9) < 1e-6, "UIKit's 0.009 m skin")
    // A triangle's centroid is the mean of its corners: (0, 25/3).
    expectClose(body.localCenter_pt.y, 25.0 / 3, .float32Accumulation, "centroid y")
    expectClose(body.mass_kg, 0.5 * 1 * 0.25, .float32Mass, "ρ × area (½ × 1 m × 0.25 m)")
  }

  @Test(arguments: [
    ([Point(0, 0), Point(10, 0)], PathProblem.tooFewPoints),
    ([Point(0, 0), Point(10, 0), Point(20, 0)], PathProblem.collinear),
    ([Point(0, 0), Point(20, 20), Point(20, 0), Point(0, 20)], PathProblem.selfIntersecting),
    ([Point(0, 0), Point(20, 0), Point(10, 5), Point(20, 20), Point(0, 20)], PathProblem.concave),
    ([Point(0, 0), Point(10, 0), Point(20, 0), Point(20, 20), Point(0, 20)], PathProblem.concave),
  ])
  func pathsThatCannotBeBounds(points: [Point], problem: PathProblem) {
    #expect(ItemOutline.problem(path: points) == problem, "\(points)")
  }

  @Test func convexPathsInEitherTurnAreBounds() {
    let square = [Point(-10, -10), Point(10, -10), Point(10, 10), Point(-10, 10)]
    #expect(ItemOutline.problem(path: square) == nil)
    #expect(ItemOutline.problem(path: square.reversed()) == nil)
  }

  /// A group is one body: mass = density × the members' total area; UIKit measured 1.09999999
  /// kg for 100 × 100 + 50 × 20 pt at density 1 and 3.29999998 at density 3.
  @Test(arguments: [(1.0, 1.09999999), (3.0, 3.29999998)])
  func groupMassIsDensityTimesTheMembersArea(density: Double, measured: Double) throws {
    let world = inspect(
      [
        SceneItem(id: "a", size_pt: Point(100, 100), center_pt: Point(100, 100)),
        SceneItem(id: "b", size_pt: Point(50, 20), center_pt: Point(220, 130)),
      ],
      [SceneBehavior(id: "d", items: ["pair"], kind: .item(ItemPropertiesSpec(density: density)))],
      groups: [SceneGroup(id: "pair", items: ["a", "b"])]
    ).world
    #expect(world.bodies.count == 1, "one body for the group")
    let body = world.bodies[0]
    #expect(body.owner == .group(0))
    #expect(body.fixtures.count == 2 && body.fixtures.map(\.item) == [0, 1])
    expectClose(body.mass_kg, measured, .float32Mass, "UIKit's measured group mass")
    // The group sits at the middle of the union rect: x 50…245, y 50…150.
    #expect(body.center_pt == Point(147.5, 100))
    // Inertia about the centre of mass, by the parallel-axis rule (kg·m²).
    let a = (m: 1.0 * density, c: Point(-0.475, 0), w: 1.0, h: 1.0)
    let b = (m: 0.1 * density, c: Point(0.725, 0.3), w: 0.5, h: 0.2)
    let total = a.m + b.m
    let com = Point((a.m * a.c.x + b.m * b.c.x) / total, (a.m * a.c.y + b.m * b.c.y) / total)
    func box(_ p: (m: Double, c: Point, w: Double, h: Double)) -> Double {
      p.m * (p.w * p.w + p.h * p.h) / 12
        + p.m * ((p.c.x - com.x) * (p.c.x - com.x) + (p.c.y - com.y) * (p.c.y - com.y))
    }
    expectClose(body.inertia_kg_m2, box(a) + box(b), .float32Accumulation, "I about the centre")
    expectClose(body.localCenter_pt.x, com.x * 100, .float32Accumulation, "centre of mass x")
  }

  /// UIKit's masks with one collision behavior (group 1: bits 0x4 and 0x8), measured: items
  /// 4/0xc/0xc and boundaries 8/0xc/0xc in everything mode, 4/4/4 and 8/4/4 in items mode,
  /// 4/8/8 and 8/8/8 in boundaries mode.
  @Test(arguments: [
    (
      CollisionMode.everything, CollisionMasks(category: 4, collision: 12, contact: 12),
      CollisionMasks(category: 8, collision: 12, contact: 12)
    ),
    (
      CollisionMode.items, CollisionMasks(category: 4, collision: 4, contact: 4),
      CollisionMasks(category: 8, collision: 4, contact: 4)
    ),
    (
      CollisionMode.boundaries, CollisionMasks(category: 4, collision: 8, contact: 8),
      CollisionMasks(category: 8, collision: 8, contact: 8)
    ),
  ])
  func masksOfEachModeAsMeasured(
    mode: CollisionMode, item: CollisionMasks, boundary: CollisionMasks
  ) {
    let world = inspect(
      [SceneItem(id: "a", size_pt: Point(10, 10), center_pt: Point(50, 50))],
      [
        SceneBehavior(
          id: "c", items: ["a"], kind: .collision(CollisionSpec(referenceBounds: true, mode: mode)))
      ]
    ).world
    #expect(world.bodies[0].fixtures[0].masks == item, "\(mode): the item")
    #expect(world.bodies[1].fixtures.allSatisfy { $0.masks == boundary }, "\(mode): the bounds")
  }

  /// The counter, not an allocator (measured): add c1, add c2, remove c1, add c3 → c3 takes
  /// c2's bits; c1 added again gets 0x40/0x80. An item in c1 (everything) and c2 (items) has
  /// 0x14/0x1c/0x1c.
  @Test func aCollisionBehaviorReusesTheBitsOfTheCounter() {
    let items = ["x", "y", "z"].enumerated().map { k, id in
      ItemDefinition(id: id, size_pt: Point(10, 10), center_pt: Point(Double(50 * k + 20), 20))
    }
    let collision = { (i: Int, mode: CollisionMode) in
      BehaviorDefinition(
        items: [i], kind: .collision(CollisionSpec(referenceBounds: true, mode: mode)))
    }
    var animator = Animator(
      profile: .modern, items: items,
      behaviors: [
        collision(0, .everything), collision(1, .everything), collision(2, .everything),
        collision(0, .items),
      ],
      referenceSize_pt: Point(400, 400))
    animator.apply(removing: [], adding: [0, 1])
    #expect(animator.masks(ofEntity: 0).category == 0x4)
    #expect(animator.masks(ofEntity: 1).category == 0x10)
    animator.apply(removing: [0], adding: [2])
    #expect(animator.masks(ofEntity: 2).category == 0x10, "c3 takes c2's bits")
    animator.apply(removing: [], adding: [0])
    #expect(
      animator.masks(ofEntity: 0) == CollisionMasks(category: 0x40, collision: 0xC0, contact: 0xC0))

    var shared = Animator(
      profile: .modern, items: [items[0]],
      behaviors: [collision(0, .everything), collision(0, .items)],
      referenceSize_pt: Point(400, 400))
    shared.apply(removing: [], adding: [0, 1])
    #expect(
      shared.masks(ofEntity: 0) == CollisionMasks(category: 0x14, collision: 0x1C, contact: 0x1C))
  }

  /// `anchored` makes the body static; removing the item behavior resets neither it nor
  /// `charge` (measured), unlike the iOS 7 properties.
  @Test func anchoredAndChargeOutliveTheirItemBehavior() {
    let items = [ItemDefinition(id: "a", size_pt: Point(40, 40), center_pt: Point(100, 100))]
    var animator = Animator(
      profile: .modern, items: items,
      behaviors: [
        BehaviorDefinition(items: [0], kind: .gravity(GravitySpec())),
        BehaviorDefinition(
          items: [0], kind: .item(ItemPropertiesSpec(elasticity: 0.9, anchored: true, charge: 2))),
      ])
    animator.apply(removing: [], adding: [0, 1])
    #expect(animator.inspection().bodies[0].isStatic)
    animator.apply(removing: [1], adding: [])
    let body = animator.inspection().bodies[0]
    #expect(body.isStatic, "still anchored")
    #expect(body.charge == 2, "still charged")
    #expect(abs(body.fixtures[0].restitution - 0.2) < 1e-7, "elasticity back to UIKit's 0.2")
    for _ in 0..<30 { _ = animator.advanceFrame(dt_s: 1.0 / 60) }
    #expect(animator.state(ofItem: 0).center_pt == Point(100, 100), "gravity moves nothing static")
  }
}
