import FeelScene
import Foundation

/// A 2-D approach as a CSS keyframe animation of `translate`: the fewest keyframes, placed on
/// samples, whose linear replay (`animation-timing-function: linear` between keyframes) stays
/// within a tolerance of every sample, measured in 2-D, so the path is the item's. It is the
/// 2-D form of `CSSLinearEasing`: the animation runs until the first sample from which the item
/// stays within the tolerance of the target, ends there on the target (`translate: 0 0`), and the
/// keyframes are chosen by a shortest path over the samples (an edge i → j allowed when the
/// segment between the two keyframes, as printed, passes within the tolerance of every sample
/// from i to j).
public struct CSSKeyframes: Sendable, Equatable {
  /// One keyframe: its time (% of the duration) and the element's offset from the target (pt,
  /// x right, y down), as printed.
  public struct Keyframe: Sendable, Equatable {
    public var percent: Double
    public var offset_pt: Point
    /// The text of each, as in the rule.
    public var percentText: String
    public var xText: String
    public var yText: String
  }

  /// The animation's duration (s), as printed.
  public var duration_s: Double
  /// Its text, in seconds.
  public var durationText: String
  /// The keyframes, first (0 %, the start) and last (100 %, the target) included.
  public var keyframes: [Keyframe]

  /// The keyframes for `motion`, within `tolerance_pt` of every sample in 2-D (default: 0.5 pt,
  /// `ApproachMotion.cssTolerance`).
  public init(_ motion: ApproachMotion, tolerance_pt: Double? = nil) {
    let tolerance = tolerance_pt ?? motion.cssTolerance
    let n = motion.count
    let offsets = (0..<n).map(motion.offset(at:))
    func length(_ p: Point) -> Double { (p.x * p.x + p.y * p.y).squareRoot() }
    // The end: the first sample from which every later one is within the tolerance.
    var end = n - 1
    while end > 0 && length(offsets[end - 1]) <= tolerance { end -= 1 }
    end = max(end, 1)
    let durationText = CSSLinearEasing.fixed(motion.t_s[end], decimals: 6)
    let duration = Double(durationText) ?? motion.t_s[end]
    self.durationText = durationText
    duration_s = duration
    // Printed precision: each coordinate's rounding at most 1 % of the tolerance.
    let decimals = max(2, Int((log10(100 / tolerance)).rounded(.up)))
    func keyframe(_ i: Int) -> Keyframe {
      let p = i == end ? Point(0, 0) : offsets[i]
      let percent = i == end ? 100 : 100 * motion.t_s[i] / duration
      let x = CSSLinearEasing.fixed(p.x, decimals: decimals)
      let y = CSSLinearEasing.fixed(p.y, decimals: decimals)
      let t = CSSLinearEasing.fixed(percent, decimals: 3)
      return Keyframe(
        percent: Double(t) ?? percent, offset_pt: Point(Double(x) ?? p.x, Double(y) ?? p.y),
        percentText: t, xText: x, yText: y)
    }
    let candidates = (0...end).map(keyframe)
    func allowed(_ i: Int, _ j: Int) -> Bool {
      for k in i...j {
        let replay = Self.replay(candidates[i], candidates[j], at: 100 * motion.t_s[k] / duration)
        if length(Point(replay.x - offsets[k].x, replay.y - offsets[k].y)) > tolerance {
          return false
        }
      }
      return true
    }
    keyframes = FewestPoints.path(to: end, allowed: allowed).map { candidates[$0] }
  }

  /// The offset between keyframes `a` and `b` at `percent` of the duration (the target from
  /// 100 % on).
  static func replay(_ a: Keyframe, _ b: Keyframe, at percent: Double) -> Point {
    if percent >= 100 { return Point(0, 0) }
    guard b.percent > a.percent else { return b.offset_pt }
    let f = (percent - a.percent) / (b.percent - a.percent)
    return Point(
      a.offset_pt.x + (b.offset_pt.x - a.offset_pt.x) * f,
      a.offset_pt.y + (b.offset_pt.y - a.offset_pt.y) * f)
  }

  /// The element's offset from the target the animation gives at `t_s` (s since the start).
  public func offset(at t_s: Double) -> Point {
    if t_s >= duration_s { return Point(0, 0) }
    let u = 100 * t_s / duration_s
    for i in 1..<keyframes.count where u <= keyframes[i].percent {
      return Self.replay(keyframes[i - 1], keyframes[i], at: u)
    }
    return keyframes[keyframes.count - 1].offset_pt
  }

  /// The `@keyframes` rule named `name`: `translate` offsets in px (1 px per pt).
  public func rule(name: String) -> String {
    var lines = ["@keyframes \(name) {"]
    for k in keyframes {
      let value = k.xText == "0" && k.yText == "0" ? "0 0" : "\(k.xText)px \(k.yText)px"
      lines.append("  \(k.percentText)% { translate: \(value); }")
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }
}
