/// One table of a scene file (the top level, an item, a snap behavior, a boundary…): its keys
/// in file order, and the rules between them that no single key can check.
///
/// Reading (`read`): unknown keys are refused first (listing `names`), then the `before`
/// check runs on what the file gives, then each key in order is read, or takes its default, or
/// is reported missing; then the `after` check runs on the settings read.
public struct SchemaTable<Spec: Sendable>: Sendable {
  /// A cross-key rule: throws the message of a table that breaks it.
  package typealias Check = @Sendable (SceneTable, Spec, SchemaContext) throws(SceneError) -> Void

  /// How the docs name the table (their key tables' first column: "`snap` key").
  public let name: String
  /// The settings before any key is read: placeholders where a key is required.
  let blank: Spec
  public let keys: [SchemaKey<Spec>]
  /// A rule on what the file gives, checked before any key is read.
  let before: Check?
  /// The rules between the keys, checked on the settings read.
  let after: Check?
  /// How messages list the keys when it is not the order they are read in (a key another one's
  /// reading needs is read first); nil: that order.
  private let listed: [String]?

  // One check each: a closure with a typed throw inside an array literal crashes Swift 6.3's
  // module emission (SILGen), so a table holds its checks as two closures, not two lists.
  package init(
    _ name: String, blank: Spec, _ keys: [SchemaKey<Spec>], listed: [String]? = nil,
    before: Check? = nil, after: Check? = nil
  ) {
    self.name = name
    self.blank = blank
    self.keys = keys
    self.listed = listed
    self.before = before
    self.after = after
  }

  /// The keys, in file order (as messages list them).
  public var names: [String] { listed ?? keys.map(\.name) }

  /// The key named `name`, which the table has.
  package func key(_ name: String) -> SchemaKey<Spec> { keys.first { $0.name == name }! }

  /// The settings of a table that gives no key: each key's default (required keys at their
  /// placeholders).
  public var defaults: Spec {
    var spec = blank
    for key in keys { key.applyDefault?(&spec) }
    return spec
  }

  /// Reads `table`: its keys from `first` on, into `spec` (the defaults if nil). `kind` names
  /// the table in the unknown-key message ("a snap behavior"); nil: the caller checked the
  /// keys. Only the keys of `variant` are known and read (every key if nil); a key that
  /// selects a variant (a drag's mode) narrows the keys read after it to its variant's. With
  /// `end`, the keys before key `end` only, and no `after` check: the rest is read later (from
  /// `end`, into the result) once the caller has read what the keys from `end` on depend on.
  package func read(
    _ table: SceneTable, _ context: SchemaContext, kind: String?, variant: String? = nil,
    from first: Int = 0, to end: String? = nil, into spec: Spec? = nil
  ) throws(SceneError) -> Spec {
    if let kind {
      let known = keys.filter { $0.belongs(to: variant) }.map(\.name)
      try table.checkKeys(listed.map { $0.filter(known.contains) } ?? known, of: kind)
    }
    try before?(table, blank, context)
    var spec = spec ?? defaults
    var variant = variant
    let stop = end.map(index(of:)) ?? keys.count
    for index in first..<stop {
      let key = keys[index]
      guard key.belongs(to: variant) else { continue }
      if table.has(key.name) {
        try key.read(table, &spec, context)
        if key.selectsVariant {
          variant = self.variant(of: spec)
          for later in keys[(index + 1)...] { later.applyDefault?(&spec) }
        }
      } else if key.isRequired, !(key.requiredUnless.map(table.has) ?? false) {
        throw table.missing(key.name, expected: key.missing(context))
      }
    }
    if end == nil { try after?(table, spec, context) }
    return spec
  }

  /// The position of the key named `name`, which the table has.
  package func index(of name: String) -> Int { keys.firstIndex { $0.name == name }! }

  /// Reads only the first key of `table` into the defaults: a table's name, which labels it in
  /// messages before its other keys are read (`read(_:_:kind:from:into:)` from 1).
  package func readFirst(_ table: SceneTable, _ context: SchemaContext) throws(SceneError) -> Spec {
    var spec = defaults
    let key = keys[0]
    if table.has(key.name) {
      try key.read(table, &spec, context)
    } else if key.isRequired {
      throw table.missing(key.name, expected: key.missing(context))
    }
    return spec
  }

  /// Reads an element of an array of tables that its first key names (a `[[constant]]`, a
  /// `[[comp]]`): that key, then the table labelled `label "NAME"`, its unknown keys refused as
  /// `kind`'s, a name of `earlier` refused as a second `noun` of that name, then its other keys.
  package func readNamed(
    _ table: inout SceneTable, _ context: SchemaContext, label: String, kind: String,
    noun: String, earlier: [String]
  ) throws(SceneError) -> Spec {
    let spec = try readFirst(table, context)
    let key = keys[0].name
    let name = try table.string(key) ?? ""
    table.label = "\(label) \"\(name)\""
    try table.checkKeys(names, of: kind)
    if earlier.contains(name) {
      throw table.error(key, expected: "a name no other \(noun) has", got: "\"\(name)\" (twice)")
    }
    return try read(table, context, kind: nil, from: 1, into: spec)
  }

  /// The variant `spec` is of: the name its variant-selecting key holds; nil without one.
  func variant(of spec: Spec) -> String? {
    guard let selector = keys.first(where: \.selectsVariant),
      case .string(let name) = selector.written(spec)
    else { return nil }
    return name
  }

  /// The keys of `spec` as they are written back, in file order (those written last at the
  /// end): its variant's, unset ones left out.
  func entries(_ spec: Spec) -> [WrittenEntry] {
    let variant = variant(of: spec)
    let written = keys.filter { !$0.isWrittenLast } + keys.filter(\.isWrittenLast)
    return written.compactMap { key in
      guard key.belongs(to: variant) else { return nil }
      return key.written(spec).map { WrittenEntry(key: key.name, value: $0) }
    }
  }

  /// The keys of the table at `lens` in `scene` that a path can name there now, in file order.
  func pathKeys(_ lens: SceneLens<Spec>, in scene: Scene) -> [ScenePathKey] {
    guard let spec = lens.get(scene) else { return [] }
    let variant = variant(of: spec)
    return keys.compactMap { key in
      guard key.belongs(to: variant), let access = key.access, access.isPresent(spec) else {
        return nil
      }
      return ScenePathKey(
        name: key.name, kind: access.kind, components: access.components,
        get: { scene, component in lens.get(scene).flatMap { access.get($0, component) } },
        set: { scene, component, value in
          guard var spec = lens.get(scene) else { return }
          access.set(&spec, component, value)
          lens.set(&scene, spec)
        },
        written: { scene in lens.get(scene).map { key.written($0) != nil } ?? false })
    }
  }

  /// The keys a path can name in some table of this kind, in file order.
  public var pathNames: [String] { keys.filter(\.isPath).map(\.name) }
}

/// Where one table sits in a scene: how to get its settings out and put them back.
struct SceneLens<Spec>: Sendable {
  let get: @Sendable (Scene) -> Spec?
  let set: @Sendable (inout Scene, Spec) -> Void
}

/// A schema table as the docs and the fuzzer's words see it, whatever its settings' type.
public struct SchemaTableInfo: Sendable {
  /// How the docs name it ("`snap` key").
  public let name: String
  public let keys: [SchemaKeyInfo]
}

extension SchemaTableInfo {
  /// The names a file read through `tables` may hold, for the fuzzer's dictionary: every key
  /// and every name a choice accepts, then `more`; each once, in that order.
  public static func words(_ tables: [SchemaTableInfo], _ more: [String] = []) -> [String] {
    var words: [String] = []
    for table in tables {
      for key in table.keys {
        words.append(key.name)
        if case .choice(let names) = key.form { words += names }
      }
    }
    var seen: Set<String> = []
    return (words + more).filter { seen.insert($0).inserted }
  }
}

/// A key as the docs see it (`SchemaKey` without its settings' type).
public struct SchemaKeyInfo: Sendable, Equatable {
  public let name: String
  public let form: KeyForm
  public let unit: String
  public let shownDefault: String
  public let isPath: Bool
  /// The variants it belongs to; nil: all.
  public let only: [String]?
}

extension SchemaTable {
  public var info: SchemaTableInfo {
    SchemaTableInfo(
      name: name,
      keys: keys.map {
        SchemaKeyInfo(
          name: $0.name, form: $0.form, unit: $0.unit, shownDefault: $0.shownDefault,
          isPath: $0.isPath, only: $0.only)
      })
  }
}
