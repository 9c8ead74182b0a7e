import FeelScene

/// An item's simulated motion towards its target, as the frameworks' springs see it: the
/// displacement along the release direction (the line from the target through the item's
/// position when the approach starts) at every display frame from the start of the approach,
/// plus the displacement across that line, so that every error can be measured in 2-D.
///
/// Lengths are in `quantity`'s unit: points for a position (the `_pt` names), degrees for a
/// rotational approach (a detent: the "line" is the angle, `direction` is (±1, 0) and nothing
/// lies across it).
public struct ApproachMotion: Sendable, Equatable {
  /// What the approach is: `the snap "scrub-snap"`.
  public var label: String
  /// The moving item's id.
  public var itemID: String
  /// Where the approach ends.
  public var target: ApproachTarget
  /// Unit vector from the target towards the item at the start (the release direction).
  public var direction: Point
  /// The display frame at which the approach starts (its behavior entered the animator).
  public var startFrame: Int
  /// Display frames per second (Hz).
  public var frameRate_hz: Double
  /// Time of each sample since the start of the approach (s): 0, 1/rate, 2/rate, …
  public var t_s: [Double]
  /// Displacement from the target along `direction` at each sample (pt); the first is the
  /// travel.
  public var along_pt: [Double]
  /// Displacement from the target across the line, along `direction` turned a quarter
  /// clockwise on screen (pt); 0 for a straight approach.
  public var across_pt: [Double]
  /// The item's velocity along `direction` when the approach starts (pt/s; negative towards
  /// the target).
  public var startVelocity_pt_s: Double
  /// The item's velocity (pt/s, on screen: x right, y down) when the approach starts at a
  /// release, in a drag-ended rule: the velocity its body starts with there (the finger's,
  /// handed over by `release_velocity`, or 0). Every spring is fitted with its initial velocity
  /// fixed to it, not fitted (docs/export.md, "A release"). Nil when the approach starts
  /// otherwise.
  public var releaseVelocity_pt_s: Point?
  /// What is measured: the centre (pt) or the angle (°).
  public var quantity: ApproachQuantity
  /// For an angle, the item's rim radius (pt: half its smaller side, where the dial's label
  /// texts sit): the JSON and CSV contracts give every `_pt` value as the distance along the
  /// rim, degrees × π/180 × this radius; nil for a position.
  public var rimRadius_pt: Double?

  public init(
    label: String, itemID: String, target: ApproachTarget, direction: Point, startFrame: Int,
    frameRate_hz: Double, t_s: [Double], along_pt: [Double], across_pt: [Double],
    startVelocity_pt_s: Double, quantity: ApproachQuantity = .position,
    rimRadius_pt: Double? = nil, releaseVelocity_pt_s: Point? = nil
  ) {
    self.releaseVelocity_pt_s = releaseVelocity_pt_s
    self.quantity = quantity
    self.rimRadius_pt = rimRadius_pt
    self.label = label
    self.itemID = itemID
    self.target = target
    self.direction = direction
    self.startFrame = startFrame
    self.frameRate_hz = frameRate_hz
    self.t_s = t_s
    self.along_pt = along_pt
    self.across_pt = across_pt
    self.startVelocity_pt_s = startVelocity_pt_s
  }

  /// Distance from the target at the start (pt): the animation's travel, from fromValue to
  /// toValue in the frameworks' terms.
  public var travel_pt: Double { along_pt[0] }

  /// Whether the approach starts at its target (its travel below
  /// `ApproachExtractor.minimumTravel_pt`), moved by its initial velocity only: a flick released
  /// at the target. `direction` is then that velocity's; the frameworks whose initial velocity
  /// or easing is relative to the distance left (SwiftUI, Core Animation, CSS `linear()`) cannot
  /// carry it, and errors are given against the reach instead of the travel.
  public var startsAtTarget: Bool { abs(travel_pt) < ApproachExtractor.minimumTravel_pt }

  /// The largest distance from the target over the approach (pt, or degrees).
  public var reach_pt: Double {
    (0..<count).map { i in
      let o = offset(at: i)
      return (o.x * o.x + o.y * o.y).squareRoot()
    }.max() ?? 0
  }

  /// The distance errors are measured against (pt, or degrees): the travel, or for an approach
  /// that starts at its target, its reach.
  public var scale_pt: Double { startsAtTarget ? reach_pt : abs(travel_pt) }

  /// "travel" or "reach": what `scale_pt` is, in words.
  public var scaleWord: String { startsAtTarget ? "reach" : "travel" }

  /// Points per unit of the motion: 1 for a position; for an angle, the arc length of one
  /// degree at the rim (pt/°).
  public var pointsPerUnit: Double {
    guard quantity == .angle, let r = rimRadius_pt else { return 1 }
    return r * Double.pi / 180
  }

  /// The smallest motion a designer sees, in the motion's unit: half a point
  /// (`ExportDefaults.visibleMotion_pt`), along the rim for an angle (0.24° on a 240 pt disc).
  public var visibleMotion: Double { ExportDefaults.visibleMotion_pt / pointsPerUnit }

  /// How close CSS `linear()` stops follow the motion, in its unit: 0.5 pt
  /// (`ExportDefaults.cssTolerance_pt`), along the rim for an angle.
  public var cssTolerance: Double { ExportDefaults.cssTolerance_pt / pointsPerUnit }

  /// `visibleMotion` in words: "half a point", "half a point at the rim (0.239°)".
  var visibleMotionWords: String {
    quantity == .position
      ? "half a point" : "half a point at the rim (\(ExportText.short(visibleMotion))°)"
  }

  /// Scene time at which the approach starts (s).
  public var startTime_s: Double { Double(startFrame) / frameRate_hz }

  /// Samples in the approach, the first at its start.
  public var count: Int { t_s.count }

  /// The largest distance of the item from the release line over the approach (pt).
  public var maxAcross_pt: Double { across_pt.map(abs).max() ?? 0 }

  /// Whether the approach is a 2-D motion: a position whose path leaves the release line by
  /// more than `ExportDefaults.straightPath_pt`. The frameworks then animate x and y (one
  /// spring per axis, a CSS position animation) instead of one number along the line.
  public var isPlanar: Bool {
    quantity == .position && maxAcross_pt > ExportDefaults.straightPath_pt
  }

  /// The item's displacement from the target at sample `i` on screen axes (pt): x right,
  /// y down.
  public func offset(at i: Int) -> Point {
    Point(
      along_pt[i] * direction.x - across_pt[i] * direction.y,
      along_pt[i] * direction.y + across_pt[i] * direction.x)
  }

  /// The displacement from the target at the start, on screen axes (pt).
  public var startOffset_pt: Point { offset(at: 0) }

  /// The release velocity along the release line (pt/s; negative towards the target), when
  /// the approach starts at a release.
  public var releaseVelocityAlong_pt_s: Double? {
    releaseVelocity_pt_s.map { $0.x * direction.x + $0.y * direction.y }
  }

  /// The 2-D distance (pt) between the item at sample `i` and the point `modelAlong_pt` along
  /// the release line from the target: how far a 1-D animation along that line is from the
  /// item.
  public func error(at i: Int, modelAlong_pt: Double) -> Double {
    let d = modelAlong_pt - along_pt[i]
    return (d * d + across_pt[i] * across_pt[i]).squareRoot()
  }

  /// The 2-D distance (pt) between the item at sample `i` and the point `model_pt` (its
  /// displacement from the target on screen axes): how far a 2-D animation is from the item.
  public func error(at i: Int, model_pt: Point) -> Double {
    let o = offset(at: i)
    let dx = model_pt.x - o.x
    let dy = model_pt.y - o.y
    return (dx * dx + dy * dy).squareRoot()
  }
}
