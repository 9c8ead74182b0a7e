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
    rimRadius_pt: Double? = nil
  ) {
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

  /// The 2-D distance (pt) between the item at sample `i` and the point `modelAlong_pt` along
  /// the release line from the target: how far a 1-D animation along that line is from the
  /// item.
  public func error(at i: Int, modelAlong_pt: Double) -> Double {
    let d = modelAlong_pt - along_pt[i]
    return (d * d + across_pt[i] * across_pt[i]).squareRoot()
  }
}
