import FeelCore
import Foundation

/// Elliptical arcs as cubic Béziers, each within a tolerance of the true arc.
///
/// A circular arc of angle θ on the unit circle, approximated by the cubic whose control
/// points lie on the end tangents at k = 4/3·tan(θ/4), is off the circle by
///
///     e(θ) = √(1 + (4/27)·sin⁶(θ/4)/cos²(θ/4)) − 1      (≈ (2/27)·sin⁶(θ/4)/cos²(θ/4))
///
/// at most (docs/svg.md, "Arcs", derives it: |B(t)|² − 1 = C·t²(1−t)²(1−2t)², largest at
/// t = (3 ± √3)/6). 90° gives e = 2.7e-4: 0.027 pt at 100 pt radius. An ellipse is the image
/// of the unit circle under a linear map M, and Bézier curves are affine invariant, so the
/// image cubic is within σ·e(θ) of the ellipse, σ = M's largest singular value (after every
/// transform: the tolerance holds in output units). The segment angle is the largest θ ≤ 90°
/// with σ·e(θ) ≤ tolerance.
public enum ArcApproximation {
  /// The largest distance (in radii) between the unit-circle arc of `angle_rad` (0 < θ ≤ π)
  /// and its cubic.
  public static func unitError(angle_rad: Double) -> Double {
    let s = sin(angle_rad / 4)
    let c = cos(angle_rad / 4)
    let m = (4.0 / 27.0) * pow(s, 6) / (c * c)
    // √(1 + m) − 1 without cancellation.
    return m / ((1 + m).squareRoot() + 1)
  }

  /// The largest segment angle (radians, at most π/2) whose cubic stays within
  /// `tolerance / stretch` of the unit circle.
  public static func maximumSegmentAngle(tolerance: Double, stretch: Double) -> Double {
    let quarter = Double.pi / 2
    guard stretch > 0, stretch.isFinite else { return quarter }
    let epsilon = tolerance / stretch
    if unitError(angle_rad: quarter) <= epsilon { return quarter }
    // e(θ) rises with θ on (0, π/2]: bisect, keeping `low` within the tolerance.
    var low = 0.0
    var high = quarter
    for _ in 0..<200 {
      let middle = (low + high) / 2
      if middle <= low || middle >= high { break }
      if unitError(angle_rad: middle) <= epsilon { low = middle } else { high = middle }
    }
    return low
  }

  /// How many cubics `arc` needs for `tolerance_pt` after `transform` (at least one per 90°).
  /// Int.max when the count is beyond any budget.
  public static func segmentCount(
    _ arc: ArcCentreForm, transform: FeelCore.AffineTransform, tolerance_pt: Double
  ) -> Int {
    let stretch = arc.unitCircleTransform.concatenating(transform).largestStretch
    guard stretch.isFinite else { return Int.max }
    let angle = maximumSegmentAngle(tolerance: tolerance_pt, stretch: stretch)
    let count = (abs(arc.sweep_rad) / angle).rounded(.up)
    guard count.isFinite, count < 1e12 else { return Int.max }
    return max(Int(count), 1)
  }

  /// `arc` as `count` cubics of equal parameter angle, mapped by `transform`.
  public static func cubics(_ arc: ArcCentreForm, count: Int, transform: FeelCore.AffineTransform)
    -> [PathCommand]
  {
    let map = arc.unitCircleTransform.concatenating(transform)
    let step = arc.sweep_rad / Double(count)
    let k = 4.0 / 3.0 * tan(step / 4)
    var out: [PathCommand] = []
    out.reserveCapacity(count)
    for i in 0..<count {
      let theta0 = arc.start_rad + Double(i) * step
      let theta1 = i == count - 1 ? arc.start_rad + arc.sweep_rad : theta0 + step
      let (s0, c0) = (sin(theta0), cos(theta0))
      let (s1, c1) = (sin(theta1), cos(theta1))
      out.append(
        .curve(
          control1: map.apply(Point(c0 - k * s0, s0 + k * c0)),
          control2: map.apply(Point(c1 + k * s1, s1 - k * c1)),
          to: map.apply(Point(c1, s1))))
    }
    return out
  }
}
