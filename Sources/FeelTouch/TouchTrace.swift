import FeelEngine

/// Where a touch's samples come from, as the scene file says (`[[touch]]`, exactly one of
/// `samples`, `file`, `tap`, `hold`, `drag`). Generated traces keep their parameters, so a
/// sweep can vary them; they are expanded into samples at the scene's frame rate when a
/// simulation starts (`samples(frameRate_hz:)`).
public enum TouchTrace: Sendable, Equatable {
  /// Samples written in the scene (`samples = [[t_s, x_pt, y_pt], …]`).
  case samples([TouchSample])
  /// Samples read from a CSV file (`file = "…"`, the path as written; see `TraceCSV`).
  case recorded(file: String, samples: [TouchSample])
  /// `tap = { at, point, duration }`: a finger down and still, lifted after `duration`.
  case tap(TouchPress)
  /// `hold = { at, point, duration }`: the same motion as a tap, meant to last past the hold
  /// time (the recognizer decides which it is).
  case hold(TouchPress)
  /// `drag = { at, from, to, duration }`: a finger down at `from`, moving to `to` at constant
  /// speed, lifted there.
  case drag(TouchDrag)

  /// The key that holds it in a `[[touch]]` table.
  public var key: String {
    switch self {
    case .samples: "samples"
    case .recorded: "file"
    case .tap: "tap"
    case .hold: "hold"
    case .drag: "drag"
    }
  }

  /// The samples, times increasing. Generated traces are sampled at the frame rate: at
  /// `at + j / frame_rate` (a quotient, not a running sum) for every j with
  /// j / frame_rate < duration, then the lift at exactly `at + duration`; a drag is at
  /// from + (to − from) · (t − at) / duration, and exactly at `to` when it lifts.
  public func samples(frameRate_hz: Double) -> [TouchSample] {
    switch self {
    case .samples(let samples), .recorded(_, let samples):
      return samples
    case .tap(let press), .hold(let press):
      return Self.sampled(at: press.at_s, duration: press.duration_s, rate: frameRate_hz) { _ in
        press.point_pt
      }
    case .drag(let drag):
      let from = drag.from_pt
      let to = drag.to_pt
      return Self.sampled(at: drag.at_s, duration: drag.duration_s, rate: frameRate_hz) { u in
        u == 1 ? to : Point(from.x + (to.x - from.x) * u, from.y + (to.y - from.y) * u)
      }
    }
  }

  /// Samples at `at + j / rate` while j / rate < duration, then at `at + duration`; `point`
  /// gets the fraction of the duration elapsed (exactly 1 for the lift).
  private static func sampled(
    at: Double, duration: Double, rate: Double, point: (Double) -> Point
  ) -> [TouchSample] {
    var samples: [TouchSample] = []
    var j = 0
    while true {
      let elapsed = Double(j) / rate
      // A sample within the time tolerance of the lift is the lift.
      guard elapsed < duration - TouchTimeline.timeTolerance_s else { break }
      samples.append(TouchSample(t_s: at + elapsed, point_pt: point(elapsed / duration)))
      j += 1
    }
    samples.append(TouchSample(t_s: at + duration, point_pt: point(1)))
    return samples
  }
}

/// A finger put down and lifted without moving (`tap` and `hold`).
public struct TouchPress: Sendable, Equatable {
  /// When it goes down (s, ≥ 0).
  public var at_s: Double
  /// Where (pt).
  public var point_pt: Point
  /// How long it stays down (s, > 0).
  public var duration_s: Double

  public init(at_s: Double = 0, point_pt: Point, duration_s: Double) {
    self.at_s = at_s
    self.point_pt = point_pt
    self.duration_s = duration_s
  }
}

/// A finger moved in a straight line at constant speed (`drag`).
public struct TouchDrag: Sendable, Equatable {
  /// When it goes down (s, ≥ 0).
  public var at_s: Double
  /// Where it goes down (pt).
  public var from_pt: Point
  /// Where it lifts (pt).
  public var to_pt: Point
  /// From touch-down to lift (s, > 0).
  public var duration_s: Double

  public init(at_s: Double = 0, from_pt: Point, to_pt: Point, duration_s: Double) {
    self.at_s = at_s
    self.from_pt = from_pt
    self.to_pt = to_pt
    self.duration_s = duration_s
  }

  /// The finger's constant velocity (pt/s): (to − from) / duration.
  public var velocity_pt_s: Point {
    Point((to_pt.x - from_pt.x) / duration_s, (to_pt.y - from_pt.y) / duration_s)
  }
}
