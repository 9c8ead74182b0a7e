import FeelScene
import Foundation

/// Computes the feel metrics while a run streams by, one display frame at a time, in constant
/// memory: no trajectory is kept. Feed it frame 0 first, then every frame in order; a run
/// stopped early because the animator paused (its state then frozen) needs no further frames.
///
/// It knows nothing of the engine, so tests can feed it analytic trajectories.
public struct MetricsRecorder: Sendable {
  /// Display frames per second (Hz): frame n is at t = n / frameRate_hz.
  public let frameRate_hz: Double
  /// Settle band half-width (pt).
  public let band_pt: Double
  /// The target (pt); nil: target metrics stay empty (`no-target`).
  public let target_pt: Point?
  /// Unit direction of the item's push, along which the hop is measured; nil: no push, no hop.
  public let hopDirection: Point?

  private var started = false
  private var initial = ItemState(
    center_pt: Point(0, 0), angle_rad: 0, velocity_pt_s: Point(0, 0), angularVelocity_rad_s: 0)
  private var lastFrame = 0
  private var lastRunning = true
  private var peakSpeed_pt_s = 0.0
  private var maxRotation_rad = 0.0
  /// Frame since which the animator has been paused (nil while it runs).
  private var pausedSince: Int?
  private var firstContact: Int?
  private var hop_pt = 0.0
  private var hopFrame = 0

  // The snap phase.
  private var snapStart: Int?
  /// Unit vector from the target towards the centre at the snap phase's start.
  private var releaseDirection = Point(0, 0)
  private var releaseDistance_pt = 0.0
  /// Smallest signed displacement along the release direction (pt).
  private var minAlong_pt = 0.0
  /// Side of the target beyond the band (+1 release side, −1 far side, 0 not yet left it).
  private var side = 0
  private var crossings = 0
  /// Last frame of the snap phase at which the centre was outside the band.
  private var lastOutside: Int?
  private var outsideNow = false

  public init(frameRate_hz: Double, band_pt: Double, target_pt: Point?, hopDirection: Point?) {
    self.frameRate_hz = frameRate_hz
    self.band_pt = band_pt
    self.target_pt = target_pt
    self.hopDirection = hopDirection
  }

  /// Records frame `frame` (0 first, then consecutive): the item's `state`, whether it began a
  /// contact with a boundary during the frame, whether the snap behavior is in the animator after
  /// the frame, and whether the animator is still running after it.
  public mutating func record(
    frame: Int, state: ItemState, contactBegan: Bool, snapPresent: Bool, running: Bool
  ) {
    if !started {
      started = true
      initial = state
    }
    lastFrame = frame
    lastRunning = running
    let c = state.center_pt
    let v = state.velocity_pt_s
    peakSpeed_pt_s = max(peakSpeed_pt_s, (v.x * v.x + v.y * v.y).squareRoot())
    maxRotation_rad = max(maxRotation_rad, abs(state.angle_rad - initial.angle_rad))
    if running {
      pausedSince = nil
    } else if pausedSince == nil {
      pausedSince = frame
    }

    if firstContact == nil {
      if let direction = hopDirection {
        let excursion =
          (c.x - initial.center_pt.x) * direction.x + (c.y - initial.center_pt.y) * direction.y
        if excursion > hop_pt {
          hop_pt = excursion
          hopFrame = frame
        }
      }
      if contactBegan { firstContact = frame }
    }

    guard let target = target_pt else { return }
    if snapStart == nil {
      guard snapPresent else { return }
      snapStart = frame
      let dx = c.x - target.x
      let dy = c.y - target.y
      releaseDistance_pt = (dx * dx + dy * dy).squareRoot()
      if releaseDistance_pt > 0 {
        releaseDirection = Point(dx / releaseDistance_pt, dy / releaseDistance_pt)
      }
      minAlong_pt = releaseDistance_pt
      side = releaseDistance_pt > band_pt ? 1 : 0
    }
    let dx = c.x - target.x
    let dy = c.y - target.y
    outsideNow = (dx * dx + dy * dy).squareRoot() > band_pt
    if outsideNow { lastOutside = frame }
    let along = dx * releaseDirection.x + dy * releaseDirection.y
    minAlong_pt = min(minAlong_pt, along)
    let beyond = along > band_pt ? 1 : (along < -band_pt ? -1 : 0)
    if beyond != 0 {
      if side != 0 && beyond != side { crossings += 1 }
      side = beyond
    }
  }

  /// The metrics of the frames recorded so far, as if the run ended after the last one (or
  /// stayed frozen from it on, as a paused animator does).
  public var result: MetricsResult {
    var r = MetricsResult()
    let rate = frameRate_hz
    r.set(.peakSpeed_pt_s, peakSpeed_pt_s)
    r.set(.maxRotation_rad, maxRotation_rad)
    if let pausedSince {
      r.set(.pauseTime_s, Double(pausedSince) / rate)
    } else {
      r.leaveEmpty(.pauseTime_s, because: .running)
    }

    if let firstContact {
      r.set(.touched, 1)
      r.set(.contactTime_s, Double(firstContact) / rate)
    } else {
      r.set(.touched, 0)
      r.leaveEmpty(.contactTime_s, because: .untouched)
    }
    if hopDirection == nil {
      r.leaveEmpty(.hop_pt, because: .noPush)
      r.leaveEmpty(.hopTime_s, because: .noPush)
    } else if firstContact == nil && hopFrame == lastFrame && lastRunning {
      r.leaveEmpty(.hop_pt, because: .hopUnfinished)
      r.leaveEmpty(.hopTime_s, because: .hopUnfinished)
    } else {
      r.set(.hop_pt, hop_pt)
      r.set(.hopTime_s, Double(hopFrame) / rate)
    }

    let snapMetrics: [Metric] = [
      .overshoot_pt, .overshoot_pct, .oscillations, .settleTime_s, .settleFrames,
    ]
    guard target_pt != nil else {
      for m in snapMetrics + [.hintTotal_s] { r.leaveEmpty(m, because: .noTarget) }
      return r
    }
    guard let snapStart else {
      for m in snapMetrics { r.leaveEmpty(m, because: .noSnap) }
      r.leaveEmpty(.hintTotal_s, because: firstContact == nil ? .untouched : .noSnap)
      return r
    }
    if releaseDistance_pt > 0 {
      let overshoot = max(0, -minAlong_pt)
      r.set(.overshoot_pt, overshoot)
      r.set(.overshoot_pct, 100 * overshoot / releaseDistance_pt)
      r.set(.oscillations, Double(crossings))
    } else {
      for m: Metric in [.overshoot_pt, .overshoot_pct, .oscillations] {
        r.leaveEmpty(m, because: .noRelease)
      }
    }
    if outsideNow {
      r.leaveEmpty(.settleTime_s, because: .unsettled)
      r.leaveEmpty(.settleFrames, because: .unsettled)
    } else {
      let frames = (lastOutside ?? snapStart) - snapStart
      r.set(.settleTime_s, Double(frames) / rate)
      r.set(.settleFrames, Double(frames))
    }
    if firstContact == nil {
      r.leaveEmpty(.hintTotal_s, because: .untouched)
    } else if outsideNow {
      r.leaveEmpty(.hintTotal_s, because: .unsettled)
    } else {
      r.set(.hintTotal_s, Double(lastOutside ?? snapStart) / rate)
    }
    return r
  }
}
