import Foundation

/// A CSS `linear()` easing that reproduces a sampled motion: the fewest stops, placed on
/// samples, whose piecewise-linear replay stays within a tolerance of every sample.
///
/// Progress is 1 − x/x0 (0 at the start, 1 at the target, above 1 past it: `linear()` allows
/// any output value). The easing runs until the first sample from which the motion stays within
/// the tolerance of the target (its `duration_s`), and ends at progress 1 there; after it the
/// element rests at the target. The stops are chosen by a shortest path over the samples
/// (an edge i → j is allowed when the segment between the two stops, as printed, passes within
/// the tolerance of every sample from i to j), which is optimal among stops on samples.
public struct CSSLinearEasing: Sendable, Equatable {
  /// One stop: output progress and input position (% of the duration), as printed.
  public struct Stop: Sendable, Equatable {
    public var progress: Double
    public var percent: Double
    /// The text of each, as in the `linear()` string.
    public var progressText: String
    public var percentText: String
  }

  /// The transition's duration (s), as printed.
  public var duration_s: Double
  /// Its text, in seconds.
  public var durationText: String
  /// The stops, first (0, 0 %) and last (1, 100 %) included.
  public var stops: [Stop]

  /// The easing for `motion`, within `tolerance_pt` along the release line at every sample
  /// (default: 0.5 pt, along the rim for an angle: `ApproachMotion.cssTolerance`).
  public init(_ motion: ApproachMotion, tolerance_pt: Double? = nil) {
    let tolerance_pt = tolerance_pt ?? motion.cssTolerance
    let x0 = motion.travel_pt
    let n = motion.count
    // The end: the first sample from which every later one is within the tolerance.
    var end = n - 1
    while end > 0 && abs(motion.along_pt[end - 1]) <= tolerance_pt { end -= 1 }
    end = max(end, 1)
    // The duration as printed (to the microsecond), and every position relative to it.
    let durationText = Self.fixed(motion.t_s[end], decimals: 6)
    let duration = Double(durationText) ?? motion.t_s[end]
    self.durationText = durationText
    duration_s = duration
    // Printed precision: progress rounding at most 1 % of the tolerance; times to 1e-3 %.
    // (an approach that starts at its target has no distance to be a fraction of: its easing
    // is not used, `CSSLinearExport`, and only kept finite here)
    let progressDecimals =
      x0 == 0 ? 2 : max(2, Int((log10(abs(x0) / (tolerance_pt / 50))).rounded(.up)))
    func stop(_ i: Int) -> Stop {
      let p = i == 0 || x0 == 0 ? 0 : (i == end ? 1 : 1 - motion.along_pt[i] / x0)
      let percent = i == end ? 100 : 100 * motion.t_s[i] / duration
      let pText = Self.fixed(p, decimals: progressDecimals)
      let tText = Self.fixed(percent, decimals: 3)
      return Stop(
        progress: Double(pText) ?? p, percent: Double(tText) ?? percent, progressText: pText,
        percentText: tText)
    }
    let candidates = (0...end).map(stop)
    let tolerance = tolerance_pt / abs(x0)
    let progress = (0...end).map { 1 - motion.along_pt[$0] / x0 }
    // Whether the printed segment i → j passes within the tolerance of samples i…j.
    func allowed(_ i: Int, _ j: Int) -> Bool {
      let a = candidates[i]
      let b = candidates[j]
      for k in i...j {
        let u = 100 * motion.t_s[k] / duration
        let replay =
          u >= 100
          ? 1 : a.progress + (b.progress - a.progress) * (u - a.percent) / (b.percent - a.percent)
        if abs(replay - progress[k]) > tolerance { return false }
      }
      return true
    }
    stops = FewestPoints.path(to: end, allowed: allowed).map { candidates[$0] }
  }

  /// The easing as CSS: `linear(0, 0.3017 10%, …, 1)`.
  public var css: String {
    let inner = stops.indices.map { i -> String in
      let s = stops[i]
      if i == 0 && s.percent == 0 { return s.progressText }
      if i == stops.count - 1 && s.percent == 100 { return s.progressText }
      return "\(s.progressText) \(s.percentText)%"
    }
    return "linear(" + inner.joined(separator: ", ") + ")"
  }

  /// The progress the easing gives at `t_s` (s since the start): piecewise linear between the
  /// stops, 1 after the duration.
  public func progress(at t_s: Double) -> Double {
    if t_s >= duration_s { return 1 }
    let u = 100 * t_s / duration_s
    for i in 1..<stops.count where u <= stops[i].percent {
      let a = stops[i - 1]
      let b = stops[i]
      guard b.percent > a.percent else { return b.progress }
      return a.progress + (b.progress - a.progress) * (u - a.percent) / (b.percent - a.percent)
    }
    return stops[stops.count - 1].progress
  }

  /// `x` with `decimals` decimals, trailing zeros removed ("0.3", "12.125", "1").
  static func fixed(_ x: Double, decimals: Int) -> String {
    var text = String(format: "%.\(decimals)f", x)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
  }
}
