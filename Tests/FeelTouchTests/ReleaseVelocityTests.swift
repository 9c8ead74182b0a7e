import FeelEngine
import FeelTestSupport
import FeelTouch
import Testing

/// The release velocity: the least-squares slope of the samples within the velocity window of
/// the last one (docs/touches.md), checked against closed forms.
@Suite("Release velocity")
struct ReleaseVelocityTests {
  @Test(
    "a constant-speed drag gives (to − from) / duration",
    arguments: [
      (Point(240, 25), Point(160, 25), 0.3, 60.0), (Point(10, 300), Point(250, 20), 0.45, 120.0),
      (Point(0, 0), Point(30, 40), 0.04, 60.0),
    ])
  func constantSpeed(from: Point, to: Point, duration: Double, rate: Double) {
    let drag = TouchDrag(at_s: 0.1, from_pt: from, to_pt: to, duration_s: duration)
    let trace = TouchTrace.drag(drag).samples(frameRate_hz: rate)
    let events = TouchTimeline.events(traces: [trace], frameRate_hz: rate)
    let ended = events.first { $0.kind == .dragEnded }
    let expected = Point((to.x - from.x) / duration, (to.y - from.y) / duration)
    expectClose(ended?.velocity_pt_s?.x, expected.x, .fitRoundoff, "vx")
    expectClose(ended?.velocity_pt_s?.y, expected.y, .fitRoundoff, "vy")
  }

  @Test("the window: on x = a t², equally spaced samples fit slope 2a × (their mean time)")
  func windowOnAParabola() {
    // Samples every 0.02 s from 0 to 0.5 s; the window (0.1 s) holds those at 0.4 … 0.5 s:
    // six samples, mean time 0.45 s. The least-squares line through equally spaced points of a
    // parabola has the parabola's slope at their mean time.
    let a = 300.0
    let samples = (0...25).map { j -> TouchSample in
      let t = Double(j) * 0.02
      return TouchSample(t, a * t * t, 0)
    }
    var recognizer = TouchRecognizer()
    for (j, sample) in samples.enumerated() {
      _ = recognizer.receive(sample, isLift: j == samples.count - 1)
    }
    expectClose(recognizer.releaseVelocity_pt_s.x, 2 * a * 0.45, .fitRoundoff, "vx")
  }

  @Test("fewer than two samples in the window: the slope through the last two")
  func lastTwo() {
    // 0.25 s between samples, window 0.1 s: only the lift is in it.
    let samples = [TouchSample(0, 0, 0), TouchSample(0.25, 40, 10), TouchSample(0.5, 100, 0)]
    var recognizer = TouchRecognizer()
    for (j, sample) in samples.enumerated() {
      _ = recognizer.receive(sample, isLift: j == samples.count - 1)
    }
    expectClose(recognizer.releaseVelocity_pt_s.x, (100 - 40) / 0.25, .fitRoundoff, "vx")
    expectClose(recognizer.releaseVelocity_pt_s.y, (0 - 10) / 0.25, .fitRoundoff, "vy")
  }

  @Test("a single sample gives 0")
  func singleSample() {
    #expect(
      VelocityFit.slope(count: 1, window_s: 0.1, time: { _ in 0.3 }, value: { _ in 42 }) == 0)
  }
}

extension Tolerance {
  /// A least-squares slope computed in double precision from sample times and positions that
  /// were themselves rounded (relative).
  static let fitRoundoff = Tolerance("least-squares round-off", 1e-9, .relative)
}
