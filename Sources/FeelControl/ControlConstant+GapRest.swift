import FeelScene

extension ControlConstant {
  /// Where the measured item `item` of `scene` rests for a `gap_to` constant (pt): the point
  /// its gap is measured from, and set from. The target the release picks (`picked_pt`: a
  /// drag-ended rule's `nearest`, `MeasurePlan.releasePickedTarget`) where a rule picks one,
  /// else its target (`target_pt`: the snap point, or the experiment's given target) when it
  /// has one, else its centre at the start of `scene`.
  ///
  /// The one rule for both directions (docs/controls.md, "Constants"): the notebook's reading
  /// of the constant (`value(in:item:rest_pt:)`, for every grid point's data) and the
  /// studio's `/api/gap` (`gapSettings`, the boundary coordinates a slider's gap stands for)
  /// both call it (and `feel controls`), so a gap sent through `/api/gap` reads back as sent.
  /// Only a picked target comes from running the scene (to its release); where an item
  /// without a target comes to rest is never used: it depends on the very boundaries a gap
  /// places (an item that drifts onto a wall rests against it, and would read a gap of about 0
  /// whatever was set), so the scene as written, not its motion, fixes that rest.
  public static func gapRest_pt(
    of item: Int, in scene: Scene, target_pt: Point?, picked_pt: Point? = nil
  ) -> Point {
    picked_pt ?? target_pt ?? scene.items[item].center_pt
  }
}
