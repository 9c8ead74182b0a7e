import FeelEngine

extension SceneReader {
  /// The `on` of a `[[rule]]` and the keys each trigger accepts.
  enum RuleTrigger: String, CaseIterable {
    case contact, time, pause
    case tap, hold
    case dragBegan = "drag-began"
    case dragEnded = "drag-ended"
    case touchDown = "touch-down"
    case touchUp = "touch-up"

    var keys: [String] {
      switch self {
      case .contact: ["on", "boundary", "add", "remove"]
      case .time: ["on", "at", "add", "remove"]
      case .pause: ["on", "add", "remove"]
      case .dragEnded: ["on", "touch", "within", "release_velocity", "add", "remove"]
      default: ["on", "touch", "within", "add", "remove"]
      }
    }

    /// The touch event it reacts to, for touch triggers.
    var touchEvent: TouchEventKind? { TouchEventKind(rawValue: rawValue) }
  }

  /// The `[[rule]]` tables: `add` and `remove` name behaviors of the scene, a contact rule's
  /// `boundary` one of its boundaries (or `reference-bounds` when a collision uses them).
  static func readRules(
    _ top: SceneTable, behaviors: [SceneBehavior], touchIDs: [String]
  ) throws(SceneError) -> [SceneRule] {
    let tables = try top.tables("rule", "an array of tables: [[rule]] sections") ?? []
    let behaviorIDs = behaviors.map(\.id)
    var boundaryIDs: [String] = []
    for behavior in behaviors {
      guard case .collision(let collision) = behavior.kind else { continue }
      boundaryIDs += collision.boundaries.map(\.id)
      if collision.referenceBounds && !boundaryIDs.contains(SceneRule.referenceBoundsID) {
        boundaryIDs.append(SceneRule.referenceBoundsID)
      }
    }

    var rules: [SceneRule] = []
    for (index, fields) in tables.enumerated() {
      let table = SceneTable(
        fields: fields, label: "rule #\(index + 1)", path: .element("rule", index),
        source: top.source)
      let trigger = try table.required(
        table.choice("on", RuleTrigger.self), "on",
        expected: SceneTable.oneOf(RuleTrigger.allCases.map(\.rawValue)))
      if table.has("release_velocity") && trigger != .dragEnded {
        throw table.error(
          "release_velocity",
          expected: "release_velocity only in a drag-ended rule (the release velocity is a drag's)",
          got: "a \(trigger.rawValue) rule")
      }
      try table.checkKeys(trigger.keys, of: "a \(trigger.rawValue) rule")

      let on: SceneRule.Trigger
      switch trigger {
      case .contact:
        let boundary = try table.string("boundary")
        if let boundary, !boundaryIDs.contains(boundary) {
          throw table.error(
            "boundary", expected: knownNames("the id of a boundary", boundaryIDs),
            got: "\"\(boundary)\"",
            suggestion: NameSuggestion.closest(to: boundary, among: boundaryIDs))
        }
        on = .contact(boundary: boundary)
      case .time:
        let form = "a time ≥ 0 (s)"
        on = .time(
          at_s: try table.required(
            table.number("at", .nonNegative, unit: "s"), "at", expected: form))
      case .pause:
        on = .pause
      default:
        on = try readTouchTrigger(table, trigger, touchIDs: touchIDs)
      }
      rules.append(
        SceneRule(
          on: on, add: try behaviorList(table, "add", behaviorIDs),
          remove: try behaviorList(table, "remove", behaviorIDs),
          releaseVelocity: try table.bool("release_velocity") ?? false))
    }
    return rules
  }

  /// A touch rule's `touch` (a touch of the scene; the scene must have one) and `within`
  /// (`[[x0, y0], [x1, y1]]`, x0 < x1 and y0 < y1).
  private static func readTouchTrigger(
    _ table: SceneTable, _ trigger: RuleTrigger, touchIDs: [String]
  ) throws(SceneError) -> SceneRule.Trigger {
    let touch = try table.string("touch")
    if touchIDs.isEmpty {
      throw table.error(
        touch == nil ? "on" : "touch",
        expected: "a [[touch]] in the scene for a \(trigger.rawValue) rule to react to",
        got: touch.map { "\"\($0)\" (the scene has no touch)" } ?? "no touch in the scene")
    }
    if let touch, !touchIDs.contains(touch) {
      throw table.error(
        "touch", expected: knownNames("the id of a touch", touchIDs), got: "\"\(touch)\"",
        suggestion: NameSuggestion.closest(to: touch, among: touchIDs))
    }
    var within: TouchRegion?
    if let value = table.fields["within"] {
      let form = "a rectangle [[x0, y0], [x1, y1]] (pt) with x0 < x1 and y0 < y1"
      guard case .array(let corners) = value, corners.count == 2,
        case .array(let a) = corners[0], case .array(let b) = corners[1], a.count == 2,
        b.count == 2, let x0 = a[0].number, let y0 = a[1].number, let x1 = b[0].number,
        let y1 = b[1].number, [x0, y0, x1, y1].allSatisfy(\.isFinite), x0 < x1, y0 < y1
      else { throw table.error("within", expected: form, got: value.shown) }
      within = TouchRegion(min_pt: Point(x0, y0), max_pt: Point(x1, y1))
    }
    return .touch(trigger.touchEvent!, touch: touch, within: within)
  }

  /// `add` or `remove`: ids of behaviors of the scene; empty when omitted.
  private static func behaviorList(
    _ table: SceneTable, _ key: String, _ behaviorIDs: [String]
  ) throws(SceneError) -> [String] {
    let ids = try table.strings(key, "an array of behavior ids") ?? []
    for id in ids where !behaviorIDs.contains(id) {
      throw table.error(
        key, expected: knownNames("the id of a behavior", behaviorIDs), got: "\"\(id)\"",
        suggestion: NameSuggestion.closest(to: id, among: behaviorIDs))
    }
    return ids
  }
}
