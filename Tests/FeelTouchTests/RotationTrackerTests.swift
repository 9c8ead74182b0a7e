import FeelEngine
import FeelTestSupport
import FeelTouch
import Foundation
import Testing

/// The finger's turn about a pivot (docs/drags.md, rotate drags): unwrapped, clockwise on
/// screen (y down) positive, dead zone ignored.
@Suite("Rotation: unwrap, direction, dead zone")
struct RotationTrackerTests {
  /// A finger circling (cx, cy) at radius r, `turns` times clockwise on screen, `perTurn`
  /// samples a turn, starting at angle `start`.
  private func circle(
    _ c: Point, radius r: Double, turns: Double, perTurn: Int, start: Double = 0,
    clockwise: Bool = true
  ) -> [TouchSample] {
    let n = Int((turns * Double(perTurn)).rounded())
    return (0...n).map { j in
      let a = start + (clockwise ? 1 : -1) * 2 * Double.pi * Double(j) / Double(perTurn)
      return TouchSample(Double(j) / 60, c.x + r * cos(a), c.y + r * sin(a))
    }
  }

  @Test("three turns about the pivot add up to 6π, with no jump at ±π")
  func threeTurns() {
    let pivot = Point(160, 160)
    for start in [0.0, 3.0, -Double.pi / 2] {
      var tracker = RotationTracker(pivot_pt: pivot)
      var previous = 0.0
      let samples = circle(pivot, radius: 80, turns: 3, perTurn: 48, start: start)
      for sample in samples {
        let accepted = tracker.receive(sample)
        #expect(accepted)
        // Every step turns by one 48th of a turn, across ±π too.
        if tracker.hasReference, sample != samples[0] {
          expectClose(tracker.turn_rad - previous, 2 * .pi / 48, .unwrapStep, "step")
        }
        previous = tracker.turn_rad
      }
      expectClose(tracker.turn_rad, 6 * .pi, .turnAngle, "3 turns from \(start) rad")
    }
  }

  @Test("clockwise on screen (right of the pivot, then below it: y down) is positive")
  func clockwiseIsPositive() {
    var tracker = RotationTracker(pivot_pt: Point(0, 0))
    tracker.receive(TouchSample(0, 50, 0))  // right of the pivot
    tracker.receive(TouchSample(0.1, 0, 50))  // below it on screen: a quarter turn clockwise
    expectClose(tracker.turn_rad, Double.pi / 2, .turnAngle, "quarter turn clockwise")
    var back = RotationTracker(pivot_pt: Point(0, 0))
    back.receive(TouchSample(0, 50, 0))
    back.receive(TouchSample(0.1, 0, -50))  // above it: counter-clockwise
    expectClose(back.turn_rad, -Double.pi / 2, .turnAngle, "quarter turn counter-clockwise")
  }

  @Test("samples in the dead zone are ignored")
  func deadZone() {
    var tracker = RotationTracker(pivot_pt: Point(100, 100), deadZone_pt: 20)
    // Right of the pivot; then through the middle (these would swing the angle by π); then
    // 20 pt below it: exactly the dead zone's radius is outside it (closer is ignored).
    let samples = [
      TouchSample(0, 150, 100), TouchSample(0.1, 105, 100), TouchSample(0.2, 95, 110),
      TouchSample(0.3, 100, 100), TouchSample(0.4, 100, 120),
    ]
    let accepted = samples.map { tracker.receive($0) }
    #expect(accepted == [true, false, false, false, true])
    expectClose(tracker.turn_rad, Double.pi / 2, .turnAngle, "right, then below")
  }

  @Test("the angular release velocity of a steady turn is its angular speed")
  func angularVelocity() {
    // 48 samples a turn, one per 60 Hz frame: 2π × 60 / 48 rad/s, counter-clockwise negative.
    var tracker = RotationTracker(pivot_pt: Point(0, 0))
    for s in circle(Point(0, 0), radius: 60, turns: 1.5, perTurn: 48, clockwise: false) {
      tracker.receive(s)
    }
    expectClose(
      tracker.angularVelocity(window_s: 0.1), -2 * .pi * 60 / 48, .fitRoundoff, "omega")
  }
}

extension Tolerance {
  /// The angle tolerance for a finger's accumulated turn (rad).
  static let turnAngle = Tolerance("turn angle (rad)", 1e-4, .absolute)
  /// One sample's turn from atan2 differences of rounded positions (rad).
  static let unwrapStep = Tolerance("one unwrapped step (rad)", 1e-9, .absolute)
}
