import FeelEngine
import FeelTestSupport
import FeelTouch
import Testing

/// The recognizer's boundaries (docs/touches.md, "The recognizer"), with expected values from the
/// contract's definitions: a drag is a move farther than the slop; a hold fires on the first
/// frame whose time t_k = k / frame_rate reaches touch-down + hold.
@Suite("Recognizer: slop, hold and the order of events")
struct RecognizerTests {
  /// The kinds of `events`, in order, with their frames.
  private func kinds(_ events: [TouchTimeline.Event]) -> [String] {
    events.map { "\($0.frame) \($0.kind.rawValue)" }
  }

  /// Down at (100, 25), then one move by (dx, dy) a frame later, then the lift there.
  private func move(_ dx: Double, _ dy: Double) -> [TouchSample] {
    [
      TouchSample(0, 100, 25), TouchSample(1.0 / 60, 100 + dx, 25 + dy),
      TouchSample(2.0 / 60, 100 + dx, 25 + dy),
    ]
  }

  @Test("a move of exactly the slop is not a drag (along x, and 6-8-10 on a diagonal)")
  func exactlySlop() {
    for (dx, dy) in [(10.0, 0.0), (-10.0, 0.0), (0.0, 10.0), (6.0, 8.0), (-6.0, -8.0)] {
      let events = TouchTimeline.events(traces: [move(dx, dy)], frameRate_hz: 60)
      #expect(kinds(events) == ["1 touch-down", "2 tap", "2 touch-up"], "move (\(dx), \(dy))")
    }
  }

  @Test("a move of the slop + 0.01 pt is a drag, beginning on that sample")
  func slopPlusAHundredth() {
    for (dx, dy) in [(10.01, 0.0), (0.0, -10.01)] {
      let events = TouchTimeline.events(traces: [move(dx, dy)], frameRate_hz: 60)
      // Samples at 0 and 1/60 s are both delivered before frame 1; the lift before frame 2.
      #expect(
        kinds(events) == ["1 touch-down", "1 drag-began", "2 drag-ended", "2 touch-up"],
        "move (\(dx), \(dy))")
    }
  }

  @Test("the slop is the recognizer's: 20 pt makes a 15 pt move a tap")
  func slopSetting() {
    var settings = RecognizerSettings()
    settings.slop_pt = 20
    let events = TouchTimeline.events(traces: [move(15, 0)], settings: settings, frameRate_hz: 60)
    #expect(kinds(events) == ["1 touch-down", "2 tap", "2 touch-up"])
  }

  /// The first frame k with k / rate ≥ t (the closed form of "the first frame whose time is ≥").
  private func firstFrame(reaching t: Double, rate: Double) -> Int {
    var k = Int((t * rate).rounded(.down))
    while Double(k) / rate < t - 1e-9 { k += 1 }
    while k > 0, Double(k - 1) / rate >= t - 1e-9 { k -= 1 }
    return k
  }

  @Test(
    "a hold fires on the first frame whose time reaches touch-down + hold",
    arguments: [
      (0.0, 60.0), (0.01, 60.0), (0.25, 60.0), (0.013, 120.0), (0.0, 30.0),
    ])
  func holdFrame(at: Double, rate: Double) {
    let trace = TouchTrace.hold(
      TouchPress(at_s: at, point_pt: Point(50, 25), duration_s: 0.8)
    ).samples(frameRate_hz: rate)
    let events = TouchTimeline.events(traces: [trace], frameRate_hz: rate)
    let holds = events.filter { $0.kind == .hold }
    #expect(holds.count == 1)
    #expect(holds.first?.frame == firstFrame(reaching: at + 0.5, rate: rate))
    #expect(!events.contains { $0.kind == .tap }, "a touch that held is no tap")
    #expect(events.last?.kind == .touchUp)
  }

  @Test("a lift one frame before the hold time is a tap; a lift at the hold time is a hold")
  func liftAtHoldMinusOneFrame() {
    let rate = 60.0
    let early = TouchTrace.tap(
      TouchPress(at_s: 0, point_pt: Point(50, 25), duration_s: 0.5 - 1 / rate)
    ).samples(frameRate_hz: rate)
    let earlyEvents = TouchTimeline.events(traces: [early], frameRate_hz: rate)
    #expect(kinds(earlyEvents) == ["1 touch-down", "29 tap", "29 touch-up"])

    let atHold = TouchTrace.tap(TouchPress(at_s: 0, point_pt: Point(50, 25), duration_s: 0.5))
      .samples(frameRate_hz: rate)
    let atHoldEvents = TouchTimeline.events(traces: [atHold], frameRate_hz: rate)
    // Ties go to the hold: the touch has been down for the hold time when it lifts.
    #expect(kinds(atHoldEvents) == ["1 touch-down", "30 hold", "30 touch-up"])
  }

  @Test("a hold fires in time order among the samples of its frame")
  func holdAmongSamples() {
    // Down at 0; a drag begins at 0.505 s, in frame 31 (0.5 < t ≤ 31/60): the hold (due at
    // 0.5 s, frame 30) comes first, one frame earlier. With a move at 0.499 s (frame 30,
    // before the hold time), the drag begins first and no hold fires.
    let late = [TouchSample(0, 0, 0), TouchSample(0.505, 20, 0), TouchSample(0.6, 20, 0)]
    #expect(
      kinds(TouchTimeline.events(traces: [late], frameRate_hz: 60)) == [
        "1 touch-down", "30 hold", "31 drag-began", "36 drag-ended", "36 touch-up",
      ])
    let early = [TouchSample(0, 0, 0), TouchSample(0.499, 20, 0), TouchSample(0.6, 20, 0)]
    #expect(
      kinds(TouchTimeline.events(traces: [early], frameRate_hz: 60)) == [
        "1 touch-down", "30 drag-began", "36 drag-ended", "36 touch-up",
      ])
  }

  @Test("within one frame: touch-down, drag-began, drag-ended, touch-up, in sample order")
  func orderWithinAFrame() {
    let quick = [TouchSample(0.001, 0, 0), TouchSample(0.002, 20, 0), TouchSample(0.003, 40, 0)]
    #expect(
      kinds(TouchTimeline.events(traces: [quick], frameRate_hz: 60)) == [
        "1 touch-down", "1 drag-began", "1 drag-ended", "1 touch-up",
      ])
    let tap = [TouchSample(0.004, 5, 5)]
    #expect(
      kinds(TouchTimeline.events(traces: [tap], frameRate_hz: 60)) == [
        "1 touch-down", "1 tap", "1 touch-up",
      ])
  }

  @Test("two touches: deliveries in time order across touches, ties in touch order")
  func twoTouches() {
    let a = [TouchSample(0.002, 0, 0), TouchSample(0.010, 0, 0)]
    let b = [TouchSample(0.001, 50, 0), TouchSample(0.010, 50, 0)]
    let events = TouchTimeline.events(traces: [a, b], frameRate_hz: 60)
    #expect(
      events.map { "\($0.touch) \($0.kind.rawValue)" } == [
        "1 touch-down", "0 touch-down", "0 tap", "0 touch-up", "1 tap", "1 touch-up",
      ])
  }

  @Test("samples are delivered before the frame whose time they reach (t ≤ k / rate)")
  func delivery() {
    // A sample written as 0.2 s is delivered before frame 12 at 60 Hz although 12/60 rounds
    // below 0.2 (the time rules' slack); one at 0.2 + 1e-6 s waits for frame 13.
    let events = TouchTimeline.events(
      traces: [[TouchSample(0.2, 0, 0)], [TouchSample(0.2 + 1e-6, 0, 0)]], frameRate_hz: 60)
    #expect(events.filter { $0.kind == .touchDown }.map(\.frame) == [12, 13])
  }
}
