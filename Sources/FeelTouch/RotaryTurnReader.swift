import FeelEngine
import Foundation

/// Tracks a rotary corpus's traces about the disc's centre at any dead zone, as a
/// `RotationTracker` fed every sample from the touch-down would (the `rotate` drag catches up
/// from the touch-down when its drag begins), to the same bits: a rotary experiment tracks every
/// turning drag at every grid point.
///
/// Made once per corpus: each sample's squared distance from the centre and its angle (atan2,
/// as the tracker computes them). At a dead zone d, the accepted samples are those with
/// dx² + dy² ≥ d² (and not on the centre itself); the turn is the sum of the wrapped angle steps
/// between consecutive accepted samples, 0 when fewer than two are accepted.
public struct RotaryTurnReader: Sendable {
  public let rotary: CorpusRotary
  /// Every trace's samples' squared distances from the centre (pt²), −∞ for a sample exactly
  /// on it (never accepted), one trace after another.
  private let distance2: [Double]
  /// Every trace's samples' angles about the centre (rad, atan2).
  private let angles: [Double]
  /// Where each trace starts in the arrays, and one past the last.
  private let starts: [Int]

  public init(_ corpus: TouchCorpus, rotary: CorpusRotary) {
    self.rotary = rotary
    var distance2: [Double] = []
    var angles: [Double] = []
    var starts: [Int] = [0]
    for trace in corpus.traces {
      for sample in trace.samples {
        let dx = sample.point_pt.x - rotary.center_pt.x
        let dy = sample.point_pt.y - rotary.center_pt.y
        distance2.append(dx == 0 && dy == 0 ? -Double.infinity : dx * dx + dy * dy)
        angles.append(atan2(dy, dx))
      }
      starts.append(distance2.count)
    }
    self.distance2 = distance2
    self.angles = angles
    self.starts = starts
  }

  /// The turn tracked on trace `index` with dead zone `deadZone_pt` (rad, positive clockwise
  /// on screen): what `RotationTracker(pivot_pt: centre, deadZone_pt:)` reports after every
  /// sample of the trace.
  public func trackedTurn(_ index: Int, deadZone_pt: Double) -> Double {
    let limit = deadZone_pt * deadZone_pt
    var turn = 0.0
    var last = 0.0
    var accepted = false
    for i in starts[index]..<starts[index + 1] where distance2[i] >= limit {
      let angle = angles[i]
      if accepted { turn += RotationTracker.wrapped(angle - last) }
      last = angle
      accepted = true
    }
    return turn
  }
}
