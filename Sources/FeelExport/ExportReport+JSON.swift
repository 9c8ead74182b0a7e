import FeelScene

extension ExportReport {
  /// The contract for scripts (docs/export.md, "JSON"): one object per requested target, with
  /// the keys and FeelLab's documented additions (`ExportTarget.jsonKeys`), nothing
  /// else. For a detent's angle the contract's `_pt` keys keep their names and give the error
  /// along the rim (pt), and each has a `_deg` twin in degrees, plus `rim_radius_pt`.
  public var json: String {
    var objects: [String] = []
    for target in targets {
      let fields = self.fields(target)
      let body = fields.map { "    \(QuotedString.quoted($0.key)): \($0.value)" }
        .joined(separator: ",\n")
      objects.append("  \(QuotedString.quoted(target.rawValue)): {\n\(body)\n  }")
    }
    return "{\n" + objects.joined(separator: ",\n") + "\n}\n"
  }

  /// The JSON fields of `target`, in contract order then additions, values as JSON text.
  func fields(_ target: ExportTarget) -> [(key: String, value: String)] {
    guard let motion, motion.quantity != .position else {
      return contractFields(target, pointsPerUnit: 1)
    }
    // An angle: the contract's `_pt` values along the rim, then their `_deg` twins.
    let rim = contractFields(target, pointsPerUnit: motion.pointsPerUnit)
    let twins = contractFields(target, pointsPerUnit: 1).filter { $0.key.hasSuffix("_pt") }
      .map { (key: motion.quantity.key($0.key), value: $0.value) }
    guard !twins.isEmpty, let r = motion.rimRadius_pt else { return rim }
    return rim + twins + [("rim_radius_pt", ExportNumber.json(r))]
  }

  /// The fields with the contract's names; every `_pt` value is the motion's (its unit)
  /// times `pointsPerUnit`.
  private func contractFields(
    _ target: ExportTarget, pointsPerUnit k: Double
  ) -> [(key: String, value: String)] {
    let n = ExportNumber.json
    func p(_ value: Double) -> String { n(value * k) }
    func errors(_ e: FitError, rms: Bool) -> [(String, String)] {
      (rms ? [("rms_error_pt", p(e.rms_pt))] : []) + [
        ("max_error_pct", n(e.maxPercentOfTravel)), ("worst_t_s", n(e.worst_t_s)),
      ]
    }
    func matches(_ e: FitError) -> (String, String) {
      let ok = e.singleSpringMatches(
        travel_pt: motion?.travel_pt ?? 0,
        visible: motion?.visibleMotion ?? ExportDefaults.visibleMotion_pt)
      return ("single_spring_matches", ok ? "true" : "false")
    }
    switch target {
    case .swiftui:
      guard let s = swiftui else { return [] }
      return [
        ("response", n(s.response_s)), ("dampingRatio", n(s.dampingRatio)),
        ("duration", n(s.duration_s)), ("bounce", n(s.bounce)),
        ("max_error_pt", p(s.error.max_pt)), ("rms_error_pt", p(s.error.rms_pt)),
        ("initialVelocity", n(s.initialVelocity)),
      ] + errors(s.error, rms: false) + [matches(s.error)]
    case .caspring:
      guard let c = caspring else { return [] }
      return [
        ("mass", n(c.mass)), ("stiffness", n(c.stiffness)), ("damping", n(c.damping)),
        ("initialVelocity", n(c.initialVelocity)), ("settlingDuration", n(c.settlingDuration_s)),
        ("max_error_pt", p(c.error.max_pt)),
      ] + errors(c.error, rms: true) + [matches(c.error)]
    case .compose:
      guard let c = compose else { return [] }
      return [
        ("dampingRatio", n(c.dampingRatio)), ("stiffness", n(c.stiffness)),
        ("max_error_pt", p(c.error.max_pt)), ("initialVelocity", n(c.initialVelocity_pt_s)),
      ] + errors(c.error, rms: true) + [matches(c.error)]
    case .css:
      guard let c = css else { return [] }
      return [
        ("duration_s", n(c.easing.duration_s)), ("linear", QuotedString.quoted(c.easing.css)),
        ("max_error_pt", p(c.error.max_pt)),
      ] + errors(c.error, rms: true) + [("stops", String(c.easing.stops.count))]
    case .uikit:
      return [("code", QuotedString.quoted(uikit ?? ""))]
    }
  }
}
