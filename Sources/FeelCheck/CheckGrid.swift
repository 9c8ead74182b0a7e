import FeelSweep

/// How much of an experiment's grid its baseline covers. `feel check` runs in every
/// `make test`, so each baseline is kept to at most `maxPoints` grid points: a larger grid is
/// thinned to every k-th value (and the last) of each axis of more than `thinnableValues`
/// values, with the smallest k that fits. Every default experiment fits whole, the largest being
/// profile-modern-ios7 (61 × 59 × 2 = 7,198 points, its iOS 7 half at 2.4 times the sub-steps;
/// about 0.2 s of the sweep's SIMD lanes on two threads).
public enum CheckGrid {
  /// The most grid points a baseline covers.
  public static let maxPoints = 8_000
  /// Axes of at most this many values (profiles, phone widths) are always kept whole.
  public static let thinnableValues = 10

  /// `experiment` with its axes thinned so that its grid has at most `maxPoints` points, and
  /// the stride used (1: unchanged).
  public static func thinned(_ experiment: Experiment) -> (experiment: Experiment, stride: Int) {
    // A stride of n − 1 keeps only the first and last of n values: no point going further.
    let longest = experiment.axes.map(\.values.count).filter { $0 > thinnableValues }.max() ?? 0
    var stride = 1
    while count(experiment, stride: stride) > maxPoints, stride < longest - 1 {
      stride += 1
    }
    if stride == 1 { return (experiment, 1) }
    var thinned = experiment
    for a in thinned.axes.indices where thinned.axes[a].values.count > thinnableValues {
      let values = thinned.axes[a].values
      thinned.axes[a].values = .list(kept(values.count, stride: stride).map { values[$0] })
    }
    return (thinned, stride)
  }

  /// The value indices kept from `count` values: every `stride`-th from the first, and the last.
  static func kept(_ count: Int, stride: Int) -> [Int] {
    var indices = Array(Swift.stride(from: 0, to: count, by: stride))
    if indices.last != count - 1 { indices.append(count - 1) }
    return indices
  }

  /// The grid size with every long axis thinned by `stride`.
  static func count(_ experiment: Experiment, stride: Int) -> Int {
    experiment.axes.reduce(1) { total, axis in
      let n = axis.values.count
      let kept = n > thinnableValues ? kept(n, stride: stride).count : n
      return total.multipliedReportingOverflow(by: kept).partialValue
    }
  }
}
