import FeelEngine
import FeelMetrics
import FeelTestSupport
import FeelTouch
import Foundation
import Testing

/// The dial metrics (docs/touches.md, "Rotary experiment") of a six-trace corpus built by hand,
/// each reading and each tracked turn worked out in the comments, at slop 10 pt, hold 0.5 s.
@Suite("Dial metrics")
struct DialMetricsTests {
  /// A dial at the origin with 4 labels: half a spacing is π/4 (45°).
  static let dial = CorpusRotary(
    center_pt: Point(0, 0), radius_pt: 120, count: 4, labelRadius_pt: 100)

  static func polar(_ t: Double, _ r: Double, _ angle: Double) -> TouchSample {
    TouchSample(t, r * cos(angle), r * sin(angle))
  }

  static let corpus = TouchCorpus(traces: [
    // A: a tap on label 0, still for 0.1 s: a tap.
    CorpusTrace(
      label: .tap, origin: .recorded(file: "A"),
      samples: [TouchSample(0, 100, 0), TouchSample(0.1, 100, 0)]),
    // B: a tap that slides 12 pt (> slop 10) at 0.1 s: read as a drag, the dial turns.
    CorpusTrace(
      label: .tap, origin: .recorded(file: "B"),
      samples: [TouchSample(0, 100, 0), TouchSample(0.1, 100, 12), TouchSample(0.15, 100, 12)]),
    // C: a quarter turn at radius 100, 0 → π/2 in four steps: a drag (the first step already
    // moves 2 · 100 · sin(π/16) = 39 pt), tracked π/2 at any dead zone below 100: error 0.
    CorpusTrace(
      label: .drag, origin: .recorded(file: "C"),
      samples: (0...4).map { polar(Double($0) * 0.05, 100, Double($0) * Double.pi / 8) },
      intendedTurn_rad: Double.pi / 2),
    // D: meant 3π/4; starts at 10 pt (angles 0, π/4), then 30 pt (π/2, 3π/4). A drag at the
    // third sample ((0, 30) is √(10² + 30²) = 31.6 pt from the touch-down; the second,
    // (7.07, 7.07), only 7.65 pt). With dead zone 20 the first two are dropped: tracked π/4,
    // off by π/2 > π/4: lost. With dead zone 0: tracked 3π/4, error 0.
    CorpusTrace(
      label: .drag, origin: .recorded(file: "D"),
      samples: [
        polar(0, 10, 0), polar(0.1, 10, Double.pi / 4), polar(0.2, 30, Double.pi / 2),
        polar(0.3, 30, 3 * Double.pi / 4),
      ], intendedTurn_rad: 3 * Double.pi / 4),
    // E: meant a turn, but moves 5 pt and lifts at 0.2 s: a tap, the dial jumps to a label.
    CorpusTrace(
      label: .drag, origin: .recorded(file: "E"),
      samples: [polar(0, 100, 0), polar(0.1, 100, 0.03), polar(0.2, 100, 0.05)],
      intendedTurn_rad: 0.05),
    // F: a hold, still for 0.8 s: a hold.
    CorpusTrace(
      label: .hold, origin: .recorded(file: "F"),
      samples: [TouchSample(0, 50, 50), TouchSample(0.4, 50, 50), TouchSample(0.8, 50, 50)]),
  ])

  static func measured(deadZone: Double) -> MetricsResult {
    CorpusMeasurement.measure(
      CorpusReader(corpus), .uikit, turns: RotaryTurnReader(corpus, rotary: dial),
      deadZone_pt: deadZone)
  }

  @Test("dead zone 20 pt: B turns, E jumps, D is lost; 3 of 6 misread, mean error 45°")
  func deadZone20() {
    let r = Self.measured(deadZone: 20)
    #expect(r[.tapAsTurnCount] == 1)
    #expect(r[.tapAsTurnRate] == 0.5)  // B of the 2 taps
    #expect(r[.turnAsTapCount] == 1)
    #expect(r[.turnAsTapRate] == 1.0 / 3)  // E of the 3 turns
    #expect(r[.turnLostCount] == 1)
    #expect(r[.turnLostRate] == 1.0 / 3)  // D
    #expect(r[.rotaryMisreadCount] == 3)
    #expect(r[.rotaryMisreadRate] == 0.5)  // B, D, E of 6
    // C and D read as drags: errors 0 and π/2 (90°), mean 45°.
    expectClose(r[.turnError_deg], 45, .trackedTurn, "mean turn error")
    // The recognizer's own counts are there too: B is a tap read as a drag, E a drag as a tap.
    #expect(r[.tapAsDragCount] == 1)
    #expect(r[.dragAsTapCount] == 1)
  }

  @Test("no dead zone: D keeps its whole turn; 2 of 6 misread, mean error 0")
  func noDeadZone() {
    let r = Self.measured(deadZone: 0)
    #expect(r[.turnLostCount] == 0)
    #expect(r[.rotaryMisreadCount] == 2)
    #expect(r[.rotaryMisreadRate] == 2.0 / 6)
    expectClose(r[.turnError_deg], 0, .trackedTurn, "mean turn error")
  }

  @Test("no turn read as a drag: the turn error is empty, flagged no-drag")
  func noTurnRead() {
    let corpus = TouchCorpus(traces: [Self.corpus.traces[4]])
    let r = CorpusMeasurement.measure(
      CorpusReader(corpus), .uikit, turns: RotaryTurnReader(corpus, rotary: Self.dial),
      deadZone_pt: 0)
    #expect(r[.turnError_deg] == nil)
    #expect(r.reason(.turnError_deg) == .noDrag)
    #expect(r[.turnAsTapRate] == 1)
    #expect(r[.tapAsTurnRate] == nil)  // no taps to divide by
  }
}
