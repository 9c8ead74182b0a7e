import FeelEngine
import FeelTestSupport
import Foundation
import Testing

@testable import FeelTouch

/// Tracking a dial corpus's turns with a dead zone (docs/touches.md, "Rotary experiment"):
/// `RotaryTurnReader` against a hand-worked straight line and against `RotationTracker`.
@Suite("Dial turn tracking")
struct DialTurnTrackingTests {
  static let dial = CorpusRotary(
    center_pt: Point(0, 0), radius_pt: 120, count: 12, labelRadius_pt: 100)

  /// A straight line y = b from x = −60 to 60 pt in 5 pt steps, one sample per 1/60 s.
  static func line(b: Double, from: Double = -60) -> [TouchSample] {
    var samples: [TouchSample] = []
    var x = from
    var k = 0
    while x <= 60 {
      samples.append(TouchSample(Double(k) / 60, x, b))
      x += 5
      k += 1
    }
    return samples
  }

  static func tracked(_ samples: [TouchSample], deadZone: Double) -> Double {
    let corpus = TouchCorpus(traces: [
      CorpusTrace(label: .drag, origin: .synthetic(index: 0), samples: samples, intendedTurn_rad: 0)
    ])
    return RotaryTurnReader(corpus, rotary: dial).trackedTurn(0, deadZone_pt: deadZone)
  }

  @Test("a line passing the centre at 8 pt: the samples inside the dead zone are dropped")
  func straightLine() {
    let b = 8.0
    // Worked by hand: the samples are (x, 8) for x = −60, −55, …, 60. Angle about the centre:
    // atan2(8, x), from near π at x = −60 to near 0 at x = 60, turning anticlockwise on
    // screen (negative). Every step between accepted samples is less than π, so the tracked
    // turn is the angle of the last accepted sample minus that of the first.
    let whole = atan2(b, 60) - atan2(b, -60)
    expectClose(Self.tracked(Self.line(b: b), deadZone: 0), whole, .trackedTurn, "no dead zone")
    // A dead zone of 22 pt drops |x| < √(22² − 8²) = 20.49 (x = −20 … 20): the step across
    // the gap, from (−25, 8) to (25, 8), still wraps the short way, so the turn is the same.
    expectClose(
      Self.tracked(Self.line(b: b), deadZone: 22), whole, .trackedTurn, "dead zone across")
    // Starting at x = −15, inside the dead zone of 22 pt: the first accepted sample is
    // (25, 8), so the turn is atan2(8, 60) − atan2(8, 25); without the dead zone it is
    // atan2(8, 60) − atan2(8, −15).
    let start = Self.line(b: b, from: -15)
    expectClose(
      Self.tracked(start, deadZone: 22), atan2(b, 60) - atan2(b, 25), .trackedTurn,
      "started inside the dead zone")
    expectClose(
      Self.tracked(start, deadZone: 0), atan2(b, 60) - atan2(b, -15), .trackedTurn,
      "started inside, no dead zone")
    // A dead zone bigger than the whole line: nothing accepted, no turn.
    #expect(Self.tracked(start, deadZone: 100) == 0)
  }

  @Test("the reader tracks the synthetic dial corpus to the same bits as RotationTracker")
  func sameAsRotationTracker() {
    let dial = CorpusRotary(
      center_pt: Point(160, 200), radius_pt: 120, count: 12, labelRadius_pt: 100)
    let corpus = TouchCorpus(
      recorded: [], folder: nil,
      synthetic: SyntheticCorpus(seed: 3, taps: 0, drags: 300, holds: 0, rotary: dial))
    let reader = RotaryTurnReader(corpus, rotary: dial)
    for deadZone in [0.0, 3, 22, 40] {
      for (i, trace) in corpus.traces.enumerated() {
        var tracker = RotationTracker(pivot_pt: dial.center_pt, deadZone_pt: deadZone)
        for sample in trace.samples { tracker.receive(sample) }
        #expect(
          reader.trackedTurn(i, deadZone_pt: deadZone).bitPattern == tracker.turn_rad.bitPattern,
          "trace \(i), dead zone \(deadZone)")
      }
    }
  }
}
