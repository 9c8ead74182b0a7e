import FeelCore

/// One command of a normalised path: absolute coordinates, and only the four commands Core
/// Graphics and the canvas have (move, line, cubic curve, close).
public enum PathCommand: Sendable, Hashable {
  /// `M x y`: starts a subpath at the point.
  case move(Point)
  /// `L x y`: a straight line from the current point.
  case line(Point)
  /// `C x1 y1 x2 y2 x y`: a cubic Bézier curve from the current point through the two
  /// control points to `to`.
  case curve(control1: Point, control2: Point, to: Point)
  /// `Z`: closes the subpath back to its start.
  case close

  /// The SVG letter of the command.
  public var letter: String {
    switch self {
    case .move: "M"
    case .line: "L"
    case .curve: "C"
    case .close: "Z"
    }
  }

  /// The command's numbers in SVG order (x, y; or x1, y1, x2, y2, x, y; none for Z).
  public var numbers: [Double] {
    switch self {
    case .move(let p), .line(let p): [p.x, p.y]
    case .curve(let c1, let c2, let p): [c1.x, c1.y, c2.x, c2.y, p.x, p.y]
    case .close: []
    }
  }

  /// The command with every point mapped by `transform`.
  public func transformed(by transform: AffineTransform) -> PathCommand {
    switch self {
    case .move(let p): .move(transform.apply(p))
    case .line(let p): .line(transform.apply(p))
    case .curve(let c1, let c2, let p):
      .curve(control1: transform.apply(c1), control2: transform.apply(c2), to: transform.apply(p))
    case .close: .close
    }
  }
}
