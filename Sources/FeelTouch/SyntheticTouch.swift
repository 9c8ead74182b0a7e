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
  /// A rotary corpus's turning drag round the centre (it replaces `start_pt` and `move_pt`); nil
  /// otherwise.
  public var arc: SyntheticArc? = nil
  /// A rotary corpus's tap: the label it goes down on (0-based); nil otherwise.
  public var rotaryLabel: Int? = nil
  /// A rotary corpus's turning drag: the turn its noise-free path makes about the disc's centre
  /// (rad, positive clockwise on screen); nil for other traces.
  public var intendedTurn_rad: Double? = nil

  /// The finger's position at `t_s` before sensor noise (pt).
  public func path(_ t_s: Double) -> Point {
    let press = SyntheticTouchModel.minimumJerk(t_s / duration_s)
    if let arc {
      let move = SyntheticTouchModel.minimumJerk((t_s - pause_s) / moveDuration_s)
      let p = arc.point_pt(move)
      return Point(p.x + drift_pt.x * press, p.y + drift_pt.y * press)
    }
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
    CorpusTrace(
      label: label, origin: .synthetic(index: index), samples: samples,
      intendedTurn_rad: intendedTurn_rad)
  }
}

/// A turning drag's arc about a disc's centre: the radius and the angle both move from their
/// start to their end along the same progress u (0 to 1), so the turn about the centre is
/// exactly `turn_rad`.
public struct SyntheticArc: Sendable, Equatable {
  public var center_pt: Point
  /// The radius at u = 0 and at u = 1 (pt, > 0).
  public var startRadius_pt: Double
  public var endRadius_pt: Double
  /// The screen angle at u = 0 (rad), and the turn to u = 1 (rad, positive clockwise on
  /// screen).
  public var startAngle_rad: Double
  public var turn_rad: Double

  /// The point at progress `u`: centre + r(u) · (cos θ(u), sin θ(u)), r and θ linear in u
  /// (`PortableMath`'s sine and cosine).
  public func point_pt(_ u: Double) -> Point {
    let r = startRadius_pt + (endRadius_pt - startRadius_pt) * u
    let (s, c) = PortableMath.sinCos(startAngle_rad + turn_rad * u)
    return Point(center_pt.x + r * c, center_pt.y + r * s)
  }
}
