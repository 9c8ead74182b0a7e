import FeelScene

extension ControlConstant {
  /// Where the measured item `item` of `scene` rests for a `gap_to` constant (pt): the point
  /// its gap is measured from, and set from. Its target (`target_pt`: the snap point, or the
  /// experiment's given target) when it has one, else its centre at the start of `scene`.
  ///
  /// The one rule for both directions (docs/controls.md, "Constants"): the notebook's reading
  /// of the constant (`value(in:item:rest_pt:)`, for every grid point's data) and the
  /// studio's `/api/gap` (`gapSettings`, the boundary coordinates a slider's gap stands for)
  /// both call it, so a gap sent through `/api/gap` reads back as sent. It never runs the
  /// scene: where an item without a target comes to rest depends on the very boundaries a gap
  /// places (an item that drifts onto a wall rests against it, and would read a gap of about 0
  /// whatever was set), so the scene as written, not its motion, fixes the rest.
  public static func gapRest_pt(of item: Int, in scene: Scene, target_pt: Point?) -> Point {
    target_pt ?? scene.items[item].center_pt
  }
}
