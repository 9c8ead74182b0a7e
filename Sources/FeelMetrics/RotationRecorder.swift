import FeelScene
import Foundation

/// The rotation metrics of a turning item, a dial (docs/metrics.md, docs/tempo-dial.md): its
/// coast from the lift (or t = 0) to rest, in degrees, seconds and labels. Fed the item's angle
/// at every display frame from the coast's start; unlike `MetricsRecorder` it keeps those
/// angles (one number a frame), since the rest angle the settle time and the overshoot are
/// measured against is known only at the end. It knows nothing of the engine, so tests can feed
/// it analytic angles.
public struct RotationRecorder: Sendable {
  /// Display frames per second (Hz).
  public let frameRate_hz: Double
  /// The angular band (rad): the settle band at the rim, band_pt / rim radius.
  public let band_rad: Double
  /// The item's rim radius (pt): half its smaller side.
  public let rimRadius_pt: Double
  /// The labels: the item's detent (nil: the label metrics stay empty, `no-labels`).
  public let detent: DetentSpec?

  /// Faster than this the item visibly turns (rad/s): 30°/s, half a degree per 60 Hz frame
  /// (docs/tempo-dial.md, "Tuning: the constants and what to look at": "under a visible
  /// 0.5°/frame").
  public static let stillSpeed_rad_s = 30 * Double.pi / 180

  /// The metrics it writes (the rotation group), in `Metric` order.
  static let metrics = Metric.allCases.filter { $0.group == .rotation }

  /// The frame the coast starts at (nil while a drag holds the item, before its lift).
  private var start: Int?
  /// The angle (rad) and angular velocity (rad/s) at the coast's start.
  private var startAngle_rad = 0.0
  private var releaseOmega_rad_s = 0.0
  /// The angles of the frames after the start, in order (rad).
  private var angles: [Double] = []
  private var dragUnfinished = false

  public init(frameRate_hz: Double, band_rad: Double, rimRadius_pt: Double, detent: DetentSpec?) {
    self.frameRate_hz = frameRate_hz
    self.band_rad = band_rad
    self.rimRadius_pt = rimRadius_pt
    self.detent = detent
  }

  /// The coast starts after frame `frame` from `angle_rad` at `omega_rad_s` (frame 0 for a
  /// scene's own release; for a drag, the frame before its drag-ended, from the lift angle).
  /// Angles recorded before are forgotten.
  public mutating func startCoast(atFrame frame: Int, angle_rad: Double, omega_rad_s: Double) {
    start = frame
    startAngle_rad = angle_rad
    releaseOmega_rad_s = omega_rad_s
    angles.removeAll(keepingCapacity: true)
    dragUnfinished = false
  }

  /// A drag took the item: no coast until its lift (`startCoast`).
  public mutating func dragBegan() {
    start = nil
    angles.removeAll(keepingCapacity: true)
    dragUnfinished = true
  }

  /// The item's angle after frame `frame` (rad); frames before the coast's start are ignored.
  public mutating func record(frame: Int, angle_rad: Double) {
    guard let start, frame > start else { return }
    angles.append(angle_rad)
  }

  /// Writes the rotation metrics into `r`. `running`: the animator still ran after the last
  /// frame. `aim`: where the item came to rest in the same run with its detent never engaging
  /// (rad), and whether it had come to rest by the end; nil without a detent.
  public func write(
    into r: inout MetricsResult, running: Bool, aim: (angle_rad: Double, atRest: Bool)?
  ) {
    let rotation = Self.metrics
    if let detent {
      r.set(.rimPerLabel_pt, 2 * Double.pi * rimRadius_pt / Double(detent.count))
    } else {
      for m in rotation where m.possibleFlags.contains(.noLabels) {
        r.leaveEmpty(m, because: .noLabels)
      }
    }
    guard start != nil, !dragUnfinished else {
      for m in rotation where m != .rimPerLabel_pt && (detent != nil || !m.needsLabels) {
        r.leaveEmpty(m, because: .dragUnfinished)
      }
      return
    }
    let degrees = 180 / Double.pi
    let end = angles.last ?? startAngle_rad
    r.set(.releaseOmega_deg_s, releaseOmega_rad_s * degrees)
    r.set(.coastAngle_deg, abs(end - startAngle_rad) * degrees)

    // Whether it coasts: farther than the band in the release's direction.
    let releaseSign: Double = releaseOmega_rad_s > 0 ? 1 : (releaseOmega_rad_s < 0 ? -1 : 0)
    let coasted =
      releaseSign != 0 && angles.contains { releaseSign * ($0 - startAngle_rad) > band_rad }
    r.set(.coasts, coasted ? 1 : 0)

    // When it looks still: the last frame turning faster than the still speed.
    var previous = startAngle_rad
    var lastFast: Int?
    for (n, angle) in angles.enumerated() {
      if abs(angle - previous) * frameRate_hz > Self.stillSpeed_rad_s { lastFast = n }
      previous = angle
    }
    if let lastFast, lastFast == angles.count - 1, running {
      r.leaveEmpty(.stillTime_s, because: .stillTurning)
    } else {
      r.set(.stillTime_s, Double(lastFast.map { $0 + 1 } ?? 0) / frameRate_hz)
    }

    // The rest angle: the label nearest the end, else the end if the item stopped.
    let rest: Double
    if let detent {
      rest = detent.restAngle(detent.nearestIndex(to: end))
    } else if running {
      r.leaveEmpty(.angleSettleTime_s, because: .restUnknown)
      r.leaveEmpty(.overshoot_deg, because: .restUnknown)
      return
    } else {
      rest = end
    }
    let towards: Double = rest > startAngle_rad ? 1 : (rest < startAngle_rad ? -1 : releaseSign)
    let past = angles.map { towards * ($0 - rest) }.max() ?? 0
    r.set(.overshoot_deg, max(0, past) * degrees)
    var lastOutside: Int?
    for (n, angle) in angles.enumerated() where abs(angle - rest) > band_rad { lastOutside = n }
    if let lastOutside, lastOutside == angles.count - 1 {
      r.leaveEmpty(.angleSettleTime_s, because: .unsettled)
    } else {
      r.set(.angleSettleTime_s, Double(lastOutside.map { $0 + 1 } ?? 0) / frameRate_hz)
    }

    guard let detent else { return }
    let landed = detent.nearestIndex(to: end)
    r.set(.labelsPassed, Double(abs(landed - detent.nearestIndex(to: startAngle_rad))))
    r.set(.landedLabel, Double(detent.label(atRestAngle: landed)))
    guard let aim, aim.atRest else {
      r.leaveEmpty(.aimedLabel, because: .aimUnknown)
      r.leaveEmpty(.labelMiss, because: .aimUnknown)
      return
    }
    let aimed = detent.nearestIndex(to: aim.angle_rad)
    r.set(.aimedLabel, Double(detent.label(atRestAngle: aimed)))
    let direction: Double =
      releaseSign != 0 ? releaseSign : (end > startAngle_rad ? 1 : (end < startAngle_rad ? -1 : 1))
    r.set(.labelMiss, direction * Double(landed - aimed))
  }
}

extension Metric {
  /// Whether the metric counts the detent's labels (empty, `no-labels`, without one).
  var needsLabels: Bool { possibleFlags.contains(.noLabels) }
}
