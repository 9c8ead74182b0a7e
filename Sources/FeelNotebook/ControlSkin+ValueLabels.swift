import FeelControl

extension ControlSkin {
  /// The label height (pt) of value labels when the skin's settings give none.
  static let defaultValueLabelHeight_pt = 20.0

  /// What the skin asks the notebook to compute for it: the value labels round the measured
  /// item's rim (`Scene.valueLabels`), when its settings hold `value_labels` (N for items
  /// without a detent; a detent's own count wins), with `value_label_height_pt` (default 20 pt).
  /// nil when the skin does not ask. docs/controls.md, "Skins".
  var valueLabelRequest: (count: Int?, labelHeight_pt: Double)? {
    guard let request = settings.first(where: { $0.key == "value_labels" })?.value else {
      return nil
    }
    var count: Int? = nil
    if case .number(let n) = request, n >= 1, n <= 10_000, n == n.rounded() { count = Int(n) }
    var height = Self.defaultValueLabelHeight_pt
    if case .number(let h)? = settings.first(where: { $0.key == "value_label_height_pt" })?.value,
      h > 0, h.isFinite
    {
      height = h
    }
    return (count, height)
  }
}
