import FeelEngine
import FeelTestSupport
import FeelTouch
import Foundation
import Testing

/// The author's release estimate (docs/tempo-dial.md): the latest angle step over the latest
/// interval, wiped when the finger rested 0.05 s or more before the lift.
@Suite struct AuthorEstimatorTests {
  static let pivot = Point(100, 100)

  /// A finger on a circle of radius 50 at these (time, angle) pairs.
  static func tracker(_ moves: [(Double, Double)]) -> RotationTracker {
    var tracker = RotationTracker(pivot_pt: pivot, deadZone_pt: 22)
    for (t, a) in moves {
      tracker.receive(TouchSample(t, pivot.x + 50 * cos(a), pivot.y + 50 * sin(a)))
    }
    return tracker
  }

  @Test func theLastStepOverItsInterval() {
    // 0.1 rad per 1/60 s, then a last step of 0.05 rad in 0.01 s: 5 rad/s.
    let tracker = Self.tracker([(0, 0), (1.0 / 60, 0.1), (2.0 / 60, 0.2), (2.0 / 60 + 0.01, 0.25)])
    expectClose(
      tracker.lastStepAngularVelocity(restReset_s: 0.05), 5,
      Tolerance("double rounding", 1e-9, .relative), "rad/s")
  }

  @Test func aRestOfFiftyMillisecondsWipesIt() {
    let moving = Self.tracker([(0, 0), (0.02, 0.1), (0.069, 0.2)])
    #expect(moving.lastStepAngularVelocity(restReset_s: 0.05) != 0, "49 ms: still moving")
    let rested = Self.tracker([(0, 0), (0.02, 0.1), (0.07, 0.2)])
    #expect(rested.lastStepAngularVelocity(restReset_s: 0.05) == 0, "50 ms: the timer fired")
  }

  @Test func samplesInTheDeadSpotDoNotCount() {
    var tracker = Self.tracker([(0, 0), (0.02, 0.1)])
    // a last sample 10 pt from the pivot, inside the 22 pt dead spot: ignored
    tracker.receive(TouchSample(0.03, Self.pivot.x + 10, Self.pivot.y))
    expectClose(
      tracker.lastStepAngularVelocity(restReset_s: 0.05), 5,
      Tolerance("double rounding", 1e-9, .relative), "rad/s")
    #expect(Self.tracker([(0, 0)]).lastStepAngularVelocity(restReset_s: 0.05) == 0)
  }
}
