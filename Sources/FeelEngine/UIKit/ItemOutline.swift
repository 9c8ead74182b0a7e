import Foundation

/// The outline UIKit gives an item whose collision bounds are an ellipse or a path, in the
/// item's frame (float32 metres, from its centre), and the checks FeelLab makes on a path.
/// Measured on UIKit (kern0x1b/charon, UIFieldBehavior.md §13 and M6; docs/shapes.md):
///
/// - an ellipse flattens the path `CGPathCreateWithEllipseInRect` makes (a move to (w/2, 0),
///   four cubic Béziers of kappa 0.55228474983, a close) in float32 points: each cubic's
///   length is estimated on 10 segments whose start is chained (each sample is taken on the
///   curve from the previous sample, UIKit's quirk), it gets max(⌊L / 10⌋, 1) segments,
///   evaluated at t = i / count without fused operations;
/// - points go to metres as float32 × 0.01, a point within 1.42108547e-14 m² (squared
///   distance, fused) of the last kept one is dropped, and so are trailing points equal to the
///   first; the outline is reversed if its first turn is clockwise;
/// - the polygon's skin is 0.009 m (0.9 pt).
public enum ItemOutline {
  /// The skin of an ellipse or path polygon (m): UIKit measured 0.00899999961 (float32 0.009).
  public static let polygonRadius_m: Float = 0.009
  /// UIKit's kappa for the four cubic Béziers of an ellipse (dimensionless).
  static let kappa = 0.55228474983
  /// The squared distance (m²) below which a flattened point repeats the last one kept.
  static let duplicateDistanceSquared_m2: Float = 1.42108547e-14
  /// Points per segment of a flattened curve (pt): a curve of estimated length L gets
  /// max(⌊L / 10⌋, 1) segments.
  static let flatteningSegmentLength_pt: Float = 10
  /// Samples of the length estimate of a cubic.
  static let lengthSamples = 10

  /// A cubic Bézier in float32 points (UIKit's evaluation: t clamped to [0, 1], u = 1 − t,
  /// ((p0·u·u² + p1·t·3u²) + p2·t·3tu) + p3·t·t², no fused operation).
  static func bezier(_ p0: Vec2, _ p1: Vec2, _ p2: Vec2, _ p3: Vec2, _ tIn: Float) -> Vec2 {
    let t = min(max(tIn, 0), 1)
    let u = 1 - t
    func component(_ a: Float, _ b: Float, _ c: Float, _ d: Float) -> Float {
      let first = a * u * (u * u)
      let second = b * t * (u * (u * 3))
      let third = c * t * (t * (u * 3))
      let fourth = d * t * (t * t)
      return ((first + second) + third) + fourth
    }
    return Vec2(component(p0.x, p1.x, p2.x, p3.x), component(p0.y, p1.y, p2.y, p3.y))
  }

  /// The points (float32 pt) a cubic from `p0` adds to a flattened outline: t = i / count
  /// for i = 1…count, count from the chained length estimate.
  static func flatten(_ p0: Vec2, _ p1: Vec2, _ p2: Vec2, _ p3: Vec2) -> [Vec2] {
    var length: Float = 0
    var previous = p0
    for i in 0...lengthSamples {
      let q = bezier(previous, p1, p2, p3, Float(i) / Float(lengthSamples))
      let dx = q.x - previous.x
      let dy = q.y - previous.y
      length += (dy * dy).addingProduct(dx, dx).squareRoot()
      previous = q
    }
    let count = max(Int(length / flatteningSegmentLength_pt), 1)
    return (1...count).map { i in bezier(p0, p1, p2, p3, Float(Double(i) / Double(count))) }
  }

  /// The flattened outline of an ellipse of `size_pt` centred on the origin (float32 pt),
  /// before the conversion to metres: the move-to point, then each cubic's points.
  static func ellipsePoints(size_pt: Point) -> [Vec2] {
    let rx = size_pt.x / 2
    let ry = size_pt.y / 2
    let k = kappa
    func p(_ x: Double, _ y: Double) -> Vec2 { Vec2(Float(x), Float(y)) }
    // Quarter by quarter from (rx, 0) towards +y (counter-clockwise with y up).
    let cubics: [(Vec2, Vec2, Vec2)] = [
      (p(rx, k * ry), p(k * rx, ry), p(0, ry)),
      (p(-k * rx, ry), p(-rx, k * ry), p(-rx, 0)),
      (p(-rx, -k * ry), p(-k * rx, -ry), p(0, -ry)),
      (p(k * rx, -ry), p(rx, -k * ry), p(rx, 0)),
    ]
    var points = [p(rx, 0)]
    for (c1, c2, end) in cubics {
      points += flatten(points[points.count - 1], c1, c2, end)
    }
    points.append(points[0])  // the close
    return points
  }

  /// Float32 points (pt) as UIKit hands them to the engine: × 0.01 in float32, near repeats
  /// dropped, trailing copies of the first point dropped while 3 remain, reversed if the
  /// first turn is clockwise. Fewer than 3 points: empty.
  static func metres(_ points: [Vec2]) -> [Vec2] {
    var kept: [Vec2] = []
    for point in points {
      let m = Vec2(point.x * 0.01, point.y * 0.01)
      if let last = kept.last {
        let dx = m.x - last.x
        let dy = m.y - last.y
        if (dy * dy).addingProduct(dx, dx) < duplicateDistanceSquared_m2 { continue }
      }
      kept.append(m)
    }
    while kept.count > 3 && kept[kept.count - 1] == kept[0] { kept.removeLast() }
    if kept.count < 3 { return [] }
    return PolygonShape.orientedCounterClockwise(kept)
  }

  /// An ellipse's outline polygon vertices (m, item frame); a circle when the sides are
  /// equal is made elsewhere (`shape(bounds:size_pt:)`).
  public static func ellipse(size_pt: Point) -> [Vec2] {
    metres(ellipsePoints(size_pt: size_pt))
  }

  /// A path's polygon vertices (m, item frame) from its points (pt from the item's centre).
  public static func path(_ points_pt: [Point]) -> [Vec2] {
    metres(points_pt.map { Vec2(Float($0.x), Float($0.y)) })
  }

  /// Why a path cannot be an item's collision bounds, or nil when it can.
  public static func problem(path points_pt: [Point]) -> PathProblem? {
    let raw = points_pt.map { Vec2(Float($0.x), Float($0.y)) }
    let vs = metres(raw)
    if vs.count < 3 { return .tooFewPoints }
    let n = vs.count
    // All on one line: every point within a hair of the line through the first point and the
    // one farthest from it.
    let far = vs.max { dot($0 - vs[0], $0 - vs[0]) < dot($1 - vs[0], $1 - vs[0]) }!
    let length = distance(far, vs[0])
    if vs.allSatisfy({ abs(cross($0 - vs[0], far - vs[0])) <= 1e-6 * length * length }) {
      return .collinear
    }
    for i in 0..<n {
      for j in 0..<n where j > i + 1 && !(i == 0 && j == n - 1) {
        if segmentsCross(vs[i], vs[(i + 1) % n], vs[j], vs[(j + 1) % n]) {
          return .selfIntersecting
        }
      }
    }
    for i in 0..<n {
      let p = vs[i]
      let e = vs[(i + 1) % n] - p
      for j in 0..<n where j != i && j != (i + 1) % n {
        if !(cross(e, vs[j] - p) > 0) { return .concave }
      }
    }
    return nil
  }

  private static func segmentsCross(_ a: Vec2, _ b: Vec2, _ c: Vec2, _ d: Vec2) -> Bool {
    let d1 = cross(b - a, c - a)
    let d2 = cross(b - a, d - a)
    let d3 = cross(d - c, a - c)
    let d4 = cross(d - c, b - c)
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
  }
}

/// Why a path cannot be an item's collision bounds.
public enum PathProblem: String, Sendable, Equatable, CaseIterable {
  /// Fewer than 3 distinct points.
  case tooFewPoints
  /// All points on one line: no area.
  case collinear
  /// Two edges cross.
  case selfIntersecting
  /// A turn goes the other way (or three points are on a line): UIKit accepts a concave path
  /// with a broken inertia; FeelLab refuses it.
  case concave

  /// What the path must be, for error messages.
  public var explanation: String {
    switch self {
    case .tooFewPoints: "at least 3 distinct points"
    case .collinear: "points not all on one line"
    case .selfIntersecting: "a path whose edges do not cross"
    case .concave:
      "a convex path (every turn the same way, no three points on a line; UIKit accepts a "
        + "concave path but computes a broken inertia for it)"
    }
  }
}
