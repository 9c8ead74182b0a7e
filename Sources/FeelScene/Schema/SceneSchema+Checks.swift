import FeelEngine

// The rules between tables of a scene, which no single table can check: one behavior of a kind
// per item, and what kinematic drags leave possible (boundary ids claimed across behaviors are
// checked next to the collision table, `checkBoundaryOwners`).
extension SceneSchema {
  /// At most one behavior of a one-per-item type (`inertia`, `detent`) on an item: two would
  /// move it at once.
  static func checkOnePerItem(_ top: SceneTable, behaviors: [SceneBehavior]) throws(SceneError) {
    for (index, behavior) in behaviors.enumerated() {
      let type = behaviorType(of: behavior.kind)
      guard type.onePerItem,
        let other = behaviors[..<index].first(where: {
          type.matches($0.kind) && $0.items == behavior.items
        })
      else { continue }
      let table = top.behavior(behavior.id, at: index)
      throw table.error(
        "items",
        expected: "an item no other \(type.name) behavior moves (behavior \"\(other.id)\" is one "
          + "on item \"\(behavior.items[0])\")", got: "\"\(behavior.items[0])\"")
    }
  }

  /// Each item a scroll nudges has an attachment to an anchor: the handler reads the anchor
  /// (docs/springy-list.md).
  static func checkScrollAnchors(_ top: SceneTable, behaviors: [SceneBehavior]) throws(SceneError) {
    for (index, behavior) in behaviors.enumerated() {
      guard case .scroll = behavior.kind else { continue }
      for item in behavior.items where behaviors.anchor(ofItem: item) == nil {
        throw top.behavior(behavior.id, at: index).error(
          "items",
          expected: "items that each have an attachment behavior to an anchor point (the scroll "
            + "nudges a cell towards its anchor)", got: "\"\(item)\", without one")
      }
    }
  }

  /// Each item `[measure] items` names has an attachment to an anchor: its lag is measured from
  /// it (docs/metrics.md, "Many items: a list").
  static func checkMeasuredAnchors(
    _ table: SceneTable, measure: SceneMeasure, behaviors: [SceneBehavior]
  ) throws(SceneError) {
    for item in measure.items ?? [] where behaviors.anchor(ofItem: item) == nil {
      throw table.error(
        "items",
        expected: "items that each have an attachment behavior to an anchor point (a measured "
          + "item's lag is its distance from that anchor)", got: "\"\(item)\", without one")
    }
  }

  /// Refuses what the file shows statically about follow and rotate drags, which hold their
  /// item without a body: one present at t = 0 together with another behavior on the same item
  /// present at t = 0, or a rule adding one together with another behavior on the same item
  /// (those behaviors would be suspended at once; a drag-began rule usually adds the drag and
  /// removes the rest). Suspension at run time covers the cases a file cannot show.
  static func checkKinematicDrags(
    _ top: SceneTable, behaviors: [SceneBehavior], rules: [SceneRule]
  ) throws(SceneError) {
    func kinematicItem(_ b: SceneBehavior) -> String? {
      guard case .drag(let spec) = b.kind, spec.isKinematic else { return nil }
      return b.items[0]
    }
    // A detent waits while a drag holds its item: it may be in the animator with the drag.
    func waits(_ b: SceneBehavior) -> Bool {
      if case .detent = b.kind { return true } else { return false }
    }
    for (index, drag) in behaviors.enumerated() {
      guard let item = kinematicItem(drag), drag.start else { continue }
      if let other = behaviors.first(where: {
        $0.id != drag.id && $0.start && $0.items.contains(item) && !waits($0)
      }) {
        let table = top.behavior(drag.id, at: index)
        throw table.error(
          "start",
          expected: "start = false: this drag holds item \"\(item)\" without a body from t = 0, "
            + "and behavior \"\(other.id)\" on the same item also starts in the animator (a "
            + "drag-began rule usually adds the drag and removes the rest)",
          got: table.source.map.writes("start", in: table.path)
            ? "start = true" : "start = true (the default)")
      }
    }
    for (r, rule) in rules.enumerated() {
      let added = rule.add.compactMap { id in behaviors.first { $0.id == id } }
      for drag in added {
        guard let item = kinematicItem(drag) else { continue }
        guard
          let other = added.first(where: {
            $0.id != drag.id && $0.items.contains(item) && !waits($0)
          })
        else { continue }
        let table = top.element("rule", r, label: "rule #\(r + 1)")
        throw table.error(
          "add",
          expected: "behaviors that can act together: drag \"\(drag.id)\" holds item "
            + "\"\(item)\" without a body, so \"\(other.id)\" added with it would be suspended",
          got: "both added")
      }
    }
  }
}
