import FeelCore

/// One segment of parsed path data, in absolute user coordinates, before arcs become curves:
/// what the path-data parser makes of every SVG command (H/V become lines, Q/T/S become cubics
/// with their reflected control points, relative coordinates become absolute).
public enum PathSegment: Sendable, Hashable {
  /// Starts a subpath at the point.
  case move(Point)
  /// A straight line to the point.
  case line(Point)
  /// A cubic Bézier curve (a quadratic one is written as the exactly equal cubic).
  case cubic(control1: Point, control2: Point, to: Point)
  /// An elliptical arc, kept exact until its tolerance in output units is known.
  case arc(EllipticalArc)
  /// Closes the subpath.
  case close
}

extension Array where Element == PathSegment {
  /// The normalised commands (M, L, C, Z, absolute) with `transform` applied: arcs become
  /// cubics within `tolerance_pt` of the true arc after the transform (docs/svg.md, "Arcs").
  /// `budget` caps how many commands may be made in all; past it, `CommandBudgetExceeded`.
  public func commands(
    transform: AffineTransform, tolerance_pt: Double, budget: inout Int
  ) throws(CommandBudgetExceeded) -> [PathCommand] {
    var out: [PathCommand] = []
    out.reserveCapacity(count)
    for segment in self {
      switch segment {
      case .move(let p): out.append(.move(transform.apply(p)))
      case .line(let p): out.append(.line(transform.apply(p)))
      case .cubic(let c1, let c2, let p):
        out.append(
          .curve(
            control1: transform.apply(c1), control2: transform.apply(c2),
            to: transform.apply(p)))
      case .arc(let arc):
        switch arc.shape {
        case .omitted: continue
        case .line: out.append(.line(transform.apply(arc.to)))
        case .ellipse(let centre):
          let count = ArcApproximation.segmentCount(
            centre, transform: transform, tolerance_pt: tolerance_pt)
          guard count <= budget else { throw CommandBudgetExceeded() }
          budget -= count
          out.append(
            contentsOf: ArcApproximation.cubics(centre, count: count, transform: transform))
          // The last end point is the arc's own end point, exactly.
          if case .curve(let c1, let c2, _) = out.last {
            out[out.count - 1] = .curve(control1: c1, control2: c2, to: transform.apply(arc.to))
          }
          continue
        }
      case .close: out.append(.close)
      }
      guard budget > 0 else { throw CommandBudgetExceeded() }
      budget -= 1
    }
    return out
  }
}
