import FeelScene

extension ExportReport {
  /// The report for people: the approach, the best spring and whether one spring can match,
  /// then for each target its code to paste and its errors.
  public func text(sceneFile: String) -> String {
    var lines: [String] = []
    if let motion, let fit, let fitError {
      let t = ExportText.short
      lines.append(
        "feel export: \(motion.label) of \"\(motion.itemID)\" in \(sceneFile)")
      lines.append(
        "  from frame \(motion.startFrame) (t = \(t(motion.startTime_s)) s): "
          + "\(ExportText.release(motion)) (\(motion.target.how)); \(motion.count) frames at "
          + "\(ExportNumber.plain(motion.frameRate_hz)) Hz")
      let q = motion.quantity
      let u = q.unit
      let along = q == .angle ? "" : " along the line"
      lines.append(
        "  best spring: f = \(t(fit.spring.frequency_hz)) Hz (ω = \(t(fit.spring.omega_rad_s)) "
          + "rad/s), ζ = \(t(fit.spring.dampingRatio)), initial velocity "
          + "\(t(fit.v0_pt_s))\(u)/s\(along)")
      lines.append("  its error: \(ExportText.errorSummary(fitError, motion: motion))")
      let limit = max(
        ExportDefaults.cannotMatchFraction * abs(motion.travel_pt), motion.visibleMotion)
      if singleSpringMatches == true {
        lines.append(
          "  a single spring matches this motion (max error within \(t(limit))\(u): 2 % of the "
            + "travel or \(motion.visibleMotionWords))")
      } else {
        lines.append(
          "  A SINGLE SPRING CANNOT MATCH this motion: its max error \(t(fitError.max_pt))\(u) "
            + "is above \(t(limit))\(u) (2 % of the travel and \(motion.visibleMotionWords)); the "
            + "springs below are the closest, the CSS linear() easing follows it within "
            + "\(t(motion.cssTolerance))\(u)")
      }
      if let s = steppedAttachment {
        lines.append(
          "  Box2D's sub-step makes the \(t(s.declared.frequency_hz)) Hz, ζ "
            + "\(t(s.declared.dampingRatio)) attachment (resistance \(t(s.resistance_per_s))/s) "
            + "move like f = \(ExportNumber.rounded(s.stepped.frequency_hz).text) Hz, ζ = "
            + "\(ExportNumber.rounded(s.stepped.dampingRatio).text)")
      }
    }
    func section(_ target: ExportTarget, _ code: String, _ error: FitError?) {
      lines.append("")
      lines.append("== \(target.rawValue) ==")
      lines.append(code.hasSuffix("\n") ? String(code.dropLast()) : code)
      if let error, let motion {
        lines.append("-- error: \(ExportText.errorSummary(error, motion: motion))")
      }
    }
    if let s = swiftui { section(.swiftui, s.code, s.error) }
    if let c = caspring { section(.caspring, c.code, c.error) }
    if let c = compose { section(.compose, c.code, c.error) }
    if let c = css { section(.css, c.code, c.error) }
    if let u = uikit { section(.uikit, u, nil) }
    return lines.joined(separator: "\n") + "\n"
  }
}
