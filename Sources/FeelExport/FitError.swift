import FeelScene

/// How far an exported animation is from UIKit's motion, measured at every display frame of the
/// approach as the 2-D distance between the animated point (on the release line) and the
/// item. In the motion's unit (`ApproachQuantity`): points, or degrees for a detent.
public struct FitError: Sendable, Equatable {
  /// Largest error (pt).
  public var max_pt: Double
  /// Root mean square error over the samples (pt).
  public var rms_pt: Double
  /// The largest error as a percentage of the travel (%), of the reach for an approach that
  /// starts at its target (`ApproachMotion.scale_pt`).
  public var maxPercentOfTravel: Double
  /// The sample where the error is largest.
  public var worstSample: Int
  /// Its time since the approach started (s).
  public var worst_t_s: Double

  /// The errors of the animation whose displacement along the release line at sample i is
  /// `modelAlong_pt(i)`.
  public init(_ motion: ApproachMotion, modelAlong_pt: (Int) -> Double) {
    self.init(motion, errorAt: { motion.error(at: $0, modelAlong_pt: modelAlong_pt($0)) })
  }

  /// The errors of the 2-D animation whose displacement from the target at sample i is
  /// `model_pt(i)` (pt, screen axes): the error of its path.
  public init(_ motion: ApproachMotion, model_pt: (Int) -> Point) {
    self.init(motion, errorAt: { motion.error(at: $0, model_pt: model_pt($0)) })
  }

  /// The errors `error(i)` (pt) at every sample of `motion`.
  private init(_ motion: ApproachMotion, errorAt error: (Int) -> Double) {
    var worst = 0
    var largest = -1.0
    var sum = 0.0
    for i in 0..<motion.count {
      let e = error(i)
      sum += e * e
      if e > largest {
        largest = e
        worst = i
      }
    }
    max_pt = largest
    rms_pt = (sum / Double(motion.count)).squareRoot()
    maxPercentOfTravel = 100 * largest / motion.scale_pt
    worstSample = worst
    worst_t_s = motion.t_s[worst]
  }

  /// Whether one spring can stand for the motion: its largest error is within 2 % of the
  /// travel (`travel_pt`: give `ApproachMotion.scale_pt`, the reach for an approach that starts
  /// at its target) or within `visible` (half a point, along the rim for an angle: `ApproachMotion`).
  public func singleSpringMatches(
    travel_pt: Double, visible: Double = ExportDefaults.visibleMotion_pt
  ) -> Bool {
    max_pt <= max(ExportDefaults.cannotMatchFraction * abs(travel_pt), visible)
  }
}
