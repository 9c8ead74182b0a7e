import FeelEngine

/// One trace of the synthetic corpus: the values drawn for it (so tests can check the
/// distributions) and its samples.
public struct SyntheticTouch: Sendable, Equatable {
  public var label: GestureLabel
  /// Its index among the traces of its label (0-based).
  public var index: Int
  /// Its touch rate (Hz).
  public var rate_hz: Double
  /// The touch-down point (pt).
  public var start_pt: Point
  /// The intended duration (s): the lift is the first sample at or after it.
  public var duration_s: Double
  /// Whether the press wobbles, and its drift from touch-down to lift (pt).
  public var wobbles: Bool
  public var drift_pt: Point
  /// A drag's rest before it moves (s, 0 when it does not rest), its movement's duration (s)
  /// and its displacement (pt); zero for taps and holds.
  public var pause_s: Double
  public var moveDuration_s: Double
  public var move_pt: Point
  /// A hold's creep velocity (pt/s); zero when it does not creep, and for taps and drags.
  public var creep_pt_s: Point
  /// The samples: times from 0 (s), increasing; positions (pt).
  public var samples: [TouchSample]

  /// The finger's position at `t_s` before sensor noise (pt).
  public func path(_ t_s: Double) -> Point {
    let press = SyntheticTouchModel.minimumJerk(t_s / duration_s)
    var x = start_pt.x + drift_pt.x * press + creep_pt_s.x * t_s
    var y = start_pt.y + drift_pt.y * press + creep_pt_s.y * t_s
    if moveDuration_s > 0 {
      let move = SyntheticTouchModel.minimumJerk((t_s - pause_s) / moveDuration_s)
      x += move_pt.x * move
      y += move_pt.y * move
    }
    return Point(x, y)
  }

  /// The corpus trace.
  public var trace: CorpusTrace {
    CorpusTrace(label: label, origin: .synthetic(index: index), samples: samples)
  }
}
