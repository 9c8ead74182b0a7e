/// FeelLab's `scroll` behavior (docs/springy-list.md; not a UIKit class): the scroll view and
/// the springy layout's bounds-change handler of the published springy list (WWDC 2013,
/// "Exploring Scroll Views on iOS 7"). While its finger is down the content offset follows the
/// finger; after the lift it decelerates as UIScrollView does, v(t) = v₀·r^(1000·t); every
/// change `delta` of the offset nudges each of its cells along the axis by
/// `nudge(delta:resistance:)` (the handler's `updateItemUsingCurrentState`). The scene layer
/// feeds it the finger; this type holds the settings and the formulas, which tests check
/// against their closed forms.
public struct ScrollSpec: Sendable, Equatable {
  /// The scroll axis.
  public enum Axis: String, Sendable, Equatable, CaseIterable {
    case y, x
  }

  /// The id of the touch (`[[touch]]`) that scrolls; nil: every touch that goes down inside
  /// the reference view, one at a time.
  public var touch: String?
  public var axis: Axis
  /// R (pt): the published handler's `scrollResistance` divisor.
  public var resistance_pt: Double
  /// UIScrollView's deceleration rate r (per ms, after the lift; 0 ≤ r < 1).
  public var decelerationRate: Double

  /// The stop rule: the scroll stops once the travel left is under this (pt).
  public static let stopTravel_pt = 0.5

  /// The scene file's defaults are the scene schema's (FeelScene's `SceneSchema.scroll`).
  public init(touch: String?, axis: Axis, resistance_pt: Double, decelerationRate: Double) {
    self.touch = touch
    self.axis = axis
    self.resistance_pt = resistance_pt
    self.decelerationRate = decelerationRate
  }

  /// The component of `p` along the axis.
  public func along(_ p: Point) -> Double { axis == .y ? p.y : p.x }

  /// `value` along the axis as a point (0 across it).
  public func point(along value: Double) -> Point {
    axis == .y ? Point(0, value) : Point(value, 0)
  }

  /// The handler's resistance for a cell anchored at `anchor_pt`, the finger at `touch_pt`
  /// (content coordinates): (|touch.y − a.y| + |touch.x − a.x|) / R.
  public func resistance(touch_pt: Point, anchor_pt: Point) -> Double {
    (abs(touch_pt.y - anchor_pt.y) + abs(touch_pt.x - anchor_pt.x)) / resistance_pt
  }

  /// How far a cell moves along the axis for a change `delta` (pt) of the offset:
  /// max(delta, delta·resistance) when delta < 0, else min(delta, delta·resistance), so a cell
  /// never moves farther than the content did.
  public static func nudge(delta: Double, resistance: Double) -> Double {
    delta < 0 ? max(delta, delta * resistance) : min(delta, delta * resistance)
  }

  /// r^(1000·t): the velocity's factor `t_s` seconds after the lift.
  public func decay(after t_s: Double) -> Double {
    PortableMath.exp(1000 * t_s * PortableMath.log(decelerationRate))
  }

  /// The offset's change `t_s` seconds after a lift at offset velocity `v0_pt_s` (pt/s), the
  /// integral of v₀·r^(1000·t): v₀·(r^(1000·t) − 1) / (1000·ln r).
  public func travel(v0_pt_s: Double, after t_s: Double) -> Double {
    v0_pt_s * (decay(after: t_s) - 1) / (1000 * PortableMath.log(decelerationRate))
  }

  /// How far a deceleration at velocity `v_pt_s` still goes (pt), as the stop rule reads it:
  /// |v|·r / (1 − r) / 1000 (0 when r = 0: nothing to decelerate).
  public func travelLeft_pt(velocity v_pt_s: Double) -> Double {
    abs(v_pt_s) * decelerationRate / (1 - decelerationRate) / 1000
  }
}
