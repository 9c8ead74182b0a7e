import FeelEngine

/// One key of a scene table (`SceneSchema`): its name, what it holds, its unit and default, and
/// how its value is read from the file into the table's settings (`Spec`), written back, and
/// read and set through an experiment path.
///
/// Keys are made with `key(_:_:_:default:)` from a `KeyCodec` (how one kind of value is read,
/// written and reached by a path) and the key path of the setting:
///
///     .key("damping", .number(.nonNegative), \.damping, default: .value(SnapDefaults.damping))
public struct SchemaKey<Spec: Sendable>: Sendable {
  /// The key as the file writes it.
  public let name: String
  /// What it holds, for the docs and the fuzzer's words.
  public let form: KeyForm
  /// Its unit ("pt", "rad/s"; "" for none).
  public let unit: String
  /// Its default as the docs show it: `required`, the value as the writer writes it (`0.5`,
  /// `[0, 0]`, `"release"`), or `none` when an omitted key leaves the setting unset.
  public let shownDefault: String
  /// The variants of its table it belongs to (a drag's modes, a rule's triggers); nil: all.
  public let only: [String]?
  /// Whether it is written after the table's other keys (a rule's `add`, after `remove`).
  let isWrittenLast: Bool
  /// Whether an experiment path can name it.
  public var isPath: Bool { access != nil }
  /// Whether the file must give it.
  let isRequired: Bool
  /// A key whose presence makes this one optional (a constant's `paths`, which `gap_to`
  /// replaces); nil: none.
  let requiredUnless: String?
  /// What a message says is expected when it is missing.
  let missing: @Sendable (SchemaContext) -> String
  /// Whether its value picks a variant of the table (a drag's mode): the keys after it take
  /// their defaults again, for that variant.
  let selectsVariant: Bool
  /// Reads the key, present in `table`, into the settings.
  let read: @Sendable (SceneTable, inout Spec, SchemaContext) throws(SceneError) -> Void
  /// Sets the default of an omitted key; nil: no default (required, or left unset).
  let applyDefault: (@Sendable (inout Spec) -> Void)?
  /// The value as written back; nil: not written (unset, or another variant's).
  let written: @Sendable (Spec) -> WrittenValue?
  /// How a path reads and sets it; nil: no path names it.
  let access: PathAccess<Spec>?

  init<Value: Sendable>(
    _ name: String, _ codec: KeyCodec<Value>, get: @escaping @Sendable (Spec) -> Value?,
    set: @escaping @Sendable (inout Spec, Value?) -> Void, default fallback: KeyDefault<Value>,
    path: Bool?, selectsVariant: Bool, only: [String]?, writtenLast: Bool = false,
    present: (@Sendable (Spec) -> Bool)? = nil
  ) {
    self.name = name
    self.only = only
    isWrittenLast = writtenLast
    form = codec.form
    unit = codec.unit
    missing = codec.expected
    self.selectsVariant = selectsVariant
    isRequired = fallback == .required || fallback.requiredUnless != nil
    requiredUnless = fallback.requiredUnless
    read = { table, spec, context throws(SceneError) in
      set(&spec, try codec.read(table, name, context))
    }
    switch fallback {
    case .required, .requiredUnless:
      shownDefault = "required"
      applyDefault = nil
    case .value(let value):
      shownDefault = codec.write(value).text
      applyDefault = { spec in set(&spec, value) }
    case .unset:
      shownDefault = "none"
      applyDefault = nil
    case .unsetReads(let reads):
      shownDefault = reads.map { codec.write($0).text } ?? "none"
      applyDefault = nil
    }
    written = { spec in get(spec).map(codec.write) }
    guard let values = codec.path, path ?? codec.isPathByDefault else {
      access = nil
      return
    }
    // An unset setting reads as its documented fallback, and a path may set it (an item
    // behavior's elasticity, an attachment's length); a setting without one is not there.
    let unsetReads: Value?? =
      if case .unsetReads(let reads) = fallback { .some(reads) } else { nil }
    access = PathAccess(
      kind: values.kind, components: values.components,
      isPresent: { spec in
        (present?(spec) ?? true) && (get(spec) != nil || unsetReads != nil)
      },
      get: { spec, component in
        (get(spec) ?? unsetReads ?? nil).flatMap { values.get($0, component) }
      },
      set: { spec, component, scalar in
        if let value = values.set(get(spec), component, scalar) { set(&spec, value) }
      })
  }

  /// A key whose setting is always there: from the file, else its default.
  package static func key<Value: Sendable & Equatable>(
    _ name: String, _ codec: KeyCodec<Value>, _ setting: WritableKeyPath<Spec, Value> & Sendable,
    default fallback: KeyDefault<Value>, path: Bool? = nil, selectsVariant: Bool = false,
    only: [String]? = nil, writtenLast: Bool = false
  ) -> SchemaKey {
    SchemaKey(
      name, codec, get: { $0[keyPath: setting] },
      set: { spec, value in if let value { spec[keyPath: setting] = value } },
      default: fallback, path: path, selectsVariant: selectsVariant, only: only,
      writtenLast: writtenLast)
  }

  /// A key whose setting may be unset (nil): written and named by a path only when set. A view
  /// of an enum's payload (`AttachmentSpec.anchor_pt`) is nil in the other cases.
  package static func key<Value: Sendable & Equatable>(
    _ name: String, _ codec: KeyCodec<Value>, _ setting: WritableKeyPath<Spec, Value?> & Sendable,
    default fallback: KeyDefault<Value>, path: Bool? = nil, selectsVariant: Bool = false,
    only: [String]? = nil
  ) -> SchemaKey {
    SchemaKey(
      name, codec, get: { $0[keyPath: setting] },
      set: { spec, value in if let value { spec[keyPath: setting] = value } },
      default: fallback, path: path, selectsVariant: selectsVariant, only: only)
  }

  /// A key whose value is derived from the settings (a behavior's `type`, from its kind): read
  /// by the table's reader to pick a variant, written back, never set through the key.
  static func derived<Value: Sendable & Equatable>(
    _ name: String, _ codec: KeyCodec<Value>, _ value: @escaping @Sendable (Spec) -> Value
  ) -> SchemaKey {
    SchemaKey(
      name, codec, get: value, set: { _, _ in }, default: .required, path: false,
      selectsVariant: false, only: nil)
  }

  /// Whether it belongs to `variant` (nil: no variant chosen, every key).
  func belongs(to variant: String?) -> Bool {
    guard let variant, let only else { return true }
    return only.contains(variant)
  }

  /// A key of a table that holds no setting of its own (a list's `[[item]]` sections, read by
  /// `SceneReader` in their own order): listed, documented, neither read here nor written.
  static func section(_ section: SceneSchema.Section, _ form: KeyForm) -> SchemaKey {
    elsewhere(section.rawValue, form)
  }

  /// A key its file's reader reads outside the table, once it has read what the key depends on
  /// (an experiment's `[[chart]]` needs its metrics and axes): listed, documented, neither read
  /// here nor written.
  package static func elsewhere(_ name: String, _ form: KeyForm) -> SchemaKey {
    SchemaKey(
      name,
      KeyCodec<Bool>(
        form: form, expected: { _ in "" }, read: { _, _, _ in nil }, write: { .boolean($0) }),
      get: { _ in nil }, set: { _, _ in }, default: .unset, path: false, selectsVariant: false,
      only: nil)
  }
}

/// A key's default.
package enum KeyDefault<Value: Equatable & Sendable>: Equatable, Sendable {
  /// The file must give the key.
  case required
  /// The file must give the key unless it gives the one named.
  case requiredUnless(String)
  /// The setting takes this value when the file omits the key.
  case value(Value)
  /// The setting stays unset (nil), and no path names the key while it is.
  case unset
  /// The setting stays unset, which means `reads` (an item behavior's elasticity reads as the
  /// item's 0.2; nil: nothing): a path may name the key while it is unset, reading `reads`.
  case unsetReads(Value?)

  /// The key whose presence makes this one optional.
  var requiredUnless: String? {
    if case .requiredUnless(let other) = self { other } else { nil }
  }
}

/// What a key holds, as the docs and the fuzzer's words describe it.
public enum KeyForm: Sendable, Equatable {
  case number(SceneNumberRange)
  /// Two numbers; `components` names them (`[x, y]`, `[width, height]`).
  case point(components: String, positive: Bool)
  /// More than two numbers in one array; `components` names them (`[top, left, bottom, right]`).
  case numbers(components: String)
  case boolean
  case string
  /// One of these names.
  case choice([String])
  /// The id of an item, a touch, a behavior or a boundary of the scene.
  case reference(SceneReference)
  case references(SceneReference)
  /// `[[x0, y0], [x1, y1]]`.
  case rectangle
  /// At least one point: `[[x, y], …]`.
  case points
  /// `[[t_s, x_pt, y_pt], …]`.
  case samples
  /// A file's path.
  case file
  /// A `[section]`: the name of its schema table.
  case table(String)
  /// An inline table `{ … }`: the name of its schema table.
  case inline(String)
  /// An array of tables (`[[section]]`s or inline tables): the name of its schema table.
  case tables(String)
  /// An array of strings: what they are ("scene value paths").
  case strings(String)
}

/// What a reference key names.
public enum SceneReference: String, Sendable, Equatable {
  case item, touch, behavior, boundary

  /// "the id of an item": how messages name what is expected.
  var what: String { "the id of \(self == .item ? "an" : "a") \(rawValue)" }
}

/// What is known while a table is read: the ids of the scene read so far, and the behavior
/// being read.
package struct SchemaContext {
  var itemIDs: [String] = []
  /// The `[[group]]`s' ids (iOS 9): behaviors may name one where they name an item.
  var groupIDs: [String] = []
  /// The scene's profile: iOS 9's keys are refused under iOS 7's.
  var profile: Profile = .modern
  var touchIDs: [String] = []
  /// A live session's scene (docs/live-protocol.md): a drag behavior or touch rule may name a touch
  /// the scene lacks, which the session waits for.
  var touchesMayWait = false
  var behaviorIDs: [String] = []
  var boundaryIDs: [String] = []
  /// The ids of the scene's snap behaviors (a drag-ended rule's `snap` names one).
  var snapIDs: [String] = []
  /// Each behavior's type name and the keys a rule's `set` may give it, by id.
  var behaviorTypes: [String: String] = [:]
  var settableKeys: [String: [String]] = [:]
  var hasReferenceSize = false
  /// The scene's reference size, when it has one (the reference bounds' insets must leave room).
  var referenceSize_pt: Point?
  var loadTrace: TraceFileLoader?
  /// The behavior being read: its type's rule on how many items it takes (nil: any number,
  /// else why exactly one), and its items once read.
  var singleItem: String?
  var items: [String] = []

  /// The context of a table of a file other than a scene (an experiment, a control file): no
  /// ids to check names against.
  package static var outsideScene: SchemaContext { SchemaContext() }

  func ids(_ reference: SceneReference) -> [String] {
    switch reference {
    case .item: itemIDs
    case .touch: touchIDs
    case .behavior: behaviorIDs
    case .boundary: boundaryIDs
    }
  }
}
