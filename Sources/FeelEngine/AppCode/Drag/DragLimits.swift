/// Where a follow drag may put its item's centre, and how it lags the finger past that
/// (docs/drags.md, "Limits and rubber banding on a follow drag"): the clamp an app writes in its pan handler,
/// with UIScrollView's rubber band at its ends.
public struct DragLimits: Sendable, Equatable {
  /// An interval of one coordinate (pt); `min_pt ≤ max_pt` in a scene that was read.
  public struct Interval: Sendable, Equatable {
    public var min_pt: Double
    public var max_pt: Double

    public init(min_pt: Double, max_pt: Double) {
      self.min_pt = min_pt
      self.max_pt = max_pt
    }
  }

  /// The centre's x and y limits; nil: that coordinate is free.
  public var x_pt: Interval?
  public var y_pt: Interval?
  /// The rubber band's coefficient c ≥ 0 (UIScrollView's feel is 0.55); 0: a hard stop.
  public var rubberBand: Double
  /// The rubber band's dimension d (pt, > 0) on both axes; nil: the reference view's size along
  /// each axis, else the item's.
  public var rubberBandDimension_pt: Double?

  public init(
    x_pt: Interval? = nil, y_pt: Interval? = nil, rubberBand: Double = 0,
    rubberBandDimension_pt: Double? = nil
  ) {
    self.x_pt = x_pt
    self.y_pt = y_pt
    self.rubberBand = rubberBand
    self.rubberBandDimension_pt = rubberBandDimension_pt
  }

  /// Whether it limits nothing (a follow drag as before limits existed).
  public var isEmpty: Bool { x_pt == nil && y_pt == nil }

  /// The item's centre for the finger-driven centre `p`, each limited coordinate mapped by
  /// `banded`; `dimension_pt` is d along x and along y.
  public func apply(_ p: Point, dimension_pt: Point) -> Point {
    Point(
      x_pt.map { Self.banded(p.x, $0, c: rubberBand, d: dimension_pt.x) } ?? p.x,
      y_pt.map { Self.banded(p.y, $0, c: rubberBand, d: dimension_pt.y) } ?? p.y)
  }

  /// One coordinate: `p` inside the interval unchanged; past its max by x = p − max > 0,
  /// max + d·(1 − 1/(x·c/d + 1)), and symmetrically below its min. c = 0 is max exactly.
  public static func banded(_ p: Double, _ limit: Interval, c: Double, d: Double) -> Double {
    if p > limit.max_pt { return limit.max_pt + band(p - limit.max_pt, c: c, d: d) }
    if p < limit.min_pt { return limit.min_pt - band(limit.min_pt - p, c: c, d: d) }
    return p
  }

  /// How far past a limit the item goes when the finger is `x` > 0 past it.
  static func band(_ x: Double, c: Double, d: Double) -> Double {
    d * (1 - 1 / (x * c / d + 1))
  }
}
