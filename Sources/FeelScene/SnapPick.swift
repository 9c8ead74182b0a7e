/// A drag-ended rule's target picked at the release (docs/drags.md, "Picking a target at the
/// release"): the app projects where the flick would carry the item, as a scroll view's
/// deceleration would, and sets a snap's point to the nearest of several candidates (a
/// picture-in-picture tile's four corners) before the rule's additions. Keys `snap`, `nearest`,
/// `projection` of a drag-ended `[[rule]]`.
public struct SnapPick: Sendable, Equatable {
  /// Id of the snap behavior whose point is set (`snap`).
  public var snap: String
  /// The candidates (pt), in file order (`nearest`); the first of equally near ones wins.
  public var candidates_pt: [Point]
  /// The deceleration rate per millisecond the release velocity is projected with, in [0, 1)
  /// (`projection`); 0: no projection (the nearest to the item's centre as it is).
  public var decelerationRate: Double

  public init(snap: String, candidates_pt: [Point], decelerationRate: Double = Self.normalRate) {
    self.snap = snap
    self.candidates_pt = candidates_pt
    self.decelerationRate = decelerationRate
  }

  /// `UIScrollView.DecelerationRate.normal`: 0.998 per millisecond (UIKit's documented rate,
  /// the one WWDC 2018's "Designing Fluid Interfaces" projects a flick with): the default of
  /// `projection`.
  public static let normalRate = 0.998

  /// Where the flick would carry a point at `center_pt` moving at `velocity_pt_s` (pt/s) if it
  /// slowed down by `rate` per millisecond: v/1000 · r/(1 − r) further on each axis (the sum of
  /// v·r^k ms over every millisecond k ≥ 1). `rate` 0 leaves the point where it is.
  public static func projected(center_pt: Point, velocity_pt_s: Point, rate: Double) -> Point {
    let reach = rate / (1 - rate) / 1000
    return Point(center_pt.x + velocity_pt_s.x * reach, center_pt.y + velocity_pt_s.y * reach)
  }

  /// Index of the candidate nearest `point_pt` (Euclidean; the first of equally near ones).
  public func nearestIndex(to point_pt: Point) -> Int {
    var best = 0
    var bestDistance = Double.infinity
    for (i, c) in candidates_pt.enumerated() {
      let dx = c.x - point_pt.x
      let dy = c.y - point_pt.y
      let d = dx * dx + dy * dy
      if d < bestDistance {
        best = i
        bestDistance = d
      }
    }
    return best
  }

  /// The candidate the app picks for an item at `center_pt` released at `velocity_pt_s`.
  public func pick(center_pt: Point, velocity_pt_s: Point) -> Point {
    candidates_pt[
      nearestIndex(
        to: Self.projected(
          center_pt: center_pt, velocity_pt_s: velocity_pt_s, rate: decelerationRate))]
  }
}
