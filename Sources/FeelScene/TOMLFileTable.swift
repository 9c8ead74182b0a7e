import FeelEngine

/// A table of a FeelLab TOML file that is not a scene (an experiment file, a control file), read
/// with the scene reader's machinery: the same TOML library, the same line lookup and the same
/// one-line messages (file, line, table, key, expected, got, did you mean), thrown as the
/// reader's own error type, `InputError<Reading>` (`Reading`: what the file is read into).
///
/// Package-internal: it lets FeelSweep and FeelControl read their files without FeelScene making
/// its TOML internals public.
package struct TOMLFileTable<Reading> {
  /// This reader's error.
  package typealias Failure = InputError<Reading>

  private var table: SceneTable

  private init(_ table: SceneTable) {
    self.table = table
  }

  /// Parses `text`, the contents of `file` (used in messages), into its top-level table.
  package static func parse(_ text: String, file: String) throws(Failure) -> TOMLFileTable {
    let fields = try converting { () throws(SceneError) in
      try TOMLNode.parse(text, file: file)
    }
    let source = SceneTable.Source(file: file, map: SceneSourceMap(text))
    return TOMLFileTable(SceneTable(fields: fields, label: "", path: .root, source: source))
  }

  /// A top-level table of values given as data, not read from a file's text (`/api/sweep`'s
  /// axes): messages name `file` and no line.
  package init(fields: [String: TOMLNode], file: String) {
    self.init(
      SceneTable(
        fields: fields, label: "", path: .root,
        source: SceneTable.Source(file: file, map: SceneSourceMap(""))))
  }

  /// How messages name the table: `axis "damping"`; empty at the top level.
  package var label: String {
    get { table.label }
    set { table.label = newValue }
  }

  /// The file's name as messages give it.
  package var file: String { table.file }

  /// The table's keys, in no particular order.
  package var keys: [String] { table.keys }

  package func has(_ key: String) -> Bool { table.has(key) }

  /// The line of `key` in this table (the table's own line when the key is absent).
  package func line(of key: String) -> Int? { table.line(of: key) }

  /// An error at `key` of this table, with the key's line.
  package func error(
    _ key: String, expected: String, got: String? = nil, suggestion: String? = nil
  ) -> Failure {
    Failure(table.error(key, expected: expected, got: got, suggestion: suggestion))
  }

  /// The value of `key` as messages show it after "got": `"four"`, `4`, `[1, "a"]`.
  package func shown(_ key: String) -> String? { table.shown(key) }

  /// Rejects the first unknown key (in file order), suggesting a close known one.
  package func checkKeys(_ known: [String], of kind: String) throws(Failure) {
    try Self.converting { () throws(SceneError) in try table.checkKeys(known, of: kind) }
  }

  package func string(_ key: String) throws(Failure) -> String? {
    try Self.converting { () throws(SceneError) in try table.string(key) }
  }

  /// A finite number (integers accepted); `unit` is named in the message.
  package func number(_ key: String, unit: String? = nil) throws(Failure) -> Double? {
    try Self.converting { () throws(SceneError) in try table.number(key, unit: unit) }
  }

  /// Two finite numbers `[x, y]`; `form` names them.
  package func vector(_ key: String, _ form: String) throws(Failure) -> Point? {
    try Self.converting { () throws(SceneError) in try table.vector(key, form) }
  }

  package func strings(_ key: String, _ form: String) throws(Failure) -> [String]? {
    try Self.converting { () throws(SceneError) in try table.strings(key, form) }
  }

  /// `body`'s result; the scene machinery's error as this reader's.
  private static func converting<T>(_ body: () throws(SceneError) -> T) throws(Failure) -> T {
    do {
      return try body()
    } catch {
      throw Failure(error)
    }
  }

  /// A plain value: a string, a number, a boolean, or an array of them.
  package typealias Value = SceneTable.Value

  /// The value of `key`, converted to a plain value; nil when absent.
  package func value(_ key: String) -> Value? { table.value(key) }

  /// Whether `key` holds a table (a `[key]` section or an inline `{ … }`).
  package func isTable(_ key: String) -> Bool { table.isTable(key) }

  /// The table at `key` of the top level (`[measure]` or `measure = { … }`), labelled `label`;
  /// nil when absent; an error when `key` holds something else.
  package func section(_ key: String, label: String) throws(Failure) -> TOMLFileTable? {
    guard let value = table.fields[key] else { return nil }
    guard case .table(let fields) = value else {
      throw error(key, expected: "a table: a [\(key)] section", got: value.shown)
    }
    return TOMLFileTable(
      SceneTable(fields: fields, label: label, path: .element(key, 0), source: table.source))
  }

  /// The tables of the top-level array `key` (`[[key]]` sections), labelled `label #n`.
  package func elements(_ key: String, label: String, form: String) throws(Failure)
    -> [TOMLFileTable]
  {
    let tables = try Self.converting { () throws(SceneError) in try table.tables(key, form) } ?? []
    return tables.enumerated().map { index, fields in
      TOMLFileTable(
        SceneTable(
          fields: fields, label: "\(label) #\(index + 1)", path: .element(key, index),
          source: table.source))
    }
  }

  /// The inline table at `key` of an element table (`range = { … }`), labelled `label`; nil
  /// when absent; an error when `key` holds something else.
  package func inline(_ key: String, label: String, form: String) throws(Failure)
    -> TOMLFileTable?
  {
    guard let value = table.fields[key] else { return nil }
    guard case .table(let fields) = value else {
      throw error(key, expected: form, got: value.shown)
    }
    return TOMLFileTable(table.nested(key, 0, fields: fields, label: label))
  }

  /// The inline tables of the array `key` of an element table (`set = [{ … }, { … }]`),
  /// labelled `label #n`.
  package func inlineArray(_ key: String, label: String, form: String) throws(Failure)
    -> [TOMLFileTable]?
  {
    guard let tables = try Self.converting({ () throws(SceneError) in try table.tables(key, form) })
    else { return nil }
    return tables.enumerated().map { index, fields in
      TOMLFileTable(
        table.nested(key, index, fields: fields, label: "\(label) #\(index + 1)"))
    }
  }

  /// The tables nested in this one, flattened to dotted keys (`SceneTable.flattened`).
  package func flattened() -> [(key: String, value: Value)] { table.flattened() }

  /// Reads this table with `schema`, its unknown keys refused as `kind`'s (nil: the caller
  /// checked them), from its key `first` on (up to key `end`, if given: `SchemaTable.read`)
  /// into `spec` (the defaults if nil).
  package func read<Spec>(
    _ schema: SchemaTable<Spec>, kind: String?, from first: Int = 0, to end: String? = nil,
    into spec: Spec? = nil
  ) throws(Failure) -> Spec {
    try Self.converting { () throws(SceneError) in
      try schema.read(table, SchemaContext(), kind: kind, from: first, to: end, into: spec)
    }
  }

  /// The first key of this table read with `schema` (its name), into the defaults.
  package func readFirst<Spec>(_ schema: SchemaTable<Spec>) throws(Failure) -> Spec {
    try Self.converting { () throws(SceneError) in try schema.readFirst(table, SchemaContext()) }
  }

  /// The value at `key` read with `codec`; nil when absent.
  package func value<Value>(_ codec: KeyCodec<Value>, at key: String) throws(Failure) -> Value? {
    try Self.converting { () throws(SceneError) in try codec.read(table, key, SchemaContext()) }
  }
}
