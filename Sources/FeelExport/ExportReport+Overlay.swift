import FeelScene

extension ExportReport {
  /// UIKit's motion and each requested fit at every frame of the approach, for charts: the
  /// displacement from the target along the release line (pt), one column per target. For a
  /// detent's angle the `_pt` columns are the distance along the rim (pt), followed by the
  /// same columns in degrees (`_deg`).
  public struct Overlay: Sendable, Equatable {
    /// Column names: `t_s`, `scene_t_s`, `uikit_pt`, `uikit_across_pt`, then `TARGET_pt`; for
    /// an angle then `uikit_deg`, `uikit_across_deg`, `TARGET_deg`.
    public var columns: [String]
    /// One row per frame, values in column order.
    public var rows: [[Double]]
  }

  /// The overlay of the motion and the fits (nil when no motion was extracted).
  public var overlay: Overlay? {
    guard let motion else { return nil }
    var columns = ["t_s", "scene_t_s", "uikit_pt", "uikit_across_pt"]
    var models: [(Int) -> Double] = []
    if let s = swiftui, let fit {
      let spring = DampedSpring(
        omega_rad_s: SpringConversions.omega_rad_s(response_s: s.response_s),
        dampingRatio: s.dampingRatio)
      let v0 = SpringConversions.v0_pt_s(relativeVelocity: s.initialVelocity, x0_pt: fit.x0_pt)
      columns.append("swiftui_pt")
      models.append { spring.displacement(at: motion.t_s[$0], x0_pt: fit.x0_pt, v0_pt_s: v0) }
    }
    if let c = caspring, let fit {
      let spring = SpringConversions.spring(
        mass: c.mass, stiffness: c.stiffness, damping: c.damping)
      let v0 = SpringConversions.v0_pt_s(relativeVelocity: c.initialVelocity, x0_pt: fit.x0_pt)
      columns.append("caspring_pt")
      models.append { spring.displacement(at: motion.t_s[$0], x0_pt: fit.x0_pt, v0_pt_s: v0) }
    }
    if let c = compose, let fit {
      let spring = DampedSpring(
        omega_rad_s: SpringConversions.omega_rad_s(composeStiffness: c.stiffness),
        dampingRatio: c.dampingRatio)
      columns.append("compose_pt")
      models.append {
        spring.displacement(at: motion.t_s[$0], x0_pt: fit.x0_pt, v0_pt_s: c.initialVelocity_pt_s)
      }
    }
    if let c = css {
      columns.append("css_pt")
      models.append { motion.travel_pt * (1 - c.easing.progress(at: motion.t_s[$0])) }
    }
    let angle = motion.quantity != .position
    let k = motion.pointsPerUnit
    let rows = (0..<motion.count).map { i in
      let values = [motion.along_pt[i], motion.across_pt[i]] + models.map { $0(i) }
      return [motion.t_s[i], motion.startTime_s + motion.t_s[i]] + values.map { $0 * k }
        + (angle ? values : [])
    }
    let twins = angle ? columns.dropFirst(2).map(motion.quantity.key) : []
    return Overlay(columns: columns + twins, rows: rows)
  }

  /// The overlay as CSV: a `#` comment naming the approach, a header, one row per frame.
  public var overlayCSV: String? {
    guard let overlay, let motion else { return nil }
    var lines = [
      "# feel export: \(motion.label) of \"\(motion.itemID)\", \(ExportText.release(motion)); "
        + (motion.quantity == .angle
          ? "the angle from the target along the rim (pt, rim radius "
            + "\(ExportText.short(motion.rimRadius_pt ?? 0)) pt), then in degrees (_deg)"
          : "displacement from the target along the release line (pt)"),
      overlay.columns.joined(separator: ","),
    ]
    for row in overlay.rows { lines.append(row.map(TrajectoryCSV.number).joined(separator: ",")) }
    return lines.joined(separator: "\n") + "\n"
  }
}
