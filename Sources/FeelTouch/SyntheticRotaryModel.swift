/// The distributions of a rotary corpus's synthetic traces (docs/touches.md, "The rotary corpus",
/// gives the reasons): where taps, turning drags and holds fall on a `CorpusRotary`, and how a
/// turn moves. Radii are fractions of the disc's radius, so the model fits any rotary control. Every
/// value here is FeelLab's assumption. Durations, pauses, drift, wobble and noise are the
/// plain corpus's (`SyntheticTouchModel`).
///
/// A tap goes down on a label chosen evenly (its centre, then the press drift). A hold goes
/// down uniformly over the disc's area. A turning drag is, with `flickProbability`, a straight
/// flick across the hub, else an arc about the centre; either follows the minimum-jerk profile
/// over its movement, after the plain corpus's rest before it moves.
public struct SyntheticRotaryModel: Sendable, Equatable {
  /// An arc's radius at touch-down (fraction of the disc's radius), uniform: from near the
  /// hub, where a thumb twirls, out to the rim.
  public var arcStartRadius: ClosedRange<Double> = 0.05...1.0
  /// The factor from an arc's start radius to its end radius, log-uniform: a finger drifts in
  /// or out as it turns.
  public var arcRadiusFactor: ClosedRange<Double> = 0.75...1.33
  /// An arc's angular travel (rad), log-uniform (about 11° to 1.5 turns), clockwise or
  /// anticlockwise evenly.
  public var arcTurn_rad: ClosedRange<Double> = 0.2...9.5
  /// How long a turn's movement takes (s), log-uniform.
  public var turnMoveDuration_s: ClosedRange<Double> = 0.15...1.2
  /// How often a turning drag is a straight flick across the hub (0–1).
  public var flickProbability = 0.2
  /// A flick's closest approach to the centre (fraction of the disc's radius), uniform on
  /// either side: some pass through the hub, some beside it.
  public var flickOffset: ClosedRange<Double> = 0...0.25
  /// How far a flick starts before, and ends after, its closest approach (fraction of the
  /// disc's radius), each uniform.
  public var flickReach: ClosedRange<Double> = 0.3...1.0

  public init() {}

  /// FeelLab's model, as docs/touches.md documents it.
  public static let standard = SyntheticRotaryModel()
}
