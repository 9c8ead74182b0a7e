import FeelCore
import FeelDial
import FeelTestSupport
import Foundation
import Testing

/// The seed's layout ("Circles are freakin' hard", docs/tempo-dial.md): each label half the
/// disc wide, right edge on the centre, anchorPoint (1, 0.5), CGAffineTransformMakeRotation(2πk/N),
/// so that label k's text lands on the rim at angle 2πk/N + π. Expected values are the closed
/// forms, written here from the geometry, not from the library's composition.
@Suite struct DialLayoutTests {
  static let diameter_pt = 240.0
  static let labelHeight_pt = 24.0

  @Test(arguments: 1...60) func labelsMatchTheClosedForm(count n: Int) {
    let layout = DialLayout(
      count: n, diameter_pt: Self.diameter_pt, labelHeight_pt: Self.labelHeight_pt)
    let r = Self.diameter_pt / 2
    let h = Self.labelHeight_pt
    for k in 0..<n {
      let angle = 2 * Double.pi * Double(k) / Double(n)
      // The view's transform: CGAffineTransformMakeRotation(2πk/N).
      let t = layout.labelTransform(k)
      expectClose(t.a, cos(angle), .layoutField, "N=\(n) k=\(k) a")
      expectClose(t.b, sin(angle), .layoutField, "N=\(n) k=\(k) b")
      expectClose(t.c, -sin(angle), .layoutField, "N=\(n) k=\(k) c")
      expectClose(t.d, cos(angle), .layoutField, "N=\(n) k=\(k) d")
      expectClose(t.tx, 0, .layoutPosition, "N=\(n) k=\(k) tx")
      expectClose(t.ty, 0, .layoutPosition, "N=\(n) k=\(k) ty")
      // The label's bounds into the disc's: a rotation about the disc's centre (r, r) of the
      // label whose unrotated frame is [0, r] × [r − h/2, r + h/2]: a local point (u, v) is the
      // disc point (u, r − h/2 + v) turned by the angle about (r, r).
      let full = layout.labelToDisc(k)
      expectClose(full.a, cos(angle), .layoutField, "N=\(n) k=\(k) full a")
      expectClose(full.b, sin(angle), .layoutField, "N=\(n) k=\(k) full b")
      expectClose(full.c, -sin(angle), .layoutField, "N=\(n) k=\(k) full c")
      expectClose(full.d, cos(angle), .layoutField, "N=\(n) k=\(k) full d")
      // The local origin is (−r, −h/2) from the anchor at the disc's centre.
      let tx = r + (-r) * cos(angle) - (-h / 2) * sin(angle)
      let ty = r + (-r) * sin(angle) + (-h / 2) * cos(angle)
      expectClose(full.tx, tx, .layoutPosition, "N=\(n) k=\(k) full tx")
      expectClose(full.ty, ty, .layoutPosition, "N=\(n) k=\(k) full ty")
      // The text: on the rim at angle 2πk/N + π.
      let text = layout.textPoint_pt(k)
      expectClose(text.x, r + r * cos(angle + Double.pi), .layoutPosition, "N=\(n) k=\(k) text x")
      expectClose(text.y, r + r * sin(angle + Double.pi), .layoutPosition, "N=\(n) k=\(k) text y")
    }
  }

  /// The disc turned by θ about its centre carries label k's text to the rim at θ + 2πk/N + π
  /// on screen.
  @Test func turningTheDiscCarriesTheLabels() {
    let layout = DialLayout(count: 12, diameter_pt: 240, labelHeight_pt: 20)
    let centre = (x: 160.0, y: 200.0)
    for theta in [0.0, 0.3, -2.1, 7.5] {
      for k in 0..<12 {
        let local = layout.labelToScreen(k, center_pt: centre, angle_rad: theta)
        let p = local.apply(Point(0, 10))
        let angle = theta + 2 * Double.pi * Double(k) / 12 + Double.pi
        expectClose(p.x, centre.x + 120 * cos(angle), .layoutPosition, "θ=\(theta) k=\(k) x")
        expectClose(p.y, centre.y + 120 * sin(angle), .layoutPosition, "θ=\(theta) k=\(k) y")
      }
    }
  }
}
