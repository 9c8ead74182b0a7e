import FeelCore

/// The tempo dial's labels as the "Click" author lays them out (seed "Circles are freakin'
/// hard", docs/tempo-dial.md, "Layout"), computed as CGAffineTransforms (`AffineTransform`)
/// for a drawing to use: no I/O, no drawing here.
///
/// The disc is a square view `diameter_pt` wide. Each of its `count` labels is a subview half
/// the disc's width wide and `labelHeight_pt` tall, placed with its right edge on the disc's
/// centre (frame origin (0, (diameter − height)/2) in the disc's bounds), its layer's
/// anchorPoint at (1, 0.5) (so its position is the disc's centre) and its transform
/// CGAffineTransformMakeRotation(2πk/N): rotation about the disc's centre, which puts label
/// k's text (at the label's left end) on the rim at angle 2πk/N + π. Rotating the disc (its own
/// transform, about its centre) carries every label along.
public struct DialLayout: Sendable, Equatable {
  /// Number of labels N (≥ 1).
  public var count: Int
  /// The disc's width and height (pt, > 0).
  public var diameter_pt: Double
  /// Each label's height (pt, > 0).
  public var labelHeight_pt: Double

  public init(count: Int, diameter_pt: Double, labelHeight_pt: Double = 20) {
    precondition(count >= 1 && diameter_pt > 0 && labelHeight_pt > 0, "a dial needs a label")
    self.count = count
    self.diameter_pt = diameter_pt
    self.labelHeight_pt = labelHeight_pt
  }

  /// The disc's radius (pt): half its width.
  public var radius_pt: Double { diameter_pt / 2 }

  /// Label k's angle, 2πk/N (rad).
  public func angle_rad(ofLabel k: Int) -> Double { 2 * Double.pi * Double(k) / Double(count) }

  /// Label k's size (pt): half the disc's width, `labelHeight_pt` tall.
  public var labelSize_pt: (width: Double, height: Double) { (radius_pt, labelHeight_pt) }

  /// Label k's frame before its transform, in the disc's bounds (pt): its right edge on the
  /// disc's centre, vertically centred.
  public var labelFrameOrigin_pt: (x: Double, y: Double) {
    (0, (diameter_pt - labelHeight_pt) / 2)
  }

  /// Label k's layer position in the disc's bounds (pt): with anchorPoint (1, 0.5), the middle
  /// of its right edge, which is the disc's centre.
  public var labelPosition_pt: (x: Double, y: Double) { (radius_pt, diameter_pt / 2) }

  /// Label k's `transform`, as the app sets it: CGAffineTransformMakeRotation(2πk/N), applied
  /// about the layer's anchor point.
  public func labelTransform(_ k: Int) -> AffineTransform {
    AffineTransform(rotationAngle: angle_rad(ofLabel: k))
  }

  /// Where label k's own bounds (origin at its top-left corner) land in the disc's bounds: the
  /// anchor point (labelWidth·1, labelHeight·0.5) moved to the origin, the label's transform,
  /// then the origin moved to the layer's position (Core Animation's rule for a layer's frame).
  public func labelToDisc(_ k: Int) -> AffineTransform {
    let size = labelSize_pt
    let position = labelPosition_pt
    return AffineTransform(translationX: -size.width * 1.0, y: -size.height * 0.5)
      .concatenating(labelTransform(k))
      .concatenating(AffineTransform(translationX: position.x, y: position.y))
  }

  /// The disc's bounds in its superview, for a disc centred at `center_pt` and turned by
  /// `angle_rad` (its transform CGAffineTransformMakeRotation(angle) about its centre).
  public func discToScreen(center_pt: (x: Double, y: Double), angle_rad: Double)
    -> AffineTransform
  {
    AffineTransform(translationX: -radius_pt, y: -diameter_pt / 2)
      .concatenating(AffineTransform(rotationAngle: angle_rad))
      .concatenating(AffineTransform(translationX: center_pt.x, y: center_pt.y))
  }

  /// Label k's bounds in the disc's superview (the screen): `labelToDisc` then `discToScreen`.
  public func labelToScreen(_ k: Int, center_pt: (x: Double, y: Double), angle_rad: Double)
    -> AffineTransform
  {
    labelToDisc(k).concatenating(discToScreen(center_pt: center_pt, angle_rad: angle_rad))
  }

  /// Where label k's text sits, in the disc's bounds (pt): the middle of the label's left end,
  /// which the layout puts on the rim at angle 2πk/N + π.
  public func textPoint_pt(_ k: Int) -> (x: Double, y: Double) {
    let p = labelToDisc(k).apply(Point(0, labelHeight_pt / 2))
    return (p.x, p.y)
  }
}
