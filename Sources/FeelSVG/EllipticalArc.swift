import Foundation

/// An SVG elliptical arc (`A rx ry x-axis-rotation large-arc-flag sweep-flag x y`) in endpoint
/// form, absolute user coordinates, as written; `shape` is its centre form after the SVG
/// specification's corrections (appendix F.6).
public struct EllipticalArc: Sendable, Hashable {
  /// The current point the arc starts from.
  public var from: SVGPoint
  /// The arc's end point.
  public var to: SVGPoint
  /// The radii as written (user units; signs are ignored).
  public var rx: Double
  public var ry: Double
  /// The ellipse's x-axis rotation (degrees).
  public var rotation_deg: Double
  public var largeArc: Bool
  public var sweep: Bool

  public init(
    from: SVGPoint, to: SVGPoint, rx: Double, ry: Double, rotation_deg: Double,
    largeArc: Bool, sweep: Bool
  ) {
    self.from = from
    self.to = to
    self.rx = rx
    self.ry = ry
    self.rotation_deg = rotation_deg
    self.largeArc = largeArc
    self.sweep = sweep
  }

  /// What the arc draws.
  public enum Shape: Sendable, Hashable {
    /// Identical end points: nothing (F.6.2).
    case omitted
    /// A zero radius: a straight line to the end point (F.6.2).
    case line
    /// A true elliptical arc.
    case ellipse(ArcCentreForm)
  }

  /// The arc in centre form (F.6.5), radii scaled up when too small to reach (F.6.6).
  public var shape: Shape {
    if from == to { return .omitted }
    var rx = abs(rx)
    var ry = abs(ry)
    if rx == 0 || ry == 0 { return .line }
    let phi_rad = rotation_deg.truncatingRemainder(dividingBy: 360) * .pi / 180
    let (sinPhi, cosPhi) = (sin(phi_rad), cos(phi_rad))
    // F.6.5.1: the mid-point vector in the ellipse's axes.
    let hx = (from.x - to.x) / 2
    let hy = (from.y - to.y) / 2
    let x1 = cosPhi * hx + sinPhi * hy
    let y1 = -sinPhi * hx + cosPhi * hy
    // F.6.6.2: scale the radii up when no ellipse of these radii joins the end points.
    let lambda = (x1 / rx) * (x1 / rx) + (y1 / ry) * (y1 / ry)
    if lambda > 1 {
      let root = lambda.squareRoot()
      rx *= root
      ry *= root
    }
    // F.6.5.2: the centre in the ellipse's axes (the radicand is 0 after scaling, up to
    // rounding; clamp it).
    let rx2 = rx * rx
    let ry2 = ry * ry
    let numerator = rx2 * ry2 - rx2 * y1 * y1 - ry2 * x1 * x1
    let denominator = rx2 * y1 * y1 + ry2 * x1 * x1
    var k = denominator > 0 ? (max(numerator, 0) / denominator).squareRoot() : 0
    if largeArc == sweep { k = -k }
    let cx1 = k * rx * y1 / ry
    let cy1 = -k * ry * x1 / rx
    // F.6.5.3: back to user space.
    let centre = SVGPoint(
      cosPhi * cx1 - sinPhi * cy1 + (from.x + to.x) / 2,
      sinPhi * cx1 + cosPhi * cy1 + (from.y + to.y) / 2)
    // F.6.5.5-6: start angle and sweep, on the unit circle the ellipse is the image of.
    let ux = (x1 - cx1) / rx
    let uy = (y1 - cy1) / ry
    let vx = (-x1 - cx1) / rx
    let vy = (-y1 - cy1) / ry
    let start_rad = atan2(uy, ux)
    var delta_rad = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
    if !sweep && delta_rad > 0 { delta_rad -= 2 * .pi }
    if sweep && delta_rad < 0 { delta_rad += 2 * .pi }
    let form = ArcCentreForm(
      centre: centre, rx: rx, ry: ry, rotation_rad: phi_rad, start_rad: start_rad,
      sweep_rad: delta_rad)
    guard form.isFinite else { return .line }
    return .ellipse(form)
  }
}

/// An elliptical arc in centre form: the points centre + R(rotation)·(rx·cos θ, ry·sin θ) for
/// θ from `start_rad` to `start_rad + sweep_rad` (θ is the eccentric anomaly, not the polar
/// angle).
public struct ArcCentreForm: Sendable, Hashable {
  /// The ellipse's centre (user units).
  public var centre: SVGPoint
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
  public var unitCircleTransform: SVGTransform {
    let (s, c) = (sin(rotation_rad), cos(rotation_rad))
    return SVGTransform(a: c * rx, b: s * rx, c: -s * ry, d: c * ry, e: centre.x, f: centre.y)
  }

  /// The point at parameter θ (radians).
  public func point(at theta_rad: Double) -> SVGPoint {
    unitCircleTransform.apply(SVGPoint(cos(theta_rad), sin(theta_rad)))
  }

  var isFinite: Bool {
    centre.isFinite && rx.isFinite && ry.isFinite && start_rad.isFinite && sweep_rad.isFinite
  }
}
