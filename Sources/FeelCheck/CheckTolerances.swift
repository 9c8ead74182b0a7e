import FeelMetrics
import Foundation

/// How far a value may move from its baseline before `feel check` calls it drift, and why.
///
/// A tolerance is absolute, in the column's unit; `exact` (0) means any change is drift.
/// An empty cell against a number (a metric that gained or lost its value) is always drift,
/// whatever the tolerance.
public struct CheckTolerance: Sendable, Equatable, CustomStringConvertible {
  /// What the tolerance means, in the designer's words ("a twentieth of a point").
  public var name: String
  /// The largest |now − baseline| that is not drift, in `unit`; 0: exact.
  public var value: Double
  /// The column's unit as tables print it (`pt`, `s`, `rad`); empty for counts and flags.
  public var unit: String

  public init(_ name: String, _ value: Double, _ unit: String) {
    self.name = name
    self.value = value
    self.unit = unit
  }

  /// Whether any change at all is drift.
  public var isExact: Bool { value == 0 }

  /// Whether `difference` (now − baseline) is within the tolerance.
  public func allows(_ difference: Double) -> Bool { abs(difference) <= value }

  /// `±0.05 pt`, `±0.0167 s` or `exact` (three significant digits).
  public var description: String {
    isExact ? "exact" : "±" + CheckNumber.short(value, digits: 3) + (unit.isEmpty ? "" : " \(unit)")
  }
}

/// Every tolerance `feel check` uses: the one place they are declared, each named for what it
/// means. docs/check.md, "Tolerances", lists them; change them here only.
///
/// Metric baselines (`experiments/baselines/NAME.metrics.csv`):
///
/// | column | tolerance |
/// |---|---|
/// | `overshoot_pt`, `excursion_pt`, `deviation_pt`, `hop_pt`, `travel_pt`, `end_x_pt`, `end_y_pt` | `twentiethOfAPoint`: 0.05 pt |
/// | `overshoot_pct` | `twentiethOfAPercent`: 0.05 percentage points of the release distance |
/// | `settle_time_s`, `pause_time_s`, `hop_time_s`, `contact_time_s`, `hint_total_s` | `oneFrame`: 1/60 s |
/// | `settle_frames` | `oneFrameCount`: 1 frame (the same quantity as `settle_time_s`) |
/// | `peak_speed_pt_s` | `hundredthOfAPointPerFrame`: 0.6 pt/s |
/// | `max_rotation_rad` | `tenThousandthOfARadian`: 1e-4 rad |
/// | `oscillations`, `touched` | `exact` (counts) |
/// | `end_field` | `exact` (which field holds the item at the end) |
/// | the corpus metrics (`tap_as_drag_rate` … `misread_count`) | `exact` (a seeded corpus read exactly) |
/// | `flags` | `exact` (why a cell is empty) |
///
/// Trajectory baselines (`experiments/baselines/NAME.trajectory.csv`, the `feel run` CSV):
/// `x_pt`, `y_pt` within `hundredthOfAPoint` (0.01 pt), `angle_rad` within
/// `tenThousandthOfARadian` (1e-4 rad), the velocities within the same amounts per 60 Hz frame
/// (0.6 pt/s, 0.006 rad/s), `running` exact. `frame`, `t_s` and `item` are the rows' identity:
/// if they differ the baseline no longer fits the preset (bad input, not drift).
public enum CheckTolerances {
  /// One display frame at 60 Hz, the frame rate of every committed scene: an event moving to
  /// the neighbouring frame is not felt. 1/60 s, plus 1 µs for the nine digits times print with.
  public static let oneFrame = CheckTolerance("one 60 Hz frame", 1.0 / 60 + 1e-6, "s")
  /// `settle_frames` is `settle_time_s` counted in frames: the same one frame.
  public static let oneFrameCount = CheckTolerance("one frame", 1, "frames")
  /// A twentieth of a point: the smallest overshoot or hop a designer could tell apart on a
  /// 2× display (a tenth of a device pixel).
  public static let twentiethOfAPoint = CheckTolerance("a twentieth of a point", 0.05, "pt")
  /// `overshoot_pct` (of the release distance): a twentieth of a percentage point.
  public static let twentiethOfAPercent = CheckTolerance(
    "a twentieth of a percentage point", 0.05, "%")
  /// A hundredth of a point: the position tolerance of trajectories, the same as the
  /// differential test's agreement with pybox2d.
  public static let hundredthOfAPoint = CheckTolerance("a hundredth of a point", 0.01, "pt")
  /// A ten-thousandth of a radian: the angle tolerance of trajectories (and of the differential
  /// test), and of `max_rotation_rad`.
  public static let tenThousandthOfARadian = CheckTolerance(
    "a ten-thousandth of a radian", 1e-4, "rad")
  /// A hundredth of a point per 60 Hz frame: speeds (0.6 pt/s).
  public static let hundredthOfAPointPerFrame = CheckTolerance(
    "a hundredth of a point per 60 Hz frame", 0.01 * 60, "pt/s")
  /// A ten-thousandth of a radian per 60 Hz frame: spin (0.006 rad/s).
  public static let tenThousandthOfARadianPerFrame = CheckTolerance(
    "a ten-thousandth of a radian per 60 Hz frame", 1e-4 * 60, "rad/s")
  /// The angle tolerance in degrees, for the rotation metrics (docs/tempo-dial.md).
  public static let tenThousandthOfARadianInDegrees = CheckTolerance(
    "a ten-thousandth of a radian", 1e-4 * 180 / Double.pi, "deg")
  /// The spin tolerance in degrees per second.
  public static let tenThousandthOfARadianPerFrameInDegrees = CheckTolerance(
    "a ten-thousandth of a radian per 60 Hz frame", 1e-4 * 60 * 180 / Double.pi, "deg/s")
  /// Counts (oscillations, touched) and flags: any change is drift.
  public static let exact = CheckTolerance("exact", 0, "")

  /// The tolerance of a metric column.
  public static func tolerance(for metric: Metric) -> CheckTolerance {
    switch metric {
    case .overshoot_pt, .excursion_pt, .deviation_pt, .hop_pt, .travel_pt, .endX_pt, .endY_pt,
      .maxLag_pt, .spread_pt:
      twentiethOfAPoint
    case .endField: exact
    case .overshoot_pct: twentiethOfAPercent
    case .settleTime_s, .pauseTime_s, .hopTime_s, .contactTime_s, .hintTotal_s, .dragDuration_s:
      oneFrame
    case .settleFrames: oneFrameCount
    case .peakSpeed_pt_s, .releaseVelocity_pt_s: hundredthOfAPointPerFrame
    case .maxRotation_rad: tenThousandthOfARadian
    case .oscillations, .touched, .committed: exact
    // A recognizer experiment's corpus is seeded and read exactly: one trace more or less
    // misread is drift.
    case .tapAsDragRate, .dragAsTapRate, .holdMissedRate, .falseHoldRate, .misreadRate,
      .tapAsDragCount, .dragAsTapCount, .holdMissedCount, .falseHoldCount, .misreadCount:
      exact
    case .stillTime_s, .angleSettleTime_s: oneFrame
    case .coastAngle_deg, .overshoot_deg: tenThousandthOfARadianInDegrees
    case .releaseOmega_deg_s: tenThousandthOfARadianPerFrameInDegrees
    case .rimPerLabel_pt: hundredthOfAPoint
    case .coasts, .labelsPassed, .landedLabel, .aimedLabel, .labelMiss: exact
    // A rotary experiment's corpus is seeded and read exactly, as a recognizer experiment's.
    case .tapAsTurnRate, .turnAsTapRate, .turnLostRate, .rotaryMisreadRate, .tapAsTurnCount,
      .turnAsTapCount, .turnLostCount, .rotaryMisreadCount:
      exact
    case .turnError_deg: tenThousandthOfARadianInDegrees
    }
  }

  /// The tolerance of a `feel run` column; nil for the columns that identify a row (`frame`,
  /// `t_s`, `item`).
  public static func tolerance(forTrajectoryColumn column: String) -> CheckTolerance? {
    switch column {
    case "x_pt", "y_pt": hundredthOfAPoint
    case "angle_rad": tenThousandthOfARadian
    case "vx_pt_s", "vy_pt_s": hundredthOfAPointPerFrame
    case "omega_rad_s": tenThousandthOfARadianPerFrame
    case "running": exact
    default: nil
    }
  }
}

/// Numbers as `feel check` prints them.
enum CheckNumber {
  /// Up to `digits` significant digits, no trailing zeros: `0.05`, `0.0166677`, `1e-04`.
  static func short(_ x: Double, digits: Int = 6) -> String {
    if x == 0 { return "0" }
    if x == x.rounded(), abs(x) < 1e9 { return String(Int64(x)) }
    var text = String(format: "%.\(digits)g", x)
    if text.contains("e") { return text }
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text
  }

  /// A signed difference: `+0.26`, `-1`.
  static func signed(_ x: Double) -> String {
    (x > 0 ? "+" : "") + short(x)
  }
}
