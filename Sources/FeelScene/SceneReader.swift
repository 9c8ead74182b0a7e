import FeelEngine

/// Reads a scene file's text (TOML, see docs/scene-format.md) into a validated
/// `Scene`, with the defaults of omitted values, as `SceneSchema` describes every table.
///
/// Pure: the caller reads the file. Any problem (TOML syntax, an unknown or misspelt key, a
/// wrong type or range, a missing required key, a duplicate id, a reference to an unknown
/// item, behavior or boundary) throws one `SceneError` naming the file, the line, the key and
/// what was expected. A table's values are checked before the rules between its keys.
public enum SceneReader {
  /// The most display frames a scene may ask for (round(duration × frame_rate)).
  public static let maxFrames = 1_000_000

  private typealias Section = SceneSchema.Section

  /// Parses and validates `text`, the contents of the scene file `file` (used in messages).
  /// `loadTrace` reads the trace files its touches name (`file = "…"`); without one, such a
  /// touch is an error. `touchesMayWait`: a drag behavior or touch rule may name a touch the
  /// scene does not have (a live session waits for it to come down, docs/live-protocol.md); a
  /// scene file never may. `profile`: read the scene as if its `profile` key said so (the keys
  /// that profile refuses are refused), for `feel inspect --uses`.
  public static func parse(
    _ text: String, file: String, loadTrace: TraceFileLoader? = nil, touchesMayWait: Bool = false,
    profile: Profile? = nil
  ) throws(SceneError) -> Scene {
    let fields = try TOMLNode.parse(text, file: file)
    let source = SceneTable.Source(file: file, map: SceneSourceMap(text))
    let top = SceneTable(fields: fields, label: "", path: .root, source: source)
    var context = SchemaContext(loadTrace: loadTrace)
    context.touchesMayWait = touchesMayWait
    var scene = try SceneSchema.scene.read(top, context, kind: "a scene's top level")
    if let profile { scene.profile = profile }
    context.profile = scene.profile

    scene.items = try readItems(top, context)
    context.itemIDs = scene.items.map(\.id)
    scene.groups = try readGroups(top, context)
    context.groupIDs = scene.groups.map(\.id)
    scene.touches = try readList(top, .touch, SceneSchema.touch, id: \.id, context)
    context.touchIDs = scene.touches.map(\.id)
    scene.recognizer = try readSection(top, .recognizer, SceneSchema.recognizer, context)
    context.hasReferenceSize = scene.referenceSize_pt != nil
    context.referenceSize_pt = scene.referenceSize_pt
    scene.behaviors = try readBehaviors(top, context)
    context.behaviorIDs = scene.behaviors.map(\.id)
    context.boundaryIDs = boundaryIDs(scene.behaviors)
    context.snapIDs = scene.behaviors.compactMap { behavior in
      if case .snap = behavior.kind { behavior.id } else { nil }
    }
    for behavior in scene.behaviors {
      context.behaviorTypes[behavior.id] = SceneSchema.typeName(of: behavior.kind)
      context.settableKeys[behavior.id] = SceneSchema.settableKeys(of: behavior.kind)
    }
    scene.rules = try readRules(top, context)
    for r in scene.rules.indices {
      guard let id = scene.rules[r].setBehavior,
        let behavior = scene.behaviors.first(where: { $0.id == id })
      else { continue }
      scene.rules[r].change = scene.rules[r].change.resolved(for: behavior.kind)
    }
    try SceneSchema.checkKinematicDrags(top, behaviors: scene.behaviors, rules: scene.rules)
    let behaviors = scene.behaviors
    scene.measure = try readSection(top, .measure, SceneSchema.measure, context) {
      table, measure throws(SceneError) in
      try SceneSchema.checkMeasuredAnchors(table, measure: measure, behaviors: behaviors)
    }
    return scene
  }

  /// The `[[item]]` tables: at least one. A scene without items would simulate nothing (an
  /// empty or comment-only file reads as one), so it is refused; a scene with items and no
  /// behaviors is valid: as in UIKit, its items simply stay put.
  private static func readItems(_ top: SceneTable, _ context: SchemaContext)
    throws(SceneError) -> [SceneItem]
  {
    let items = try readList(top, .item, SceneSchema.item, id: \.id, context)
    if items.isEmpty {
      throw top.error(
        Section.item.rawValue,
        expected: "at least one [[item]] section (id, size, center; without items there is "
          + "nothing to simulate)",
        got: top.fields[Section.item.rawValue]?.shown ?? "nothing")
    }
    return items
  }

  /// The `[[group]]` tables (iOS 9): ids unique among items and groups.
  private static func readGroups(_ top: SceneTable, _ context: SchemaContext)
    throws(SceneError) -> [SceneGroup]
  {
    var groups: [SceneGroup] = []
    var context = context
    for var table in try tables(top, .group) {
      var spec = SceneSchema.group.defaults
      try SceneSchema.group.keys[0].read(table, &spec, context)
      let id = spec.id
      if context.itemIDs.contains(id) || groups.contains(where: { $0.id == id }) {
        throw table.error(
          "id", expected: "an id no other item or group has", got: "\"\(id)\"")
      }
      table.label = "group \"\(id)\""
      // Known before its items are read, so that a group naming itself is told it may not.
      context.groupIDs.append(id)
      groups.append(
        try SceneSchema.group.read(table, context, kind: "a group", from: 1, into: spec))
    }
    return groups
  }

  /// The tables of the array `section` (`[[section]]`s or an inline array), each with a unique
  /// id (its schema's first key), read with `schema`.
  private static func readList<Spec>(
    _ top: SceneTable, _ section: Section, _ schema: SchemaTable<Spec>,
    id idPath: KeyPath<Spec, String>, _ context: SchemaContext
  ) throws(SceneError) -> [Spec] {
    let name = section.rawValue
    var list: [Spec] = []
    for var table in try tables(top, section) {
      var spec = schema.defaults
      try schema.keys[0].read(table, &spec, context)
      let id = spec[keyPath: idPath]
      if let earlier = list.firstIndex(where: { $0[keyPath: idPath] == id }) {
        throw table.error(
          schema.keys[0].name, expected: "an id no other \(name) has",
          got: "\"\(id)\", as \(name) #\(earlier + 1)")
      }
      table.label = "\(name) \"\(id)\""
      list.append(
        try schema.read(table, context, kind: "\(article(name)) \(name)", from: 1, into: spec))
    }
    return list
  }

  /// The `[[behavior]]` tables: ids unique, `type` one of `SceneSchema.behaviorTypes`, boundary
  /// ids unique in the scene, at most one behavior of a one-per-item type on an item.
  private static func readBehaviors(_ top: SceneTable, _ context: SchemaContext)
    throws(SceneError) -> [SceneBehavior]
  {
    let common = SceneSchema.behavior
    let typeKey = common.keys[1].name
    let typeNames = SceneSchema.behaviorTypes.map(\.name)
    var context = context
    var behaviors: [SceneBehavior] = []
    // Boundary id → label of the behavior that declares it.
    var boundaryOwners: [String: String] = [:]
    for var table in try tables(top, .behavior) {
      var behavior = common.defaults
      try common.keys[0].read(table, &behavior, context)
      if let earlier = behaviors.firstIndex(where: { $0.id == behavior.id }) {
        throw table.error(
          common.keys[0].name, expected: "an id no other behavior has",
          got: "\"\(behavior.id)\", as behavior #\(earlier + 1)")
      }
      table.label = "behavior \"\(behavior.id)\""
      let name = try table.required(
        table.choice(typeKey, among: typeNames), typeKey, expected: SceneTable.oneOf(typeNames))
      let type = SceneSchema.behaviorTypes[typeNames.firstIndex(of: name)!]
      try table.checkKeys(common.names + type.names, of: type.kind)
      context.singleItem = type.singleItem
      behavior = try common.read(table, context, kind: nil, from: 2, into: behavior)
      context.items = behavior.items
      behavior.kind = try type.read(table, context)
      if case .collision(let collision) = behavior.kind {
        try SceneSchema.checkBoundaryOwners(collision, of: table, owners: &boundaryOwners)
      }
      behaviors.append(behavior)
    }
    try SceneSchema.checkOnePerItem(top, behaviors: behaviors)
    try SceneSchema.checkScrollAnchors(top, behaviors: behaviors)
    try SceneSchema.checkFieldCount(top, behaviors: behaviors)
    return behaviors
  }

  /// The ids a contact rule may name: every boundary, and `reference-bounds` when a collision
  /// behavior uses the reference bounds.
  private static func boundaryIDs(_ behaviors: [SceneBehavior]) -> [String] {
    var ids: [String] = []
    for behavior in behaviors {
      guard case .collision(let collision) = behavior.kind else { continue }
      ids += collision.boundaries.map(\.id)
      if collision.referenceBounds && !ids.contains(SceneRule.referenceBoundsID) {
        ids.append(SceneRule.referenceBoundsID)
      }
    }
    return ids
  }

  /// The `[[rule]]` tables: `on` picks the keys each may have.
  private static func readRules(_ top: SceneTable, _ context: SchemaContext)
    throws(SceneError) -> [SceneRule]
  {
    let schema = SceneSchema.rule
    let onKey = schema.keys[0].name
    let triggers = SceneSchema.triggers
    var rules: [SceneRule] = []
    for table in try tables(top, .rule) {
      let on = try table.required(
        table.choice(onKey, among: triggers), onKey, expected: SceneTable.oneOf(triggers))
      try SceneSchema.checkReleaseVelocity(table, on: on)
      rules.append(try schema.read(table, context, kind: "a \(on) rule", variant: on))
    }
    return rules
  }

  /// The tables of the top-level array `section`, labelled "item #1", "item #2"…
  private static func tables(_ top: SceneTable, _ section: Section) throws(SceneError)
    -> [SceneTable]
  {
    let name = section.rawValue
    let form = "an array of tables: [[\(name)]] sections"
    return (try top.tables(name, form) ?? []).enumerated().map { index, fields in
      SceneTable(
        fields: fields, label: "\(name) #\(index + 1)", path: .element(name, index),
        source: top.source)
    }
  }

  /// A top-level table (`[section]` or `section = { … }`), labelled `[section]`, read with
  /// `schema` and then `check`ed against the rest of the scene; its defaults when the file has
  /// none.
  private static func readSection<Spec>(
    _ top: SceneTable, _ section: Section, _ schema: SchemaTable<Spec>, _ context: SchemaContext,
    then check: (SceneTable, Spec) throws(SceneError) -> Void = { _, _ in }
  ) throws(SceneError) -> Spec {
    let key = section.rawValue
    guard let value = top.fields[key] else { return schema.defaults }
    guard case .table(let fields) = value else {
      throw top.error(key, expected: "a table: a [\(key)] section", got: value.shown)
    }
    let table = SceneTable(
      fields: fields, label: "[\(key)]", path: .element(key, 0), source: top.source)
    let spec = try schema.read(table, context, kind: "the [\(key)] table")
    try check(table, spec)
    return spec
  }

  /// "an" before a vowel, else "a".
  private static func article(_ word: String) -> String {
    word.first.map { "aeiou".contains($0) } == true ? "an" : "a"
  }

  /// "the id of an item (bar, handle)": names the known ids when there are few.
  static func knownNames(_ what: String, _ names: [String]) -> String {
    if names.isEmpty { return "\(what) (there are none)" }
    if names.count > 8 { return what }
    return "\(what) (\(names.joined(separator: ", ")))"
  }
}

extension SceneRule {
  /// How a contact rule names the reference view's bounds (`boundary = "reference-bounds"`);
  /// no boundary may take this id.
  public static let referenceBoundsID = "reference-bounds"
}
