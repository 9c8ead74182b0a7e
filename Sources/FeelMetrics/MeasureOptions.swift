import FeelScene

/// What the metrics measure: which item, against which target, with which settle band.
public struct MeasureOptions: Sendable, Equatable {
  /// Id of the measured item; nil: the item of the scene's snap behavior, else the first item.
  public var item: String?
  /// The target (pt); nil: the snap point of the snap behavior acting on the item (present at
  /// t = 0 or added by a rule).
  public var target_pt: Point?
  /// Half-width of the settle band around the target (pt, ≥ 0): the centre has settled once it
  /// stays within this distance of the target.
  public var band_pt: Double

  public init(item: String? = nil, target_pt: Point? = nil, band_pt: Double = defaultBand_pt) {
    self.item = item
    self.target_pt = target_pt
    self.band_pt = band_pt
  }

  /// Half a point: the smallest motion a designer sees on a Retina screen is about one
  /// physical pixel, ≈ 0.5 pt at 2× (docs/castro-scrubber.md: "looks still", within half a
  /// point).
  public static let defaultBand_pt = 0.5
}
