import FeelCore

/// The basic shapes as path segments, as SVG 2 §10 defines their equivalent paths (rect
/// corners and circles as arcs, clockwise on screen from the rightmost / top-left point).
enum SVGShapes {
  /// A rectangle with corner radii (already resolved: non-negative, at most half the side).
  static func rect(x: Double, y: Double, width: Double, height: Double, rx: Double, ry: Double)
    -> [PathSegment]
  {
    if rx <= 0 || ry <= 0 {
      return [
        .move(Point(x, y)), .line(Point(x + width, y)),
        .line(Point(x + width, y + height)), .line(Point(x, y + height)), .close,
      ]
    }
    var out: [PathSegment] = [.move(Point(x + rx, y))]
    var current = Point(x + rx, y)
    func line(_ p: Point) {
      if p != current { out.append(.line(p)) }
      current = p
    }
    func corner(_ p: Point) {
      out.append(
        .arc(
          EllipticalArc(
            from: current, to: p, rx: rx, ry: ry, rotation_deg: 0, largeArc: false, sweep: true)))
      current = p
    }
    line(Point(x + width - rx, y))
    corner(Point(x + width, y + ry))
    line(Point(x + width, y + height - ry))
    corner(Point(x + width - rx, y + height))
    line(Point(x + rx, y + height))
    corner(Point(x, y + height - ry))
    line(Point(x, y + ry))
    corner(Point(x + rx, y))
    out.append(.close)
    return out
  }

  /// An ellipse (a circle when rx = ry) as four quarter arcs from its rightmost point.
  static func ellipse(cx: Double, cy: Double, rx: Double, ry: Double) -> [PathSegment] {
    let points = [
      Point(cx + rx, cy), Point(cx, cy + ry), Point(cx - rx, cy), Point(cx, cy - ry),
      Point(cx + rx, cy),
    ]
    var out: [PathSegment] = [.move(points[0])]
    for i in 0..<4 {
      out.append(
        .arc(
          EllipticalArc(
            from: points[i], to: points[i + 1], rx: rx, ry: ry, rotation_deg: 0, largeArc: false,
            sweep: true)))
    }
    out.append(.close)
    return out
  }

  /// A polyline or polygon through `coordinates` (x y pairs, already checked to be even).
  static func poly(_ coordinates: [Double], closed: Bool) -> [PathSegment] {
    guard coordinates.count >= 2 else { return [] }
    var out: [PathSegment] = [.move(Point(coordinates[0], coordinates[1]))]
    var i = 2
    while i + 1 < coordinates.count {
      out.append(.line(Point(coordinates[i], coordinates[i + 1])))
      i += 2
    }
    if closed { out.append(.close) }
    return out
  }
}
