import FeelScene

/// iOS 9's collision bounds as UIKit reads them: from the item. A view whose scene item has
/// `bounds = "ellipse"` or `"path"` is a nested `UIView` subclass overriding
/// `collisionBoundsType` (and `collisionBoundingPath`: the scene's points, item-local, from the
/// centre, as UIKit takes the path), and the class's initializer takes that subclass
/// (docs/export.md, "`--to uikit`"). Groups (`UIDynamicItemGroup`) are properties made in the
/// initializer from their members.
extension UIKitCode.Writer {
  /// The nested view classes of items with iOS 9 collision bounds (none for rectangles).
  func viewClasses() -> [String] {
    var lines: [String] = []
    for (i, item) in scene.items.enumerated() {
      switch item.bounds {
      case .rectangle:
        continue
      case .ellipse:
        lines += [
          "",
          "  /// The view of the item \(QuotedString.quoted(item.id)): it collides as the ellipse "
            + "inscribed in its bounds (iOS 9).",
          "  final class \(viewTypes[i]): UIView {",
          "    override var collisionBoundsType: UIDynamicItemCollisionBoundsType { .ellipse }",
          "  }",
        ]
      case .path(let points):
        lines += [
          "",
          "  /// The view of the item \(QuotedString.quoted(item.id)): it collides as this convex "
            + "path (iOS 9; pt, from its centre).",
          "  final class \(viewTypes[i]): UIView {",
          "    override var collisionBoundsType: UIDynamicItemCollisionBoundsType { .path }",
          "    override var collisionBoundingPath: UIBezierPath {",
          "      let path = UIBezierPath()",
        ]
        for (k, p) in points.enumerated() {
          lines.append(
            "      path.\(k == 0 ? "move" : "addLine")(to: \(Self.point(p)))")
        }
        lines += [
          "      path.close()",
          "      return path",
          "    }",
          "  }",
        ]
      }
    }
    return lines
  }
}
