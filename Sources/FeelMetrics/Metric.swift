/// A feel metric: one number a designer reads off a scene run, named with its unit as the CSV
/// column is (`overshoot_pt`). The `definition` is the one docs/metrics.md and the CSV header give.
///
/// The run is sampled at display frames (frame 0 is the scene as written, frame n the state
/// after n frames): every metric is measured at those samples, as the eye sees them. Times are
/// frame times n / frame rate. The *snap phase* starts on the frame the measured snap behavior
/// last enters the animator: frame 0 for a release, the contact swap for a tap hint, the
/// drag-ended rule for a touch-driven drag. The *hint phase* starts when the measured push
/// enters it: frame 0, or the tap's rule in a touch-driven scene. The *drag* is the measured
/// touch's first drag, from its drag-began to its drag-ended event (docs/drags.md). The
/// *corpus* metrics measure no scene: a recognizer experiment reads every trace of a corpus of
/// labelled touches (docs/touches.md, "Recognizer experiment").
/// *coast* (rotation metrics, docs/tempo-dial.md) starts at the lift that ended that drag, at
/// t = 0 in a scene without one; the *labels* are the rest angles of the item's detent.
public enum Metric: String, CaseIterable, Sendable, Hashable {
  case overshoot_pt = "overshoot_pt"
  case overshoot_pct = "overshoot_pct"
  case oscillations = "oscillations"
  case excursion_pt = "excursion_pt"
  case deviation_pt = "deviation_pt"
  case settleTime_s = "settle_time_s"
  case settleFrames = "settle_frames"
  case pauseTime_s = "pause_time_s"
  case peakSpeed_pt_s = "peak_speed_pt_s"
  case maxRotation_rad = "max_rotation_rad"
  case hop_pt = "hop_pt"
  case hopTime_s = "hop_time_s"
  case contactTime_s = "contact_time_s"
  case touched = "touched"
  case hintTotal_s = "hint_total_s"
  case releaseVelocity_pt_s = "release_velocity_pt_s"
  case dragDuration_s = "drag_duration_s"
  case committed = "committed"
  case tapAsDragRate = "tap_as_drag_rate"
  case dragAsTapRate = "drag_as_tap_rate"
  case holdMissedRate = "hold_missed_rate"
  case falseHoldRate = "false_hold_rate"
  case misreadRate = "misread_rate"
  case tapAsDragCount = "tap_as_drag_count"
  case dragAsTapCount = "drag_as_tap_count"
  case holdMissedCount = "hold_missed_count"
  case falseHoldCount = "false_hold_count"
  case misreadCount = "misread_count"
  case releaseOmega_deg_s = "release_omega_deg_s"
  case coastAngle_deg = "coast_angle_deg"
  case coasts = "coasts"
  case stillTime_s = "still_time_s"
  case angleSettleTime_s = "angle_settle_time_s"
  case overshoot_deg = "overshoot_deg"
  case labelsPassed = "labels_passed"
  case landedLabel = "landed_label"
  case aimedLabel = "aimed_label"
  case labelMiss = "label_miss"
  case rimPerLabel_pt = "rim_per_label_pt"
  case tapAsTurnRate = "tap_as_turn_rate"
  case turnAsTapRate = "turn_as_tap_rate"
  case turnLostRate = "turn_lost_rate"
  case rotaryMisreadRate = "rotary_misread_rate"
  case tapAsTurnCount = "tap_as_turn_count"
  case turnAsTapCount = "turn_as_tap_count"
  case turnLostCount = "turn_lost_count"
  case rotaryMisreadCount = "rotary_misread_count"
  case turnError_deg = "turn_error_deg"
  case travel_pt = "travel_pt"
  case endX_pt = "end_x_pt"
  case endY_pt = "end_y_pt"
  case endField = "end_field"
  case maxLag_pt = "max_lag_pt"
  case spread_pt = "spread_pt"

  /// The column name in CSV and JSON (the raw value): the name with its unit.
  public var column: String { rawValue }

  /// The unit as tables print it.
  public var unit: String {
    switch self {
    case .overshoot_pt, .excursion_pt, .deviation_pt, .hop_pt: "pt"
    case .overshoot_pct: "%"
    case .oscillations: "crossings"
    case .settleTime_s, .pauseTime_s, .hopTime_s, .contactTime_s, .hintTotal_s: "s"
    case .settleFrames: "frames"
    case .peakSpeed_pt_s, .releaseVelocity_pt_s: "pt/s"
    case .maxRotation_rad: "rad"
    case .travel_pt, .endX_pt, .endY_pt, .maxLag_pt, .spread_pt: "pt"
    case .endField: "index"
    case .touched, .committed: "0/1"
    case .dragDuration_s: "s"
    case .tapAsDragRate, .dragAsTapRate, .holdMissedRate, .falseHoldRate, .misreadRate: "0–1"
    case .tapAsDragCount, .dragAsTapCount, .holdMissedCount, .falseHoldCount, .misreadCount:
      "traces"
    case .releaseOmega_deg_s: "deg/s"
    case .coastAngle_deg, .overshoot_deg: "deg"
    case .coasts: "0/1"
    case .stillTime_s, .angleSettleTime_s: "s"
    case .labelsPassed, .labelMiss: "labels"
    case .landedLabel, .aimedLabel: "index"
    case .rimPerLabel_pt: "pt"
    case .tapAsTurnRate, .turnAsTapRate, .turnLostRate, .rotaryMisreadRate: "0–1"
    case .tapAsTurnCount, .turnAsTapCount, .turnLostCount, .rotaryMisreadCount: "traces"
    case .turnError_deg: "deg"
    }
  }

  /// Whether the value is a whole number (printed without a decimal point).
  public var isCount: Bool {
    switch self {
    case .oscillations, .settleFrames, .touched, .committed, .coasts, .labelsPassed, .landedLabel,
      .aimedLabel, .labelMiss, .endField:
      true
    case .tapAsDragCount, .dragAsTapCount, .holdMissedCount, .falseHoldCount, .misreadCount:
      true
    case .tapAsTurnCount, .turnAsTapCount, .turnLostCount, .rotaryMisreadCount: true
    default: false
    }
  }

  /// Which part of a run the metric describes.
  public enum Group: String, Sendable {
    /// The snap phase: from the release (or the contact swap) to rest at the target.
    case snap
    /// The whole run.
    case run
    /// The tap hint: the hop before the first contact.
    case hint
    /// The finger: the measured touch's first drag.
    case touch
    /// A corpus of labelled touches read by the recognizer (no scene); the rotary metrics also
    /// track its turning drags about a disc's centre (`[corpus.rotary]`).
    case corpus
    /// The coast of a turning item (a dial): from the lift to rest, in angles and labels.
    case rotation
  }

  public var group: Group {
    switch self {
    case .overshoot_pt, .overshoot_pct, .oscillations, .excursion_pt, .deviation_pt, .settleTime_s,
      .settleFrames:
      .snap
    case .pauseTime_s, .peakSpeed_pt_s, .maxRotation_rad, .travel_pt, .endX_pt, .endY_pt,
      .endField, .maxLag_pt, .spread_pt:
      .run
    case .hop_pt, .hopTime_s, .contactTime_s, .touched, .hintTotal_s: .hint
    case .releaseVelocity_pt_s, .dragDuration_s, .committed: .touch
    case .tapAsDragRate, .dragAsTapRate, .holdMissedRate, .falseHoldRate, .misreadRate,
      .tapAsDragCount, .dragAsTapCount, .holdMissedCount, .falseHoldCount, .misreadCount,
      .tapAsTurnRate, .turnAsTapRate, .turnLostRate, .rotaryMisreadRate, .tapAsTurnCount,
      .turnAsTapCount, .turnLostCount, .rotaryMisreadCount, .turnError_deg:
      .corpus
    case .releaseOmega_deg_s, .coastAngle_deg, .coasts, .stillTime_s, .angleSettleTime_s,
      .overshoot_deg, .labelsPassed, .landedLabel, .aimedLabel, .labelMiss, .rimPerLabel_pt:
      .rotation
    }
  }

  /// Whether the metric needs a target (a snap point or one given).
  public var needsTarget: Bool {
    switch self {
    case .overshoot_pt, .overshoot_pct, .oscillations, .excursion_pt, .deviation_pt,
      .settleTime_s, .settleFrames, .hintTotal_s:
      true
    default: false
    }
  }

  /// Whether the metric reads the measured item's target in a run that measures a list or not:
  /// with a list, `settle_time_s` and `settle_frames` read the list instead.
  public func readsItemTarget(measuringList: Bool) -> Bool {
    needsTarget && subject(measuringList: measuringList) == .item
  }

  /// What of a run a metric reads: a sweep's CSV header names only what its metrics read.
  public enum Subject: Sendable {
    /// The measured item (`[measure] item`), and its target when the metric `needsTarget`.
    case item
    /// The measured items (`[measure] items`, else the scroll's), each from its anchor.
    case list
    /// Neither: the animator, the measured touch, or a corpus.
    case other
  }

  /// What the metric reads in a run that measures a list or not (`MeasurePlan.measuresList`):
  /// with one, `settle_time_s` and `settle_frames` read the list, not the item
  /// (`definition(measuringList:)`).
  public func subject(measuringList: Bool) -> Subject {
    switch self {
    case .settleTime_s, .settleFrames: measuringList ? .list : .item
    case .maxLag_pt, .spread_pt: .list
    case .pauseTime_s: .other
    default:
      switch group {
      case .snap, .run, .hint, .rotation: .item
      case .touch, .corpus: .other
      }
    }
  }

  /// The definition, in the designer's words, with its unit.
  public var definition: String {
    switch self {
    case .overshoot_pt:
      "how far the centre goes past the target, measured along the release direction "
        + "(from the target towards the centre at the start of the snap phase), over the "
        + "snap phase; 0 when it never passes the target (pt)"
    case .overshoot_pct:
      "overshoot_pt as a percentage of the release distance (the distance from the centre to "
        + "the target when the snap phase starts) (%)"
    case .oscillations:
      "target crossings in the snap phase: times the centre goes from beyond the settle band "
        + "on one side of the target to beyond it on the other, along the release direction "
        + "(crossings inside the band are invisible and not counted) (count)"
    case .excursion_pt:
      "the largest distance of the centre from the target, in any direction, from the frame "
        + "it first comes within the settle band of the target or first passes its closest "
        + "approach (the distance grows again after shrinking), whichever comes first, to the "
        + "end of the snap phase (pt)"
    case .deviation_pt:
      "the largest distance of the centre from the straight line through the release point "
        + "(the centre at the start of the snap phase) and the target, over the snap phase: how "
        + "far the path swings sideways (pt)"
    case .settleTime_s:
      "time from the start of the snap phase to the last frame at which the centre is "
        + "farther than the settle band from the target; 0 if it never is (s)"
    case .settleFrames:
      "settle_time_s in display frames (frames)"
    case .pauseTime_s:
      "time of the frame at which the animator paused for good (every body asleep), from "
        + "t = 0 (s)"
    case .peakSpeed_pt_s:
      "largest speed of the centre over the run (pt/s)"
    case .maxRotation_rad:
      "largest rotation away from the initial angle over the run (rad)"
    case .travel_pt:
      "largest distance of the centre from where it started over the run (pt)"
    case .endX_pt:
      "x of the centre at the last frame of the run: where the item ends (at rest when "
        + "pause_time_s has a value) (pt)"
    case .endY_pt:
      "y of the centre at the last frame of the run: where the item ends (pt)"
    case .endField:
      "which field holds the item at the end: the 1-based position, among the scene's field "
        + "behaviors in file order, of the first field on the item whose region holds its "
        + "centre at the last frame; 0 when none does (index)"
    case .hop_pt:
      "largest excursion of the centre from where it started, along the direction of the "
        + "push acting on the item at t = 0, up to and including the frame of the first "
        + "contact (pt)"
    // The three hint definitions say "t = 0": in a touch-driven scene that is the start of the
    // hint phase, when the tap's rule adds the push (docs/drags.md, "Drag metrics"); the text stays
    // as it is because every sweep CSV's header carries it.
    case .hopTime_s:
      "time at which the hop_pt excursion is reached, from t = 0 (s)"
    case .contactTime_s:
      "time of the frame in which the item first touches a boundary, from t = 0 (s)"
    case .touched:
      "1 if the item touches a boundary within the scene's duration, else 0 (0/1)"
    case .hintTotal_s:
      "time from t = 0 (the tap) to the end of settling after the contact swap: the first "
        + "contact's snap phase start plus its settle_time_s (s)"
    case .releaseVelocity_pt_s:
      "the finger's speed at the lift that ended the drag: the length of the drag-ended "
        + "release velocity (least squares over the recognizer's velocity window) (pt/s)"
    case .dragDuration_s:
      "time from the drag-began event to the drag-ended event (their frame times) (s)"
    case .committed:
      "1 if the drag lasted at least the commit time (commit_after in [measure]), 0 if it "
        + "ended sooner: an accidental swipe, rolled back (0/1)"
    case .tapAsDragRate:
      "tap_as_drag_count divided by the corpus's tap traces (0–1)"
    case .dragAsTapRate:
      "drag_as_tap_count divided by the corpus's drag traces (0–1)"
    case .holdMissedRate:
      "hold_missed_count divided by the corpus's hold traces (0–1)"
    case .falseHoldRate:
      "false_hold_count divided by the corpus's tap and drag traces together (0–1)"
    case .misreadRate:
      "misread_count divided by every trace of the corpus (0–1)"
    case .tapAsDragCount:
      "tap traces read as a drag: a drag began (a sample farther than the slop from the "
        + "touch-down) before the hold time and before the lift (traces)"
    case .dragAsTapCount:
      "drag traces read as a tap: lifted before the hold time without a sample farther than "
        + "the slop from the touch-down (traces)"
    case .holdMissedCount:
      "hold traces not read as a hold: lifted before the hold time (a tap) or moved farther "
        + "than the slop first (a drag) (traces)"
    case .falseHoldCount:
      "tap and drag traces read as a hold: still down at the hold time, never farther than "
        + "the slop from the touch-down until then (traces)"
    case .misreadCount:
      "traces read as another gesture than their label, each reading being the first of "
        + "drag-began, hold and tap (traces)"
    case .releaseOmega_deg_s:
      "the item's angular speed when the coast starts: the drag-ended angular release velocity, "
        + "or the item's angular_velocity without a drag; positive clockwise on screen (deg/s)"
    case .coastAngle_deg:
      "how far the item turns from the coast's start (the lift, else t = 0) to the last frame: "
        + "|angle at the end − angle at the start| (deg)"
    case .coasts:
      "1 if after the coast's start the item turns farther than the angular band in the "
        + "direction of its release velocity, else 0: whether a gentle release coasts at all (0/1)"
    case .stillTime_s:
      "time from the coast's start to the end of the last frame in which the item turns faster "
        + "than the still speed (30 deg/s, 0.5 deg per 60 Hz frame): when it looks still (s)"
    case .angleSettleTime_s:
      "time from the coast's start to the last frame at which the angle is farther than the "
        + "angular band (the settle band at the rim) from the rest angle: the label nearest the "
        + "final angle, else the final angle; 0 if never (s)"
    case .overshoot_deg:
      "how far the angle goes past the rest angle (the label nearest the final angle, else the "
        + "final angle) in the direction from the coast's start towards it; 0 if never (deg)"
    case .labelsPassed:
      "how many labels (the detent's rest angles) lie between the one nearest the angle at the "
        + "coast's start and the one it rests on (labels)"
    case .landedLabel:
      "the label under the pointer at rest: the seed's label j (its text at the item's angle "
        + "+ 2πj/N + π, the pointer at phase + π), which rest angle phase + 2πk/N nearest the "
        + "final angle brings there: j = −k mod N (index)"
    case .aimedLabel:
      "the label that would be under the pointer where the item would have stopped with no "
        + "detent (the same run with the detent never engaging): the label the flick aimed at "
        + "(index)"
    case .labelMiss:
      "labels between the aimed label and the landed one, counted in the coast's direction: "
        + "0 on target, > 0 past it, < 0 short of it (labels)"
    case .rimPerLabel_pt:
      "rim travel per value: 2π × the item's rim radius (half its smaller side) / N, how far "
        + "the finger moves along the rim for one step (pt)"
    case .tapAsTurnRate:
      "tap_as_turn_count divided by the rotary corpus's tap traces (0–1)"
    case .turnAsTapRate:
      "turn_as_tap_count divided by the rotary corpus's turning drags (0–1)"
    case .turnLostRate:
      "turn_lost_count divided by the rotary corpus's turning drags (0–1)"
    case .rotaryMisreadRate:
      "rotary_misread_count divided by every trace of the rotary corpus (0–1)"
    case .tapAsTurnCount:
      "taps on a label read as a drag: the disc turns instead of selecting the label (traces)"
    case .turnAsTapCount:
      "turning drags read as a tap: the disc jumps to a label instead of turning (traces)"
    case .turnLostCount:
      "turning drags read as a drag whose turn, tracked about the disc's centre with the dead "
        + "zone, is more than half a label spacing (π/N) off the turn meant: the disc lands on "
        + "another label (traces)"
    case .rotaryMisreadCount:
      "traces the control gets wrong: taps read as a drag or a hold, turning drags read as a tap "
        + "or a hold or lost (turn_lost_count), holds read as a tap or a drag (traces)"
    case .turnError_deg:
      "mean |tracked turn − turn meant| over the turning drags read as a drag, tracked about "
        + "the disc's centre with the dead zone (deg)"
    case .maxLag_pt:
      "the largest distance of a measured item (the [measure] items, else the scroll's) from "
        + "its attachment's anchor over the run: how far the farthest cell lags (pt)"
    case .spread_pt:
      "the largest difference between two measured items' lags (distances from their "
        + "anchors) at one frame, over the run: how unevenly the list stretches (pt)"
    }
  }

  /// The definition for a run that measures a list or not (`MeasurePlan.measuresList`: measured
  /// items, `[measure] items` or a scroll's): with one, `settle_time_s` and `settle_frames` are
  /// the list's (docs/metrics.md, "Many items: a list"), and a sweep's CSV header and the
  /// notebook say so; every other metric means the same either way.
  public func definition(measuringList: Bool) -> String {
    guard measuringList else { return definition }
    switch self {
    case .settleTime_s:
      return "the list's settle time: from the last frame a scroll moved the list (t = 0 if none "
        + "did) to the last frame at which some measured item (the [measure] items, else the "
        + "scroll's) is farther than the settle band from its attachment's anchor; 0 if none "
        + "ever is (s)"
    default:
      return definition
    }
  }

  /// Position in `allCases`, without hashing (sweeps read metrics by it at every point).
  var ordinal: Int {
    switch self {
    case .overshoot_pt: 0
    case .overshoot_pct: 1
    case .oscillations: 2
    case .excursion_pt: 3
    case .deviation_pt: 4
    case .settleTime_s: 5
    case .settleFrames: 6
    case .pauseTime_s: 7
    case .peakSpeed_pt_s: 8
    case .maxRotation_rad: 9
    case .hop_pt: 10
    case .hopTime_s: 11
    case .contactTime_s: 12
    case .touched: 13
    case .hintTotal_s: 14
    case .releaseVelocity_pt_s: 15
    case .dragDuration_s: 16
    case .committed: 17
    case .tapAsDragRate: 18
    case .dragAsTapRate: 19
    case .holdMissedRate: 20
    case .falseHoldRate: 21
    case .misreadRate: 22
    case .tapAsDragCount: 23
    case .dragAsTapCount: 24
    case .holdMissedCount: 25
    case .falseHoldCount: 26
    case .misreadCount: 27
    case .releaseOmega_deg_s: 28
    case .coastAngle_deg: 29
    case .coasts: 30
    case .stillTime_s: 31
    case .angleSettleTime_s: 32
    case .overshoot_deg: 33
    case .labelsPassed: 34
    case .landedLabel: 35
    case .aimedLabel: 36
    case .labelMiss: 37
    case .rimPerLabel_pt: 38
    case .tapAsTurnRate: 39
    case .turnAsTapRate: 40
    case .turnLostRate: 41
    case .rotaryMisreadRate: 42
    case .tapAsTurnCount: 43
    case .turnAsTapCount: 44
    case .turnLostCount: 45
    case .rotaryMisreadCount: 46
    case .turnError_deg: 47
    case .travel_pt: 48
    case .endX_pt: 49
    case .endY_pt: 50
    case .endField: 51
    case .maxLag_pt: 52
    case .spread_pt: 53
    }
  }

  /// The metrics of a scene run, in `allCases` order: every metric but the corpus metrics,
  /// which only a recognizer experiment measures (`feel metrics` prints these).
  public static let sceneMetrics = allCases.filter { $0.group != .corpus }

  /// Looks a metric up by its column name.
  public init?(column: String) {
    self.init(rawValue: column)
  }
}
