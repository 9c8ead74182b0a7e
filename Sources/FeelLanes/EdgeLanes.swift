import FeelEngine

/// One boundary edge across the lanes of a `LaneGroup`: its broad-phase box, whether the
/// world holds a contact for it, and the line it lies on, for the checks that keep contacts
/// out of the lanes.
///
/// A lane never computes a contact. Instead, every sub-step proves that the scalar engine
/// would find nothing: with d the smallest distance from the box's core vertices to the
/// edge's line (on the side of the box's centre; a lower bound of the distance from the core
/// to the segment),
///
/// - at the start of the sub-step, d > `Box2DSettings.edgePolygonManifoldRadius_m` + margin: the
///   edge–polygon collider leaves at its first test, with no contact point (so no touching, no
///   event, nothing to solve);
/// - over the sweep, min(d_start, d_end) − R·|Δθ| > the time-of-impact window + margin: the
///   core distance never comes within the root finder's target and tolerance, so the time of
///   impact is not `touching` and the sub-step has no impact (R is the core's circumradius,
///   which bounds how far a vertex strays from its chord when the box turns).
///
/// The margin (1 mm plus 10⁻⁵ of the coordinates' size) covers the float32 rounding of both
/// computations with room to spare. A lane that fails either check is rolled back.
struct EdgeLanes: Sendable {
  typealias Lanes = LaneGroup.Lanes
  /// The line: unit normal and offset n·v1 (m).
  var nx = Lanes(), ny = Lanes(), d = Lanes()
  /// The edge's skin (m).
  var radius = Lanes()
  /// Broad-phase fat box (m), fixed: edges do not move.
  var fatLx = Lanes(), fatLy = Lanes(), fatUx = Lanes(), fatUy = Lanes()
  /// Whether the world holds a contact between the edge and the body, and when it was made
  /// (larger is newer).
  var exists = LaneGroup.Mask(repeating: false)
  var order = LaneGroup.LaneInts()
  /// Scratch: the separation at the start of the current sub-step (m).
  var startSeparation = Lanes()

  /// The absolute part of the margin (m).
  static let margin_m: Float = 0.001
  /// The part of the margin proportional to the coordinates' size.
  static let relativeMargin: Float = 1e-5
  /// Edges shorter than this (m) have no line to measure from: their scenes stay scalar.
  static let shortestEdge_m: Float = 1e-4

  /// Takes `edge` into lane `lane`; false when it is too short to have a line.
  mutating func set(lane: Int, _ edge: Edge) -> Bool {
    let v1 = edge.shape.v1
    let v2 = edge.shape.v2
    let ex = Double(v2.x) - Double(v1.x)
    let ey = Double(v2.y) - Double(v1.y)
    let length = (ex * ex + ey * ey).squareRoot()
    guard length >= Double(Self.shortestEdge_m) else { return false }
    let normalX = ey / length
    let normalY = -ex / length
    nx[lane] = Float(normalX)
    ny[lane] = Float(normalY)
    d[lane] = Float(normalX * Double(v1.x) + normalY * Double(v1.y))
    radius[lane] = edge.shape.radius
    fatLx[lane] = edge.fatAABB.lower.x
    fatLy[lane] = edge.fatAABB.lower.y
    fatUx[lane] = edge.fatAABB.upper.x
    fatUy[lane] = edge.fatAABB.upper.y
    return true
  }

  /// `AABB.overlaps` of the edge's fat box (self) with the body's (other).
  @inline(__always)
  func overlaps(_ lx: Lanes, _ ly: Lanes, _ ux: Lanes, _ uy: Lanes) -> LaneGroup.Mask {
    let d1x = lx - fatUx
    let d1y = ly - fatUy
    let d2x = fatLx - ux
    let d2y = fatLy - uy
    return .!((d1x .> 0) .| (d1y .> 0) .| (d2x .> 0) .| (d2y .> 0))
  }

  /// The smallest distance (m) from the core vertices of a box (half extents hx, hy) at
  /// (c, q) to the line, on the side of `side` (default: the centre's own side; negative when
  /// a vertex is across), and the margin for that configuration.
  @inline(__always)
  func separation(
    cx: Lanes, cy: Lanes, qs: Lanes, qc: Lanes, hx: Lanes, hy: Lanes,
    sideOf side: (x: Lanes, y: Lanes)? = nil
  ) -> (separation: Lanes, margin: Lanes) {
    let centre = nx * cx + ny * cy - d
    let reference = side.map { nx * $0.x + ny * $0.y - d } ?? centre
    let signed = centre.replacing(with: -centre, where: reference .< 0)
    let alongX = nx * qc + ny * qs
    let alongY = ny * qc - nx * qs
    let extent =
      hx * alongX.replacing(with: -alongX, where: alongX .< 0)
      + hy * alongY.replacing(with: -alongY, where: alongY .< 0)
    let size =
      cx.replacing(with: -cx, where: cx .< 0) + cy.replacing(with: -cy, where: cy .< 0)
      + d.replacing(with: -d, where: d .< 0) + hx + hy
    return (signed - extent, Self.margin_m + Self.relativeMargin * size)
  }

  /// The time-of-impact window (m): target max(slop, r_edge + r_box − 3 slop) plus tolerance.
  @inline(__always)
  func toiWindow(boxRadius: Lanes) -> Lanes {
    let depth = radius + boxRadius - Box2DSettings.toiTargetDepth_m
    let slop = Lanes(repeating: Box2DSettings.linearSlop_m)
    return depth.replacing(with: slop, where: depth .< slop) + Box2DSettings.toiTolerance_m
  }
}
