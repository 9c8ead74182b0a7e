import FeelScene

extension SceneMeasure {
  /// The settle band's half-width when neither the options nor the scene give one (pt): half a
  /// point, since the smallest motion a designer sees on a Retina screen is about one physical
  /// pixel, ≈ 0.5 pt at 2× (docs/castro-scrubber.md: "looks still", within half a point).
  public static let defaultBand_pt = 0.5
}
