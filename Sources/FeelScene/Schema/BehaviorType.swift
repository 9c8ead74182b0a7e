import FeelEngine

/// A behavior type (`type = "snap"`): its table of keys (`SceneSchema.snap`), how many items it
/// acts on, and how its settings sit in `BehaviorKind`.
public struct BehaviorType: Sendable {
  /// How many items a behavior of a type acts on.
  enum Items: Sendable {
    case any
    case one
  }

  /// The `type` name.
  public let name: String
  /// Its table, as the docs see it.
  public let table: SchemaTableInfo
  let items: Items
  /// At most one behavior of this type per item: two would move it at once.
  let onePerItem: Bool
  /// Whether a kind is of this type.
  let matches: @Sendable (BehaviorKind) -> Bool
  /// Reads its keys (checked by the caller) into a kind.
  let read: @Sendable (SceneTable, SchemaContext) throws(SceneError) -> BehaviorKind
  /// Its keys as written back; nil for a kind of another type.
  let entries: @Sendable (BehaviorKind) -> [WrittenEntry]?
  /// The keys a path names in the behavior at this index of a scene; nil for another type.
  let pathKeys: @Sendable (Int, Scene) -> [ScenePathKey]?
  /// Its key names, for the unknown-key message.
  let names: [String]

  init<Spec>(
    _ schema: SchemaTable<Spec>, items: Items = .any, onePerItem: Bool = false,
    embed: @escaping @Sendable (Spec) -> BehaviorKind,
    extract: @escaping @Sendable (BehaviorKind) -> Spec?
  ) {
    name = schema.name
    table = schema.info
    names = schema.names
    self.items = items
    self.onePerItem = onePerItem
    matches = { extract($0) != nil }
    read = { table, context throws(SceneError) in
      embed(try schema.read(table, context, kind: nil))
    }
    entries = { kind in extract(kind).map(schema.entries) }
    pathKeys = { index, scene in
      guard extract(scene.behaviors[index].kind) != nil else { return nil }
      return schema.pathKeys(
        SceneLens(
          get: { extract($0.behaviors[index].kind) },
          set: { scene, spec in scene.behaviors[index].kind = embed(spec) }), in: scene)
    }
  }

  /// "a snap behavior", "an item behavior": how messages name it.
  var kind: String {
    let article = name.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    return "\(article) \(name) behavior"
  }

  /// Why it acts on exactly one item; nil: any number.
  var singleItem: String? {
    switch items {
    case .any: nil
    case .one: "\(kind) acts on one item"
    }
  }
}
