import FeelCore
import Foundation

/// An SVG elliptical arc (`A rx ry x-axis-rotation large-arc-flag sweep-flag x y`) in endpoint
/// form, absolute user coordinates, as written; `shape` is its centre form after the SVG
/// specification's corrections (appendix F.6).
public struct EllipticalArc: Sendable, Hashable {
  /// The current point the arc starts from.
  public var from: Point
  /// The arc's end point.
  public var to: Point
  /// The radii as written (user units; signs are ignored).
  public var rx: Double
  public var ry: Double
  /// The ellipse's x-axis rotation (degrees).
  public var rotation_deg: Double
  public var largeArc: Bool
  public var sweep: Bool

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
    // Everything is computed in the ellipse's unit coordinates (x1/rx, y1/ry), with hypot,
    // so that no square overflows or underflows for any radius a Double holds.
    let root = hypot(x1 / rx, y1 / ry)  // √Λ
    guard root > 0 else { return .omitted }
    var k = 0.0
    if root > 1 {
      rx *= root
      ry *= root
    } else {
      // F.6.5.2: the centre's offset, k·(ry·x1/rx... ) written as k·ex, k·ey with
      // k = √((1 − Λ)/Λ).
      k = ((1 - root) * (1 + root)).squareRoot() / root
    }
    if largeArc == sweep { k = -k }
    let ex = x1 / rx
    let ey = y1 / ry
    // k·ey and k·ex are at most 1 in size: multiply them first.
    let cx1 = (k * ey) * rx
    let cy1 = -(k * ex) * ry
    // F.6.5.3: back to user space.
    let centre = Point(
      cosPhi * cx1 - sinPhi * cy1 + (from.x + to.x) / 2,
      sinPhi * cx1 + cosPhi * cy1 + (from.y + to.y) / 2)
    // F.6.5.5-6: start angle and sweep, on the unit circle the ellipse is the image of.
    let ux = ex - k * ey
    let uy = ey + k * ex
    let vx = -ex - k * ey
    let vy = -ey + k * ex
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
