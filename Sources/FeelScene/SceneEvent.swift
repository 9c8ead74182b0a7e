/// Something that happened in a frame of a scene run, for `feel run --events`.
public struct SceneEvent: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    case contactBegan
    case contactEnded
    case ruleFired
    case pause
    /// What a touch's recognizer reported (`touch-down`, `drag-began`, `hold`, `tap`,
    /// `drag-ended`, `touch-up`).
    case touch(TouchEventKind)

    /// The kind as `feel run --events` writes it: `contact-began`, `tap`.
    public var rawValue: String {
      switch self {
      case .contactBegan: "contact-began"
      case .contactEnded: "contact-ended"
      case .ruleFired: "rule-fired"
      case .pause: "pause"
      case .touch(let kind): kind.rawValue
      }
    }
  }
  public var frame: Int
  public var t_s: Double
  /// What happened, as data; `detail` words it.
  var subject: Subject

  /// What an event is about.
  enum Subject: Sendable, Equatable {
    case contact(began: Bool, item: String, partner: ContactPartner)
    /// Rule `number` (1-based) fired, removing and adding the behaviors listed, after setting
    /// a snap's point when it picks one at the release (`picked`) and a behavior's properties
    /// (`set`, the rule's own).
    case rule(
      number: Int, reason: Reason, remove: [String], add: [String], picked: PickedPoint?,
      set: SetValues? = nil)
    case pause
    /// A touch event of touch `id`; a drag-ended event carries
    /// the release velocity (pt/s) and, when a rotate drag was acting, the angular one (rad/s).
    case touch(kind: TouchEventKind, id: String, velocity_pt_s: Point?, omega_rad_s: Double?)
  }

  /// A snap's point a drag-ended rule picked (`SnapPick`): the snap's id and the point (pt).
  struct PickedPoint: Sendable, Equatable {
    var snap: String
    var point_pt: Point
  }

  /// What a rule with `set` sets: the behavior's id and its new values.
  struct SetValues: Sendable, Equatable {
    var behavior: String
    var change: BehaviorChange

    /// "set ID point X Y damping D": each value set, in the scene file's order.
    var words: String {
      var text = "set \(behavior)"
      func add(_ key: String, _ values: Double...) {
        text += " \(key)" + values.map { " " + TrajectoryCSV.number($0) }.joined()
      }
      if let p = change.point_pt { add("point", p.x, p.y) }
      if let a = change.angle_rad { add("angle", a) }
      if let m = change.magnitude { add("magnitude", m) }
      if let p = change.anchor_pt { add("anchor", p.x, p.y) }
      if let l = change.length_pt { add("length", l) }
      if let f = change.frequency_hz { add("frequency", f) }
      if let d = change.damping { add("damping", d) }
      if let a = change.active { text += " active \(a)" }
      if let o = change.offset_pt { add("offset", o.x, o.y) }
      let item = change.item
      if let v = item.elasticity { add("elasticity", v) }
      if let v = item.friction { add("friction", v) }
      if let v = item.density { add("density", v) }
      if let v = item.resistance { add("resistance", v) }
      if let v = item.angularResistance { add("angular_resistance", v) }
      if let v = item.allowsRotation { text += " allows_rotation \(v)" }
      if let v = item.anchored { text += " anchored \(v)" }
      if let v = item.charge { add("charge", v) }
      if let p = change.position_pt { add("position", p.x, p.y) }
      if let v = change.strength { add("strength", v) }
      if let v = change.falloff { add("falloff", v) }
      if let v = change.minimumRadius_pt { add("minimum_radius", v) }
      if let d = change.direction { add("direction", d.x, d.y) }
      if let v = change.smoothness { add("smoothness", v) }
      if let v = change.animationSpeed { add("animation_speed", v) }
      if change.region != nil { text += " region" }
      return text
    }
  }

  /// What an item touched: a boundary (by id, `reference-bounds` for the reference view's
  /// bounds) or another item (by id).
  enum ContactPartner: Sendable, Equatable {
    case boundary(String)
    case item(String)

    /// "boundary ID" or "item ID".
    var words: String {
      switch self {
      case .boundary(let id): "boundary \(id)"
      case .item(let id): "item \(id)"
      }
    }
  }

  /// Why a rule fired.
  enum Reason: Sendable, Equatable {
    case contact(boundary: String)
    case time(at_s: Double)
    case pause
    /// A touch event of touch `id`.
    case touch(kind: TouchEventKind, id: String)
  }

  public var kind: Kind {
    switch subject {
    case .contact(let began, _, _): began ? .contactBegan : .contactEnded
    case .rule: .ruleFired
    case .pause: .pause
    case .touch(let kind, _, _, _): .touch(kind)
    }
  }

  /// A touch event's touch id.
  public var touch: String? {
    if case .touch(_, let id, _, _) = subject { return id }
    return nil
  }

  /// A drag-ended event's release velocity (pt/s).
  public var velocity_pt_s: Point? {
    if case .touch(_, _, let velocity, _) = subject { return velocity }
    return nil
  }

  /// A drag-ended event's angular release velocity (rad/s), when a rotate drag was acting.
  public var omega_rad_s: Double? {
    if case .touch(_, _, _, let omega) = subject { return omega }
    return nil
  }

  /// Human-readable detail: item and boundary, or which rule and what it changed (the snap
  /// point it picked first, `snap ID point X Y`, then what it set, `set ID KEY VALUE…`), or
  /// `touch ID` (and for drag-ended `velocity VX VY`, and `omega W` for a rotate drag). Worded
  /// only when read: sweeps never read it.
  public var detail: String {
    switch subject {
    case .contact(_, let item, let partner):
      return "item \(item) \(partner.words)"
    case .rule(let number, let reason, let remove, let add, let picked, let set):
      var text = "rule \(number) (\(reason.words))"
      if let picked {
        text +=
          " snap \(picked.snap) point \(TrajectoryCSV.number(picked.point_pt.x)) "
          + TrajectoryCSV.number(picked.point_pt.y)
      }
      if let set { text += " " + set.words }
      if !remove.isEmpty { text += " remove " + remove.joined(separator: " ") }
      if !add.isEmpty { text += " add " + add.joined(separator: " ") }
      return text
    case .pause:
      return "animator paused"
    case .touch(_, let id, let velocity, let omega):
      var text = "touch \(id)"
      if let v = velocity {
        text += " velocity \(TrajectoryCSV.number(v.x)) \(TrajectoryCSV.number(v.y))"
      }
      if let omega { text += " omega \(TrajectoryCSV.number(omega))" }
      return text
    }
  }

  /// Whether this is a contact that began for item `item` (with a boundary or another item).
  public func isContactBegan(ofItem item: String) -> Bool {
    guard case .contact(true, let first, let partner) = subject else { return false }
    return first == item || partner == .item(item)
  }
}

extension SceneEvent.Reason {
  /// "contact wall", "time 0.2", "pause".
  var words: String {
    switch self {
    case .contact(let boundary): "contact \(boundary)"
    case .time(let at_s): "time \(at_s)"
    case .pause: "pause"
    case .touch(let kind, let id): "\(kind.rawValue) \(id)"
    }
  }
}
