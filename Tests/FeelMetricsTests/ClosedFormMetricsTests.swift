import FeelMetrics
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// The metrics of analytic trajectories: a linear damped spring x(t) released from rest at
/// distance A, fed to the recorder at 60 Hz frames. Expected values come from the closed forms
/// (peak ratio exp(−ζπ/√(1−ζ²)), the exact last band crossing found by bisection on x(t)), not
/// from the recorder.
@Suite struct ClosedFormMetricsTests {
  let rate = 60.0

  /// An under-damped spring released from rest at A: x(t) = A e^(−ζω t)(cos ω_d t +
  /// ζ/√(1−ζ²) sin ω_d t), ω_d = ω√(1−ζ²); its extrema are at t_k = kπ/ω_d with
  /// x(t_k) = A(−1)^k exp(−kζπ/√(1−ζ²)).
  struct Underdamped {
    var amplitude_pt: Double
    var zeta: Double
    var omegaDamped: Double
    var omega: Double { omegaDamped / (1 - zeta * zeta).squareRoot() }

    func x(_ t: Double) -> Double {
      let s = (1 - zeta * zeta).squareRoot()
      return amplitude_pt * exp(-zeta * omega * t)
        * (cos(omegaDamped * t) + zeta / s * sin(omegaDamped * t))
    }

    func v(_ t: Double) -> Double {
      let s = (1 - zeta * zeta).squareRoot()
      return -amplitude_pt * omega / s * exp(-zeta * omega * t) * sin(omegaDamped * t)
    }

    /// |x| at the k-th extremum.
    func peak(_ k: Int) -> Double {
      amplitude_pt * exp(-Double(k) * zeta * Double.pi / (1 - zeta * zeta).squareRoot())
    }
  }

  /// Feeds x(t), v(t) sampled at frames 0…n to a recorder whose target is the origin and whose
  /// snap is present from frame 0.
  func record(
    frames n: Int, band: Double = 0.5, x: (Double) -> Double, v: (Double) -> Double
  ) -> MetricsResult {
    var recorder = MetricsRecorder(
      frameRate_hz: rate, band_pt: band, target_pt: Point(0, 0), hopDirection: nil)
    for k in 0...n {
      let t = Double(k) / rate
      recorder.record(
        frame: k,
        state: ItemState(
          center_pt: Point(x(t), 0), angle_rad: 0, velocity_pt_s: Point(v(t), 0),
          angularVelocity_rad_s: 0),
        contactBegan: false, snapPresent: true, running: true)
    }
    return recorder.result
  }

  /// The time in [a, b] where g changes sign from + to −, by bisection.
  func root(_ g: (Double) -> Double, _ a: Double, _ b: Double) -> Double {
    var lo = a
    var hi = b
    for _ in 0..<200 {
      let mid = (lo + hi) / 2
      if g(mid) > 0 { lo = mid } else { hi = mid }
    }
    return (lo + hi) / 2
  }

  // Half a period of 15 frames puts every extremum exactly on a frame.
  @Test(arguments: [0.1, 0.2, 0.3, 0.5, 0.7])
  func underdampedSpringOvershootSettleAndCrossings(zeta: Double) throws {
    let spring = Underdamped(amplitude_pt: 40, zeta: zeta, omegaDamped: Double.pi / 0.25)
    let band = 0.5
    let result = record(frames: 600, band: band, x: spring.x, v: spring.v)

    // Overshoot: the first extremum past the target, exp(−ζπ/√(1−ζ²)) of the release.
    let ratio = exp(-zeta * Double.pi / (1 - zeta * zeta).squareRoot())
    expectClose(result[.overshoot_pt], 40 * ratio, .doubleRoundoff, "overshoot_pt, ζ \(zeta)")
    expectClose(result[.overshoot_pct], 100 * ratio, .doubleRoundoff, "overshoot_pct, ζ \(zeta)")

    // Crossings: every extremum after the start that leaves the band.
    let crossings = (1...200).filter { spring.peak($0) > band }.count
    #expect(result[.oscillations] == Double(crossings), "oscillations, ζ \(zeta)")

    // Settle time: the last excursion beyond the band is at extremum K; the centre comes back
    // inside at t*, the root of (−1)^K x(t) − band in [t_K, t_K+1].
    let last = try #require((0...200).last { spring.peak($0) > band })
    let halfPeriod = Double.pi / spring.omegaDamped
    let sign = last % 2 == 0 ? 1.0 : -1.0
    let tStar = root(
      { sign * spring.x($0) - band }, Double(last) * halfPeriod, Double(last + 1) * halfPeriod)
    let frames = tStar * rate
    try #require(
      frames - frames.rounded(.down) > 1e-6, "the crossing is not on a frame (ambiguous)")
    let expectedFrames = frames.rounded(.down)
    #expect(result[.settleFrames] == expectedFrames, "settle_frames, ζ \(zeta)")
    expectClose(
      result[.settleTime_s], expectedFrames / rate, .doubleRoundoff, "settle_time_s, ζ \(zeta)")
    // The textbook envelope estimate ln(A / (band √(1−ζ²))) / (ζω) bounds it from above,
    // within half a period.
    let envelope =
      log(40 / (band * (1 - zeta * zeta).squareRoot())) / (zeta * spring.omega)
    let settle = try #require(result[.settleTime_s])
    #expect(settle <= envelope + 1e-12, "settle time within the envelope estimate")
    #expect(settle >= envelope - halfPeriod - 1 / rate, "settle time near the envelope estimate")
    let snapMetrics: [Metric] = [
      .overshoot_pt, .overshoot_pct, .oscillations, .settleTime_s, .settleFrames,
    ]
    #expect(result.flags(for: snapMetrics).isEmpty, "no snap metric empty for a settled spring")
  }

  /// An over-damped spring creeps home: no overshoot, no crossing, and it settles when the
  /// closed form x(t) = A(s₂e^(s₁t) − s₁e^(s₂t))/(s₂ − s₁) falls to the band.
  @Test(arguments: [1.5, 3.0])
  func overdampedSpringNeverCrosses(zeta: Double) throws {
    let omega = 2 * Double.pi * 4
    let root1 = -omega * (zeta - (zeta * zeta - 1).squareRoot())
    let root2 = -omega * (zeta + (zeta * zeta - 1).squareRoot())
    let a = 40.0
    func x(_ t: Double) -> Double {
      a * (root2 * exp(root1 * t) - root1 * exp(root2 * t)) / (root2 - root1)
    }
    func v(_ t: Double) -> Double {
      a * root1 * root2 * (exp(root1 * t) - exp(root2 * t)) / (root2 - root1)
    }
    let result = record(frames: 600, x: x, v: v)
    #expect(result[.overshoot_pt] == 0)
    #expect(result[.overshoot_pct] == 0)
    #expect(result[.oscillations] == 0)
    let tStar = root({ x($0) - 0.5 }, 0, 10)
    let frames = (tStar * rate).rounded(.down)
    #expect(result[.settleFrames] == frames, "settle_frames, ζ \(zeta)")
    expectClose(result[.settleTime_s], frames / rate, .doubleRoundoff, "settle_time_s")
    // The peak speed of the samples is at most the continuous one, at t = ln(s₂/s₁)/(s₁ − s₂).
    let tPeak = log(root2 / root1) / (root1 - root2)
    let peak = try #require(result[.peakSpeed_pt_s])
    #expect(peak <= abs(v(tPeak)) * (1 + 1e-12))
    #expect(peak >= abs(v(tPeak)) * 0.97, "a frame lands near the continuous peak speed")
  }

  // MARK: - t → 0 and degenerate runs

  /// A run of frame 0 only (a duration shorter than half a frame): nothing has happened yet.
  @Test func onlyFrameZero() {
    var recorder = MetricsRecorder(
      frameRate_hz: rate, band_pt: 0.5, target_pt: Point(160, 25), hopDirection: Point(1, 0))
    recorder.record(
      frame: 0,
      state: ItemState(
        center_pt: Point(200, 25), angle_rad: 0, velocity_pt_s: Point(0, 0),
        angularVelocity_rad_s: 0),
      contactBegan: false, snapPresent: true, running: true)
    let r = recorder.result
    #expect(r[.settleTime_s] == nil && r.reason(.settleTime_s) == .unsettled)
    #expect(r[.settleFrames] == nil && r.reason(.settleFrames) == .unsettled)
    #expect(r[.overshoot_pt] == 0, "it has not passed the target")
    #expect(r[.oscillations] == 0)
    #expect(r[.pauseTime_s] == nil && r.reason(.pauseTime_s) == .running)
    #expect(r[.hop_pt] == nil && r.reason(.hop_pt) == .hopUnfinished, "no peak seen yet")
    #expect(r[.touched] == 0)
    #expect(r[.contactTime_s] == nil && r.reason(.contactTime_s) == .untouched)
    #expect(r[.peakSpeed_pt_s] == 0)
    #expect(r[.maxRotation_rad] == 0)
    #expect(r[.excursion_pt] == nil && r.reason(.excursion_pt) == .noArrival, "not there yet")
    #expect(r.flags() == [.unsettled, .untouched, .hopUnfinished, .running, .noDrag, .noArrival])
  }

  /// Released exactly on the target: no release direction, so no overshoot, but settled at 0.
  @Test func releasedOnTheTarget() {
    let r = record(frames: 10, x: { _ in 0 }, v: { _ in 0 })
    for metric: Metric in [.overshoot_pt, .overshoot_pct, .oscillations] {
      #expect(r[metric] == nil && r.reason(metric) == .noRelease, "\(metric)")
    }
    #expect(r[.settleTime_s] == 0)
    #expect(r[.settleFrames] == 0)
  }

  /// Released inside the band: settled from the start (0 s), however it moves inside.
  @Test func releasedInsideTheBand() {
    let spring = Underdamped(amplitude_pt: 0.4, zeta: 0.2, omegaDamped: Double.pi / 0.25)
    let r = record(frames: 120, x: spring.x, v: spring.v)
    #expect(r[.settleTime_s] == 0)
    #expect(r[.oscillations] == 0, "crossings inside the band are not counted")
    let ratio = exp(-0.2 * Double.pi / (1 - 0.04).squareRoot())
    expectClose(r[.overshoot_pt], 0.4 * ratio, .doubleRoundoff, "overshoot_pt")
  }

  /// A zero band: settled only once exactly on the target, so a decaying spring is unsettled.
  @Test func zeroBandNeverSettlesADecayingSpring() {
    let spring = Underdamped(amplitude_pt: 40, zeta: 0.3, omegaDamped: Double.pi / 0.25)
    let r = record(frames: 60, band: 0, x: spring.x, v: spring.v)
    #expect(r[.settleTime_s] == nil && r.reason(.settleTime_s) == .unsettled)
  }

  /// Pause: the frame after which the animator stays paused; waking again clears it.
  @Test func pauseTimeIsTheLastPause() {
    var recorder = MetricsRecorder(
      frameRate_hz: rate, band_pt: 0.5, target_pt: nil, hopDirection: nil)
    let still = ItemState(
      center_pt: Point(0, 0), angle_rad: 0, velocity_pt_s: Point(0, 0), angularVelocity_rad_s: 0)
    let running = [true, true, false, false, true, false, false]
    for (k, on) in running.enumerated() {
      recorder.record(frame: k, state: still, contactBegan: false, snapPresent: false, running: on)
    }
    #expect(recorder.result[.pauseTime_s] == 5 / rate)
    // Without a target, the snap metrics say so.
    #expect(recorder.result.reason(.settleTime_s) == .noTarget)
    #expect(recorder.result.reason(.hop_pt) == .noPush)
  }

  /// The hop: the largest excursion along the push up to the contact; later motion is not hop.
  @Test func hopStopsAtTheFirstContact() {
    var recorder = MetricsRecorder(
      frameRate_hz: rate, band_pt: 0.5, target_pt: Point(0, 0), hopDirection: Point(-1, 0))
    // Pushed left (−x): out to −12 at frame 3, back to +10 where it touches at frame 8, then a
    // bigger excursion left after the contact that must not count.
    let xs: [Double] = [0, -5, -10, -12, -11, -6, 0, 6, 10, -20, -30, 0]
    for (k, x) in xs.enumerated() {
      recorder.record(
        frame: k,
        state: ItemState(
          center_pt: Point(x, 0), angle_rad: 0, velocity_pt_s: Point(0, 0),
          angularVelocity_rad_s: 0),
        contactBegan: k == 8, snapPresent: k >= 8, running: true)
    }
    let r = recorder.result
    #expect(r[.hop_pt] == 12)
    #expect(r[.hopTime_s] == 3 / rate)
    #expect(r[.touched] == 1)
    #expect(r[.contactTime_s] == 8 / rate)
    // The snap phase starts at frame 8, 10 pt right of the target: overshoot 30 pt (to −30).
    #expect(r[.overshoot_pt] == 30)
    #expect(r[.overshoot_pct] == 300)
    #expect(r[.settleTime_s] == 2 / rate, "outside until frame 10, inside at 11")
    #expect(r[.hintTotal_s] == 10 / rate, "tap to the last frame outside the band")
  }
}

/// Every metric's value is stored in its own slot.
@Test func everyMetricHasItsOwnSlot() {
  var r = MetricsResult()
  for (i, metric) in Metric.allCases.enumerated() { r.set(metric, Double(i)) }
  for (i, metric) in Metric.allCases.enumerated() { #expect(r[metric] == Double(i), "\(metric)") }
}
