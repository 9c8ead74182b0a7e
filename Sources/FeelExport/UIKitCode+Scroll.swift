import FeelScene

/// The scroll half of `feel export --to uikit`: FeelLab's `scroll` behavior (docs/springy-list.md)
/// is app code around UIKit, the scroll view and the springy layout's bounds-change handler. The
/// scroll view scrolls and decelerates by itself in an app, so the export writes what the app
/// writes: a nested `Scroll` (a plain UIDynamicBehavior holding the cells, the axis, R and the
/// deceleration rate) and the handler that nudges each cell, `scrollBoundsChanged`.
extension UIKitCode.Writer {
  /// Whether the scene has a scroll behavior.
  var hasScroll: Bool {
    scene.behaviors.contains { if case .scroll = $0.kind { true } else { false } }
  }

  /// The lines of a scroll's maker after its comment line.
  func scrollMaker(_ spec: ScrollSpec, items: [String]) -> [String] {
    [
      "    // FeelLab's scroll, app code: call scrollBoundsChanged(_:delta:touch:) from the layout's",
      "    // shouldInvalidateLayout(forBoundsChange:); set the scroll view's decelerationRate to",
      "    // UIScrollView.DecelerationRate(rawValue: b.decelerationRate)"
        + (spec.touch.map { " (the scene's finger \(QuotedString.quoted($0)))" } ?? ""),
      "    let b = Scroll(",
      "      cells: [\(items.joined(separator: ", "))], axis: .\(spec.axis.rawValue), "
        + "resistance: \(spec.resistance_pt),",
      "      decelerationRate: \(spec.decelerationRate))",
    ]
  }

  /// The nested `Scroll` and the bounds-change handler.
  func scrollHandling() -> [String] {
    [
      "  // MARK: - The springy list (FeelLab's scroll, app code: docs/springy-list.md)",
      "",
      "  /// The cells a scroll nudges, its axis, R (pt) and UIScrollView's deceleration rate (per",
      "  /// ms). A plain behavior: in the animator it marks the scroll as acting, and moves nothing.",
      "  final class Scroll: UIDynamicBehavior {",
      "    enum Axis { case x, y }",
      "    let cells: [UIView]",
      "    let axis: Axis",
      "    let resistance: CGFloat",
      "    let decelerationRate: CGFloat",
      "",
      "    init(cells: [UIView], axis: Axis, resistance: CGFloat, decelerationRate: CGFloat) {",
      "      self.cells = cells",
      "      self.axis = axis",
      "      self.resistance = resistance",
      "      self.decelerationRate = decelerationRate",
      "      super.init()",
      "    }",
      "  }",
      "",
      "  /// The springy layout's bounds-change handler (WWDC 2013): the content offset changed by",
      "  /// `delta` (pt, along the scroll's axis; the new bounds' origin minus the old) with the pan",
      "  /// recognizer at `touch` (content coordinates). Each attachment to an anchor on one of the",
      "  /// scroll's cells moves its cell by delta × (the anchor's distance from the touch) / R,",
      "  /// never farther than delta, and tells the animator, which keeps the body's velocity.",
      "  func scrollBoundsChanged(_ scroll: Scroll, delta: CGFloat, touch: CGPoint) {",
      "    guard animator.behaviors.contains(scroll) else { return }",
      "    for case let spring as UIAttachmentBehavior in animator.behaviors {",
      "      guard let cell = spring.items.first as? UIView,",
      "        scroll.cells.contains(where: { $0 === cell })",
      "      else { continue }",
      "      let a = spring.anchorPoint",
      "      let resistance = (abs(touch.y - a.y) + abs(touch.x - a.x)) / scroll.resistance",
      "      let move = delta < 0 ? max(delta, delta * resistance) : min(delta, delta * resistance)",
      "      var center = cell.center",
      "      if scroll.axis == .y { center.y += move } else { center.x += move }",
      "      cell.center = center",
      "      animator.updateItem(usingCurrentState: cell)",
      "    }",
      "  }",
    ]
  }
}
