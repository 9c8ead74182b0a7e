import FeelCore
import FeelScene

extension ExportReport {
  /// The contract for scripts (docs/export.md, "JSON"): one object per requested target, with
  /// the keys and FeelLab's documented additions (`ExportTarget.jsonKeys`), nothing
  /// else. For a detent's angle the contract's `_pt` keys keep their names and give the error
  /// along the rim (pt), and each has a `_deg` twin in degrees, plus `rim_radius_pt`.
  public var json: String { JSONWriter().line(document) }

  /// The contract's value, which `json` writes: feel-serve's `/api/export` writes it inside its
  /// answer with the same writer.
  public var document: JSONMembers<JSONMembers<JSONTree>> {
    JSONMembers(targets.map { ($0.rawValue, JSONMembers(fields($0))) })
  }

  /// The JSON fields of `target`, in contract order then additions.
  func fields(_ target: ExportTarget) -> [(key: String, value: JSONTree)] {
    guard let motion, motion.quantity != .position else {
      return contractFields(target, pointsPerUnit: 1)
    }
    // An angle: the contract's `_pt` values along the rim, then their `_deg` twins.
    let rim = contractFields(target, pointsPerUnit: motion.pointsPerUnit)
    let twins = contractFields(target, pointsPerUnit: 1).filter { $0.key.hasSuffix("_pt") }
      .map { (key: motion.quantity.key($0.key), value: $0.value) }
    guard !twins.isEmpty, let r = motion.rimRadius_pt else { return rim }
    return rim + twins + [("rim_radius_pt", Self.n(r))]
  }

  /// The fields with the contract's names; every `_pt` value is the motion's (its unit)
  /// times `pointsPerUnit`.
  private func contractFields(
    _ target: ExportTarget, pointsPerUnit k: Double
  ) -> [(key: String, value: JSONTree)] {
    let n = Self.n
    func p(_ value: Double) -> JSONTree { n(value * k) }
    func errors(_ e: FitError, rms: Bool) -> [(String, JSONTree)] {
      (rms ? [("rms_error_pt", p(e.rms_pt))] : []) + [
        ("max_error_pct", n(e.maxPercentOfTravel)), ("worst_t_s", n(e.worst_t_s)),
      ]
    }
    func matches(_ e: FitError) -> (String, JSONTree) {
      let ok = e.singleSpringMatches(
        travel_pt: motion?.scale_pt ?? 0,
        visible: motion?.visibleMotion ?? ExportDefaults.visibleMotion_pt)
      return ("single_spring_matches", .bool(ok))
    }
    // How the springs start: fixed to the release velocity or fitted, and per axis for a 2-D
    // approach (`null` for an axis that does not travel).
    let fixed = ("velocity_fixed", JSONTree.bool(fit?.velocityFixed == true))
    func axes(_ x: Double?, _ y: Double?) -> [(String, JSONTree)] {
      guard planar != nil else { return [] }
      return [
        ("initialVelocity_x", x.map(n) ?? .null), ("initialVelocity_y", y.map(n) ?? .null),
      ]
    }
    switch target {
    case .swiftui:
      guard let s = swiftui else { return [] }
      return [
        ("response", n(s.response_s)), ("dampingRatio", n(s.dampingRatio)),
        ("duration", n(s.duration_s)), ("bounce", n(s.bounce)),
        ("max_error_pt", p(s.error.max_pt)), ("rms_error_pt", p(s.error.rms_pt)),
        ("initialVelocity", n(s.initialVelocity)),
      ] + errors(s.error, rms: false) + [matches(s.error), fixed]
        + axes(s.initialVelocityX, s.initialVelocityY)
    case .caspring:
      guard let c = caspring else { return [] }
      return [
        ("mass", n(c.mass)), ("stiffness", n(c.stiffness)), ("damping", n(c.damping)),
        ("initialVelocity", n(c.initialVelocity)), ("settlingDuration", n(c.settlingDuration_s)),
        ("max_error_pt", p(c.error.max_pt)),
      ] + errors(c.error, rms: true) + [matches(c.error), fixed]
        + axes(c.initialVelocityX, c.initialVelocityY)
    case .compose:
      guard let c = compose else { return [] }
      return [
        ("dampingRatio", n(c.dampingRatio)), ("stiffness", n(c.stiffness)),
        ("max_error_pt", p(c.error.max_pt)), ("initialVelocity", n(c.initialVelocity_pt_s)),
      ] + errors(c.error, rms: true) + [matches(c.error), fixed]
        + axes(c.initialVelocityX_pt_s, c.initialVelocityY_pt_s)
    case .css:
      guard let c = css else { return [] }
      // A 2-D approach's keyframes are replayed linearly: its easing is `linear`.
      let linear = c.keyframes == nil ? c.easing.css : "linear"
      return [
        ("duration_s", n(c.duration_s)), ("linear", .string(linear)),
        ("max_error_pt", p(c.error.max_pt)),
      ] + errors(c.error, rms: true) + [("stops", .int(c.stopCount))]
        + (c.keyframes.map {
          [
            (
              "keyframes",
              .string(
                $0.rule(name: CSSLinearExport.className(motion?.itemID ?? "") + "-approach"))
            )
          ]
        } ?? [])
    case .uikit:
      return [("code", .string(uikit ?? ""))]
    }
  }

  /// An exported number: the shortest form of the double (the constants are rounded already).
  private static func n(_ x: Double) -> JSONTree { .number(.shortest(x)) }
}
