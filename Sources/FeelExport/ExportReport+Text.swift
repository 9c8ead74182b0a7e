import FeelScene

extension ExportReport {
  /// The report for people: the approach, the best spring and whether one spring can match,
  /// then for each target its code to paste and its errors.
  public func text(sceneFile: String) -> String {
    var lines: [String] = []
    if let motion {
      lines.append("feel export: \(motion.label) of \"\(motion.itemID)\" in \(sceneFile)")
    }
    lines += summaryLines
    for target in targets {
      guard let section = section(target) else { continue }
      lines.append("")
      lines.append("== \(target.rawValue) ==")
      lines.append(section.code)
      if let error = section.error { lines.append("-- error: \(error)") }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The report's lines after its first (which names the scene file): the approach, the best
  /// spring and its error, whether one spring can match, and the stepped attachment (none
  /// when only `uikit` was asked for). The notebook's export panel shows them.
  public var summaryLines: [String] {
    var lines: [String] = []
    if let motion, let fit, let fitError {
      let t = ExportText.short
      lines.append(
        "  from frame \(motion.startFrame) (t = \(t(motion.startTime_s)) s): "
          + "\(ExportText.release(motion)) (\(motion.target.how)); \(motion.count) frames at "
          + "\(ExportNumber.plain(motion.frameRate_hz)) Hz")
      let q = motion.quantity
      let u = q.unit
      let along = q == .angle ? "" : " along the line"
      let velocity =
        planar.map { "\(ExportText.pair($0.v0_pt_s)) pt/s (x, y)" }
        ?? "\(t(fit.v0_pt_s))\(u)/s\(along)"
      lines.append(
        "  best spring: f = \(t(fit.spring.frequency_hz)) Hz (ω = \(t(fit.spring.omega_rad_s)) "
          + "rad/s), ζ = \(t(fit.spring.dampingRatio)), initial velocity \(velocity)"
          + (fit.velocityFixed ? " (the release velocity, fixed)" : ""))
      lines.append("  its error: \(ExportText.errorSummary(fitError, motion: motion))")
      let limit = max(ExportDefaults.cannotMatchFraction * motion.scale_pt, motion.visibleMotion)
      // CSS follows a motion along one line with a linear() easing, else with keyframes
      let linearEasing = planar == nil && !motion.startsAtTarget
      if singleSpringMatches == true {
        lines.append(
          "  a single spring matches this motion (max error within \(t(limit))\(u): 2 % of the "
            + "\(motion.scaleWord) or \(motion.visibleMotionWords))")
      } else {
        lines.append(
          "  A SINGLE SPRING CANNOT MATCH this motion: its max error \(t(fitError.max_pt))\(u) "
            + "is above \(t(limit))\(u) (2 % of the \(motion.scaleWord) and \(motion.visibleMotionWords)); the "
            + "springs below are the closest, the CSS "
            + (linearEasing ? "linear() easing" : "keyframes") + " follow"
            + (linearEasing ? "s" : "") + " it within \(t(motion.cssTolerance))\(u)")
      }
      if planar != nil {
        lines.append(
          "  a 2-D approach: the path leaves the release line by up to "
            + "\(t(motion.maxAcross_pt)) pt, so every target animates x and y (one spring for "
            + "both axes, CSS keyframes of the path) and every error is the 2-D path's")
      }
      if let line = releaseLine(motion, fit: fit) { lines.append(line) }
      if let s = steppedAttachment {
        lines.append(
          "  Box2D's sub-step makes the \(t(s.declared.frequency_hz)) Hz, ζ "
            + "\(t(s.declared.dampingRatio)) attachment (resistance \(t(s.resistance_per_s))/s) "
            + "move like f = \(ExportNumber.rounded(s.stepped.frequency_hz).text) Hz, ζ = "
            + "\(ExportNumber.rounded(s.stepped.dampingRatio).text)")
      }
    }
    return lines
  }

  /// How each target takes the gesture's velocity, for an approach that starts at a release:
  /// SwiftUI's and Core Animation's relative initial velocity (per axis for a 2-D approach),
  /// Compose's in the value's units per second.
  func releaseLine(_ motion: ApproachMotion, fit: SpringFit) -> String? {
    guard let v = motion.releaseVelocity_pt_s else { return nil }
    let relative: String
    let compose: String
    if let planar {
      let axes = ExportAxes(planar, motion: motion)
      relative =
        axes.both.map { "\($0.name) \($0.relative?.text ?? "— (no distance)")" }
        .joined(separator: ", ") + " travels/s, per axis"
      compose = "Offset(\(ExportText.short(v.x)), \(ExportText.short(v.y)))"
    } else if motion.startsAtTarget {
      relative = "none (it starts at the target: no distance left)"
      compose = "\(ExportText.short(fit.v0_pt_s)) (along the line)"
    } else {
      let r = fit.relativeVelocity(motion)
      relative =
        "\(r.text) travels/s (\(ExportText.short(-fit.v0_pt_s)) pt/s towards the target "
        + "over \(ExportText.short(fit.x0_pt)) pt)"
      compose = "\(ExportText.short(fit.v0_pt_s)) (along the line)"
    }
    return "  at the release: \"\(motion.itemID)\"'s velocity \(ExportText.pair(v)) pt/s is every "
      + "spring's initial velocity, not fitted; SwiftUI's and Core Animation's initialVelocity "
      + "take it relative to the distance left: \(relative); Compose's initialVelocity takes it in "
      + "the value's units per second: \(compose) pt/s"
  }

  /// One target's section of the report: its code to paste (no final newline) and its error
  /// as the report states it (max and RMS in pt, or in degrees for a detent, % of the travel,
  /// when it is worst; nil for `uikit`); nil when the target was not asked for.
  public func section(_ target: ExportTarget) -> (code: String, error: String?)? {
    func trimmed(_ code: String) -> String {
      code.hasSuffix("\n") ? String(code.dropLast()) : code
    }
    func summary(_ error: FitError) -> String? {
      motion.map { ExportText.errorSummary(error, motion: $0) }
    }
    switch target {
    case .swiftui: return swiftui.map { (trimmed($0.code), summary($0.error)) }
    case .caspring: return caspring.map { (trimmed($0.code), summary($0.error)) }
    case .compose: return compose.map { (trimmed($0.code), summary($0.error)) }
    case .css: return css.map { (trimmed($0.code), summary($0.error)) }
    case .uikit: return uikit.map { (trimmed($0), nil) }
    }
  }
}
