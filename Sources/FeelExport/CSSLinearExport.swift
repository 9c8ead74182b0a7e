/// The motion as a CSS transition with a `linear()` easing (`CSSLinearEasing`).
public struct CSSLinearExport: Sendable, Equatable {
  /// The easing.
  public var easing: CSSLinearEasing
  /// The errors of its replay against UIKit's motion.
  public var error: FitError
  /// The code to paste.
  public var code: String

  public init(_ motion: ApproachMotion, tolerance_pt: Double? = nil) {
    let tolerance_pt = tolerance_pt ?? motion.cssTolerance
    let easing = CSSLinearEasing(motion, tolerance_pt: tolerance_pt)
    self.easing = easing
    let error = FitError(motion) {
      motion.travel_pt * (1 - easing.progress(at: motion.t_s[$0]))
    }
    self.error = error
    let duration = easing.durationText
    let angle = motion.quantity == .angle
    let moves = angle ? "turns" : "moves"
    let property = angle ? "rotate" : "translate"
    let rim =
      angle ? " (\(ExportText.short(tolerance_pt * motion.pointsPerUnit)) pt at the rim)" : ""
    code = """
      /* CSS: \(motion.label) of "\(motion.itemID)", \(ExportText.simulated(motion)) as \(easing.stops.count) \
      linear() stops within \(ExportText.short(tolerance_pt))\(motion.quantity.unit)\(rim)
         (\(ExportText.errorSummary(error, motion: motion))).
         The transition \(moves) the element from \(ExportText.release(motion)) to the target. */
      .\(Self.className(motion.itemID)) {
        transition: \(property) \(duration)s \(easing.css);
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
