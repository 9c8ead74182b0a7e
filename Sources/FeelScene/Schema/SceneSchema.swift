import FeelEngine
import FeelTouch

/// The scene file format in one place (docs/scene-format.md, touches.md, tempo-dial.md): every
/// table's keys, in file order, with what each holds, its unit, range and default, and how it
/// is read, written back and named by an experiment path; and next to each table the rules
/// between its keys that no single key can check.
///
/// `SceneReader` reads files with it, `SceneSchema.pieces` writes scenes back, `ScenePath`
/// (FeelSweep) resolves, reads and sets experiment paths with it, the fuzzer takes its words
/// from it, and a test checks the docs' key tables against it. Adding a key is one entry in
/// its table (plus its physics); see docs/development.md, "Add a scene key".
public enum SceneSchema {
  /// The scene file's sections: its arrays of tables and its single tables, which
  /// `SceneReader` reads in the order their ids are needed.
  enum Section: String {
    case item, group, behavior, rule, recognizer, touch, measure
  }

  // MARK: - The top level and items

  /// The top level. Defaults: FeelLab's (the scene format's contract), `Scene()`'s.
  public static let scene: SchemaTable<Scene> = SchemaTable(
    "top-level", blank: Scene(),
    [
      .key("title", .string, \.title, default: .unset),
      .key(
        "profile", .choice(Profile.self, pathPhrase: "a profile name"), \.profile,
        default: .value(Scene().profile)),
      .key(
        "frame_rate", .number(.positive, unit: "Hz"), \.frameRate_hz,
        default: .value(Scene().frameRate_hz)),
      .key(
        "duration", .number(.positive, unit: "s"), \.duration_s,
        default: .value(Scene().duration_s)),
      .key(
        "reference_size", .point("a size", "[width, height]", unit: "pt", positive: true),
        \.referenceSize_pt, default: .unset),
      .section(.item, .tables(item.name)),
      .section(.group, .tables(group.name)),
      .section(.behavior, .tables(behavior.name)),
      .section(.rule, .tables(rule.name)),
      .section(.recognizer, .table(recognizer.name)),
      .section(.touch, .tables(touch.name)),
      .section(.measure, .table(measure.name)),
    ],
    after: { table, spec, context throws(SceneError) in try checkFrameCount(table, spec, context) })

  /// The keys whose values bound a scene's frame count, round(duration × frame_rate).
  public static let frameCountKeys = ["duration", "frame_rate"]

  /// At most `SceneReader.maxFrames` display frames.
  private static func checkFrameCount(
    _ table: SceneTable, _ scene: Scene, _: SchemaContext
  ) throws(SceneError) {
    guard let problem = frameCountProblem(scene) else { return }
    throw table.error(
      table.has(frameCountKeys[0]) ? frameCountKeys[0] : frameCountKeys[1],
      expected: problem.expected, got: problem.got)
  }

  /// What is wrong with the scene's frame count, round(duration × frame_rate), if anything:
  /// more than `SceneReader.maxFrames`. Checked when a file is read and when `--set` changes
  /// a scene.
  public static func frameCountProblem(_ scene: Scene) -> (expected: String, got: String)? {
    let frames = (scene.duration_s * scene.frameRate_hz).rounded()
    guard frames > Double(SceneReader.maxFrames) else { return nil }
    return (
      "at most \(SceneReader.maxFrames) frames (duration × frame_rate)",
      "\(frames < 1e15 ? String(Int(frames)) : String(frames)) frames"
    )
  }

  /// An `[[item]]`: a dynamic item (a UIView), a rectangle.
  public static let item: SchemaTable<SceneItem> = SchemaTable(
    "[[item]]", blank: SceneItem(id: "", size_pt: Point(0, 0), center_pt: Point(0, 0)),
    [
      .key("id", .identifier("the item"), \.id, default: .required),
      .key(
        "size", .point("a size", "[width, height]", unit: "pt", positive: true), \.size_pt,
        default: .required),
      .key("center", .point("a centre", unit: "pt"), \.center_pt, default: .required),
      .key("angle", .number(unit: "rad"), \.angle_rad, default: .value(0)),
      .key(
        "velocity", .point("a velocity", "[vx, vy]", unit: "pt/s"), \.velocity_pt_s,
        default: .value(Point(0, 0))),
      .key(
        "angular_velocity", .number(unit: "rad/s"), \.angularVelocity_rad_s, default: .value(0)),
      .key(
        "bounds", .choice(ItemBoundsKind.self), \.boundsKind, default: .value(.rectangle)),
      .key("path", .points("points", unit: "pt"), \.pathPoints_pt, default: .unset),
    ],
    after: { table, item, context throws(SceneError) in try checkBounds(table, item, context) })

  /// `path` with `bounds = "path"` only, and then a convex polygon; `bounds` is iOS 9's.
  private static func checkBounds(
    _ table: SceneTable, _ item: SceneItem, _ context: SchemaContext
  ) throws(SceneError) {
    // `path` sets the bounds to its polygon whatever `bounds` said: check the file's word.
    let named = (try table.string("bounds")).flatMap(ItemBoundsKind.init(rawValue:)) ?? .rectangle
    if named != .rectangle { try checkProfile(table, "bounds", context) }
    if table.has("path") && named != .path {
      throw table.error(
        "path", expected: "path only with bounds = \"path\"",
        got: "bounds = \"\(named.rawValue)\"")
    }
    guard named == .path else { return }
    guard case .path(let points) = item.bounds, table.has("path") else {
      throw table.missing(
        "path",
        expected: "the path's points [[x, y], …] (pt, from the item's centre) with "
          + "bounds = \"path\"")
    }
    if let problem = ItemOutline.problem(path: points) {
      throw table.error("path", expected: problem.explanation, got: table.fields["path"]?.shown)
    }
  }

  /// An iOS 9 key (`bounds`, a group, `anchored`, `charge`) refused in a scene whose profile
  /// is iOS 7's (UIKit 7 has no such property).
  static func checkProfile(
    _ table: SceneTable, _ key: String, _ context: SchemaContext
  ) throws(SceneError) {
    guard context.profile == .ios7 else { return }
    throw table.error(
      key, expected: "no \(key) with profile = \"ios7\" (\(key) is iOS 9's)",
      got: table.fields[key]?.shown ?? "profile = \"ios7\"")
  }

  /// What the scene reader refuses in `scene` for its profile, if anything: an iOS 9 key under
  /// `profile = "ios7"`, as `checkProfile` names it when reading the file (`scene` written by
  /// `pieces` and read back, so the reader stays the one place that knows iOS 9's keys). For
  /// a scene whose profile a path set (`--set`, `[fixed]`, an axis), which no file read checked.
  /// The message's file is empty: the reader's line numbers are of no file the user has.
  public static func profileProblem(_ scene: Scene) -> SceneError? {
    guard scene.profile == .ios7 else { return nil }
    let text = pieces(scene).text
    do {
      _ = try SceneReader.parse(text, file: "", touchesMayWait: true)
      return nil
    } catch {
      // Only the profile's refusals: a scene the reader refuses under either profile (a trace
      // file it cannot load here) is not this check's to judge.
      let underIOS9 = try? SceneReader.parse(
        text, file: "", touchesMayWait: true, profile: .modern)
      return underIOS9 == nil ? nil : error
    }
  }

  /// A `[[group]]`: iOS 9's UIDynamicItemGroup, items that move as one body.
  public static let group: SchemaTable<SceneGroup> = SchemaTable(
    "[[group]]", blank: SceneGroup(id: "", items: []),
    [
      .key("id", .identifier("the group"), \.id, default: .required),
      .key("items", groupItems, \.items, default: .required),
    ],
    after: { table, _, context throws(SceneError) in try checkProfile(table, "items", context) })

  /// A group's `items`: known item ids (never a group), each once, at least one.
  private static let groupItems: KeyCodec<[String]> = KeyCodec(
    form: .references(.item), expected: { _ in "an array of item ids" },
    read: { table, key, context throws(SceneError) in
      guard let items = try table.strings(key, "an array of item ids") else { return nil }
      let shown = table.fields[key]?.shown
      if items.isEmpty {
        throw table.error(key, expected: "at least one item id (a group of no item)", got: shown)
      }
      for (index, item) in items.enumerated() {
        if context.groupIDs.contains(item) {
          throw table.error(
            key, expected: "item ids (a group holds no group)", got: "\"\(item)\", a group")
        }
        if !context.itemIDs.contains(item) {
          throw table.error(
            key, expected: SceneReader.knownNames("the id of an item", context.itemIDs),
            got: "\"\(item)\"", suggestion: NameSuggestion.closest(to: item, among: context.itemIDs)
          )
        }
        if items[..<index].contains(item) {
          throw table.error(key, expected: "each item once", got: shown)
        }
      }
      return items
    }, write: { .array($0.map(WrittenValue.string)) })

  // MARK: - Behaviors

  /// The keys every `[[behavior]]` has; its `type` picks the table of the rest.
  public static let behavior: SchemaTable<SceneBehavior> = SchemaTable(
    "[[behavior]]", blank: SceneBehavior(id: "", items: [], kind: .item(ItemPropertiesSpec())),
    [
      .key("id", .identifier("the behavior"), \.id, default: .required),
      .derived("type", .name(among: behaviorTypes.map(\.name))) { behaviorType(of: $0.kind).name },
      .key("items", behaviorItems, \.items, default: .required),
      .key("start", .boolean, \.start, default: .value(true)),
    ])

  /// Every behavior type, in the order messages list them.
  static let behaviorTypes: [BehaviorType] = [
    BehaviorType(
      snap, items: .one, embed: { .snap($0) },
      extract: { if case .snap(let spec) = $0 { spec } else { nil } }),
    BehaviorType(
      push, embed: { .push($0) }, extract: { if case .push(let spec) = $0 { spec } else { nil } }),
    BehaviorType(
      gravity, embed: { .gravity($0) },
      extract: { if case .gravity(let spec) = $0 { spec } else { nil } }),
    BehaviorType(
      collision, embed: { .collision($0) },
      extract: { if case .collision(let spec) = $0 { spec } else { nil } }),
    BehaviorType(
      attachment, items: .one, embed: { .attachment($0) },
      extract: { if case .attachment(let spec) = $0 { spec } else { nil } }),
    BehaviorType(
      itemBehavior, embed: { .item($0) },
      extract: { if case .item(let spec) = $0 { spec } else { nil } }),
    BehaviorType(
      drag, items: .one, embed: { .drag($0) },
      extract: { if case .drag(let spec) = $0 { spec } else { nil } }),
    BehaviorType(
      inertia, items: .one, onePerItem: true, embed: { .inertia($0) },
      extract: { if case .inertia(let spec) = $0 { spec } else { nil } }),
    BehaviorType(
      detent, items: .one, onePerItem: true, embed: { .detent($0) },
      extract: { if case .detent(let spec) = $0 { spec } else { nil } }),
    BehaviorType(
      field, embed: { .field($0) },
      extract: { if case .field(let spec) = $0 { spec } else { nil } }),
    BehaviorType(
      scroll, embed: { .scroll($0) },
      extract: { if case .scroll(let spec) = $0 { spec } else { nil } }),
  ]

  /// The type of a behavior's kind.
  static func behaviorType(of kind: BehaviorKind) -> BehaviorType {
    behaviorTypes.first { $0.matches(kind) }!
  }

  /// `items`: known item ids, each once, at least one; exactly one for the types that act on
  /// one item.
  private static let behaviorItems: KeyCodec<[String]> = KeyCodec(
    form: .references(.item), expected: { _ in "an array of item ids" },
    read: { table, key, context throws(SceneError) in
      guard let items = try table.strings(key, "an array of item ids") else { return nil }
      let shown = table.fields[key]?.shown
      if items.isEmpty { throw table.error(key, expected: "at least one item id", got: shown) }
      if items.count > 1, let reason = context.singleItem {
        throw table.error(key, expected: "exactly one item id (\(reason))", got: shown)
      }
      // A group's id stands for its members' body where an item's would.
      let known = context.itemIDs + context.groupIDs
      for (index, item) in items.enumerated() {
        if !known.contains(item) {
          throw table.error(
            key, expected: SceneReader.knownNames("the id of an item", known),
            got: "\"\(item)\"", suggestion: NameSuggestion.closest(to: item, among: known))
        }
        if items[..<index].contains(item) {
          throw table.error(key, expected: "each item once", got: shown)
        }
      }
      return items
    }, write: { .array($0.map(WrittenValue.string)) })

  /// UISnapBehavior. Default: UIKit's (`SnapDefaults`).
  public static let snap: SchemaTable<SnapSpec> = SchemaTable(
    "snap", blank: SnapSpec(point_pt: Point(0, 0)),
    [
      .key("point", .point("a snap point", unit: "pt"), \.point_pt, default: .required),
      .key("damping", .number(.nonNegative), \.damping, default: .value(SnapDefaults.damping)),
    ])

  /// UIPushBehavior. Defaults: UIKit's (a zero pushDirection).
  public static let push: SchemaTable<PushSpec> = SchemaTable(
    "push", blank: PushSpec(mode: .instantaneous),
    [
      .key(
        "mode", .choice([PushSpec.Mode.instantaneous, .continuous]), \.mode, default: .required),
      .key("angle", .number(unit: "rad"), \.angle_rad, default: .value(0)),
      .key(
        "direction", .point("a direction", "[dx, dy]"), \.direction, default: .unset, path: false),
      .key("magnitude", .number(), \.magnitude, default: .value(0)),
      .key(
        "offset", .point("an offset", "[dx, dy]", unit: "pt"), \.offset_pt,
        default: .value(Point(0, 0))),
    ],
    after: { table, spec, context throws(SceneError) in try checkDirection(table, spec, context) })

  /// UIGravityBehavior. Defaults: UIKit's (`GravityDefaults`).
  public static let gravity: SchemaTable<GravitySpec> = SchemaTable(
    "gravity", blank: GravitySpec(),
    [
      .key("angle", .number(unit: "rad"), \.angle_rad, default: .value(GravityDefaults.angle_rad)),
      .key(
        "direction", .point("a direction", "[dx, dy]"), \.direction, default: .unset, path: false),
      .key("magnitude", .number(), \.magnitude, default: .value(GravityDefaults.magnitude)),
    ],
    after: { table, spec, context throws(SceneError) in try checkDirection(table, spec, context) })

  /// `direction` sets both angle and magnitude, so neither may be given with it.
  static func checkDirection<Spec>(
    _ table: SceneTable, _: Spec, _: SchemaContext
  ) throws(SceneError) {
    guard table.has("direction") else { return }
    for key in ["angle", "magnitude"] where table.has(key) {
      throw table.error(
        key,
        expected: "no \(key) when direction is given (direction = [dx, dy] sets both angle "
          + "and magnitude)", got: table.fields[key]?.shown)
    }
  }

  /// UICollisionBehavior: segment boundaries and optionally the reference view's bounds.
  public static let collision: SchemaTable<CollisionSpec> = SchemaTable(
    "collision", blank: CollisionSpec(),
    [
      .key("boundaries", boundaries, \.boundaries, default: .value([])),
      .key("reference_bounds", .boolean, \.referenceBounds, default: .value(false)),
      // Written only when set; a path names it only on a behavior with the reference bounds.
      SchemaKey(
        "reference_bounds_insets", .insets, get: { $0.writtenInsets_pt },
        set: { spec, value in if let value { spec.referenceBoundsInsets_pt = value } },
        default: .unsetReads(.zero), path: nil, selectsVariant: false, only: nil,
        present: { $0.referenceBounds }),
      .key(
        "mode", .choice(CollisionMode.self, pathPhrase: "a collision mode"), \.mode,
        default: .value(.everything)),
    ],
    after: { table, spec, context throws(SceneError) in try checkBoundaries(table, spec, context) })

  /// The reference bounds need the scene's reference size. A behavior with neither boundaries
  /// nor the reference bounds is UIKit's `UICollisionBehavior(items:)`: its items collide with
  /// each other (and one item alone with nothing).
  private static func checkBoundaries(
    _ table: SceneTable, _ collision: CollisionSpec, _ context: SchemaContext
  ) throws(SceneError) {
    if collision.referenceBounds && !context.hasReferenceSize {
      throw table.error(
        "reference_bounds",
        expected: "a top-level reference_size = [width, height] with reference_bounds = true",
        got: "no reference_size")
    }
    try checkInsets(table, collision, context)
  }

  /// `reference_bounds_insets` moves the reference bounds' edges: it needs them, and must
  /// leave a rectangle of positive width and height.
  private static func checkInsets(
    _ table: SceneTable, _ collision: CollisionSpec, _ context: SchemaContext
  ) throws(SceneError) {
    let key = "reference_bounds_insets"
    guard table.has(key) else { return }
    let shown = table.fields[key]?.shown
    guard collision.referenceBounds else {
      throw table.error(
        key, expected: "reference_bounds = true with \(key) (they inset the reference bounds)",
        got: shown)
    }
    guard let size = context.referenceSize_pt,
      let expected = insetsProblem(collision.referenceBoundsInsets_pt, size_pt: size)
    else { return }
    throw table.error(key, expected: expected, got: shown)
  }

  /// What is expected of insets that leave no rectangle of the reference view's bounds, or nil.
  static func insetsProblem(_ i: EdgeInsets, size_pt size: Point) -> String? {
    guard i.left_pt + i.right_pt >= size.x || i.top_pt + i.bottom_pt >= size.y else { return nil }
    return "insets [top, left, bottom, right] (pt) that leave a rectangle: left + right "
      + "< \(ScenePieces.number(size.x)) and top + bottom < \(ScenePieces.number(size.y)) "
      + "(the reference size)"
  }

  /// What is wrong with the reference bounds' insets of a scene changed by `--set` (or by a
  /// reference size set smaller), if anything: (what was expected, the insets given).
  public static func referenceBoundsProblem(_ scene: Scene) -> (expected: String, got: String)? {
    guard let size = scene.referenceSize_pt else { return nil }
    for behavior in scene.behaviors {
      guard case .collision(let spec) = behavior.kind, spec.referenceBounds,
        let expected = insetsProblem(spec.referenceBoundsInsets_pt, size_pt: size)
      else { continue }
      return (
        expected + " in behavior \"\(behavior.id)\"",
        WrittenValue.array(spec.referenceBoundsInsets_pt.values.map(WrittenValue.number)).text
      )
    }
    return nil
  }

  /// Records the ids of `collision`'s boundaries in `owners` (boundary id → behavior label),
  /// refusing an id another collision behavior of the scene already declared.
  static func checkBoundaryOwners(
    _ collision: CollisionSpec, of table: SceneTable, owners: inout [String: String]
  ) throws(SceneError) {
    for (index, boundary) in collision.boundaries.enumerated() {
      if let owner = owners[boundary.id] {
        let boundaryTable = table.nested(
          "boundaries", index, fields: [:], label: "\(table.label) boundary #\(index + 1)")
        throw boundaryTable.error(
          "id", expected: "a boundary id not used elsewhere in the scene",
          got: "\"\(boundary.id)\", also in \(owner)")
      }
      owners[boundary.id] = table.label
    }
  }

  /// A collision behavior's boundary (`boundaries = [{ … }, …]`): a line segment (`from`,
  /// `to`), or a path (`path_data` or `points`), flattened into segments.
  public static let boundary: SchemaTable<SceneBoundary> = SchemaTable(
    "boundary", blank: SceneBoundary(id: "", from_pt: Point(0, 0), to_pt: Point(0, 0)),
    [
      .key("id", .identifier("the boundary"), \.id, default: .required),
      .key("from", .point("an end point", unit: "pt"), \.segmentFrom_pt, default: .unset),
      .key(
        "to", .point("an end point", unit: "pt", note: "other than from"), \.segmentTo_pt,
        default: .unset),
      .key("path_data", .pathData, \.pathDataPath, default: .unset),
      .key("points", .polyline, \.pointsPath, default: .unset),
    ],
    after: { table, boundary, context throws(SceneError) in
      try checkBoundaryForm(table, boundary, context)
    })

  /// A boundary is one of: a segment (`from` and `to`, apart), `path_data`, `points`.
  private static func checkBoundaryForm(
    _ table: SceneTable, _ boundary: SceneBoundary, _ context: SchemaContext
  ) throws(SceneError) {
    let forms = ["from", "path_data", "points"]
    let oneOf = "a segment (from = [x, y], to = [x, y]), path_data = \"…\" or points = [[x, y], …]"
    let given = forms.filter { table.has($0) }
    if given.count > 1 {
      throw table.error(
        given[1], expected: "one of \(oneOf)",
        got: given.map { "'\($0)'" }.joined(separator: " and "))
    }
    if given.isEmpty {
      // `to` alone: the segment's other end is missing.
      if table.has("to") {
        throw table.missing("from", expected: SceneSchema.boundary.key("from").missing(context))
      }
      throw table.missing("from", expected: oneOf)
    }
    if given[0] != "from" {
      if table.has("to") {
        throw table.error(
          "to", expected: "to only with from (a segment)", got: table.fields["to"]?.shown)
      }
      return
    }
    let to = SceneSchema.boundary.key("to")
    guard table.has("to") else { throw table.missing("to", expected: to.missing(context)) }
    guard boundary.to_pt == boundary.from_pt else { return }
    throw table.error(to.name, expected: to.missing(context), got: table.fields[to.name]?.shown)
  }

  /// `boundaries`: ids unique in the behavior (in the scene: `checkBoundaryOwners`), none
  /// named as the reference bounds are.
  private static let boundaries: KeyCodec<[SceneBoundary]> = KeyCodec(
    form: .tables(boundary.name), expected: { _ in "boundaries" },
    read: { table, key, context throws(SceneError) in
      let form = "an array of boundaries { id = \"…\", from = [x, y], to = [x, y] }"
      guard let tables = try table.tables(key, form) else { return nil }
      var boundaries: [SceneBoundary] = []
      for (index, fields) in tables.enumerated() {
        var inner = table.nested(
          key, index, fields: fields, label: "\(table.label) boundary #\(index + 1)")
        var spec = boundary.defaults
        try boundary.keys[0].read(inner, &spec, context)
        let id = spec.id
        if id == SceneRule.referenceBoundsID {
          throw inner.error(
            "id", expected: "an id other than \"\(id)\" (rules' name for the reference bounds)",
            got: "\"\(id)\"")
        }
        if boundaries.contains(where: { $0.id == id }) {
          throw inner.error(
            "id", expected: "a boundary id not used elsewhere in the scene", got: "\"\(id)\"")
        }
        inner.label = "\(table.label) boundary \"\(id)\""
        boundaries.append(
          try boundary.read(inner, context, kind: "a boundary", from: 1, into: spec))
      }
      return boundaries
    }, write: { .inlineTables($0.map(boundary.entries)) })

  /// UIAttachmentBehavior, to an anchor point or another item. Defaults: UIKit's (a rigid rod,
  /// attached at the centres; `offset` and `to_offset` are FeelLab's).
  public static let attachment: SchemaTable<AttachmentSpec> = SchemaTable(
    "attachment", blank: AttachmentSpec(target: .anchor(Point(0, 0))),
    [
      .key(
        "anchor", .point("an anchor point", unit: "pt"), \.anchor_pt, default: .unset,
        only: AttachmentKindKeys.only("anchor")),
      .key("to", .reference(.item), \.toItem, default: .unset),
      .key(
        "offset", .point("an offset", "[dx, dy]", unit: "pt"), \.offset_pt,
        default: .value(Point(0, 0)), only: AttachmentKindKeys.only("offset")),
      .key(
        "to_offset", .point("an offset", "[dx, dy]", unit: "pt"), \.toItemOffset_pt,
        default: .value(Point(0, 0)), only: AttachmentKindKeys.only("to_offset")),
      .key(
        "length", .number(.nonNegative, unit: "pt"), \.length_pt, default: .unsetReads(nil),
        only: AttachmentKindKeys.only("length")),
      .key(
        "frequency", .number(.nonNegative, unit: "Hz"), \.frequency_hz, default: .value(0),
        only: AttachmentKindKeys.only("frequency")),
      .key(
        "damping", .number(.nonNegative), \.damping, default: .value(0),
        only: AttachmentKindKeys.only("damping")),
    ] + AttachmentKindKeys.keys,
    after: { table, attachment, context throws(SceneError) in
      try AttachmentKindKeys.check(table, attachment, context)
      if attachment.kind != .distance { return }
      switch (table.has("anchor"), attachment.toItem) {
      case (false, nil):
        throw table.missing(
          "anchor", expected: "an anchor point [x, y] (pt), or to = \"item-id\"")
      case (true, .some):
        throw table.error(
          "to", expected: "either anchor or to, not both", got: table.fields["to"]?.shown)
      case (true, nil):
        guard table.has("to_offset") else { return }
        throw table.error(
          "to_offset",
          expected: "to = \"item-id\" (to_offset is a point on that item), not anchor",
          got: table.fields["to_offset"]?.shown)
      case (false, .some(let other)):
        guard other == context.items.first else { return }
        throw table.error(
          "to", expected: "another item's id (not the attached item itself)",
          got: "\"\(other)\"")
      }
    })

  /// UIDynamicItemBehavior: only the properties given override the item's; an unset one reads
  /// as UIKit's item default (`ItemDefaults`).
  public static let itemBehavior: SchemaTable<ItemPropertiesSpec> = SchemaTable(
    "item", blank: ItemPropertiesSpec(),
    [
      .key(
        "elasticity", .number(.nonNegative), \.elasticity,
        default: .unsetReads(ItemDefaults.elasticity)),
      .key(
        "friction", .number(.nonNegative), \.friction, default: .unsetReads(ItemDefaults.friction)
      ),
      .key("density", .number(.positive), \.density, default: .unsetReads(ItemDefaults.density)),
      .key(
        "resistance", .number(.nonNegative, unit: "1/s"), \.resistance,
        default: .unsetReads(ItemDefaults.resistance)),
      .key(
        "angular_resistance", .number(.nonNegative, unit: "1/s"), \.angularResistance,
        default: .unsetReads(ItemDefaults.angularResistance)),
      .key(
        "allows_rotation", .boolean, \.allowsRotation,
        default: .unsetReads(ItemDefaults.allowsRotation), path: true),
      .key("anchored", .boolean, \.anchored, default: .unsetReads(false), path: true),
      .key("charge", .number(), \.charge, default: .unsetReads(0)),
    ],
    after: { table, _, context throws(SceneError) in
      for key in ["anchored", "charge"] where table.has(key) {
        try checkProfile(table, key, context)
      }
    })

  /// FeelLab's drag (docs/drags.md): a finger moving one item, in one of three modes, each
  /// with its own keys. Defaults: FeelLab's.
  public static let drag: SchemaTable<DragSpec> = SchemaTable(
    "drag", blank: DragSpec(touch: nil, mode: .follow(axis: .both)),
    [
      // Without a touch: the item's gestures, every touch that goes down on it (hit-tested).
      .key("touch", .reference(.touch), \.touchID, default: .unset),
      .key(
        "mode", .name(among: ["follow", "attachment", "rotate"]), \.modeName, default: .required,
        selectsVariant: true),
      .key(
        "axis", .choice(DragSpec.Axis.self), \.followAxis, default: .value(.both), only: ["follow"]),
      .key(
        "frequency", .number(.nonNegative, unit: "Hz"), \.attachmentFrequency_hz,
        default: .value(0), only: ["attachment"]),
      .key(
        "damping", .number(.nonNegative), \.attachmentDamping, default: .value(0),
        only: ["attachment"]),
      .key(
        "pivot", .point("a pivot point", unit: "pt"), \.rotatePivot_pt, default: .unset,
        only: ["rotate"]),
      .key(
        "dead_zone", .number(.nonNegative, unit: "pt"), \.rotateDeadZone_pt, default: .value(0),
        only: ["rotate"]),
      // A pan handler's clamp, with UIScrollView's rubber band past it (docs/drags.md).
      .key("limit_x", limitCodec, \.followLimitX_pt, default: .unset, only: ["follow"]),
      .key("limit_y", limitCodec, \.followLimitY_pt, default: .unset, only: ["follow"]),
      .key(
        "rubber_band", .number(.nonNegative), \.followRubberBand, default: .unsetReads(0),
        only: ["follow"]),
      .key(
        "rubber_band_dimension", .number(.positive, unit: "pt"), \.followRubberBandDimension_pt,
        default: .unsetReads(nil), only: ["follow"]),
    ],
    after: { table, drag, _ throws(SceneError) in
      let mode = drag.modeName
      for key in SceneSchema.drag.keys where !key.belongs(to: mode) && table.has(key.name) {
        throw table.error(
          key.name,
          expected: "\(key.name) only with mode = \"\(key.only?.first ?? "")\" (this drag's "
            + "mode is \"\(mode)\")", got: table.fields[key.name]?.shown)
      }
      try checkLimits(table, drag)
    })

  /// `limit_x = [min, max]`, `limit_y`: the interval the item's centre stays in (pt).
  static let limitCodec = KeyCodec<Point>.point("the centre's range", "[min, max]", unit: "pt")

  /// A follow drag's limits: min ≤ max, each on an axis the drag moves.
  static func checkLimits(_ table: SceneTable, _ drag: DragSpec) throws(SceneError) {
    guard case .follow(let axis) = drag.mode else { return }
    for (key, limit, moves) in [
      ("limit_x", drag.limits.x_pt, axis != .y), ("limit_y", drag.limits.y_pt, axis != .x),
    ] {
      guard let limit else { continue }
      if limit.min_pt > limit.max_pt {
        throw table.error(
          key, expected: "the centre's range [min, max] (pt) with min ≤ max",
          got: table.fields[key]?.shown)
      }
      if !moves {
        throw table.error(
          key,
          expected: "a limit on an axis the drag moves (this drag's axis is \"\(axis.rawValue)\")",
          got: table.fields[key]?.shown)
      }
    }
  }

  /// FeelLab's `inertia` (docs/tempo-dial.md): the "Click" metronome author's coast. Every
  /// default is his, from his public demo (rdsquared09/CircularScrollInertia,
  /// RDDRotationControlSurface.m), except the estimator (FeelLab's: the recognizer's).
  public static let inertia: SchemaTable<InertiaSpec> = SchemaTable(
    "inertia",
    blank: InertiaSpec(
      decay: 0, maxSpeed_rad_s: 0, minSpeed_rad_s: 0, stopSpeed_rad_s: 0, estimator: .release),
    [
      /// DECELERATION_RATE.
      .key(
        "decay",
        .number(
          .fraction,
          expected: "a number in [0, 1): the speed factor per display frame (1 would never stop)"),
        \.decay, default: .value(0.97)),
      /// MAX_VELOCITY, 2000°/s.
      .key(
        "max_speed", .number(.nonNegative, unit: "rad/s"), \.maxSpeed_rad_s,
        default: .value(2000 * Double.pi / 180)),
      /// MIN_VELOCITY, 10°/s.
      .key(
        "min_speed", .number(.nonNegative, unit: "rad/s"), \.minSpeed_rad_s,
        default: .value(10 * Double.pi / 180)),
      /// His stop test, 0.0001°/s.
      .key(
        "stop_speed", .number(.nonNegative, unit: "rad/s"), \.stopSpeed_rad_s,
        default: .value(0.0001 * Double.pi / 180)),
      .key(
        "estimator", .choice(InertiaSpec.Estimator.self), \.estimator, default: .value(.release)),
    ])

  /// FeelLab's `detent` (docs/tempo-dial.md, "The detent's law"). Defaults: FeelLab's starting
  /// point for a tuner, the contract's example values.
  public static let detent: SchemaTable<DetentSpec> = SchemaTable(
    "detent",
    blank: DetentSpec(count: 1, phase_rad: 0, frequency_hz: 0, damping: 0, engageBelow_rad_s: 0),
    [
      .key(
        "count", .count(expected: "a whole number ≥ 1 (the number of values)"), \.count,
        default: .required),
      .key("phase", .number(unit: "rad"), \.phase_rad, default: .value(0)),
      .key("frequency", .number(.positive, unit: "Hz"), \.frequency_hz, default: .value(4)),
      .key("damping", .number(.nonNegative), \.damping, default: .value(0.7)),
      .key(
        "engage_below", .number(.positive, unit: "rad/s"), \.engageBelow_rad_s, default: .value(1)),
    ])

  /// FeelLab's `scroll` (docs/springy-list.md): the scroll view and the springy list's
  /// bounds-change handler. Defaults: the published handler's R and UIScrollView's `.normal`
  /// deceleration rate.
  public static let scroll: SchemaTable<ScrollSpec> = SchemaTable(
    "scroll",
    blank: ScrollSpec(touch: nil, axis: .y, resistance_pt: 1500, decelerationRate: 0.998),
    [
      // Without a touch: every touch that goes down inside the reference view, one at a time.
      .key("touch", .reference(.touch), \.touch, default: .unset),
      .key("axis", .choice(ScrollSpec.Axis.self), \.axis, default: .value(.y)),
      .key(
        "resistance", .number(.positive, unit: "pt"), \.resistance_pt, default: .value(1500)),
      .key(
        "deceleration_rate",
        .number(
          .fraction,
          expected: "a number in [0, 1): the velocity's factor per ms after the lift (1 would "
            + "never stop)"),
        \.decelerationRate, default: .value(0.998)),
    ])

  // MARK: - Touches (docs/touches.md)

  /// A `[[touch]]`: a finger, down at its first sample, lifted at its last, from exactly one
  /// trace key (the keys after `id`).
  public static let touch: SchemaTable<SceneTouch> = SchemaTable(
    "[[touch]]", blank: SceneTouch(id: "", trace: .samples([])),
    [
      .key("id", .identifier("the touch"), \.id, default: .required),
      .key("samples", .samples, \.writtenSamples, default: .unset),
      .key("file", traceFile, \.recordedTrace, default: .unset),
      .key(
        "tap", .inline(press, kind: "a tap", example: "{ at = 0, point = [x, y], duration = 0.1 }"),
        \.tap, default: .unset),
      .key(
        "hold",
        .inline(press, kind: "a hold", example: "{ at = 0, point = [x, y], duration = 0.1 }"),
        \.hold, default: .unset),
      .key(
        "drag",
        .inline(
          dragTrace, kind: "a drag",
          example: "{ at = 0, from = [x, y], to = [x, y], duration = 0.3 }"
        ), \.drag, default: .unset),
    ],
    before: { table, _, _ throws(SceneError) in
      let traces = SceneSchema.touch.names.dropFirst()
      let given = traces.filter(table.has)
      let oneOf = "exactly one of " + traces.joined(separator: ", ")
      guard given.count == 1 else {
        if given.isEmpty { throw table.missing(traces.first!, expected: oneOf) }
        throw table.error(
          given[1], expected: oneOf, got: given.map { "'\($0)'" }.joined(separator: " and "))
      }
    })

  /// A touch's `tap` or `hold`: a finger down and still.
  public static let press: SchemaTable<TouchPress> = SchemaTable(
    "tap, hold", blank: TouchPress(point_pt: Point(0, 0), duration_s: 0),
    [
      .key("at", .number(.nonNegative, unit: "s"), \.at_s, default: .value(0)),
      .key("point", .point("a point", unit: "pt"), \.point_pt, default: .required),
      .key("duration", .number(.positive, unit: "s"), \.duration_s, default: .required),
    ])

  /// A touch's `drag`: a straight line at constant speed.
  public static let dragTrace: SchemaTable<TouchDrag> = SchemaTable(
    "drag trace", blank: TouchDrag(from_pt: Point(0, 0), to_pt: Point(0, 0), duration_s: 0),
    [
      .key("at", .number(.nonNegative, unit: "s"), \.at_s, default: .value(0)),
      .key("from", .point("a point", unit: "pt"), \.from_pt, default: .required),
      .key("to", .point("a point", unit: "pt"), \.to_pt, default: .required),
      .key("duration", .number(.positive, unit: "s"), \.duration_s, default: .required),
    ])

  /// `file = "…"`: a CSV trace (t_s,x_pt,y_pt), read through the reader's loader.
  private static let traceFile: KeyCodec<TouchTrace> = KeyCodec(
    form: .file, expected: { _ in "a trace file" },
    read: { table, key, context throws(SceneError) in
      guard table.has(key) else { return nil }
      let form = "CSV trace file (t_s,x_pt,y_pt), its path relative to the scene file"
      guard let path = try table.string(key), !path.isEmpty else {
        throw table.error(key, expected: "a \(form)", got: table.fields[key]?.shown)
      }
      guard let loadTrace = context.loadTrace else {
        throw table.error(
          key, expected: "inline samples: this reader opens no files (feel does)",
          got: "\"\(path)\"")
      }
      let file: TraceFileText
      do throws(TraceFileUnreadable) {
        file = try loadTrace(path)
      } catch {
        throw table.error(
          key, expected: "a readable \(form)",
          got: "\"\(path)\" (\(error.shownPath): \(error.reason))")
      }
      do throws(TraceCSV.Problem) {
        return .recorded(file: path, samples: try TraceCSV.parse(file.text))
      } catch {
        let column = error.column.isEmpty ? "" : " column '\(error.column)'"
        throw SceneError(
          file: file.shownPath, line: error.line, table: "\(table.label) trace\(column)", key: "",
          expected: error.expected, got: error.got)
      }
    },
    write: { trace in
      if case .recorded(let file, _) = trace { .string(file) } else { .string("") }
    })

  /// `[recognizer]`. Defaults: UIKit's (`RecognizerSettings.uikit`).
  public static let recognizer: SchemaTable<RecognizerSettings> = SchemaTable(
    "[recognizer]", blank: .uikit,
    [
      .key(
        "slop", .number(.nonNegative, unit: "pt"), \.slop_pt,
        default: .value(RecognizerSettings.uikit.slop_pt)),
      .key(
        "hold", .number(.positive, unit: "s"), \.hold_s,
        default: .value(RecognizerSettings.uikit.hold_s)),
      .key(
        "velocity_window", .number(.positive, unit: "s"), \.velocityWindow_s,
        default: .value(RecognizerSettings.uikit.velocityWindow_s)),
    ])

  // MARK: - Rules and measuring

  /// The touch events a rule may react to, in the order messages list them.
  static let touchTriggers = [
    TouchEventKind.tap, .hold, .dragBegan, .dragEnded, .touchDown, .touchUp,
  ].map(\.rawValue)

  /// Every trigger a rule may have (`on`), in the order messages list them.
  static let triggers = ["contact", "time", "pause"] + touchTriggers

  /// A `[[rule]]`: its `on` picks its trigger, and the trigger its keys.
  public static let rule: SchemaTable<SceneRule> = SchemaTable(
    "[[rule]]", blank: SceneRule(on: .pause),
    [
      .key(
        "on", .name(among: triggers), \.triggerName,
        default: .required, selectsVariant: true),
      .key(
        "boundary", .reference(.boundary), \.contactBoundary, default: .unset, only: ["contact"]),
      // A contact rule's other item; a touch rule's item the touch went down on (hit-tested).
      .key(
        "item", .reference(.item), \.ruleItem, default: .unset, only: ["contact"] + touchTriggers),
      .key(
        "at", .number(.nonNegative, unit: "s", expected: "a time ≥ 0 (s)"), \.time_s,
        default: .required, only: ["time"]),
      .key("touch", .reference(.touch), \.touchID, default: .unset, only: touchTriggers),
      .key("within", .rectangle, \.touchWithin, default: .unset, only: touchTriggers),
      .key(
        "release_velocity", .boolean, \.releaseVelocity, default: .value(false),
        only: [TouchEventKind.dragEnded.rawValue]),
      // A target picked at the release (docs/drags.md): the snap whose point is set to the
      // nearest candidate from where the release would carry its item.
      .key(
        "snap", .reference(.behavior), \.pickSnap, default: .unset,
        only: [TouchEventKind.dragEnded.rawValue]),
      .key(
        "nearest", .points("candidate points", unit: "pt"), \.pickNearest, default: .unset,
        only: [TouchEventKind.dragEnded.rawValue]),
      // UIScrollView.DecelerationRate.normal, the rate WWDC 2018's "Designing Fluid
      // Interfaces" projects a flick with.
      .key(
        "projection", .number(.fraction, unit: "per ms"), \.pickProjection,
        default: .value(SnapPick.normalRate), only: [TouchEventKind.dragEnded.rawValue]),
      // A behavior's properties set when the rule fires (docs/scene-format.md, "Changing a
      // behavior during a run"): `set` names it, the keys after it are its type's own.
      .key("set", .reference(.behavior), \.setBehavior, default: .unset),
      .key("point", .point("a snap point", unit: "pt"), \.change.point_pt, default: .unset),
      .key("angle", .number(unit: "rad"), \.change.angle_rad, default: .unset),
      .key(
        "direction", .point("a direction", "[dx, dy]"), \.setDirection, default: .unset,
        path: false),
      .key("magnitude", .number(), \.change.magnitude, default: .unset),
      .key(
        "anchor", .point("an anchor point", unit: "pt"), \.change.anchor_pt, default: .unset),
      .key("length", .number(.nonNegative, unit: "pt"), \.change.length_pt, default: .unset),
      .key(
        "frequency", .number(.nonNegative, unit: "Hz"), \.change.frequency_hz, default: .unset),
      .key("damping", .number(.nonNegative), \.change.damping, default: .unset),
      .key("active", .boolean, \.change.active, default: .unset, path: true),
      .key(
        "offset", .point("an offset", "[dx, dy]", unit: "pt"), \.change.offset_pt,
        default: .unset),
      .key("elasticity", .number(.nonNegative), \.change.item.elasticity, default: .unset),
      .key("friction", .number(.nonNegative), \.change.item.friction, default: .unset),
      .key("density", .number(.positive), \.change.item.density, default: .unset),
      .key(
        "resistance", .number(.nonNegative, unit: "1/s"), \.change.item.resistance,
        default: .unset),
      .key(
        "angular_resistance", .number(.nonNegative, unit: "1/s"),
        \.change.item.angularResistance, default: .unset),
      .key(
        "allows_rotation", .boolean, \.change.item.allowsRotation, default: .unset, path: true),
      .key("anchored", .boolean, \.change.item.anchored, default: .unset, path: true),
      .key("charge", .number(), \.change.item.charge, default: .unset),
      .key(
        "position", .point("a position", unit: "pt"), \.change.position_pt, default: .unset),
      .key("strength", .number(), \.change.strength, default: .unset),
      .key("falloff", .number(), \.change.falloff, default: .unset),
      .key(
        "minimum_radius", .number(.nonNegative, unit: "pt"), \.change.minimumRadius_pt,
        default: .unset),
      .key("smoothness", .number(), \.change.smoothness, default: .unset),
      .key("animation_speed", .number(unit: "1/s"), \.change.animationSpeed, default: .unset),
      .key("region", regionCodec, \.change.region, default: .unset, path: false),
      // Written after `remove`: a scene file lists a rule's removals first, the order the
      // animator applies them in.
      .key(
        "add", .references(.behavior, "an array of behavior ids"), \.add, default: .value([]),
        writtenLast: true),
      .key(
        "remove", .references(.behavior, "an array of behavior ids"), \.remove,
        default: .value([])),
    ],
    before: { table, _, context throws(SceneError) in
      // A touch rule needs a touch in the scene to react to.
      guard let on = try table.string("on"), touchTriggers.contains(on),
        context.touchIDs.isEmpty, !context.touchesMayWait
      else { return }
      let touch = try table.string("touch")
      throw table.error(
        touch == nil ? "on" : "touch",
        expected: "a [[touch]] in the scene for a \(on) rule to react to",
        got: touch.map { "\"\($0)\" (the scene has no touch)" } ?? "no touch in the scene")
    },
    after: { table, rule, context throws(SceneError) in
      if table.has("boundary"), table.has("item") {
        throw table.error(
          "item", expected: "either boundary or item in a contact rule, not both",
          got: table.fields["item"]?.shown)
      }
      try checkPick(table, rule, context)
      try checkSet(table, rule, context)
    })

  /// The keys a rule's `set` may give each behavior type: UIKit's properties an app sets on a
  /// behavior in the animator (a distance attachment's, `anchor` only on one to an anchor; a
  /// push's, an item behavior's and a field's, every settable one).
  static func settableKeys(of kind: BehaviorKind) -> [String] {
    switch kind {
    case .snap: ["point", "damping"]
    case .gravity: ["angle", "direction", "magnitude"]
    case .attachment(let spec) where spec.kind == .distance:
      (spec.anchor_pt == nil ? [] : ["anchor"]) + ["length", "frequency", "damping"]
    case .push: ["active", "angle", "direction", "magnitude", "offset"]
    case .item:
      [
        "elasticity", "friction", "density", "resistance", "angular_resistance",
        "allows_rotation", "anchored", "charge",
      ]
    case .field:
      [
        "position", "strength", "falloff", "minimum_radius", "direction", "smoothness",
        "animation_speed", "region",
      ]
    default: []
    }
  }

  /// Every key a rule's `set` may give some behavior, in file order.
  static let setKeys = rule.keys.map(\.name).filter { settable.contains($0) }

  /// The behavior types a rule's `set` may name, as its message lists them.
  static let settableTypes = "a snap, gravity, push, item, field or distance attachment behavior"

  /// Every key some behavior type's `set` may give.
  private static let settable = Set(
    [
      BehaviorKind.snap(SnapSpec(point_pt: Point(0, 0))), .gravity(GravitySpec()),
      .attachment(AttachmentSpec(target: .anchor(Point(0, 0)))), .push(PushSpec(mode: .continuous)),
      .item(ItemPropertiesSpec()), .field(FieldSpec(kind: .spring)),
    ].flatMap(settableKeys))

  /// `set` names a behavior with settable properties and comes with at least one of its
  /// type's keys; those keys only with `set`, only the named behavior's, `direction` without
  /// `angle` or `magnitude`, iOS 9's `anchored` and `charge` not under iOS 7; not the point of
  /// the snap the rule picks at the release.
  static func checkSet(_ table: SceneTable, _ rule: SceneRule, _ context: SchemaContext)
    throws(SceneError)
  {
    let given = setKeys.filter(table.has)
    guard let id = rule.setBehavior else {
      guard let key = given.first else { return }
      throw table.error(
        key, expected: "\(key) only with set = \"ID\" (the behavior whose \(key) the rule sets)",
        got: table.fields[key]?.shown)
    }
    let allowed = context.settableKeys[id] ?? []
    let type = context.behaviorTypes[id] ?? "behavior"
    if allowed.isEmpty {
      throw table.error(
        "set",
        expected: "\(settableTypes) (the behaviors whose properties an app sets during a run)",
        got: "\"\(id)\" (type = \"\(type)\")")
    }
    let listed = allowed.joined(separator: ", ")
    guard !given.isEmpty else {
      throw table.missing(
        allowed[0], expected: "a value to set on the \(type) \"\(id)\" (one of \(listed))")
    }
    for key in given where !allowed.contains(key) {
      throw table.error(
        key, expected: "a key of the \(type) \"\(id)\" the rule sets (\(listed))",
        got: table.fields[key]?.shown)
    }
    try checkDirection(table, rule, context)
    for key in ["anchored", "charge"] where table.has(key) {
      try checkProfile(table, key, context)
    }
    if table.has("point"), rule.pick?.snap == id {
      throw table.error(
        "point", expected: "no point for the snap the rule picks among nearest",
        got: table.fields["point"]?.shown)
    }
  }

  /// A target picked at the release needs its three parts to agree: `snap` names a snap
  /// behavior, and `snap` and `nearest` come together (`projection` only with them).
  static func checkPick(_ table: SceneTable, _ rule: SceneRule, _ context: SchemaContext)
    throws(SceneError)
  {
    let hasSnap = table.has("snap")
    let hasNearest = table.has("nearest")
    if hasSnap, let id = rule.pick?.snap, !context.snapIDs.contains(id) {
      throw table.error(
        "snap",
        expected: SceneReader.knownNames("the id of a snap behavior", context.snapIDs)
          + ": the rule picks its point",
        got: "\"\(id)\"", suggestion: NameSuggestion.closest(to: id, among: context.snapIDs))
    }
    if hasSnap != hasNearest {
      let missing = hasSnap ? "nearest" : "snap"
      throw table.missing(
        missing,
        expected: hasSnap
          ? "nearest = [[x, y], …] (pt): the candidates the snap's point is picked among"
          : "snap = \"ID\": the snap behavior whose point is picked among nearest")
    }
    if table.has("projection") && !hasSnap {
      throw table.error(
        "projection",
        expected: "projection only with snap and nearest (it projects the release to pick "
          + "among them)", got: "no snap")
    }
  }

  /// `release_velocity` is a drag's: refused, before the unknown-key check, in a rule on
  /// another event; so are `snap`, `nearest` and `projection` (a target picked at the release).
  static func checkReleaseVelocity(_ table: SceneTable, on: String) throws(SceneError) {
    let key = rule.key("release_velocity")
    if table.has(key.name), !key.belongs(to: on) {
      throw table.error(
        key.name,
        expected: "\(key.name) only in a drag-ended rule (the release velocity is a drag's)",
        got: "a \(on) rule")
    }
    for name in ["snap", "nearest", "projection"] where table.has(name) {
      guard !rule.key(name).belongs(to: on) else { continue }
      throw table.error(
        name,
        expected: "\(name) only in a drag-ended rule (a target is picked at the release)",
        got: "a \(on) rule")
    }
  }

  /// A scene's `[measure]` (FeelLab's): what metrics measure unless an experiment or `feel
  /// metrics` says otherwise; every key optional (FeelMetrics' `MeasurePlan` documents what
  /// an unset one means).
  public static let measure: SchemaTable<SceneMeasure> = SchemaTable(
    "[measure]", blank: SceneMeasure(),
    [
      .key("item", .reference(.item), \.item, default: .unset),
      .key(
        "target", .point("a target point", unit: "pt"), \.target_pt, default: .unset, path: false),
      .key("band", .number(.nonNegative, unit: "pt"), \.band_pt, default: .unset, path: false),
      .key("touch", .reference(.touch), \.touch, default: .unset),
      .key(
        "commit_after", .number(.nonNegative, unit: "s"), \.commitAfter_s, default: .unset,
        path: false),
      .key("items", .references(.item, "an array of item ids"), \.items, default: .unset),
    ])
}
