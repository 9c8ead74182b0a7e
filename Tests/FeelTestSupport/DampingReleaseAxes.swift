/// The axes of experiment 1 (experiments/snap-damping-release.toml) as experiment-file text
/// for tests: the Castro bar's snap damping × how far right of the snap point (160 pt) the bar
/// is released. Tests choose the values; the names, paths and layout are written only here.
public enum DampingReleaseAxes {
  /// The committed experiment's damping values: 0.05 … 1.5 by 0.025 (59 values).
  public static let committedDamping = "range = { from = 0.05, to = 1.5, step = 0.025 }"
  /// The committed experiment's release distances: 10 … 160 pt by 2.5 (61 values).
  public static let committedRelease = "range = { from = 10, to = 160, step = 2.5 }"

  /// Two `[[axis]]` tables: `damping` (path behavior.scrub-snap.damping) with `damping` as
  /// its values line, a blank line, then `release_pt` (the bar's centre x = 160 + value) with
  /// `release` as its values line. The damping values are on the text's 4th line, the
  /// release values on its 9th.
  public static func text(damping: String = committedDamping, release: String = committedRelease)
    -> String
  {
    """
    [[axis]]
    name = "damping"
    path = "behavior.scrub-snap.damping"
    \(damping)

    [[axis]]
    name = "release_pt"
    set = [ { path = "item.bar.center.0", offset = 160 } ]
    \(release)
    """
  }
}
