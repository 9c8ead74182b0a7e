import FeelScene

/// A value of a scene addressed by a dotted path, as experiment files name it, with the scene
/// file's own key names:
///
///     profile                                   "modern" or "ios7"
///     frame_rate, duration                      Hz, s
///     reference_size.0, reference_size.1        pt (width, height)
///     item.ID.size.0, item.ID.size.1            pt (width, height; > 0)
///     item.ID.center.0, item.ID.center.1        pt
///     item.ID.angle                             rad
///     item.ID.velocity.0, item.ID.velocity.1    pt/s
///     item.ID.angular_velocity                  rad/s
///     behavior.ID.KEY[.0|.1]                    a key of that behavior's table:
///       snap: point.0, point.1, damping; push: magnitude, angle, offset.0, offset.1;
///       gravity: magnitude, angle; attachment: anchor.0, anchor.1, offset.0, offset.1,
///       to_offset.0, to_offset.1, length, frequency, damping; item: elasticity, friction,
///       density, resistance, angular_resistance, allows_rotation (true/false)
///       drag: frequency, damping (attachment mode); pivot.0, pivot.1 (rotate mode with a
///       pivot), dead_zone (rotate mode); inertia: decay, max_speed, min_speed, stop_speed;
///       detent: count (a whole number), phase, frequency, damping, engage_below
///     boundary.ID.from.0, .from.1, .to.0, .to.1 pt (a boundary of a collision behavior)
///     rule.N.at                                 s (the N-th rule, 1-based, a time rule)
///     recognizer.slop, .hold, .velocity_window  pt, s, s (the [recognizer] table)
///     touch.ID.tap.at, .tap.duration            s (a generated tap; also touch.ID.hold.…)
///     touch.ID.tap.point.0, .tap.point.1        pt
///     touch.ID.drag.at, .drag.duration          s (a generated drag)
///     touch.ID.drag.from.0, .from.1, .to.0, .to.1   pt
///     rotary.dead_zone                            pt (a rotary experiment's turns: the dead zone
///                                               they are tracked with, docs/touches.md)
///
/// `.0` is x (or width), `.1` is y (or height). Resolving a path against a scene checks that
/// the ids exist; a wrong segment gets a "did you mean" for the whole path.
public struct ScenePath: Sendable, Equatable, CustomStringConvertible {
  /// The path as written.
  public let text: String
  let target: Target

  public var description: String { text }

  /// What kind of value the path holds.
  public enum ValueKind: Sendable, Equatable {
    /// A number in a range, with its unit ("pt", "" for a ratio).
    case number(NumberRange, unit: String)
    /// The scene's profile: one of `Profile`'s raw values.
    case profile
    /// true or false.
    case boolean
  }

  /// The numbers a scene value accepts.
  public enum NumberRange: Sendable, Equatable {
    case any
    case positive
    case nonNegative
    /// [0, 1): an inertia's decay per frame.
    case fraction
    /// A whole number ≥ 1: a detent's count.
    case count

    public func contains(_ value: Double) -> Bool {
      switch self {
      case .any: value.isFinite
      case .positive: value.isFinite && value > 0
      case .nonNegative: value.isFinite && value >= 0
      case .fraction: value.isFinite && value >= 0 && value < 1
      case .count: value.isFinite && value >= 1 && value <= 1_000_000 && value == value.rounded()
      }
    }

    /// "a number > 0": how messages describe the range.
    public var phrase: String {
      switch self {
      case .any: "a finite number"
      case .positive: "a number > 0"
      case .nonNegative: "a number ≥ 0"
      case .fraction: "a number in [0, 1)"
      case .count: "a whole number ≥ 1"
      }
    }
  }

  enum Target: Sendable, Equatable {
    case profile
    case frameRate
    case duration
    case referenceSize(Int)
    case item(Int, ItemField)
    case behavior(Int, BehaviorField)
    /// A boundary (collision behavior index, boundary index), its end and component.
    case boundary(Int, Int, end: BoundaryEnd, Int)
    case ruleAt(Int)
    case recognizer(RecognizerField)
    /// A generated touch trace (touch index) and its field.
    case touch(Int, TouchField)
    /// A rotary corpus's dead zone (`SceneMeasure.rotaryDeadZone_pt`).
    case rotaryDeadZone
  }

  enum RecognizerField: Sendable, Equatable {
    case slop
    case hold
    case velocityWindow
  }

  /// A field of a generated trace (`tap`, `hold` or `drag`).
  enum TouchField: Sendable, Equatable {
    case at
    case duration
    case point(Int)
    case from(Int)
    case to(Int)
  }

  enum ItemField: Sendable, Equatable {
    case size(Int)
    case center(Int)
    case angle
    case velocity(Int)
    case angularVelocity
  }

  enum BoundaryEnd: Sendable, Equatable {
    case from
    case to
  }

  enum BehaviorField: Sendable, Equatable {
    case snapPoint(Int)
    case snapDamping
    case pushMagnitude
    case pushAngle
    case pushOffset(Int)
    case gravityMagnitude
    case gravityAngle
    case attachmentAnchor(Int)
    case attachmentOffset(Int)
    case attachmentToOffset(Int)
    case attachmentLength
    case attachmentFrequency
    case attachmentDamping
    case elasticity
    case friction
    case density
    case resistance
    case angularResistance
    case allowsRotation
    case dragFrequency
    case dragDamping
    case dragPivot(Int)
    case dragDeadZone
    case inertiaDecay
    case inertiaMaxSpeed
    case inertiaMinSpeed
    case inertiaStopSpeed
    case detentCount
    case detentPhase
    case detentFrequency
    case detentDamping
    case detentEngageBelow
  }

  /// The kind of value at the path, with its range and unit.
  public var kind: ValueKind {
    switch target {
    case .profile: .profile
    case .frameRate: .number(.positive, unit: "Hz")
    case .duration: .number(.positive, unit: "s")
    case .referenceSize: .number(.positive, unit: "pt")
    case .item(_, let field):
      switch field {
      case .size: .number(.positive, unit: "pt")
      case .center: .number(.any, unit: "pt")
      case .angle: .number(.any, unit: "rad")
      case .velocity: .number(.any, unit: "pt/s")
      case .angularVelocity: .number(.any, unit: "rad/s")
      }
    case .behavior(_, let field):
      switch field {
      case .snapPoint, .pushOffset, .attachmentAnchor, .attachmentOffset, .attachmentToOffset:
        .number(.any, unit: "pt")
      case .snapDamping, .attachmentDamping, .elasticity, .friction: .number(.nonNegative, unit: "")
      case .pushMagnitude, .gravityMagnitude: .number(.any, unit: "")
      case .pushAngle, .gravityAngle: .number(.any, unit: "rad")
      case .attachmentLength: .number(.nonNegative, unit: "pt")
      case .attachmentFrequency: .number(.nonNegative, unit: "Hz")
      case .density: .number(.positive, unit: "")
      case .resistance, .angularResistance: .number(.nonNegative, unit: "1/s")
      case .allowsRotation: .boolean
      case .dragFrequency: .number(.nonNegative, unit: "Hz")
      case .dragDamping: .number(.nonNegative, unit: "")
      case .dragPivot: .number(.any, unit: "pt")
      case .dragDeadZone: .number(.nonNegative, unit: "pt")
      case .inertiaDecay: .number(.fraction, unit: "")
      case .inertiaMaxSpeed, .inertiaMinSpeed, .inertiaStopSpeed:
        .number(.nonNegative, unit: "rad/s")
      case .detentCount: .number(.count, unit: "")
      case .detentPhase: .number(.any, unit: "rad")
      case .detentFrequency: .number(.positive, unit: "Hz")
      case .detentDamping: .number(.nonNegative, unit: "")
      case .detentEngageBelow: .number(.positive, unit: "rad/s")
      }
    case .boundary: .number(.any, unit: "pt")
    case .ruleAt: .number(.nonNegative, unit: "s")
    case .rotaryDeadZone: .number(.nonNegative, unit: "pt")
    case .recognizer(let field):
      switch field {
      case .slop: .number(.nonNegative, unit: "pt")
      case .hold, .velocityWindow: .number(.positive, unit: "s")
      }
    case .touch(_, let field):
      switch field {
      case .at: .number(.nonNegative, unit: "s")
      case .duration: .number(.positive, unit: "s")
      case .point, .from, .to: .number(.any, unit: "pt")
      }
    }
  }

  /// Whether the path sets the scene's duration or frame rate (which bound the frame count).
  var isTiming: Bool { target == .duration || target == .frameRate }

  // MARK: - Setting values

  /// Sets the number at this path. The value must be in the path's range (see `kind`).
  public func set(_ value: Double, in scene: inout Scene) {
    switch target {
    case .profile: break
    case .frameRate: scene.frameRate_hz = value
    case .duration: scene.duration_s = value
    case .referenceSize(let c):
      var size = scene.referenceSize_pt ?? Point(0, 0)
      Self.set(c, of: &size, to: value)
      scene.referenceSize_pt = size
    case .item(let i, let field):
      switch field {
      case .size(let c): Self.set(c, of: &scene.items[i].size_pt, to: value)
      case .center(let c): Self.set(c, of: &scene.items[i].center_pt, to: value)
      case .angle: scene.items[i].angle_rad = value
      case .velocity(let c): Self.set(c, of: &scene.items[i].velocity_pt_s, to: value)
      case .angularVelocity: scene.items[i].angularVelocity_rad_s = value
      }
    case .behavior(let b, let field):
      Self.set(field, of: &scene.behaviors[b].kind, to: value)
    case .boundary(let b, let index, let end, let c):
      guard case .collision(var spec) = scene.behaviors[b].kind else { return }
      switch end {
      case .from: Self.set(c, of: &spec.boundaries[index].from_pt, to: value)
      case .to: Self.set(c, of: &spec.boundaries[index].to_pt, to: value)
      }
      scene.behaviors[b].kind = .collision(spec)
    case .ruleAt(let r):
      scene.rules[r].on = .time(at_s: value)
    case .recognizer(let field):
      switch field {
      case .slop: scene.recognizer.slop_pt = value
      case .hold: scene.recognizer.hold_s = value
      case .velocityWindow: scene.recognizer.velocityWindow_s = value
      }
    case .touch(let t, let field):
      Self.set(field, of: &scene.touches[t].trace, to: value)
    case .rotaryDeadZone:
      scene.measure.rotaryDeadZone_pt = value
    }
  }

  private static func set(_ field: TouchField, of trace: inout TouchTrace, to value: Double) {
    switch trace {
    case .tap(var press), .hold(var press):
      switch field {
      case .at: press.at_s = value
      case .duration: press.duration_s = value
      case .point(let c): set(c, of: &press.point_pt, to: value)
      case .from, .to: return
      }
      if case .tap = trace { trace = .tap(press) } else { trace = .hold(press) }
    case .drag(var drag):
      switch field {
      case .at: drag.at_s = value
      case .duration: drag.duration_s = value
      case .from(let c): set(c, of: &drag.from_pt, to: value)
      case .to(let c): set(c, of: &drag.to_pt, to: value)
      case .point: return
      }
      trace = .drag(drag)
    case .samples, .recorded:
      return
    }
  }

  private static func read(_ field: TouchField, of trace: TouchTrace) -> Double? {
    func pick(_ c: Int, _ p: Point) -> Double { c == 0 ? p.x : p.y }
    switch (trace, field) {
    case (.tap(let p), .at), (.hold(let p), .at): return p.at_s
    case (.tap(let p), .duration), (.hold(let p), .duration): return p.duration_s
    case (.tap(let p), .point(let c)), (.hold(let p), .point(let c)): return pick(c, p.point_pt)
    case (.drag(let d), .at): return d.at_s
    case (.drag(let d), .duration): return d.duration_s
    case (.drag(let d), .from(let c)): return pick(c, d.from_pt)
    case (.drag(let d), .to(let c)): return pick(c, d.to_pt)
    default: return nil
    }
  }

  /// Sets the profile (a profile path) or a boolean (`allows_rotation`).
  public func set(_ value: AxisValue, in scene: inout Scene) {
    switch value {
    case .number(let number): set(number, in: &scene)
    case .string(let name):
      if target == .profile, let profile = Profile(rawValue: name) { scene.profile = profile }
    case .boolean(let flag):
      if case .behavior(let b, .allowsRotation) = target,
        case .item(var spec) = scene.behaviors[b].kind
      {
        spec.allowsRotation = flag
        scene.behaviors[b].kind = .item(spec)
      }
    }
  }

  private static func set(_ component: Int, of point: inout Point, to value: Double) {
    if component == 0 { point.x = value } else { point.y = value }
  }

  private static func set(_ field: BehaviorField, of kind: inout BehaviorKind, to value: Double) {
    switch kind {
    case .snap(var spec):
      switch field {
      case .snapPoint(let c): set(c, of: &spec.point_pt, to: value)
      case .snapDamping: spec.damping = value
      default: return
      }
      kind = .snap(spec)
    case .push(var spec):
      switch field {
      case .pushMagnitude: spec.magnitude = value
      case .pushAngle: spec.angle_rad = value
      case .pushOffset(let c): set(c, of: &spec.offset_pt, to: value)
      default: return
      }
      kind = .push(spec)
    case .gravity(var spec):
      switch field {
      case .gravityMagnitude: spec.magnitude = value
      case .gravityAngle: spec.angle_rad = value
      default: return
      }
      kind = .gravity(spec)
    case .attachment(var spec):
      switch field {
      case .attachmentAnchor(let c):
        guard case .anchor(var point) = spec.target else { return }
        set(c, of: &point, to: value)
        spec.target = .anchor(point)
      case .attachmentOffset(let c): set(c, of: &spec.offset_pt, to: value)
      case .attachmentToOffset(let c): set(c, of: &spec.toOffset_pt, to: value)
      case .attachmentLength: spec.length_pt = value
      case .attachmentFrequency: spec.frequency_hz = value
      case .attachmentDamping: spec.damping = value
      default: return
      }
      kind = .attachment(spec)
    case .item(var spec):
      switch field {
      case .elasticity: spec.elasticity = value
      case .friction: spec.friction = value
      case .density: spec.density = value
      case .resistance: spec.resistance = value
      case .angularResistance: spec.angularResistance = value
      default: return
      }
      kind = .item(spec)
    case .drag(var spec):
      switch (spec.mode, field) {
      case (.attachment(_, let damping), .dragFrequency):
        spec.mode = .attachment(frequency_hz: value, damping: damping)
      case (.attachment(let frequency, _), .dragDamping):
        spec.mode = .attachment(frequency_hz: frequency, damping: value)
      case (.rotate(let pivot, let deadZone), .dragPivot(let c)):
        guard var point = pivot else { return }
        set(c, of: &point, to: value)
        spec.mode = .rotate(pivot_pt: point, deadZone_pt: deadZone)
      case (.rotate(let pivot, _), .dragDeadZone):
        spec.mode = .rotate(pivot_pt: pivot, deadZone_pt: value)
      default: return
      }
      kind = .drag(spec)
    case .inertia(var spec):
      switch field {
      case .inertiaDecay: spec.decay = value
      case .inertiaMaxSpeed: spec.maxSpeed_rad_s = value
      case .inertiaMinSpeed: spec.minSpeed_rad_s = value
      case .inertiaStopSpeed: spec.stopSpeed_rad_s = value
      default: return
      }
      kind = .inertia(spec)
    case .detent(var spec):
      switch field {
      case .detentCount: spec.count = Int(value)
      case .detentPhase: spec.phase_rad = value
      case .detentFrequency: spec.frequency_hz = value
      case .detentDamping: spec.damping = value
      case .detentEngageBelow: spec.engageBelow_rad_s = value
      default: return
      }
      kind = .detent(spec)
    case .collision:
      return
    }
  }

  /// The number at this path in `scene` (nil for the profile, booleans and unset values).
  public func number(in scene: Scene) -> Double? {
    switch target {
    case .profile: return nil
    case .frameRate: return scene.frameRate_hz
    case .duration: return scene.duration_s
    case .referenceSize(let c): return scene.referenceSize_pt.map { c == 0 ? $0.x : $0.y }
    case .item(let i, let field):
      let item = scene.items[i]
      switch field {
      case .size(let c): return c == 0 ? item.size_pt.x : item.size_pt.y
      case .center(let c): return c == 0 ? item.center_pt.x : item.center_pt.y
      case .angle: return item.angle_rad
      case .velocity(let c): return c == 0 ? item.velocity_pt_s.x : item.velocity_pt_s.y
      case .angularVelocity: return item.angularVelocity_rad_s
      }
    case .behavior(let b, let field):
      return Self.read(field, of: scene.behaviors[b].kind)
    case .boundary(let b, let index, let end, let c):
      guard case .collision(let spec) = scene.behaviors[b].kind else { return nil }
      let point = end == .from ? spec.boundaries[index].from_pt : spec.boundaries[index].to_pt
      return c == 0 ? point.x : point.y
    case .ruleAt(let r):
      if case .time(let at) = scene.rules[r].on { return at }
      return nil
    case .recognizer(let field):
      switch field {
      case .slop: return scene.recognizer.slop_pt
      case .hold: return scene.recognizer.hold_s
      case .velocityWindow: return scene.recognizer.velocityWindow_s
      }
    case .touch(let t, let field):
      return Self.read(field, of: scene.touches[t].trace)
    case .rotaryDeadZone:
      return scene.measure.rotaryDeadZone_pt
    }
  }

  /// Reads a behavior field (the mirror of `set(_:of:to:)`).
  private static func read(_ field: BehaviorField, of kind: BehaviorKind) -> Double? {
    func pick(_ c: Int, _ p: Point) -> Double { c == 0 ? p.x : p.y }
    switch (kind, field) {
    case (.snap(let s), .snapPoint(let c)): return pick(c, s.point_pt)
    case (.snap(let s), .snapDamping): return s.damping
    case (.push(let s), .pushMagnitude): return s.magnitude
    case (.push(let s), .pushAngle): return s.angle_rad
    case (.push(let s), .pushOffset(let c)): return pick(c, s.offset_pt)
    case (.gravity(let s), .gravityMagnitude): return s.magnitude
    case (.gravity(let s), .gravityAngle): return s.angle_rad
    case (.attachment(let s), .attachmentAnchor(let c)):
      if case .anchor(let p) = s.target { return pick(c, p) }
      return nil
    case (.attachment(let s), .attachmentOffset(let c)): return pick(c, s.offset_pt)
    case (.attachment(let s), .attachmentToOffset(let c)): return pick(c, s.toOffset_pt)
    case (.attachment(let s), .attachmentLength): return s.length_pt
    case (.attachment(let s), .attachmentFrequency): return s.frequency_hz
    case (.attachment(let s), .attachmentDamping): return s.damping
    case (.item(let s), .elasticity): return s.elasticity ?? ItemDefaults.elasticity
    case (.item(let s), .friction): return s.friction ?? ItemDefaults.friction
    case (.item(let s), .density): return s.density ?? ItemDefaults.density
    case (.item(let s), .resistance): return s.resistance ?? ItemDefaults.resistance
    case (.item(let s), .angularResistance):
      return s.angularResistance ?? ItemDefaults.angularResistance
    case (.drag(let s), .dragFrequency):
      if case .attachment(let frequency, _) = s.mode { return frequency }
      return nil
    case (.drag(let s), .dragDamping):
      if case .attachment(_, let damping) = s.mode { return damping }
      return nil
    case (.drag(let s), .dragPivot(let c)):
      if case .rotate(let pivot?, _) = s.mode { return pick(c, pivot) }
      return nil
    case (.drag(let s), .dragDeadZone):
      if case .rotate(_, let deadZone) = s.mode { return deadZone }
      return nil
    case (.inertia(let s), .inertiaDecay): return s.decay
    case (.inertia(let s), .inertiaMaxSpeed): return s.maxSpeed_rad_s
    case (.inertia(let s), .inertiaMinSpeed): return s.minSpeed_rad_s
    case (.inertia(let s), .inertiaStopSpeed): return s.stopSpeed_rad_s
    case (.detent(let s), .detentCount): return Double(s.count)
    case (.detent(let s), .detentPhase): return s.phase_rad
    case (.detent(let s), .detentFrequency): return s.frequency_hz
    case (.detent(let s), .detentDamping): return s.damping
    case (.detent(let s), .detentEngageBelow): return s.engageBelow_rad_s
    default: return nil
    }
  }
}
