import FeelScene

/// A collision behavior's boundaries as UIKit code (docs/uikit-code.md): each segment by
/// `addBoundary(withIdentifier:from:to:)`, a path's edges the same way under the path's id,
/// and the reference view's bounds by
/// `translatesReferenceBoundsIntoBoundary`, or by `setTranslatesReferenceBoundsIntoBoundary(with:)`
/// when the scene insets them.
extension UIKitCode.Writer {
  /// The lines that give `b`, a new UICollisionBehavior, the behavior's boundaries.
  static func boundaryLines(_ spec: CollisionSpec) -> [String] {
    var lines: [String] = []
    for boundary in spec.boundaries {
      let id = "\(QuotedString.quoted(boundary.id)) as NSString"
      guard let path = boundary.path else {
        lines.append(
          "    b.addBoundary(withIdentifier: \(id), "
            + "from: \(point(boundary.from_pt)), to: \(point(boundary.to_pt)))")
        continue
      }
      // The path flattened as the scene runs it, one boundary per edge under the path's id:
      // UIKit's own path boundary would close an open path and flatten a quadratic its way.
      let segments = path.segments_pt
      let vertices = [segments[0].from] + segments.map(\.to)
      lines.append("    do {")
      switch path.source {
      case .pathData(let text):
        lines.append(
          "      // \(QuotedString.quoted(boundary.id)): path data \(QuotedString.quoted(text))")
      case .points:
        lines.append("      // \(QuotedString.quoted(boundary.id)): a polyline")
      }
      lines.append("      let points: [CGPoint] = [")
      for vertex in vertices { lines.append("        \(point(vertex)),") }
      lines.append("      ]")
      lines.append("      for k in 1..<points.count {")
      lines.append(
        "        b.addBoundary(withIdentifier: \(id), from: points[k - 1], to: points[k])")
      lines.append("      }")
      lines.append("    }")
    }
    if spec.referenceBounds {
      let i = spec.referenceBoundsInsets_pt
      if i == .zero {
        lines.append("    b.translatesReferenceBoundsIntoBoundary = true")
      } else {
        lines.append(
          "    b.setTranslatesReferenceBoundsIntoBoundary(with: UIEdgeInsets(top: \(i.top_pt), "
            + "left: \(i.left_pt), bottom: \(i.bottom_pt), right: \(i.right_pt)))")
      }
    }
    return lines
  }
}
