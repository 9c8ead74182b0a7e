import FeelScene

extension ScenePath {
  /// Why a path names no value of the scene: what was expected there, and the closest valid
  /// path when a segment looks misspelt.
  public struct Problem: Error, Sendable, Equatable {
    /// What was expected, in the designer's words: "a key of snap behavior \"scrub-snap\"
    /// (point.0, point.1, damping) after 'behavior.scrub-snap'".
    public var expected: String
    /// A valid path close to the one written.
    public var suggestion: String?
  }

  /// The first segments of every path.
  static let roots = [
    "profile", "frame_rate", "duration", "reference_size", "item", "behavior", "boundary", "rule",
    "recognizer", "touch",
  ]

  /// Resolves `text` against `scene`'s items, behaviors, boundaries and rules.
  public init(_ text: String, in scene: Scene) throws(Problem) {
    var walk = Walk(text: text)
    self.text = text
    target = try walk.resolve(in: scene)
  }

  /// Reads a path segment by segment, so that a mistake is reported at the segment that is
  /// wrong, with the candidates allowed there.
  private struct Walk {
    let text: String
    let segments: [String]
    var position = 0

    init(text: String) {
      self.text = text
      segments = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// The path up to the current segment: `behavior.scrub-snap`.
    var prefix: String { segments[..<position].joined(separator: ".") }

    /// The next segment, which must be one of `candidates` (`what` names them in messages).
    mutating func next(_ candidates: [String], _ what: String) throws(Problem) -> String {
      let listed = candidates.count <= 12 ? " (\(candidates.joined(separator: ", ")))" : ""
      let place = position == 0 ? "" : " after '\(prefix)'"
      guard position < segments.count else {
        let suggestion = candidates.count == 1 ? "\(prefix).\(candidates[0])" : nil
        throw Problem(expected: "\(what)\(listed)\(place)", suggestion: suggestion)
      }
      let segment = segments[position]
      guard candidates.contains(segment) else {
        var suggestion: String?
        if let near = NameSuggestions.closest(to: segment, among: candidates) {
          var fixed = segments
          fixed[position] = near
          suggestion = fixed.joined(separator: ".")
        }
        throw Problem(expected: "\(what)\(listed)\(place)", suggestion: suggestion)
      }
      position += 1
      return segment
    }

    /// The end of the path: nothing may follow.
    func end(_ target: Target) throws(Problem) -> Target {
      guard position == segments.count else {
        throw Problem(
          expected: "nothing after '\(prefix)' (it names a single value)",
          suggestion: prefix)
      }
      return target
    }

    mutating func component() throws(Problem) -> Int {
      try next(["0", "1"], "a component, 0 (x or width) or 1 (y or height)") == "0" ? 0 : 1
    }

    mutating func resolve(in scene: Scene) throws(Problem) -> Target {
      // A rotary experiment's dead zone (docs/touches.md, "Rotary experiment"): not a scene file's
      // value, so not among the roots a scene path suggests; `Sweep` takes it only in an
      // experiment with a [corpus.rotary] table.
      if segments.first == "rotary" {
        position = 1
        _ = try next(["dead_zone"], "a key of the experiment's [corpus.rotary] table")
        return try end(.rotaryDeadZone)
      }
      switch try next(ScenePath.roots, "a path to a scene value, beginning with one of") {
      case "profile": return try end(.profile)
      case "frame_rate": return try end(.frameRate)
      case "duration": return try end(.duration)
      case "reference_size":
        guard scene.referenceSize_pt != nil else {
          throw Problem(
            expected: "a value the scene has (it has no reference_size = [width, height])")
        }
        let c = try component()
        return try end(.referenceSize(c))
      case "item": return try item(in: scene)
      case "behavior": return try behavior(in: scene)
      case "boundary": return try boundary(in: scene)
      case "recognizer":
        let field: RecognizerField
        switch try next(["slop", "hold", "velocity_window"], "a key of the [recognizer] table") {
        case "slop": field = .slop
        case "hold": field = .hold
        default: field = .velocityWindow
        }
        return try end(.recognizer(field))
      case "touch": return try touch(in: scene)
      default: return try rule(in: scene)
      }
    }

    private mutating func touch(in scene: Scene) throws(Problem) -> Target {
      let ids = scene.touches.map(\.id)
      let index = ids.firstIndex(of: try next(ids, "the id of a touch"))!
      let trace = scene.touches[index].trace
      switch trace {
      case .samples, .recorded:
        throw Problem(
          expected: "a generated trace (tap, hold or drag): touch \"\(ids[index])\" has "
            + (trace.key == "file" ? "a recorded file" : "written samples") + ", which a sweep "
            + "cannot vary")
      case .tap, .hold, .drag:
        _ = try next([trace.key], "the trace of touch \"\(ids[index])\"")
      }
      let field: TouchField
      if case .drag = trace {
        switch try next(["at", "from", "to", "duration"], "a key of a drag trace") {
        case "at": field = .at
        case "from": field = .from(try component())
        case "to": field = .to(try component())
        default: field = .duration
        }
      } else {
        switch try next(["at", "point", "duration"], "a key of a \(trace.key) trace") {
        case "at": field = .at
        case "point": field = .point(try component())
        default: field = .duration
        }
      }
      return try end(.touch(index, field))
    }

    private mutating func item(in scene: Scene) throws(Problem) -> Target {
      let ids = scene.items.map(\.id)
      let index = ids.firstIndex(of: try next(ids, "the id of an item"))!
      let field: ItemField
      switch try next(
        ["size", "center", "angle", "velocity", "angular_velocity"], "a key of an item")
      {
      case "size": field = .size(try component())
      case "center": field = .center(try component())
      case "angle": field = .angle
      case "velocity": field = .velocity(try component())
      default: field = .angularVelocity
      }
      return try end(.item(index, field))
    }

    private mutating func behavior(in scene: Scene) throws(Problem) -> Target {
      let ids = scene.behaviors.map(\.id)
      let index = ids.firstIndex(of: try next(ids, "the id of a behavior"))!
      let id = ids[index]
      let field: BehaviorField
      switch scene.behaviors[index].kind {
      case .snap:
        let keys = ["point", "damping"]
        switch try next(keys, "a key of snap behavior \"\(id)\"") {
        case "point": field = .snapPoint(try component())
        default: field = .snapDamping
        }
      case .push:
        let keys = ["magnitude", "angle", "offset"]
        switch try next(keys, "a key of push behavior \"\(id)\"") {
        case "magnitude": field = .pushMagnitude
        case "angle": field = .pushAngle
        default: field = .pushOffset(try component())
        }
      case .gravity:
        let keys = ["magnitude", "angle"]
        field =
          try next(keys, "a key of gravity behavior \"\(id)\"") == "magnitude"
          ? .gravityMagnitude : .gravityAngle
      case .attachment(let spec):
        var keys = ["offset", "length", "frequency", "damping"]
        if case .anchor = spec.target {
          keys.insert("anchor", at: 0)
        } else {
          keys += ["to_offset"]
        }
        switch try next(keys, "a key of attachment behavior \"\(id)\"") {
        case "anchor": field = .attachmentAnchor(try component())
        case "offset": field = .attachmentOffset(try component())
        case "to_offset": field = .attachmentToOffset(try component())
        case "length": field = .attachmentLength
        case "frequency": field = .attachmentFrequency
        default: field = .attachmentDamping
        }
      case .item:
        let keys = [
          "elasticity", "friction", "density", "resistance", "angular_resistance",
          "allows_rotation",
        ]
        switch try next(keys, "a key of item behavior \"\(id)\"") {
        case "elasticity": field = .elasticity
        case "friction": field = .friction
        case "density": field = .density
        case "resistance": field = .resistance
        case "angular_resistance": field = .angularResistance
        default: field = .allowsRotation
        }
      case .drag(let spec):
        var keys: [String]
        switch spec.mode {
        case .follow:
          throw Problem(
            expected: "a value: \"\(id)\" is a follow drag, which has no number (its finger's "
              + "trace has: touch.\(spec.touch).…)")
        case .attachment: keys = ["frequency", "damping"]
        case .rotate(let pivot, _): keys = (pivot == nil ? [] : ["pivot"]) + ["dead_zone"]
        }
        switch try next(keys, "a key of drag behavior \"\(id)\"") {
        case "frequency": field = .dragFrequency
        case "damping": field = .dragDamping
        case "pivot": field = .dragPivot(try component())
        default: field = .dragDeadZone
        }
      case .inertia:
        let keys = ["decay", "max_speed", "min_speed", "stop_speed"]
        switch try next(keys, "a key of inertia behavior \"\(id)\"") {
        case "decay": field = .inertiaDecay
        case "max_speed": field = .inertiaMaxSpeed
        case "min_speed": field = .inertiaMinSpeed
        default: field = .inertiaStopSpeed
        }
      case .detent:
        let keys = ["count", "phase", "frequency", "damping", "engage_below"]
        switch try next(keys, "a key of detent behavior \"\(id)\"") {
        case "count": field = .detentCount
        case "phase": field = .detentPhase
        case "frequency": field = .detentFrequency
        case "damping": field = .detentDamping
        default: field = .detentEngageBelow
        }
      case .collision(let spec):
        let names = spec.boundaries.map(\.id)
        throw Problem(
          expected: "a value: \"\(id)\" is a collision behavior; set its boundaries with "
            + "boundary.ID.from.0 (boundaries: \(names.joined(separator: ", ")))",
          suggestion: names.first.map { "boundary.\($0).from.0" })
      }
      return try end(.behavior(index, field))
    }

    private mutating func boundary(in scene: Scene) throws(Problem) -> Target {
      var owners: [(id: String, behavior: Int, index: Int)] = []
      for (b, behavior) in scene.behaviors.enumerated() {
        guard case .collision(let spec) = behavior.kind else { continue }
        for (i, boundary) in spec.boundaries.enumerated() { owners.append((boundary.id, b, i)) }
      }
      let id = try next(owners.map(\.id), "the id of a boundary")
      let owner = owners.first { $0.id == id }!
      let end: BoundaryEnd =
        try next(["from", "to"], "an end of the boundary") == "from" ? .from : .to
      let c = try component()
      return try self.end(.boundary(owner.behavior, owner.index, end: end, c))
    }

    private mutating func rule(in scene: Scene) throws(Problem) -> Target {
      let numbers = scene.rules.indices.map { String($0 + 1) }
      let r = Int(try next(numbers, "the number of a rule, 1 for the first"))! - 1
      guard case .time = scene.rules[r].on else {
        throw Problem(expected: "a time rule (only a time rule has a value, its 'at')")
      }
      _ = try next(["at"], "the key of a time rule")
      return try end(.ruleAt(r))
    }
  }

  /// Every path of `scene` that names a number, a profile or a boolean: for listings.
  public static func all(in scene: Scene) -> [String] {
    var paths = ["profile", "frame_rate", "duration"]
    if scene.referenceSize_pt != nil { paths += ["reference_size.0", "reference_size.1"] }
    for item in scene.items {
      let p = "item.\(item.id)."
      paths +=
        ["size.0", "size.1", "center.0", "center.1", "angle", "velocity.0", "velocity.1"]
        .map { p + $0 } + [p + "angular_velocity"]
    }
    for behavior in scene.behaviors {
      let p = "behavior.\(behavior.id)."
      switch behavior.kind {
      case .snap: paths += ["point.0", "point.1", "damping"].map { p + $0 }
      case .push: paths += ["magnitude", "angle", "offset.0", "offset.1"].map { p + $0 }
      case .gravity: paths += ["magnitude", "angle"].map { p + $0 }
      case .attachment(let spec):
        if case .anchor = spec.target { paths += [p + "anchor.0", p + "anchor.1"] }
        paths += ["offset.0", "offset.1"].map { p + $0 }
        if case .item = spec.target { paths += [p + "to_offset.0", p + "to_offset.1"] }
        paths += ["length", "frequency", "damping"].map { p + $0 }
      case .item:
        paths += [
          "elasticity", "friction", "density", "resistance", "angular_resistance",
          "allows_rotation",
        ].map { p + $0 }
      case .collision(let spec):
        for boundary in spec.boundaries {
          paths += ["from.0", "from.1", "to.0", "to.1"].map { "boundary.\(boundary.id).\($0)" }
        }
      case .drag(let spec):
        switch spec.mode {
        case .follow: break
        case .attachment: paths += [p + "frequency", p + "damping"]
        case .rotate(let pivot, _):
          if pivot != nil { paths += [p + "pivot.0", p + "pivot.1"] }
          paths.append(p + "dead_zone")
        }
      case .inertia:
        paths += ["decay", "max_speed", "min_speed", "stop_speed"].map { p + $0 }
      case .detent:
        paths += ["count", "phase", "frequency", "damping", "engage_below"].map { p + $0 }
      }
    }
    for (r, rule) in scene.rules.enumerated() {
      if case .time = rule.on { paths.append("rule.\(r + 1).at") }
    }
    if !scene.touches.isEmpty {
      paths += ["slop", "hold", "velocity_window"].map { "recognizer." + $0 }
    }
    for touch in scene.touches {
      let p = "touch.\(touch.id).\(touch.trace.key)."
      switch touch.trace {
      case .tap, .hold: paths += ["at", "point.0", "point.1", "duration"].map { p + $0 }
      case .drag:
        paths += ["at", "from.0", "from.1", "to.0", "to.1", "duration"].map { p + $0 }
      case .samples, .recorded: break
      }
    }
    return paths
  }
}
