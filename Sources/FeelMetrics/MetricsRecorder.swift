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
  /// The target (pt); nil: target metrics stay empty (`no-target`). A snap phase may start
  /// towards another point (a target picked at the release: `startSnapPhase(atFrame:from:towards:)`).
  public private(set) var target_pt: Point?
  /// Whether `target_pt` is where the item came to rest (no snap, no given target): the
  /// results carry the `rest-target` note.
  public let isRestTarget: Bool
  /// Unit direction of the item's push, along which the hop is measured; nil: no push (yet),
  /// no hop.
  public private(set) var hopDirection: Point?
  /// The commit time (s); nil: `committed` stays empty.
  public let commitAfter_s: Double?
  /// The field behaviors on the item, for `end_field` (none: it is 0).
  public let fields: [FieldHold]

  private var started = false
  private var initial = ItemState(
    center_pt: Point(0, 0), angle_rad: 0, velocity_pt_s: Point(0, 0), angularVelocity_rad_s: 0)
  private var lastFrame = 0
  private var lastRunning = true
  /// The largest squared speed so far (pt²/s²): its square root is the peak speed, exactly, as
  /// the square root is correctly rounded and never decreasing (one root per run, not a frame).
  private var peakSpeedSquared = 0.0
  private var maxRotation_rad = 0.0
  private var travelSquared_pt2 = 0.0
  /// Frame since which the animator has been paused (nil while it runs).
  private var pausedSince: Int?
  private var firstContact: Int?
  private var hop_pt = 0.0
  private var hopFrame = 0
  /// The hint phase: the frame it starts after (0, or the frame before the push entered) and
  /// the centre the hop is measured from.
  private var hintStart = 0
  private var hopOrigin: Point?
  /// The centre at the last frame recorded (pt).
  private var lastCenter = Point(0, 0)
  /// The drag: frames of its drag-began and drag-ended events, release velocity (pt/s).
  private var dragBegan: Int?
  private var dragEnded: Int?
  private var releaseVelocity_pt_s = Point(0, 0)

  // The snap phase.
  private var snapPresentBefore = false
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
  /// The excursion: whether it is being measured (the centre came within the band, or passed
  /// its closest approach), whether the distance has shrunk since the phase started, the
  /// distance at the previous frame (pt) and the largest distance since it started (pt).
  private var arrived = false
  private var approached = false
  private var lastDistance_pt = 0.0
  /// The centre at the snap phase's previous frame (pt): with this frame's, the straight
  /// stretch the centre swept during the frame.
  private var phasePrevious = Point(0, 0)
  private var excursion_pt = 0.0
  /// The largest distance from the release line (through the phase's start and the target)
  /// so far (pt).
  private var deviation_pt = 0.0

  /// `isRestTarget`: `target_pt` is the rest pose (`rest-target`). The snap phase then starts
  /// on the first frame recorded with `snapPresent`, or at `startSnapPhase`, as a snap's does.
  public init(
    frameRate_hz: Double, band_pt: Double, target_pt: Point?, hopDirection: Point?,
    commitAfter_s: Double? = nil, isRestTarget: Bool = false, fields: [FieldHold] = []
  ) {
    self.frameRate_hz = frameRate_hz
    self.band_pt = band_pt
    self.target_pt = target_pt
    self.isRestTarget = isRestTarget && target_pt != nil
    self.hopDirection = hopDirection
    self.commitAfter_s = commitAfter_s
    self.fields = fields
  }

  /// A push entered the animator after t = 0 (a touch-driven tap hint's): the hint phase
  /// starts at frame `frame` (for a push added before frame n's step by a touch rule, n − 1,
  /// whose time plays the part of t = 0), and the hop is measured along `direction` from
  /// `center_pt`, the centre when the push entered. Ignored once a hop direction is known.
  public mutating func startHint(direction: Point, atFrame frame: Int, from center_pt: Point) {
    guard hopDirection == nil, firstContact == nil else { return }
    hopDirection = direction
    hintStart = frame
    hopOrigin = center_pt
    hopFrame = frame
  }

  /// The snap entered the animator before frame `frame + 1`'s step (added by a touch rule, a
  /// drag-ended rule at the release): its phase starts at frame `frame`, from the centre where
  /// the item was when it entered (`center_pt`, the lift point), as a release scene's starts at
  /// frame 0 from its initial centre. Call it before recording frame `frame + 1`.
  /// `towards`: the point the snap pulls to from then on when the app picked it at the
  /// release (a rule's `nearest`), replacing the target; nil keeps it.
  public mutating func startSnapPhase(
    atFrame frame: Int, from center_pt: Point, towards picked_pt: Point? = nil
  ) {
    if let picked_pt, target_pt != nil { target_pt = picked_pt }
    guard let target = target_pt else { return }
    snapPresentBefore = true
    lastOutside = nil
    crossings = 0
    beginSnapPhase(frame, center_pt, target)
  }

  /// A rule set the snap's point to `point` while the snap is not acting (it acts later, at
  /// its new point): its phase, when it starts, is measured against `point`. No effect
  /// without a target or when the target is the rest pose.
  public mutating func moveTarget(to point: Point) {
    guard target_pt != nil, !isRestTarget else { return }
    target_pt = point
  }

  /// The snap phase's start: the release distance and direction from the target.
  private mutating func beginSnapPhase(_ frame: Int, _ c: Point, _ target: Point) {
    snapStart = frame
    let dx = c.x - target.x
    let dy = c.y - target.y
    releaseDistance_pt = (dx * dx + dy * dy).squareRoot()
    releaseDirection = Point(0, 0)
    if releaseDistance_pt > 0 {
      releaseDirection = Point(dx / releaseDistance_pt, dy / releaseDistance_pt)
    }
    minAlong_pt = releaseDistance_pt
    side = releaseDistance_pt > band_pt ? 1 : 0
    // The start counts as a sample of the phase (a release scene records it as frame 0).
    outsideNow = releaseDistance_pt > band_pt
    if outsideNow { lastOutside = frame }
    arrived = releaseDistance_pt <= band_pt
    approached = false
    lastDistance_pt = releaseDistance_pt
    phasePrevious = c
    excursion_pt = releaseDistance_pt
    deviation_pt = 0
  }

  /// The measured drag began (its drag-began event fired during `frame`). Only the first drag
  /// counts.
  public mutating func recordDragBegan(frame: Int) {
    if dragBegan == nil { dragBegan = frame }
  }

  /// A later touch went down on the measured item: the drag measured is its, not an earlier
  /// one's (scenes whose gestures belong to items).
  public mutating func forgetDrag() {
    dragBegan = nil
    dragEnded = nil
    releaseVelocity_pt_s = Point(0, 0)
  }

  /// The measured drag ended during `frame`, with the finger's release velocity (pt/s).
  public mutating func recordDragEnded(frame: Int, velocity_pt_s: Point) {
    guard dragBegan != nil, dragEnded == nil else { return }
    dragEnded = frame
    releaseVelocity_pt_s = velocity_pt_s
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
    peakSpeedSquared = max(peakSpeedSquared, v.x * v.x + v.y * v.y)
    maxRotation_rad = max(maxRotation_rad, abs(state.angle_rad - initial.angle_rad))
    let awayX = c.x - initial.center_pt.x
    let awayY = c.y - initial.center_pt.y
    travelSquared_pt2 = max(travelSquared_pt2, awayX * awayX + awayY * awayY)
    if running {
      pausedSince = nil
    } else if pausedSince == nil {
      pausedSince = frame
    }

    lastCenter = c
    if firstContact == nil {
      if let direction = hopDirection {
        let origin = hopOrigin ?? initial.center_pt
        let excursion = (c.x - origin.x) * direction.x + (c.y - origin.y) * direction.y
        if excursion > hop_pt {
          hop_pt = excursion
          hopFrame = frame
        }
      }
      if contactBegan { firstContact = frame }
    }

    guard let target = target_pt else { return }
    // The snap phase starts when the snap last enters the animator: a snap removed (by a drag)
    // and added again (at the release) starts it again; frames without it are not measured.
    let reentered = snapPresent && !snapPresentBefore
    snapPresentBefore = snapPresent
    guard snapPresent else { return }
    if reentered {
      snapStart = nil
      lastOutside = nil
      crossings = 0
    }
    if snapStart == nil { beginSnapPhase(frame, c, target) }
    let dx = c.x - target.x
    let dy = c.y - target.y
    let distance = (dx * dx + dy * dy).squareRoot()
    outsideNow = distance > band_pt
    if outsideNow { lastOutside = frame }
    // The excursion starts once the centre is within the band, or went through it during the
    // frame (the straight stretch from the previous frame's centre passes within the band:
    // through the target and, say, off a stop there and back, where the next frame is
    // already closer again), or once the distance grows again after shrinking (the frame
    // before was the closest approach).
    if arrived {
      excursion_pt = max(excursion_pt, distance)
    } else if distance <= band_pt || (approached && distance > lastDistance_pt)
      || sweptDistance(from: phasePrevious, to: c, target: target) <= band_pt
    {
      arrived = true
      excursion_pt = distance
    } else if distance < lastDistance_pt {
      approached = true
    }
    lastDistance_pt = distance
    phasePrevious = c
    deviation_pt = max(deviation_pt, abs(dy * releaseDirection.x - dx * releaseDirection.y))
    let along = dx * releaseDirection.x + dy * releaseDirection.y
    minAlong_pt = min(minAlong_pt, along)
    let beyond = along > band_pt ? 1 : (along < -band_pt ? -1 : 0)
    if beyond != 0 {
      if side != 0 && beyond != side { crossings += 1 }
      side = beyond
    }
  }

  /// The least distance (pt) from `target` of the straight stretch from `a` to `b`.
  private func sweptDistance(from a: Point, to b: Point, target: Point) -> Double {
    let d = Point(b.x - a.x, b.y - a.y)
    let length2 = d.x * d.x + d.y * d.y
    guard length2 > 0 else { return .infinity }
    let u = -((a.x - target.x) * d.x + (a.y - target.y) * d.y) / length2
    let s = min(1, max(0, u))
    let x = a.x + s * d.x - target.x
    let y = a.y + s * d.y - target.y
    return (x * x + y * y).squareRoot()
  }

  /// The metrics of the frames recorded so far, as if the run ended after the last one (or
  /// stayed frozen from it on, as a paused animator does).
  public var result: MetricsResult {
    var r = MetricsResult()
    let rate = frameRate_hz
    r.set(.peakSpeed_pt_s, peakSpeedSquared.squareRoot())
    r.set(.maxRotation_rad, maxRotation_rad)
    r.set(.travel_pt, travelSquared_pt2.squareRoot())
    r.set(.endX_pt, lastCenter.x)
    r.set(.endY_pt, lastCenter.y)
    r.set(.endField, Double(FieldHold.endField(lastCenter, fields)))
    if let pausedSince {
      r.set(.pauseTime_s, Double(pausedSince) / rate)
    } else {
      r.leaveEmpty(.pauseTime_s, because: .running)
    }

    r.setDrag(
      began: dragBegan, ended: dragEnded, velocity_pt_s: releaseVelocity_pt_s,
      commitAfter_s: commitAfter_s, frameRate_hz: rate)
    if let firstContact {
      r.set(.touched, 1)
      r.set(.contactTime_s, Double(firstContact - hintStart) / rate)
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
      r.set(.hopTime_s, Double(hopFrame - hintStart) / rate)
    }

    let snapMetrics: [Metric] = [
      .overshoot_pt, .overshoot_pct, .oscillations, .excursion_pt, .deviation_pt, .settleTime_s,
      .settleFrames,
    ]
    // The tap hint's total time needs a hint: a push on the item.
    let hint = hopDirection != nil
    guard target_pt != nil else {
      for m in snapMetrics { r.leaveEmpty(m, because: .noTarget) }
      r.leaveEmpty(.hintTotal_s, because: hint ? .noTarget : .noPush)
      return r
    }
    if isRestTarget { r.restTarget_pt = target_pt }
    r.target_pt = target_pt
    guard let snapStart else {
      for m in snapMetrics { r.leaveEmpty(m, because: .noSnap) }
      r.leaveEmpty(
        .hintTotal_s, because: !hint ? .noPush : (firstContact == nil ? .untouched : .noSnap))
      return r
    }
    if releaseDistance_pt > 0 {
      let overshoot = max(0, -minAlong_pt)
      r.set(.overshoot_pt, overshoot)
      r.set(.overshoot_pct, 100 * overshoot / releaseDistance_pt)
      r.set(.oscillations, Double(crossings))
      r.set(.deviation_pt, deviation_pt)
    } else {
      for m: Metric in [.overshoot_pt, .overshoot_pct, .oscillations, .deviation_pt] {
        r.leaveEmpty(m, because: .noRelease)
      }
    }
    if arrived {
      r.set(.excursion_pt, excursion_pt)
    } else {
      r.leaveEmpty(.excursion_pt, because: .noArrival)
    }
    if outsideNow {
      r.leaveEmpty(.settleTime_s, because: .unsettled)
      r.leaveEmpty(.settleFrames, because: .unsettled)
    } else {
      let frames = (lastOutside ?? snapStart) - snapStart
      r.set(.settleTime_s, Double(frames) / rate)
      r.set(.settleFrames, Double(frames))
    }
    if !hint {
      r.leaveEmpty(.hintTotal_s, because: .noPush)
    } else if firstContact == nil {
      r.leaveEmpty(.hintTotal_s, because: .untouched)
    } else if outsideNow {
      r.leaveEmpty(.hintTotal_s, because: .unsettled)
    } else {
      r.set(.hintTotal_s, Double((lastOutside ?? snapStart) - hintStart) / rate)
    }
    return r
  }
}

extension MetricsResult {
  /// The drag metrics: release velocity, duration and commit, or why they are empty.
  mutating func setDrag(
    began: Int?, ended: Int?, velocity_pt_s v: Point, commitAfter_s: Double?,
    frameRate_hz rate: Double
  ) {
    let metrics: [Metric] = [.releaseVelocity_pt_s, .dragDuration_s, .committed]
    guard let began else {
      for m in metrics { leaveEmpty(m, because: .noDrag) }
      return
    }
    guard let ended else {
      for m in metrics { leaveEmpty(m, because: .dragUnfinished) }
      return
    }
    let duration = Double(ended - began) / rate
    set(.releaseVelocity_pt_s, (v.x * v.x + v.y * v.y).squareRoot())
    set(.dragDuration_s, duration)
    if let commitAfter_s {
      // Frame times are quotients: allow the time rules' slack at the boundary.
      set(.committed, duration >= commitAfter_s - TouchTimeline.timeTolerance_s ? 1 : 0)
    } else {
      leaveEmpty(.committed, because: .noCommitRule)
    }
  }
}
