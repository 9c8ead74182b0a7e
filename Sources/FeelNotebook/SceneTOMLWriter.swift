import FeelScene

/// Writes a `Scene` back as a scene file (docs/scene-format.md) that `SceneReader`
/// reads to the same `Scene`: the notebook's "export as scene file".
///
/// Every value is written, defaults included, so scenes that differ only in values give texts
/// that differ only in value tokens (`pieces`): the notebook stores one template per
/// experiment and the few values each grid point changes.
public enum SceneTOMLWriter {
  /// A piece of the text: fixed text, or one value (number, string, boolean).
  public enum Piece: Sendable, Equatable {
    case text(String)
    case value(String)
  }

  /// The scene file's text.
  public static func text(_ scene: Scene, header: [String] = []) -> String {
    pieces(scene, header: header).map {
      switch $0 {
      case .text(let t): t
      case .value(let v): v
      }
    }.joined()
  }

  /// The scene file as pieces; `header` lines are written first as `#` comments.
  public static func pieces(_ scene: Scene, header: [String] = []) -> [Piece] {
    var w = Writer()
    for line in header {
      w.text("# " + line.replacingNewlines + "\n")
    }
    if let title = scene.title { w.key("title", string(title)) }
    w.key("profile", string(scene.profile.rawValue))
    w.key("frame_rate", number(scene.frameRate_hz))
    w.key("duration", number(scene.duration_s))
    if let size = scene.referenceSize_pt { w.key("reference_size", size) }

    for item in scene.items {
      w.text("\n[[item]]\n")
      w.key("id", string(item.id))
      w.key("size", item.size_pt)
      w.key("center", item.center_pt)
      w.key("angle", number(item.angle_rad))
      w.key("velocity", item.velocity_pt_s)
      w.key("angular_velocity", number(item.angularVelocity_rad_s))
    }

    for behavior in scene.behaviors {
      w.text("\n[[behavior]]\n")
      w.key("id", string(behavior.id))
      w.key("type", string(typeName(behavior.kind)))
      w.text("items = [")
      for (i, item) in behavior.items.enumerated() {
        if i > 0 { w.text(", ") }
        w.value(string(item))
      }
      w.text("]\n")
      w.key("start", behavior.start ? "true" : "false")
      switch behavior.kind {
      case .snap(let snap):
        w.key("point", snap.point_pt)
        w.key("damping", number(snap.damping))
      case .push(let push):
        w.key("mode", string(push.mode.rawValue))
        w.key("angle", number(push.angle_rad))
        w.key("magnitude", number(push.magnitude))
        w.key("offset", push.offset_pt)
      case .gravity(let gravity):
        w.key("angle", number(gravity.angle_rad))
        w.key("magnitude", number(gravity.magnitude))
      case .collision(let collision):
        w.text("boundaries = [")
        for (i, boundary) in collision.boundaries.enumerated() {
          w.text(i > 0 ? ",\n  { id = " : "\n  { id = ")
          w.value(string(boundary.id))
          w.text(", from = ")
          w.pair(boundary.from_pt)
          w.text(", to = ")
          w.pair(boundary.to_pt)
          w.text(" }")
        }
        w.text(collision.boundaries.isEmpty ? "]\n" : ",\n]\n")
        w.key("reference_bounds", collision.referenceBounds ? "true" : "false")
      case .attachment(let attachment):
        switch attachment.target {
        case .anchor(let point): w.key("anchor", point)
        case .item(let other): w.key("to", string(other))
        }
        w.key("offset", attachment.offset_pt)
        if case .item = attachment.target { w.key("to_offset", attachment.toOffset_pt) }
        if let length = attachment.length_pt { w.key("length", number(length)) }
        w.key("frequency", number(attachment.frequency_hz))
        w.key("damping", number(attachment.damping))
      case .item(let properties):
        if let v = properties.elasticity { w.key("elasticity", number(v)) }
        if let v = properties.friction { w.key("friction", number(v)) }
        if let v = properties.density { w.key("density", number(v)) }
        if let v = properties.resistance { w.key("resistance", number(v)) }
        if let v = properties.angularResistance { w.key("angular_resistance", number(v)) }
        if let v = properties.allowsRotation { w.key("allows_rotation", v ? "true" : "false") }
      case .drag(let drag):
        w.key("touch", string(drag.touch))
        switch drag.mode {
        case .follow(let axis):
          w.key("mode", string("follow"))
          w.key("axis", string(axis.rawValue))
        case .attachment(let frequency, let damping):
          w.key("mode", string("attachment"))
          w.key("frequency", number(frequency))
          w.key("damping", number(damping))
        case .rotate(let pivot, let deadZone):
          w.key("mode", string("rotate"))
          if let pivot { w.key("pivot", pivot) }
          w.key("dead_zone", number(deadZone))
        }
      case .inertia(let inertia):
        w.key("decay", number(inertia.decay))
        w.key("max_speed", number(inertia.maxSpeed_rad_s))
        w.key("min_speed", number(inertia.minSpeed_rad_s))
        w.key("stop_speed", number(inertia.stopSpeed_rad_s))
        w.key("estimator", string(inertia.estimator.rawValue))
      case .detent(let detent):
        w.key("count", String(detent.count))
        w.key("phase", number(detent.phase_rad))
        w.key("frequency", number(detent.frequency_hz))
        w.key("damping", number(detent.damping))
        w.key("engage_below", number(detent.engageBelow_rad_s))
      }
    }
    writeTouches(scene, &w)

    for rule in scene.rules {
      w.text("\n[[rule]]\n")
      switch rule.on {
      case .contact(let boundary):
        w.key("on", string("contact"))
        if let boundary { w.key("boundary", string(boundary)) }
      case .time(let at):
        w.key("on", string("time"))
        w.key("at", number(at))
      case .pause:
        w.key("on", string("pause"))
      case .touch(let event, let touch, let within):
        w.key("on", string(event.rawValue))
        if let touch { w.key("touch", string(touch)) }
        if let within {
          w.text("within = [")
          w.pair(within.min_pt)
          w.text(", ")
          w.pair(within.max_pt)
          w.text("]\n")
        }
        if event == .dragEnded {
          w.key("release_velocity", rule.releaseVelocity ? "true" : "false")
        }
      }
      for (key, ids) in [("remove", rule.remove), ("add", rule.add)] {
        w.text("\(key) = [")
        for (i, id) in ids.enumerated() {
          if i > 0 { w.text(", ") }
          w.value(string(id))
        }
        w.text("]\n")
      }
    }
    return w.pieces
  }

  /// The recognizer, the touches (recorded traces written as their samples) and the
  /// `[measure]` table, for scenes that have them: a scene without touches is written as before.
  private static func writeTouches(_ scene: Scene, _ w: inout Writer) {
    if !scene.touches.isEmpty {
      w.text("\n[recognizer]\n")
      w.key("slop", number(scene.recognizer.slop_pt))
      w.key("hold", number(scene.recognizer.hold_s))
      w.key("velocity_window", number(scene.recognizer.velocityWindow_s))
    }
    for touch in scene.touches {
      w.text("\n[[touch]]\n")
      w.key("id", string(touch.id))
      switch touch.trace {
      case .samples(let samples), .recorded(_, let samples):
        w.text("samples = [")
        for (i, sample) in samples.enumerated() {
          w.text(i > 0 ? ", [" : "[")
          // [t_s, x_pt, y_pt]: three numbers, not a time and a pair
          w.value(number(sample.t_s))
          w.text(", ")
          w.value(number(sample.point_pt.x))
          w.text(", ")
          w.value(number(sample.point_pt.y))
          w.text("]")
        }
        w.text("]\n")
      case .tap(let press), .hold(let press):
        w.text("\(touch.trace.key) = { at = ")
        w.value(number(press.at_s))
        w.text(", point = ")
        w.pair(press.point_pt)
        w.text(", duration = ")
        w.value(number(press.duration_s))
        w.text(" }\n")
      case .drag(let drag):
        w.text("drag = { at = ")
        w.value(number(drag.at_s))
        w.text(", from = ")
        w.pair(drag.from_pt)
        w.text(", to = ")
        w.pair(drag.to_pt)
        w.text(", duration = ")
        w.value(number(drag.duration_s))
        w.text(" }\n")
      }
    }
    let m = scene.measure
    guard m != SceneMeasure() else { return }
    w.text("\n[measure]\n")
    if let item = m.item { w.key("item", string(item)) }
    if let target = m.target_pt { w.key("target", target) }
    if let band = m.band_pt { w.key("band", number(band)) }
    if let touch = m.touch { w.key("touch", string(touch)) }
    if let after = m.commitAfter_s { w.key("commit_after", number(after)) }
  }

  /// A number in its shortest exact form (`160`, `0.35`, `3.141592653589793`, `1e-05`), which
  /// TOML reads back to the same double.
  public static func number(_ x: Double) -> String {
    if x == 0 { return "0" }
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return x.description
  }

  /// A TOML basic string.
  public static func string(_ s: String) -> String { QuotedString.quoted(s) }

  static func typeName(_ kind: BehaviorKind) -> String {
    switch kind {
    case .snap: "snap"
    case .push: "push"
    case .gravity: "gravity"
    case .collision: "collision"
    case .attachment: "attachment"
    case .item: "item"
    case .drag: "drag"
    case .inertia: "inertia"
    case .detent: "detent"
    }
  }

  private struct Writer {
    var pieces: [Piece] = []

    mutating func text(_ t: String) {
      if case .text(let previous) = pieces.last {
        pieces[pieces.count - 1] = .text(previous + t)
      } else {
        pieces.append(.text(t))
      }
    }

    mutating func value(_ v: String) { pieces.append(.value(v)) }

    mutating func key(_ key: String, _ value: String) {
      text(key + " = ")
      self.value(value)
      text("\n")
    }

    mutating func key(_ key: String, _ point: Point) {
      text(key + " = ")
      pair(point)
      text("\n")
    }

    mutating func pair(_ point: Point) {
      text("[")
      value(SceneTOMLWriter.number(point.x))
      text(", ")
      value(SceneTOMLWriter.number(point.y))
      text("]")
    }
  }
}

extension String {
  /// Line breaks as spaces, for one-line comments.
  var replacingNewlines: String {
    String(map { $0.isNewline ? " " : $0 })
  }
}
