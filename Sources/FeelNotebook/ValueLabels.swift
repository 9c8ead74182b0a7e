import FeelDial
import FeelScene

/// The labels of a rotary item's values round its rim, laid out as the "Click" author lays out
/// his tempo dial's (FeelDial's `DialLayout`, docs/tempo-dial.md "Layout"): label k half the
/// item wide, its right edge on the item's centre, anchorPoint (1, 0.5), turned by
/// CGAffineTransformMakeRotation(2πk/N), so that its text (at its left end) sits on the rim at
/// 2πk/N + π. For drawings: the notebook writes it for the skins that ask
/// (`ControlSkin.valueLabelRequest`, docs/notebook.md), its only user; no I/O.
public struct ValueLabels: Sendable, Hashable {
  /// N: the item's detent's `count`, else the count the caller gave.
  public var count: Int
  /// The item's width (pt): the disc's diameter.
  public var diameter_pt: Double
  /// Each label's height (pt).
  public var labelHeight_pt: Double
  /// The detent's pointer: its screen angle about the item's centre (rad, y down, clockwise
  /// positive; `DetentSpec.pointerAngle_rad`, phase + π); nil when the item has no detent.
  public var pointerAngle_rad: Double?
  /// Label k's own bounds into the item's bounds, CGAffineTransform's fields
  /// [a, b, c, d, tx, ty] (`DialLayout.labelToDisc(k)`), for k = 0 … N − 1.
  public var labelToItem: [[Double]]
}

extension Scene {
  /// The value labels of item `item` (its index): N from the first detent acting on it, else
  /// `count` (nil: no labels); nil too when N < 1, the item is not wider than 0 pt or
  /// `labelHeight_pt` is not positive.
  public func valueLabels(ofItem item: Int, count fallback: Int?, labelHeight_pt: Double)
    -> ValueLabels?
  {
    guard items.indices.contains(item) else { return nil }
    let id = items[item].id
    let detent = behaviors.lazy.compactMap { behavior -> DetentSpec? in
      guard behavior.items.contains(id), case .detent(let spec) = behavior.kind else { return nil }
      return spec
    }.first
    let diameter_pt = items[item].size_pt.x
    guard let count = detent?.count ?? fallback, count >= 1, diameter_pt > 0,
      labelHeight_pt > 0, labelHeight_pt.isFinite, diameter_pt.isFinite
    else { return nil }
    let layout = DialLayout(count: count, diameter_pt: diameter_pt, labelHeight_pt: labelHeight_pt)
    return ValueLabels(
      count: count, diameter_pt: diameter_pt, labelHeight_pt: labelHeight_pt,
      pointerAngle_rad: detent?.pointerAngle_rad,
      labelToItem: (0..<count).map { k in
        let t = layout.labelToDisc(k)
        return [t.a, t.b, t.c, t.d, t.tx, t.ty]
      })
  }
}
