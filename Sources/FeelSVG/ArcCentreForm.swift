import FeelCore
import Foundation

/// An elliptical arc in centre form: the points centre + R(rotation)·(rx·cos θ, ry·sin θ) for
/// θ from `start_rad` to `start_rad + sweep_rad` (θ is the eccentric anomaly, not the polar
/// angle).
public struct ArcCentreForm: Sendable, Hashable {
  /// The ellipse's centre (user units).
  public var centre: Point
  /// The radii after F.6.6's scaling (user units, positive).
  public var rx: Double
  public var ry: Double
  /// The x axis's rotation (radians).
  public var rotation_rad: Double
  /// θ at the start point (radians).
  public var start_rad: Double
  /// The signed parameter sweep (radians, |sweep| ≤ 2π; positive is the sweep-flag = 1
  /// direction).
  public var sweep_rad: Double

  /// The map from the unit circle to the ellipse: centre + R(rotation)·diag(rx, ry).
  public var unitCircleTransform: FeelCore.AffineTransform {
    let (s, c) = (sin(rotation_rad), cos(rotation_rad))
    return FeelCore.AffineTransform(
      a: c * rx, b: s * rx, c: -s * ry, d: c * ry, tx: centre.x, ty: centre.y)
  }

  /// The point at parameter θ (radians).
  public func point(at theta_rad: Double) -> Point {
    unitCircleTransform.apply(Point(cos(theta_rad), sin(theta_rad)))
  }

  var isFinite: Bool {
    centre.isFinite && rx.isFinite && ry.isFinite && start_rad.isFinite && sweep_rad.isFinite
  }
}
