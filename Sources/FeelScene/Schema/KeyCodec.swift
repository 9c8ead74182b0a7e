import FeelEngine
import FeelTouch

/// How one kind of value (a number in a range, a point, a name…) is read from a scene file's
/// table with the reader's messages, written back, and read and set through a path.
package struct KeyCodec<Value: Sendable>: Sendable {
  var form: KeyForm
  var unit = ""
  /// What a message says is expected when a required key is missing.
  var expected: @Sendable (SchemaContext) -> String
  /// The value at the key; nil when the key is absent.
  var read: @Sendable (SceneTable, String, SchemaContext) throws(SceneError) -> Value?
  var write: @Sendable (Value) -> WrittenValue
  /// How a path reaches the value; nil: no path can.
  var path: PathValues<Value>? = nil
  /// Whether keys of this kind are paths unless they say otherwise (numbers and points are).
  var isPathByDefault = false
}

/// How a path reads and sets one kind of value: `components` is 2 for a point (`.0` is x or
/// the width, `.1` y or the height), 0 for a single value.
struct PathValues<Value>: Sendable {
  var kind: SceneValueKind
  var components = 0
  /// The number at `component` (nil for a name or a boolean).
  var get: @Sendable (Value, _ component: Int) -> Double?
  /// The value with `component` set to the scalar (the old value nil: unset); nil: unchanged.
  var set: @Sendable (Value?, _ component: Int, SceneScalar) -> Value?
}

extension KeyCodec where Value == Double {
  /// A number in `range`; `expected` is what messages say when it is missing or outside a
  /// fraction's or count's narrower range (default: the range and unit).
  package static func number(
    _ range: SceneNumberRange = .any, unit: String = "", expected: String? = nil
  ) -> KeyCodec {
    let unitText = unit.isEmpty ? nil : unit
    let phrase = unitText.map { "\(range.readerPhrase) (\($0))" } ?? range.readerPhrase
    return KeyCodec(
      form: .number(range), unit: unit, expected: { _ in expected ?? phrase },
      read: { table, key, _ throws(SceneError) in
        try table.number(key, range, unit: unitText, expected: expected)
      }, write: { .number($0) },
      path: PathValues(
        kind: .number(range, unit: unit), get: { value, _ in value },
        set: { _, _, scalar in if case .number(let x) = scalar { x } else { nil } }),
      isPathByDefault: true)
  }
}

extension KeyCodec where Value == Int {
  /// A whole number from 1 to 1,000,000.
  static func count(expected: String) -> KeyCodec {
    let number = KeyCodec<Double>.number(.count, expected: expected)
    return KeyCodec(
      form: number.form, expected: number.expected,
      read: { table, key, context throws(SceneError) in
        try number.read(table, key, context).map { Int($0) }
      }, write: { .integer($0) },
      path: PathValues(
        kind: .number(.count, unit: ""), get: { value, _ in Double(value) },
        set: { _, _, scalar in if case .number(let x) = scalar { Int(x) } else { nil } }),
      isPathByDefault: true)
  }
}

extension KeyCodec where Value == Point {
  /// Two numbers, both > 0 with `positive`. Messages name them "\(noun) \(components) (unit)",
  /// then `note`: "a snap point [x, y] (pt)".
  package static func point(
    _ noun: String, _ components: String = "[x, y]", unit: String = "", positive: Bool = false,
    note: String? = nil
  ) -> KeyCodec {
    let form =
      "\(noun) \(components)" + (unit.isEmpty ? "" : " (\(unit))") + (note.map { " \($0)" } ?? "")
    return KeyCodec(
      form: .point(components: components, positive: positive), unit: unit,
      expected: { _ in form },
      read: { table, key, _ throws(SceneError) in try table.vector(key, form, positive: positive) },
      write: { .point($0) },
      path: PathValues(
        kind: .number(positive ? .positive : .any, unit: unit), components: 2,
        get: { point, c in c == 0 ? point.x : point.y },
        set: { old, c, scalar in
          guard case .number(let x) = scalar else { return nil }
          var point = old ?? Point(0, 0)
          if c == 0 { point.x = x } else { point.y = x }
          return point
        }),
      isPathByDefault: true)
  }
}

extension KeyCodec where Value == Bool {
  /// `true` or `false`; a path sets it only where the key says so.
  package static var boolean: KeyCodec {
    KeyCodec(
      form: .boolean, expected: { _ in "true or false" },
      read: { table, key, _ throws(SceneError) in try table.bool(key) }, write: { .boolean($0) },
      path: PathValues(
        kind: .boolean, get: { _, _ in nil },
        set: { _, _, scalar in if case .boolean(let b) = scalar { b } else { nil } }))
  }
}

extension KeyCodec where Value == String {
  /// Any string.
  package static var string: KeyCodec {
    KeyCodec(
      form: .string, expected: { _ in "a string" },
      read: { table, key, _ throws(SceneError) in try table.string(key) },
      write: { .string($0) })
  }

  /// The id of an item, a touch, a behavior or a boundary of the scene.
  static func reference(_ reference: SceneReference) -> KeyCodec {
    KeyCodec(
      form: .reference(reference),
      expected: { context in SceneReader.knownNames(reference.what, context.ids(reference)) },
      read: { table, key, context throws(SceneError) in
        guard let id = try table.string(key) else { return nil }
        let ids = context.ids(reference)
        if !ids.contains(id) && !(reference == .touch && context.touchesMayWait) {
          throw table.error(
            key, expected: SceneReader.knownNames(reference.what, ids), got: "\"\(id)\"",
            suggestion: NameSuggestion.closest(to: id, among: ids))
        }
        return id
      }, write: { .string($0) })
  }
}

extension KeyCodec where Value == [String] {
  /// Any strings (`form`: "an array of item ids"), checked by the reader that knows the scene.
  package static func strings(_ form: String) -> KeyCodec {
    KeyCodec(
      form: .strings(form), expected: { _ in form },
      read: { table, key, _ throws(SceneError) in try table.strings(key, form) },
      write: { .array($0.map(WrittenValue.string)) })
  }

  /// Ids of the scene, any number, each known (`form`: "an array of behavior ids").
  static func references(_ reference: SceneReference, _ form: String) -> KeyCodec {
    KeyCodec(
      form: .references(reference), expected: { _ in form },
      read: { table, key, context throws(SceneError) in
        guard let ids = try table.strings(key, form) else { return nil }
        let known = context.ids(reference)
        for id in ids where !known.contains(id) {
          throw table.error(
            key, expected: SceneReader.knownNames(reference.what, known), got: "\"\(id)\"",
            suggestion: NameSuggestion.closest(to: id, among: known))
        }
        return ids
      }, write: { .array($0.map(WrittenValue.string)) })
  }
}

extension KeyCodec where Value: RawRepresentable<String> {
  /// One of `cases`, by raw value, in the order messages list them. A path may set it only
  /// with `pathPhrase`, how path messages name its values ("a profile name").
  static func choice(_ cases: [Value], pathPhrase: String? = nil) -> KeyCodec {
    let names = cases.map(\.rawValue)
    return KeyCodec(
      form: .choice(names), expected: { _ in SceneTable.oneOf(names) },
      read: { table, key, _ throws(SceneError) in
        try table.choice(key, among: names).flatMap(Value.init(rawValue:))
      }, write: { .string($0.rawValue) },
      path: pathPhrase.map { phrase in
        PathValues(
          kind: .choice(names: names, phrase: phrase), get: { _, _ in nil },
          set: { _, _, scalar in if case .name(let n) = scalar { Value(rawValue: n) } else { nil } }
        )
      }, isPathByDefault: pathPhrase != nil)
  }
}

extension KeyCodec where Value: RawRepresentable<String> & CaseIterable {
  /// One of the type's cases, in declaration order.
  static func choice(_ type: Value.Type, pathPhrase: String? = nil) -> KeyCodec {
    choice(Array(type.allCases), pathPhrase: pathPhrase)
  }
}

extension KeyCodec where Value == TouchRegion {
  /// `[[x0, y0], [x1, y1]]` (pt) with x0 < x1 and y0 < y1.
  static var rectangle: KeyCodec {
    KeyCodec(
      form: .rectangle, unit: "pt", expected: { _ in "a rectangle" },
      read: { table, key, _ throws(SceneError) in try table.rectangle(key) },
      write: { .array([.point($0.min_pt), .point($0.max_pt)]) })
  }
}

extension KeyCodec where Value == [Point] {
  /// At least one point `[[x, y], …]`, every coordinate finite; `noun` names them in messages
  /// ("candidate points").
  static func points(_ noun: String, unit: String = "") -> KeyCodec {
    let form = "\(noun) [[x, y], …]" + (unit.isEmpty ? "" : " (\(unit))")
    return KeyCodec(
      form: .points, unit: unit, expected: { _ in form },
      read: { table, key, _ throws(SceneError) in try table.points(key, form) },
      write: { .array($0.map(WrittenValue.point)) })
  }
}

extension KeyCodec where Value == [TouchSample] {
  /// `[[t_s, x_pt, y_pt], …]`: times ≥ 0 and increasing.
  static var samples: KeyCodec {
    KeyCodec(
      form: .samples, expected: { _ in "samples" },
      read: { table, key, _ throws(SceneError) in try table.samples(key) },
      write: { samples in
        .array(
          samples.map { .array([.number($0.t_s), .number($0.point_pt.x), .number($0.point_pt.y)]) })
      })
  }
}

extension KeyCodec {
  /// An inline table `{ … }` read with `schema`; `kind` names it in messages ("a tap") and
  /// `example` shows its shape.
  static func inline(_ schema: SchemaTable<Value>, kind: String, example: String) -> KeyCodec {
    KeyCodec(
      form: .inline(schema.name), expected: { _ in "an inline table \(example)" },
      read: { table, key, context throws(SceneError) in
        guard let value = table.fields[key] else { return nil }
        guard case .table(let fields) = value else {
          throw table.error(key, expected: "an inline table \(example)", got: value.shown)
        }
        let inner = table.nested(key, 0, fields: fields, label: "\(table.label) \(key)")
        return try schema.read(inner, context, kind: kind)
      }, write: { .inline(schema.entries($0)) })
  }
}

extension KeyCodec where Value == String {
  /// A required, non-empty string naming its table (`id`); `noun` is "the item".
  static func identifier(_ noun: String) -> KeyCodec {
    KeyCodec(
      form: .string, expected: { _ in "a non-empty string naming \(noun)" },
      read: { table, key, _ throws(SceneError) in try table.id(key, of: noun) },
      write: { .string($0) })
  }

  /// One of `names` (a behavior's type, a rule's trigger, a drag's mode).
  static func name(among names: [String]) -> KeyCodec {
    KeyCodec(
      form: .choice(names), expected: { _ in SceneTable.oneOf(names) },
      read: { table, key, _ throws(SceneError) in try table.choice(key, among: names) },
      write: { .string($0) })
  }
}
