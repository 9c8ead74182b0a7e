import FeelMetrics
import FeelScene
import FeelTestSupport
import Testing

/// The drag metrics (release velocity, drag duration, committed) and the phases touch-driven
/// scenes start at (docs/drags.md, "Drag metrics").
@Suite("Touch metrics")
struct TouchMetricsTests {
  /// A recorder fed `frames` frames of a bar at rest at the target, with a drag from frame
  /// `began` to `ended` (nil: none), released at `velocity`.
  func record(
    began: Int?, ended: Int?, velocity: Point = Point(120, -90), commitAfter: Double?,
    frames: Int = 40
  ) -> MetricsResult {
    var recorder = MetricsRecorder(
      frameRate_hz: 60, band_pt: 0.5, target_pt: Point(0, 0), hopDirection: nil,
      commitAfter_s: commitAfter)
    let still = ItemState(
      center_pt: Point(0, 0), angle_rad: 0, velocity_pt_s: Point(0, 0), angularVelocity_rad_s: 0)
    for frame in 0...frames {
      if frame == began { recorder.recordDragBegan(frame: frame) }
      if frame == ended { recorder.recordDragEnded(frame: frame, velocity_pt_s: velocity) }
      recorder.record(
        frame: frame, state: still, contactBegan: false, snapPresent: true, running: true)
    }
    return recorder.result
  }

  @Test("release velocity is the length of the drag-ended velocity; duration from the frames")
  func dragMetrics() {
    let r = record(began: 4, ended: 30, commitAfter: 0.2)
    #expect(r[.releaseVelocity_pt_s] == 150, "|(120, −90)| = 150")
    expectClose(r[.dragDuration_s], 26.0 / 60, .doubleRoundoff, "26 frames")
    #expect(r[.committed] == 1)
    #expect(record(began: 4, ended: 30, commitAfter: 0.5)[.committed] == 0)
  }

  @Test("commit at exactly commit_after; one frame less is an accidental swipe")
  func commitBoundary() {
    // 12 frames at 60 Hz is 0.2 s; 11 frames is 0.1833 s.
    #expect(record(began: 2, ended: 14, commitAfter: 0.2)[.committed] == 1)
    #expect(record(began: 2, ended: 13, commitAfter: 0.2)[.committed] == 0)
    // 21 / 60 s reads back a hair below 0.35 in doubles: still the same frame.
    #expect(record(began: 1, ended: 22, commitAfter: 0.35)[.committed] == 1)
  }

  @Test("no drag, an unfinished drag, no commit time: empty, with the reason")
  func flags() {
    let none = record(began: nil, ended: nil, commitAfter: 0.2)
    for m: Metric in [.releaseVelocity_pt_s, .dragDuration_s, .committed] {
      #expect(none[m] == nil && none.reason(m) == .noDrag)
    }
    let unfinished = record(began: 10, ended: nil, commitAfter: 0.2)
    #expect(unfinished[.committed] == nil && unfinished.reason(.committed) == .dragUnfinished)
    let noRule = record(began: 4, ended: 30, commitAfter: nil)
    #expect(noRule[.committed] == nil && noRule.reason(.committed) == .noCommitRule)
    #expect(noRule[.dragDuration_s] != nil)
  }

  @Test("Castro's swipe and drag: committed from their events, snap timed from the release")
  func castro() throws {
    // The swipe: 40 pt in 0.15 s; the drag begins on the sample at 3/60 s (13.3 pt > 10) and
    // ends at the lift (9/60 s): 6 frames, less than the 0.2 s expand animation.
    let swipe = try loadScene("experiments/scenes/castro-swipe-right.toml")
    let s = SceneMeasurement.measure(swipe, try MeasurePlan(swipe))
    expectClose(s[.dragDuration_s], 6.0 / 60, .doubleRoundoff, "swipe duration")
    #expect(s[.committed] == 0)
    expectClose(s[.releaseVelocity_pt_s], 40 / 0.15, .fitRoundoff, "swipe velocity")
    // The 80 pt drag over 0.5 s: begins at 4/60 s (10.7 pt), ends at 30/60 s; committed.
    let drag = try loadScene("experiments/scenes/castro-drag-right-80.toml")
    let d = SceneMeasurement.measure(drag, try MeasurePlan(drag))
    expectClose(d[.dragDuration_s], 26.0 / 60, .doubleRoundoff, "drag duration")
    #expect(d[.committed] == 1)
    // Its snap phase starts at the release, from the lift point: the same snap metrics as
    // today's release scene 80 pt out.
    let release = try loadScene("experiments/scenes/castro-release-right-80.toml")
    let r = SceneMeasurement.measure(release, try MeasurePlan(release))
    for m: Metric in [.overshoot_pt, .overshoot_pct, .oscillations, .settleTime_s, .settleFrames] {
      #expect(d[m] != nil && d[m] == r[m], "\(m.column)")
    }
  }

  @Test("a touch-driven tap hint: the hint phase starts at the tap, as the tap hint at t = 0")
  func tapHint() throws {
    for side in ["left", "right"] {
      let tap = try loadScene("experiments/scenes/castro-tap-\(side).toml")
      let hint = try loadScene("experiments/scenes/castro-tap-hint-\(side).toml")
      let a = SceneMeasurement.measure(tap, try MeasurePlan(tap))
      let b = SceneMeasurement.measure(hint, try MeasurePlan(hint))
      for m: Metric in [
        .hop_pt, .hopTime_s, .contactTime_s, .hintTotal_s, .overshoot_pt, .settleTime_s,
        .oscillations,
      ] {
        #expect(a[m] != nil && a[m] == b[m], "\(side): \(m.column)")
      }
    }
  }
}

extension Tolerance {
  static let fitRoundoff = Tolerance("least-squares round-off", 1e-9, .relative)
}
