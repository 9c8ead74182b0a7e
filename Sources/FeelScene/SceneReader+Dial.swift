import FeelEngine

extension SceneReader {
  /// Keys of FeelLab's `inertia` behavior (docs/tempo-dial.md).
  static let inertiaKeys = ["decay", "max_speed", "min_speed", "stop_speed", "estimator"]
  /// Keys of FeelLab's `detent` behavior (docs/tempo-dial.md).
  static let detentKeys = ["count", "phase", "frequency", "damping", "engage_below"]

  /// `inertia`: every key optional, the author's numbers by default; decay in [0, 1).
  static func readInertia(_ table: SceneTable) throws(SceneError) -> InertiaSpec {
    var spec = InertiaSpec()
    if let decay = try table.number("decay", .nonNegative) {
      guard decay < 1 else {
        throw table.error(
          "decay",
          expected: "a number in [0, 1): the speed factor per display frame (1 would "
            + "never stop)", got: table.fields["decay"]?.shown)
      }
      spec.decay = decay
    }
    spec.maxSpeed_rad_s =
      try table.number("max_speed", .nonNegative, unit: "rad/s") ?? spec.maxSpeed_rad_s
    spec.minSpeed_rad_s =
      try table.number("min_speed", .nonNegative, unit: "rad/s") ?? spec.minSpeed_rad_s
    spec.stopSpeed_rad_s =
      try table.number("stop_speed", .nonNegative, unit: "rad/s") ?? spec.stopSpeed_rad_s
    spec.estimator = try table.choice("estimator", InertiaSpec.Estimator.self) ?? spec.estimator
    return spec
  }

  /// `detent`: `count` required (a whole number ≥ 1), frequency and engage_below > 0.
  static func readDetent(_ table: SceneTable) throws(SceneError) -> DetentSpec {
    let countForm = "a whole number ≥ 1 (the number of values)"
    let count = try table.required(table.number("count", .positive), "count", expected: countForm)
    guard count == count.rounded(), count <= 1_000_000 else {
      throw table.error("count", expected: countForm, got: table.fields["count"]?.shown)
    }
    var spec = DetentSpec(count: Int(count))
    spec.phase_rad = try table.number("phase", unit: "rad") ?? spec.phase_rad
    spec.frequency_hz = try table.number("frequency", .positive, unit: "Hz") ?? spec.frequency_hz
    spec.damping = try table.number("damping", .nonNegative) ?? spec.damping
    spec.engageBelow_rad_s =
      try table.number("engage_below", .positive, unit: "rad/s") ?? spec.engageBelow_rad_s
    return spec
  }

  /// At most one inertia and one detent per item: two would move it at once.
  static func checkKinematicRotationBehaviors(_ top: SceneTable, behaviors: [SceneBehavior])
    throws(SceneError)
  {
    for (index, behavior) in behaviors.enumerated() where behavior.kind.isKinematicRotation {
      let type = typeName(behavior.kind)
      guard
        let other = behaviors[..<index].first(where: {
          typeName($0.kind) == type && $0.items == behavior.items
        })
      else { continue }
      let table = SceneTable(
        fields: [:], label: "behavior \"\(behavior.id)\"", path: .element("behavior", index),
        source: top.source)
      throw table.error(
        "items",
        expected: "an item no other \(type) behavior moves (behavior \"\(other.id)\" is one on "
          + "item \"\(behavior.items[0])\")", got: "\"\(behavior.items[0])\"")
    }
  }

  private static func typeName(_ kind: BehaviorKind) -> String {
    switch kind {
    case .inertia: "inertia"
    case .detent: "detent"
    default: ""
    }
  }
}
