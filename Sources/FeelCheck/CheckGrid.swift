import FeelSweep

/// How much of an experiment's grid its baseline covers. `feel check` runs in every
/// `make test`, so each baseline is kept to at most `maxPoints` grid points: a larger grid is
/// thinned by FeelLab's one rule (`Grid.thinned`, docs/notebook.md "Thinning a big grid"), with
/// each axis's ends and the base scene's value. Every default experiment fits whole, the largest
/// being profile-modern-ios7 (61 × 59 × 2 = 7,198 points, its iOS 7 half at 2.4 times the
/// sub-steps; about 0.2 s of the sweep's SIMD lanes on two threads).
public enum CheckGrid {
  /// The most grid points a baseline covers.
  public static let maxPoints = 8_000

  /// The points of `sweep`'s grid its baseline covers; nil when the grid fits whole.
  public static func thinning(_ sweep: ParameterGrid) -> ThinnedGrid? {
    guard sweep.grid.overflows || sweep.count > maxPoints else { return nil }
    let keep = sweep.axes.indices.map { a in sweep.baseValueIndex(onAxis: a).map { [$0] } ?? [] }
    return sweep.grid.thinned(maxPoints: maxPoints, keeping: keep)
  }

  /// `experiment` with each axis's values cut to those `thinning` keeps (a list, in order).
  public static func experiment(_ experiment: Experiment, keeping thinning: ThinnedGrid)
    -> Experiment
  {
    var thinned = experiment
    for a in thinned.axes.indices where thinning.kept[a].count < thinned.axes[a].values.count {
      let values = thinned.axes[a].values
      thinned.axes[a].values = .list(thinning.kept[a].map { values[$0] })
    }
    return thinned
  }
}
