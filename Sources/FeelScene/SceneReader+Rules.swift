import FeelEngine

extension SceneReader {
  /// The `on` of a `[[rule]]` and the keys each trigger accepts.
  enum RuleTrigger: String, CaseIterable {
    case contact, time, pause

    var keys: [String] {
      switch self {
      case .contact: ["on", "boundary", "add", "remove"]
      case .time: ["on", "at", "add", "remove"]
      case .pause: ["on", "add", "remove"]
      }
    }
  }

  /// The `[[rule]]` tables: `add` and `remove` name behaviors of the scene, a contact rule's
  /// `boundary` one of its boundaries (or `reference-bounds` when a collision uses them).
  static func readRules(
    _ top: SceneTable, behaviors: [SceneBehavior]
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
      }
      rules.append(
        SceneRule(
          on: on, add: try behaviorList(table, "add", behaviorIDs),
          remove: try behaviorList(table, "remove", behaviorIDs)))
    }
    return rules
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
