import FeelEngine
import Foundation

/// How far a finger has turned about a pivot: the change of atan2(p.y − c.y, p.x − c.x) since
/// the first sample it accepts, unwrapped across ±π so that several turns accumulate. Scene
/// coordinates have y down, so a finger going clockwise on screen turns by a positive angle
/// (as an item's `angle_rad`). Samples closer than the dead zone to the pivot are ignored:
/// their angle is meaningless (a finger on the pivot turns nothing).
///
/// A value type fed samples in time order; the angular release velocity is fitted to the
/// accepted samples' unwrapped angles like the linear one (`VelocityFit`).
public struct RotationTracker: Sendable {
  /// The centre of rotation (pt).
  public let pivot_pt: Point
  /// Samples closer than this to the pivot are ignored (pt, ≥ 0).
  public let deadZone_pt: Double
  /// The turn since the first accepted sample (rad): positive clockwise on screen.
  public private(set) var turn_rad = 0.0
  /// Accepted samples: their times (s) and unwrapped turns (rad), for the release fit.
  private var times: [Double] = []
  private var turns: [Double] = []
  /// atan2 of the latest accepted sample (rad, in (−π, π]).
  private var lastAngle_rad = 0.0

  public init(pivot_pt: Point, deadZone_pt: Double = 0, capacity: Int = 0) {
    self.pivot_pt = pivot_pt
    self.deadZone_pt = deadZone_pt
    times.reserveCapacity(capacity)
    turns.reserveCapacity(capacity)
  }

  /// Whether any sample has been accepted (before that, the turn is 0 and has no reference).
  public var hasReference: Bool { !times.isEmpty }

  /// Takes the next sample; returns false (and changes nothing) if it lies in the dead zone.
  @discardableResult public mutating func receive(_ sample: TouchSample) -> Bool {
    let dx = sample.point_pt.x - pivot_pt.x
    let dy = sample.point_pt.y - pivot_pt.y
    if dx * dx + dy * dy < deadZone_pt * deadZone_pt || (dx == 0 && dy == 0) { return false }
    let angle = atan2(dy, dx)
    if !times.isEmpty {
      turn_rad += Self.wrapped(angle - lastAngle_rad)
    }
    lastAngle_rad = angle
    times.append(sample.t_s)
    turns.append(turn_rad)
    return true
  }

  /// The angular release velocity (rad/s): the least-squares slope of the accepted samples'
  /// turns within `window_s` of the latest accepted one (`VelocityFit`).
  public func angularVelocity(window_s: Double) -> Double {
    times.withUnsafeBufferPointer { t in
      turns.withUnsafeBufferPointer { a in
        VelocityFit.slope(count: t.count, window_s: window_s, time: { t[$0] }, value: { a[$0] })
      }
    }
  }

  /// The "Click" author's release speed (rad/s, docs/tempo-dial.md): the turn between the two
  /// latest accepted samples over the time between them, 0 when that time is `restReset_s` or
  /// more (his inertia timer, restarted at every move, would have wiped the step: the finger
  /// rested before lifting) or when fewer than two samples were accepted. The lift is a sample
  /// like any other (it turns the item), so a finger that stops and lifts gives 0.
  public func lastStepAngularVelocity(restReset_s: Double) -> Double {
    let n = times.count
    guard n >= 2 else { return 0 }
    let dt = times[n - 1] - times[n - 2]
    guard dt < restReset_s, dt > 0 else { return 0 }
    return (turns[n - 1] - turns[n - 2]) / dt
  }

  /// An angle difference brought into (−π, π]: the shorter way round between two samples.
  public static func wrapped(_ delta: Double) -> Double {
    var d = delta
    while d > Double.pi { d -= 2 * Double.pi }
    while d <= -Double.pi { d += 2 * Double.pi }
    return d
  }
}
