/// A boundary made from a path (UICollisionBehavior's `addBoundary(withIdentifier:for:)`):
/// what the scene wrote, and the polyline its curves flatten into, the way UIKit flattens an
/// ellipse's Bézier path (`ItemOutline`, docs/shapes.md): each cubic in float32 points, its
/// length estimated on 10 chained samples, max(⌊L / 10⌋, 1) segments at t = i / count.
/// FeelLab's choices (docs/scene-format.md, "Boundaries from a path"): a quadratic curve is
/// flattened as its equal cubic; an open path stays open (UIKit's chain is always a loop: close
/// the path with `Z` to get one); each edge is a segment of its own, without the ghost vertices
/// of Box2D's chains.
public struct BoundaryPath: Sendable, Equatable {
  /// What the scene wrote.
  public enum Source: Sendable, Equatable {
    /// SVG path data (`path_data`).
    case pathData(String)
    /// A polyline (`points`), closed when its last point is its first.
    case points([Point])
  }

  /// One command of a path, in absolute points.
  public enum Piece: Sendable, Equatable {
    case move(Point)
    case line(Point)
    case cubic(Point, Point, Point)
    case close
  }

  public var source: Source
  /// The flattened polyline (pt); a closed path ends on its first point.
  public var vertices_pt: [Point]

  public init(source: Source, vertices_pt: [Point]) {
    self.source = source
    self.vertices_pt = vertices_pt
  }

  /// The path's edges (pt), pairs of consecutive vertices; a repeated vertex makes no edge.
  public var segments_pt: [(from: Point, to: Point)] {
    var out: [(from: Point, to: Point)] = []
    for i in vertices_pt.indices.dropFirst() where vertices_pt[i - 1] != vertices_pt[i] {
      out.append((from: vertices_pt[i - 1], to: vertices_pt[i]))
    }
    return out
  }

  /// The polyline of one subpath's pieces (the first a move): lines kept, cubics flattened in
  /// float32 as UIKit flattens curves, a close back to the start.
  public static func flatten(_ pieces: [Piece]) -> [Point] {
    func f(_ p: Point) -> Vec2 { Vec2(Float(p.x), Float(p.y)) }
    func d(_ v: Vec2) -> Point { Point(Double(v.x), Double(v.y)) }
    var out: [Point] = []
    var start = Point(0, 0)
    for piece in pieces {
      switch piece {
      case .move(let p):
        start = d(f(p))
        out.append(start)
      case .line(let p): out.append(d(f(p)))
      case .cubic(let c1, let c2, let p):
        let from = f(out.last ?? start)
        out += ItemOutline.flatten(from, f(c1), f(c2), f(p)).map(d)
      case .close:
        if out.last != start { out.append(start) }
      }
    }
    return out
  }
}
