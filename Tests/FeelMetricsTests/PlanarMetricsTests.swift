import FeelMetrics
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// The 2-D metrics `excursion_pt` and `deviation_pt` (docs/metrics.md) on analytic paths fed to
/// the recorder at 60 Hz frames. Expected values come from the closed forms and from plain
/// geometry written here, never from the recorder.
@Suite struct PlanarMetricsTests {
  let rate = 60.0

  /// Feeds `path(t)` (pt) at frames 0…n to a recorder whose target is `target` and whose snap
  /// is present from frame 0.
  func record(
    frames n: Int, target: Point = Point(0, 0), band: Double = 0.5, path: (Double) -> Point
  ) -> MetricsResult {
    var recorder = MetricsRecorder(
      frameRate_hz: rate, band_pt: band, target_pt: target, hopDirection: nil)
    for k in 0...n {
      recorder.record(
        frame: k,
        state: ItemState(
          center_pt: path(Double(k) / rate), angle_rad: 0, velocity_pt_s: Point(0, 0),
          angularVelocity_rad_s: 0),
        contactBegan: false, snapPresent: true, running: true)
    }
    return recorder.result
  }

  /// A 1-D under-damped spring released from rest at A along a slanted line: once it has
  /// passed its closest approach (the target, crossed between frames) the largest distance is
  /// the first extremum past the target, A·exp(−ζπ/√(1−ζ²)), exactly on a frame (half a period
  /// of 15 frames); nothing leaves the line. `excursion_pt` equals the overshoot of a 1-D
  /// motion.
  @Test(arguments: [0.1, 0.3, 0.5])
  func aStraightSpringsExcursionIsItsOvershoot(zeta: Double) {
    let a = 40.0
    let omegaDamped = Double.pi / 0.25
    let omega = omegaDamped / (1 - zeta * zeta).squareRoot()
    let s = (1 - zeta * zeta).squareRoot()
    let direction = Point(0.6, -0.8)
    let result = record(frames: 600) { t in
      let x = a * exp(-zeta * omega * t) * (cos(omegaDamped * t) + zeta / s * sin(omegaDamped * t))
      return Point(x * direction.x, x * direction.y)
    }
    let peak = a * exp(-zeta * Double.pi / s)
    expectClose(result[.excursion_pt], peak, .doubleRoundoff, "excursion_pt, ζ \(zeta)")
    expectClose(result[.overshoot_pt], peak, .doubleRoundoff, "overshoot_pt, ζ \(zeta)")
    let deviation = result[.deviation_pt] ?? .infinity
    #expect(deviation <= 1e-12, "a straight path does not leave its line: \(deviation)")
  }

  /// A path that swings sideways while it closes in: along the release line an under-damped
  /// spring, across it B·e^(−σt)·sin(ω_a t), whose largest value is at t* = atan(ω_a/σ)/ω_a.
  /// With ω_a = π/0.25 rad/s and σ = ω_a/tan(ω_a·0.1) it peaks exactly at frame 6 (0.1 s):
  /// `deviation_pt` is B·e^(−0.1σ)·sin(0.1ω_a), whatever the motion along the line.
  @Test func aSidewaysSwingIsItsDeviation() {
    let b = 15.0
    let omegaA = Double.pi / 0.25
    let sigma = omegaA / tan(omegaA * 0.1)
    let release = Point(-98, 406)
    let length = (release.x * release.x + release.y * release.y).squareRoot()
    let u = Point(release.x / length, release.y / length)
    let n = Point(-u.y, u.x)
    let result = record(frames: 300, target: Point(294, 104)) { t in
      let along = length * exp(-8 * t) * (1 + 8 * t)  // critically damped, from rest
      let across = b * exp(-sigma * t) * sin(omegaA * t)
      return Point(
        294 + along * u.x + across * n.x, 104 + along * u.y + across * n.y)
    }
    let expected = b * exp(-sigma * 0.1) * sin(omegaA * 0.1)
    expectClose(result[.deviation_pt], expected, .planarRoundoff, "deviation_pt")
    #expect(result.reason(.deviation_pt) == nil)
  }

  /// A path that misses the target: a straight line at 3 pt from it, from 50 pt before to
  /// 50 pt after. Its closest approach (3 pt, on frame 30) is outside the 0.5 pt band, so the
  /// excursion starts there: the largest distance after it is the end's, √(50² + 3²). Its
  /// deviation from the line through the start and the target is the largest distance of its
  /// points from that line, computed here point by point.
  @Test func aMissPassesItsClosestApproach() throws {
    let path: (Double) -> Point = { t in Point(50 - 100 * t, 3) }  // 1 s: frames 0…60
    let result = record(frames: 60, path: path)
    expectClose(result[.excursion_pt], (2500.0 + 9).squareRoot(), .planarRoundoff, "excursion")
    let start = path(0)
    let length = (start.x * start.x + start.y * start.y).squareRoot()
    var largest = 0.0
    for k in 0...60 {
      let p = path(Double(k) / rate)
      largest = max(largest, abs(p.x * start.y - p.y * start.x) / length)
    }
    expectClose(result[.deviation_pt], largest, .planarRoundoff, "deviation")
    // The overshoot along the release line: the end's 50 pt past the target's foot.
    let along = (path(1).x * start.x + path(1).y * start.y) / length
    expectClose(result[.overshoot_pt], -along, .planarRoundoff, "overshoot")
  }

  /// Along one line, a bounce off a stop at the target within a frame: the centre closes in at
  /// 250 pt/s from 40 pt (2.5 pt off at frame 9), meets the stop on the target at t = 0.16 s,
  /// comes back at 125 pt/s (0.83 pt off at frame 10, still outside the 0.5 pt band) and rests
  /// 30 pt back at t = 0.4 s. It never goes past the target, so `overshoot_pt` is 0; it has
  /// passed its closest approach at frame 11, so `excursion_pt` is the bounce back, 30 pt. The
  /// two agree only for a line crossed as a spring crosses it (docs/metrics.md).
  @Test func aBounceOffAStopAtTheTargetIsAnExcursionNotAnOvershoot() {
    let result = record(frames: 60) { t in
      let x = t <= 0.16 ? 40 - 250 * t : 125 * (min(t, 0.4) - 0.16)
      return Point(x, 0)
    }
    expectClose(result[.overshoot_pt], 0, .doubleRoundoff, "overshoot_pt")
    expectClose(result[.excursion_pt], 30, .planarRoundoff, "excursion_pt")
    #expect(result[.oscillations] == 0)
  }

  /// Along one line, through the target and off a stop past it within a frame: 10 pt short at
  /// frame 1 (closing at 1800 pt/s), the stop 9 pt past the target at t = 49/1800 s, then
  /// back at 150 pt/s: frame 2 is 9 − 150·(1/30 − 49/1800) = 8.083 pt past the target and
  /// every later frame closer, until it rests on the target. The stretch swept during frame 2
  /// goes through the target, so the centre has arrived there: `excursion_pt` is that 8.083 pt,
  /// as is `overshoot_pt` (the distance alone, shrinking from 10 to 8.08 to 5.58…, would
  /// only have seen it arrive on the target, with an excursion of 0).
  @Test func throughTheTargetWithinAFrameHasArrived() {
    let t1 = 49.0 / 1800
    let result = record(frames: 30) { t in
      let x = t <= t1 ? 40 - 1800 * t : min(0, -9 + 150 * (t - t1))
      return Point(x, 0)
    }
    let peak = 9 - 150 * (1.0 / 30 - t1)
    expectClose(result[.overshoot_pt], peak, .planarRoundoff, "overshoot_pt")
    expectClose(result[.excursion_pt], peak, .planarRoundoff, "excursion_pt")
  }

  /// Still closing in at the end, outside the band: no excursion yet (`no-arrival`); the
  /// other target metrics keep their values.
  @Test func stillClosingInHasNoExcursion() {
    let result = record(frames: 30) { t in Point(40 * exp(-t), 0) }
    #expect(result[.excursion_pt] == nil)
    #expect(result.reason(.excursion_pt) == .noArrival)
    #expect(result[.deviation_pt] == 0)
    #expect(result.reason(.settleTime_s) == .unsettled)
  }

  /// Starting inside the band, the excursion is measured from the start.
  @Test func startingWithinTheBandArrivesAtOnce() {
    let result = record(frames: 60) { t in Point(0.3 * cos(2 * Double.pi * t), 0) }
    expectClose(result[.excursion_pt], 0.3, .doubleRoundoff, "excursion from the start")
  }
}
