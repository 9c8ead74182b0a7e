extension Metric {
  /// The metric's name as charts and the notebook print it, without its unit (`overshoot`,
  /// `settle time`); `labelWithUnit` adds the unit (`overshoot (pt)`). docs/metrics.md's table
  /// gives each label beside the column name.
  public var label: String {
    switch self {
    case .overshoot_pt: "overshoot"
    case .overshoot_pct: "overshoot"
    case .oscillations: "oscillations"
    case .excursion_pt: "excursion past the target"
    case .deviation_pt: "sideways swing"
    case .settleTime_s: "settle time"
    case .settleFrames: "settle time"
    case .pauseTime_s: "pause time"
    case .peakSpeed_pt_s: "peak speed"
    case .maxRotation_rad: "largest rotation"
    case .travel_pt: "travel"
    case .endX_pt: "end x"
    case .endY_pt: "end y"
    case .endField: "end field"
    case .hop_pt: "hop"
    case .hopTime_s: "hop time"
    case .contactTime_s: "first contact"
    case .touched: "touched"
    case .hintTotal_s: "tap hint, tap to settled"
    case .releaseVelocity_pt_s: "release speed"
    case .dragDuration_s: "drag duration"
    case .committed: "committed"
    case .tapAsDragRate: "taps read as drags"
    case .dragAsTapRate: "drags read as taps"
    case .holdMissedRate: "holds missed"
    case .falseHoldRate: "false holds"
    case .misreadRate: "misread"
    case .tapAsDragCount: "taps read as drags"
    case .dragAsTapCount: "drags read as taps"
    case .holdMissedCount: "holds missed"
    case .falseHoldCount: "false holds"
    case .misreadCount: "misread"
    case .releaseOmega_deg_s: "release spin"
    case .coastAngle_deg: "coast angle"
    case .coasts: "coasts"
    case .stillTime_s: "still after"
    case .angleSettleTime_s: "angle settle time"
    case .overshoot_deg: "angular overshoot"
    case .labelsPassed: "labels passed"
    case .landedLabel: "landed label"
    case .aimedLabel: "aimed label"
    case .labelMiss: "label miss"
    case .rimPerLabel_pt: "rim per label"
    case .tapAsTurnRate: "taps read as turns"
    case .turnAsTapRate: "turns read as taps"
    case .turnLostRate: "turns lost"
    case .rotaryMisreadRate: "misread (rotary)"
    case .tapAsTurnCount: "taps read as turns"
    case .turnAsTapCount: "turns read as taps"
    case .turnLostCount: "turns lost"
    case .rotaryMisreadCount: "misread (rotary)"
    case .turnError_deg: "turn error"
    }
  }

  /// `label (unit)`: `overshoot (pt)`, `settle time (s)`, `oscillations (crossings)`.
  public var labelWithUnit: String { "\(label) (\(unit))" }
}
