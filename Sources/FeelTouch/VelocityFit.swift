/// The release velocity of a finger (or of an angle turned by it): the slope of a value over
/// time, fitted by least squares to the most recent samples.
///
/// The samples used are those within `window_s` of the last one (t_last − t ≤ window_s, with
/// `TouchTimeline.timeTolerance_s` of slack so that a sample exactly one window back counts);
/// when fewer than two fall in the window, the last two are used (their difference quotient);
/// a single sample gives 0. On samples of a straight line (constant speed) the fit is that
/// line's slope.
public enum VelocityFit {
  /// The slope (value per second) of the samples `0..<count`, read through `time` (s,
  /// increasing) and `value`. Pure and allocation-free.
  public static func slope(
    count: Int, window_s: Double, time: (Int) -> Double, value: (Int) -> Double
  ) -> Double {
    guard count >= 2 else { return 0 }
    let last = count - 1
    let tLast = time(last)
    var first = last
    while first > 0, tLast - time(first - 1) <= window_s + TouchTimeline.timeTolerance_s {
      first -= 1
    }
    if first == last { first = last - 1 }
    let n = Double(last - first + 1)
    var meanT = 0.0
    var meanV = 0.0
    for i in first...last {
      meanT += time(i)
      meanV += value(i)
    }
    meanT /= n
    meanV /= n
    // Centred sums: Σ(t − t̄)(v − v̄) / Σ(t − t̄)², well conditioned for times far from 0.
    var stv = 0.0
    var stt = 0.0
    for i in first...last {
      let dt = time(i) - meanT
      stv += dt * (value(i) - meanV)
      stt += dt * dt
    }
    return stt > 0 ? stv / stt : 0
  }
}
