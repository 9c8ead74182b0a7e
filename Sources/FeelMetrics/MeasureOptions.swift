import FeelScene

/// What the metrics measure: which item, against which target, with which settle band, which
/// touch's drag and which commit time. A value left nil takes the scene's `[measure]` value,
/// else the default given here.
public struct MeasureOptions: Sendable, Equatable {
  /// Id of the measured item; nil: the scene's, else the item of the scene's snap behavior,
  /// else the first item.
  public var item: String?
  /// The target (pt); nil: the scene's, else the snap point of the snap behavior acting on the
  /// item (present at t = 0 or added by a rule).
  public var target_pt: Point?
  /// Half-width of the settle band around the target (pt, ≥ 0): the centre has settled once it
  /// stays within this distance of the target. Nil: the scene's, else `defaultBand_pt`.
  public var band_pt: Double?
  /// Id of the touch whose first drag the drag metrics measure; nil: the scene's, else the
  /// first drag of any touch.
  public var touch: String?
  /// A drag lasting less than this is not committed (s, ≥ 0); nil: the scene's, else none
  /// (`committed` stays empty).
  public var commitAfter_s: Double?

  public init(
    item: String? = nil, target_pt: Point? = nil, band_pt: Double? = nil, touch: String? = nil,
    commitAfter_s: Double? = nil
  ) {
    self.item = item
    self.target_pt = target_pt
    self.band_pt = band_pt
    self.touch = touch
    self.commitAfter_s = commitAfter_s
  }

  /// Half a point: the smallest motion a designer sees on a Retina screen is about one
  /// physical pixel, ≈ 0.5 pt at 2× (docs/castro-scrubber.md: "looks still", within half a
  /// point).
  public static let defaultBand_pt = 0.5
}
