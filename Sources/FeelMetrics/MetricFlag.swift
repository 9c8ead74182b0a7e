/// Why a metric has no value. A run never yields a made-up number: the cell stays empty and
/// the flag says why. One flag is a note instead: `rest-target` says how the target metrics
/// were measured. Flags are listed in this order (declaration order) in a `flags` column.
public enum MetricFlag: String, CaseIterable, Sendable, Hashable, Comparable {
  /// The measured item has no target: no snap behavior acts on it, none was given, and it never
  /// came to rest (the animator never paused for good), so there is no rest pose to measure
  /// against either.
  case noTarget = "no-target"
  /// A note, not a reason: no snap behavior acts on the item and no target was given, so the
  /// target metrics are measured against the pose where it came to rest (its centre once the
  /// animator paused for good).
  case restTarget = "rest-target"
  /// The snap behavior never entered the animator (for a tap hint: no contact swap).
  case noSnap = "no-snap"
  /// The centre starts the snap phase exactly on the target: there is no release direction.
  case noRelease = "no-release"
  /// The centre is still farther than the settle band from the target at the end of the run.
  case unsettled = "unsettled"
  /// The item never touched a boundary within the scene's duration.
  case untouched = "untouched"
  /// No push acts on the item (at t = 0, or added by a rule in a touch-driven scene): there is
  /// no tap hint, so no hop to measure and no hint to time.
  case noPush = "no-push"
  /// No contact, and the excursion was still growing on the last frame: the hop has no peak yet.
  case hopUnfinished = "hop-unfinished"
  /// The animator was still running at the end of the run: it never paused.
  case running = "running"
  /// The measured touch began no drag within the run (or the scene has no touch).
  case noDrag = "no-drag"
  /// The drag began but its touch had not lifted by the end of the run.
  case dragUnfinished = "drag-unfinished"
  /// No commit time was given (`commit_after` in a `[measure]` table, `--commit-after`).
  case noCommitRule = "no-commit-rule"
  /// No detent acts on the measured item: there are no labels to count.
  case noLabels = "no-labels"
  /// The item still turned faster than the still speed in the run's last frame.
  case stillTurning = "still-turning"
  /// Without a detent, the item had not come to rest by the end of the run: its rest angle
  /// is not known.
  case restUnknown = "rest-unknown"
  /// The run with the detent never engaging had not come to rest by its end: where the flick
  /// aimed is not known.
  case aimUnknown = "aim-unknown"
  /// In the snap phase the centre never came within the settle band of the target and never
  /// passed its closest approach (it was still closing in at the end): there is no excursion
  /// past the target yet.
  case noArrival = "no-arrival"
  /// Nothing turns the measured item by design (no rotate drag, `inertia` or `detent` acts on
  /// it, no item behavior sets its `angular_resistance`, it starts with no angular velocity):
  /// a tile or a bar has no coast, so the rotation metrics do not apply.
  case noTurn = "no-turn"
  /// The run measures no items' lags: `[measure] items` is empty, or absent and the scene has
  /// no scroll behavior.
  case noList = "no-list"

  /// What the flag means, for the CSV header, docs/metrics.md and `feel metrics`.
  public var explanation: String {
    switch self {
    case .noTarget:
      "no target: no snap behavior acts on the item, none was given, and it never came to rest"
    case .restTarget:
      "no snap or given target: measured against where the item came to rest (the animator "
        + "paused)"
    case .noSnap: "the snap behavior never entered the animator (no contact swap)"
    case .noRelease: "the snap phase starts exactly on the target: no release direction"
    case .unsettled: "still outside the settle band at the end of the run"
    case .untouched: "never touched a boundary within the scene's duration"
    case .noPush: "no push acts on the item: there is no tap hint (no hop)"
    case .hopUnfinished: "no contact and still moving away at the end: the hop has no peak"
    case .running: "the animator never paused within the scene's duration"
    case .noDrag: "no drag of the measured touch within the scene's duration"
    case .dragUnfinished: "the drag had not ended by the end of the scene"
    case .noCommitRule: "no commit time given (commit_after in [measure])"
    case .noLabels: "no detent acts on the item: no labels"
    case .stillTurning: "still turning faster than 30 deg/s in the last frame"
    case .restUnknown: "no detent and still moving at the end: the rest angle is not known"
    case .aimUnknown: "without the detent the item had not stopped by the end: no aim"
    case .noArrival:
      "never came within the settle band of the target nor passed its closest approach"
    case .noTurn:
      "no coast: nothing turns the item by design (no rotate drag, inertia, detent, "
        + "angular resistance or spin)"
    case .noList: "no measured items: [measure] items empty, or none and no scroll behavior"
    }
  }

  public static func < (a: MetricFlag, b: MetricFlag) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}

extension Metric {
  /// The flags that can come with this metric: those that can leave it empty (none: it always
  /// has a value), and the note `rest-target` for the metrics measured against a target.
  public var possibleFlags: [MetricFlag] {
    switch self {
    case .overshoot_pt, .overshoot_pct, .oscillations, .deviation_pt:
      [.noTarget, .restTarget, .noSnap, .noRelease]
    case .excursion_pt: [.noTarget, .restTarget, .noSnap, .noArrival]
    case .settleTime_s, .settleFrames: [.noTarget, .restTarget, .noSnap, .unsettled]
    case .pauseTime_s: [.running]
    case .hop_pt, .hopTime_s: [.noPush, .hopUnfinished]
    case .contactTime_s: [.untouched]
    case .hintTotal_s: [.noTarget, .restTarget, .noSnap, .unsettled, .untouched, .noPush]
    case .peakSpeed_pt_s, .maxRotation_rad, .travel_pt, .touched: []
    case .endX_pt, .endY_pt, .endField: []
    // A corpus experiment refuses a corpus without the traces a rate divides by.
    case .tapAsDragRate, .dragAsTapRate, .holdMissedRate, .falseHoldRate, .misreadRate,
      .tapAsDragCount, .dragAsTapCount, .holdMissedCount, .falseHoldCount, .misreadCount:
      []
    case .releaseVelocity_pt_s, .dragDuration_s: [.noDrag, .dragUnfinished]
    case .committed: [.noDrag, .dragUnfinished, .noCommitRule]
    case .releaseOmega_deg_s, .coastAngle_deg, .coasts: [.dragUnfinished, .noTurn]
    case .stillTime_s: [.dragUnfinished, .stillTurning, .noTurn]
    case .angleSettleTime_s: [.dragUnfinished, .restUnknown, .unsettled, .noTurn]
    case .overshoot_deg: [.dragUnfinished, .restUnknown, .noTurn]
    case .labelsPassed, .landedLabel: [.noLabels, .dragUnfinished, .noTurn]
    case .aimedLabel, .labelMiss: [.noLabels, .dragUnfinished, .aimUnknown, .noTurn]
    case .rimPerLabel_pt: [.noLabels, .noTurn]
    // A rotary experiment refuses a corpus without the traces a rate divides by.
    case .tapAsTurnRate, .turnAsTapRate, .turnLostRate, .rotaryMisreadRate, .tapAsTurnCount,
      .turnAsTapCount, .turnLostCount, .rotaryMisreadCount:
      []
    case .turnError_deg: [.noDrag]
    case .maxLag_pt, .spread_pt: [.noList]
    }
  }

  /// `possibleFlags` in a run that measures a list or not (`MeasurePlan.measuresList`): with
  /// one, the list writes the lags (always) and the settle metrics (empty only `unsettled`).
  public func possibleFlags(measuringList: Bool) -> [MetricFlag] {
    guard measuringList else { return possibleFlags }
    switch self {
    case .maxLag_pt, .spread_pt: return []
    case .settleTime_s, .settleFrames: return [.unsettled]
    default: return possibleFlags
    }
  }
}
