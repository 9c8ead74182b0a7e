/// Reads every trace of a corpus at many recognizer settings, as `GestureReading` (the
/// recognizer through `TouchTimeline`) reads it, in O(log n) per trace: a recognizer
/// experiment reads its corpus at every grid point.
///
/// Made once per corpus: for each trace, its sample times and the running largest squared
/// distance from the touch-down (the same `dx * dx + dy * dy` the recognizer compares with
/// slop²). At settings (slop, hold), the first sample farther than the slop is a binary search
/// (the running largest is non-decreasing); the deciding sample j is that one, else the lift.
/// The hold fires first when the trace has a sample after the touch-down and
/// t_down + hold ≤ t_j + `TouchTimeline.timeTolerance_s` (before sample j the touch is down and
/// not dragging, and ties go to the hold); else the reading is a drag at that sample, else a
/// tap at the lift. Tests compare it with `GestureReading.read` on every trace of the
/// synthetic corpus, at settings on and beside each trace's thresholds.
public struct CorpusReader: Sendable {
  public let corpus: TouchCorpus
  /// Every trace's sample times (s), one after another.
  private let times: [Double]
  /// Every trace's running largest squared distance from its touch-down (pt²).
  private let farthest2: [Double]
  /// Where each trace starts in `times` and `farthest2`, and one past the last.
  private let starts: [Int]

  public init(_ corpus: TouchCorpus) {
    self.corpus = corpus
    var times: [Double] = []
    var farthest2: [Double] = []
    var starts: [Int] = [0]
    for trace in corpus.traces {
      let down = trace.samples[0].point_pt
      var largest = 0.0
      for sample in trace.samples {
        let dx = sample.point_pt.x - down.x
        let dy = sample.point_pt.y - down.y
        largest = max(largest, dx * dx + dy * dy)
        times.append(sample.t_s)
        farthest2.append(largest)
      }
      starts.append(times.count)
    }
    self.times = times
    self.farthest2 = farthest2
    self.starts = starts
  }

  /// How trace `index` of the corpus is read with `settings`.
  public func reading(_ index: Int, _ settings: RecognizerSettings) -> GestureReading {
    let first = starts[index]
    let last = starts[index + 1] - 1
    let slop2 = settings.slop_pt * settings.slop_pt
    // The first sample after the touch-down farther than the slop (the touch-down's distance
    // is 0, never beyond the slop).
    var low = first + 1
    var high = last + 1
    while low < high {
      let middle = (low + high) / 2
      if farthest2[middle] > slop2 { high = middle } else { low = middle + 1 }
    }
    let drags = low <= last
    let decider = drags ? low : last
    let hold = times[first] + settings.hold_s
    if last > first && hold <= times[decider] + TouchTimeline.timeTolerance_s {
      return GestureReading(gesture: .hold, t_s: hold - times[first], sample: nil)
    }
    return GestureReading(
      gesture: drags ? .drag : .tap, t_s: times[decider] - times[first], sample: decider - first)
  }

  /// The whole corpus read with `settings`.
  public func tally(_ settings: RecognizerSettings) -> CorpusTally {
    var tally = CorpusTally()
    for (i, trace) in corpus.traces.enumerated() {
      tally.add(trace.label, readAs: reading(i, settings).gesture)
    }
    return tally
  }
}
