import FeelScene

/// The motion as CSS: a transition with a `linear()` easing (`CSSLinearEasing`) for a motion
/// along one line, or a keyframe animation of `translate` (`CSSKeyframes`) for a 2-D approach
/// or one that starts at its target.
/// Either follows UIKit's samples within the tolerance measured in 2-D, which its header states.
public struct CSSLinearExport: Sendable, Equatable {
  /// The easing along the release line (for a 2-D approach its along-the-line part, which the
  /// code does not use).
  public var easing: CSSLinearEasing
  /// A 2-D approach's keyframes (what the code uses); nil for a motion along one line.
  public var keyframes: CSSKeyframes?
  /// The errors of its replay against UIKit's motion.
  public var error: FitError
  /// The code to paste.
  public var code: String

  public init(_ motion: ApproachMotion, tolerance_pt: Double? = nil) {
    let tolerance_pt = tolerance_pt ?? motion.cssTolerance
    let name = Self.className(motion.itemID)
    let angle = motion.quantity == .angle
    let within = "within \(ExportText.short(tolerance_pt))\(motion.quantity.unit)"
    // Along one line the item may still stray a little across it: the easing keeps the rest
    // of the tolerance along the line, so the 2-D error stays within it.
    let across = motion.isPlanar ? 0 : min(motion.maxAcross_pt, tolerance_pt)
    let easing = CSSLinearEasing(
      motion, tolerance_pt: (tolerance_pt * tolerance_pt - across * across).squareRoot())
    self.easing = easing
    if motion.isPlanar || motion.startsAtTarget {
      // A 2-D path, or a motion that starts at its target (a `linear()` easing is a fraction of
      // a distance, and there is none): keyframes of the offset itself.
      let keyframes = CSSKeyframes(motion, tolerance_pt: tolerance_pt)
      self.keyframes = keyframes
      let error = FitError(motion) { keyframes.offset(at: motion.t_s[$0]) }
      self.error = error
      code = """
        /* CSS: \(motion.label) of "\(motion.itemID)", \(ExportText.simulated(motion))\(motion.isPlanar ? " in 2-D" : "") as \
        \(keyframes.keyframes.count) keyframes \(within)
           (\(ExportText.errorSummary(error, motion: motion))).
           The animation moves the element along the item's path from \(ExportText.pair(motion.startOffset_pt)) pt \
        off the target to the target, at (\(ExportText.coordinate(motion.target.point_pt.x)), \
        \(ExportText.coordinate(motion.target.point_pt.y))): place it there. */
        \(keyframes.rule(name: name + "-approach"))
        .\(name) {
          animation: \(name)-approach \(keyframes.durationText)s linear;
        }
        """
      return
    }
    keyframes = nil
    let error = FitError(motion) {
      motion.travel_pt * (1 - easing.progress(at: motion.t_s[$0]))
    }
    self.error = error
    let duration = easing.durationText
    let moves = angle ? "turns" : "moves"
    let property = angle ? "rotate" : "translate"
    let rim =
      angle ? " (\(ExportText.short(tolerance_pt * motion.pointsPerUnit)) pt at the rim)" : ""
    code = """
      /* CSS: \(motion.label) of "\(motion.itemID)", \(ExportText.simulated(motion)) as \(easing.stops.count) \
      linear() stops \(within)\(rim)
         (\(ExportText.errorSummary(error, motion: motion))).
         The transition \(moves) the element from \(ExportText.release(motion)) to the target. */
      .\(name) {
        transition: \(property) \(duration)s \(easing.css);
      }
      """
  }

  /// The duration the code uses (s): the keyframes' for a 2-D approach, else the easing's.
  public var duration_s: Double { keyframes?.duration_s ?? easing.duration_s }

  /// How many stops (keyframes for a 2-D approach) the code uses.
  public var stopCount: Int { keyframes?.keyframes.count ?? easing.stops.count }

  /// The element's offset from the target the code gives at `t_s` (pt, screen axes), for a
  /// motion along `motion`'s line or in 2-D.
  public func offset(at t_s: Double, motion: ApproachMotion) -> Point {
    if let keyframes { return keyframes.offset(at: t_s) }
    let along = motion.travel_pt * (1 - easing.progress(at: t_s))
    return Point(along * motion.direction.x, along * motion.direction.y)
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
