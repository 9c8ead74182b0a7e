import FeelCore
import Foundation

/// SVG's transform functions as FeelCore's `AffineTransform` (CoreGraphics' conventions):
/// `matrix(a b c d e f)` is (a, b, c, d, tx: e, ty: f); SVG's nesting `outer inner` (the inner
/// first) is `inner.concatenating(outer)`. Angles in degrees, lengths in user units.
extension FeelCore.AffineTransform {
  /// `rotate(angle)`: counter-clockwise on paper with y up, clockwise on screen (y down).
  static func rotation(degrees angle_deg: Double) -> Self {
    Self(rotationAngle: angle_deg * .pi / 180)
  }

  /// `skewX(angle)`: x' = x + tan(angle)·y.
  static func skewX(degrees angle_deg: Double) -> Self {
    Self(a: 1, b: 0, c: tan(angle_deg * .pi / 180), d: 1, tx: 0, ty: 0)
  }

  /// `skewY(angle)`: y' = y + tan(angle)·x.
  static func skewY(degrees angle_deg: Double) -> Self {
    Self(a: 1, b: tan(angle_deg * .pi / 180), c: 0, d: 1, tx: 0, ty: 0)
  }
}
