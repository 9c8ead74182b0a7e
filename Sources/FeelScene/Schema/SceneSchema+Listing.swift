extension SceneSchema {
  /// Every table of the format, as the docs list them: the top level, items, the keys every
  /// behavior has and each type's, boundaries, touches and their traces, the recognizer, rules
  /// (one table: each key says the triggers it belongs to) and `[measure]`.
  public static var tables: [SchemaTableInfo] {
    [scene.info, item.info, group.info, behavior.info] + behaviorTypes.map(\.table)
      + [
        boundary.info, region.info, operand.info, touch.info, press.info, dragTrace.info,
        recognizer.info, rule.info,
      ]
      + [measure.info]
  }

  /// The names a scene file may hold, for the fuzzer's dictionary: every key, every name a
  /// choice accepts (profiles, types, triggers, modes…), and the reference bounds' id; each
  /// once, in the order of `tables`.
  public static var words: [String] {
    SchemaTableInfo.words(tables, [SceneRule.referenceBoundsID])
  }
}
