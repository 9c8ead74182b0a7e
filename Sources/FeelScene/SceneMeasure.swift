/// What the metrics measure: which item, against which target, with which settle band, which
/// touch's drag and which commit time. A scene's FeelLab `[measure]` table holds one, and so do
/// an experiment's `[measure]` table and `feel metrics`' options, which override the scene's.
/// Every value is optional; FeelMetrics' `MeasurePlan` resolves them and documents the defaults.
public struct SceneMeasure: Sendable, Equatable {
  /// The measured item's id.
  public var item: String?
  /// The target (pt).
  public var target_pt: Point?
  /// Half-width of the settle band (pt, ≥ 0).
  public var band_pt: Double?
  /// The measured touch's id (its first drag gives the drag metrics).
  public var touch: String?
  /// A drag that ends less than this long after it began is an accidental swipe, rolled back
  /// (s, ≥ 0): the `committed` metric. Castro's is its expand animation's 0.2 s.
  public var commitAfter_s: Double?
  /// The items the multi-item metrics measure (`max_lag_pt`, `spread_pt`, a list's settle),
  /// each from its attachment's anchor.
  public var items: [String]?

  public init(
    item: String? = nil, target_pt: Point? = nil, band_pt: Double? = nil, touch: String? = nil,
    commitAfter_s: Double? = nil, items: [String]? = nil
  ) {
    self.items = items
    self.item = item
    self.target_pt = target_pt
    self.band_pt = band_pt
    self.touch = touch
    self.commitAfter_s = commitAfter_s
  }
}
