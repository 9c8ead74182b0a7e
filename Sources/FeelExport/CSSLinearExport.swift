/// The motion as a CSS transition with a `linear()` easing (`CSSLinearEasing`).
public struct CSSLinearExport: Sendable, Equatable {
  /// The easing.
  public var easing: CSSLinearEasing
  /// The errors of its replay against UIKit's motion.
  public var error: FitError
  /// The code to paste.
  public var code: String

  public init(_ motion: ApproachMotion, tolerance_pt: Double = ExportDefaults.cssTolerance_pt) {
    let easing = CSSLinearEasing(motion, tolerance_pt: tolerance_pt)
    self.easing = easing
    let error = FitError(motion) {
      motion.travel_pt * (1 - easing.progress(at: motion.t_s[$0]))
    }
    self.error = error
    let duration = easing.durationText
    code = """
      /* CSS: \(motion.label) of "\(motion.itemID)", UIKit's motion as \(easing.stops.count) \
      linear() stops within \(ExportText.short(tolerance_pt)) pt
         (\(ExportText.errorSummary(error, motion: motion))).
         The transition moves the element from \(ExportText.release(motion)) to the target. */
      .\(Self.className(motion.itemID)) {
        transition: translate \(duration)s \(easing.css);
      }
      """
  }

  /// A CSS class name from an item id: letters, digits, - and _ kept, others as -.
  static func className(_ id: String) -> String {
    let kept = id.map {
      $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "-"
    }
    let name = String(kept)
    return name.first.map { $0.isLetter || $0 == "_" } == true ? name : "item-" + name
  }
}
