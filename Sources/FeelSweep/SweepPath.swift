import FeelScene

/// A grid point of a sweep: the scene it runs, and the values its experiment sets that are not
/// the scene's.
public struct SweepPoint: Sendable, Equatable {
  public var scene: Scene
  /// A rotary experiment's dead zone (pt, ≥ 0): its corpus's turning drags are tracked about
  /// the rotary's centre ignoring samples closer than this (docs/touches.md, "Rotary
  /// experiment"); nil without a `[corpus.rotary]` table.
  public var rotaryDeadZone_pt: Double?
}

/// A path an experiment sets (`[fixed]`, an axis): a value of its scene (`ScenePath`), or one of
/// the experiment's own, which no scene file has: `rotary.dead_zone`, a rotary experiment's dead
/// zone (its `[corpus.rotary]` table's, docs/touches.md, "Rotary experiment").
public enum SweepPath: Sendable, Equatable, CustomStringConvertible {
  case scene(ScenePath)
  case rotaryDeadZone

  /// Resolves `text`: the experiment's own paths, else a path of `scene`.
  init(_ text: String, in scene: Scene) throws(ScenePath.Problem) {
    var walk = ScenePath.Walk(text: text)
    guard walk.segments.first == "rotary" else {
      self = .scene(try ScenePath(text, in: scene))
      return
    }
    // Not a scene file's value, so not among the roots a scene path suggests; `ParameterGrid` takes it
    // only in an experiment with a [corpus.rotary] table.
    walk.position = 1
    _ = try walk.next(["dead_zone"], "a key of the experiment's [corpus.rotary] table")
    try walk.end()
    self = .rotaryDeadZone
  }

  /// The path as written.
  public var text: String {
    switch self {
    case .scene(let path): path.text
    case .rotaryDeadZone: "rotary.dead_zone"
    }
  }

  public var description: String { text }

  /// The kind of value at the path, with its range and unit.
  public var kind: ScenePath.ValueKind {
    switch self {
    case .scene(let path): path.kind
    case .rotaryDeadZone: .number(.nonNegative, unit: "pt")
    }
  }

  /// Whether the path sets the scene's duration or frame rate (which bound the frame count).
  var isTiming: Bool {
    if case .scene(let path) = self { path.isTiming } else { false }
  }

  /// Whether setting it can make the scene fail the profile check
  /// (`ScenePath.mayMeetProfileCheck`; the experiment's own values never do).
  func mayMeetProfileCheck(in scene: Scene) -> Bool {
    if case .scene(let path) = self { path.mayMeetProfileCheck(in: scene) } else { false }
  }

  /// Sets the value at this path in `point`.
  public func set(_ value: AxisValue, in point: inout SweepPoint) {
    switch self {
    case .scene(let path): path.set(value, in: &point.scene)
    case .rotaryDeadZone:
      if case .number(let x) = value { point.rotaryDeadZone_pt = x }
    }
  }

  /// Sets the value at this path in `scene` (the experiment's own values are not the scene's:
  /// they are left out).
  func set(_ value: AxisValue, in scene: inout Scene) {
    if case .scene(let path) = self { path.set(value, in: &scene) }
  }

  /// The number at this path in `point` (nil for a choice, a boolean and an unset value).
  public func number(in point: SweepPoint) -> Double? {
    switch self {
    case .scene(let path): path.number(in: point.scene)
    case .rotaryDeadZone: point.rotaryDeadZone_pt
    }
  }
}
