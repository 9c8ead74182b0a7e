import FeelScene

/// A collision behavior's boundaries as UIKit code (docs/uikit-code.md): each segment by
/// `addBoundary(withIdentifier:from:to:)`, and the reference view's bounds by
/// `translatesReferenceBoundsIntoBoundary`, or by `setTranslatesReferenceBoundsIntoBoundary(with:)`
/// when the scene insets them.
extension UIKitCode.Writer {
  /// The lines that give `b`, a new UICollisionBehavior, the behavior's boundaries.
  static func boundaryLines(_ spec: CollisionSpec) -> [String] {
    var lines: [String] = []
    for boundary in spec.boundaries {
      lines.append(
        "    b.addBoundary(withIdentifier: \(QuotedString.quoted(boundary.id)) as NSString, "
          + "from: \(point(boundary.from_pt)), to: \(point(boundary.to_pt)))")
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
