import FeelScene

extension ExportReport {
  /// The contract for scripts (docs/export.md, "JSON"): one object per requested target, with
  /// the keys and FeelLab's documented additions (`ExportTarget.jsonKeys`), nothing
  /// else.
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
    let n = ExportNumber.json
    func errors(_ e: FitError, rms: Bool) -> [(String, String)] {
      (rms ? [("rms_error_pt", n(e.rms_pt))] : []) + [
        ("max_error_pct", n(e.maxPercentOfTravel)), ("worst_t_s", n(e.worst_t_s)),
      ]
    }
    func matches(_ e: FitError) -> (String, String) {
      (
        "single_spring_matches",
        e.singleSpringMatches(travel_pt: motion?.travel_pt ?? 0) ? "true" : "false"
      )
    }
    switch target {
    case .swiftui:
      guard let s = swiftui else { return [] }
      return [
        ("response", n(s.response_s)), ("dampingRatio", n(s.dampingRatio)),
        ("duration", n(s.duration_s)), ("bounce", n(s.bounce)),
        ("max_error_pt", n(s.error.max_pt)), ("rms_error_pt", n(s.error.rms_pt)),
        ("initialVelocity", n(s.initialVelocity)),
      ] + errors(s.error, rms: false) + [matches(s.error)]
    case .caspring:
      guard let c = caspring else { return [] }
      return [
        ("mass", n(c.mass)), ("stiffness", n(c.stiffness)), ("damping", n(c.damping)),
        ("initialVelocity", n(c.initialVelocity)), ("settlingDuration", n(c.settlingDuration_s)),
        ("max_error_pt", n(c.error.max_pt)),
      ] + errors(c.error, rms: true) + [matches(c.error)]
    case .compose:
      guard let c = compose else { return [] }
      return [
        ("dampingRatio", n(c.dampingRatio)), ("stiffness", n(c.stiffness)),
        ("max_error_pt", n(c.error.max_pt)), ("initialVelocity", n(c.initialVelocity_pt_s)),
      ] + errors(c.error, rms: true) + [matches(c.error)]
    case .css:
      guard let c = css else { return [] }
      return [
        ("duration_s", n(c.easing.duration_s)), ("linear", QuotedString.quoted(c.easing.css)),
        ("max_error_pt", n(c.error.max_pt)),
      ] + errors(c.error, rms: true) + [("stops", String(c.easing.stops.count))]
    case .uikit:
      return [("code", QuotedString.quoted(uikit ?? ""))]
    }
  }
}
