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
    if let planar { return planarOverlay(motion, planar) }
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
      if c.keyframes != nil {
        // an approach that starts at its target: its keyframes, along the line
        let u = motion.direction
        models.append { i in
          let o = c.offset(at: motion.t_s[i], motion: motion)
          return o.x * u.x + o.y * u.y
        }
      } else {
        models.append { motion.travel_pt * (1 - c.easing.progress(at: motion.t_s[$0])) }
      }
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

  /// A 2-D approach's overlay: each target's displacement along the release line, then across
  /// it (`TARGET_across_pt`), from its 2-D animation.
  private func planarOverlay(_ motion: ApproachMotion, _ planar: PlanarSpringFit) -> Overlay {
    var names: [String] = []
    var models: [(Int) -> Point] = []
    if let s = swiftui {
      let axes = ExportAxes(planar, motion: motion)
      let spring = DampedSpring(
        omega_rad_s: SpringConversions.omega_rad_s(response_s: s.response_s),
        dampingRatio: s.dampingRatio)
      names.append("swiftui")
      models.append { axes.model(spring, at: motion.t_s[$0]) }
    }
    if let c = caspring {
      let axes = ExportAxes(planar, motion: motion)
      let spring = SpringConversions.spring(
        mass: c.mass, stiffness: c.stiffness, damping: c.damping)
      names.append("caspring")
      models.append { axes.model(spring, at: motion.t_s[$0]) }
    }
    if let c = compose, let vx = c.initialVelocityX_pt_s, let vy = c.initialVelocityY_pt_s {
      let spring = DampedSpring(
        omega_rad_s: SpringConversions.omega_rad_s(composeStiffness: c.stiffness),
        dampingRatio: c.dampingRatio)
      names.append("compose")
      models.append { i in
        Point(
          spring.displacement(at: motion.t_s[i], x0_pt: planar.x0_pt.x, v0_pt_s: vx),
          spring.displacement(at: motion.t_s[i], x0_pt: planar.x0_pt.y, v0_pt_s: vy))
      }
    }
    if let c = css {
      names.append("css")
      models.append { c.offset(at: motion.t_s[$0], motion: motion) }
    }
    let u = motion.direction
    let columns =
      ["t_s", "scene_t_s", "uikit_pt", "uikit_across_pt"] + names.map { $0 + "_pt" }
      + names.map { $0 + "_across_pt" }
    let rows = (0..<motion.count).map { i in
      let offsets = models.map { $0(i) }
      return [
        motion.t_s[i], motion.startTime_s + motion.t_s[i], motion.along_pt[i],
        motion.across_pt[i],
      ]
        + offsets.map { $0.x * u.x + $0.y * u.y } + offsets.map { -$0.x * u.y + $0.y * u.x }
    }
    return Overlay(columns: columns, rows: rows)
  }

  /// The overlay as CSV: a `#` comment naming the approach, a header, one row per frame.
  public var overlayCSV: String? {
    guard let overlay, let motion else { return nil }
    var lines = [
      "# feel export: \(motion.label) of \"\(motion.itemID)\", \(ExportText.release(motion)); "
        + (motion.quantity == .angle
          ? "the angle from the target along the rim (pt, rim radius "
            + "\(ExportText.short(motion.rimRadius_pt ?? 0)) pt), then in degrees (_deg)"
          : "displacement from the target along the release line (pt)"
            + (planar == nil ? "" : ", then each 2-D animation's across it (_across_pt)")),
      overlay.columns.joined(separator: ","),
    ]
    for row in overlay.rows { lines.append(row.map(TrajectoryCSV.number).joined(separator: ",")) }
    return lines.joined(separator: "\n") + "\n"
  }
}
