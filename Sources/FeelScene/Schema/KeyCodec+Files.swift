import FeelEngine

// The codecs that experiment and control files' schema tables (`ExperimentSchema`,
// `ControlSchema`) read their keys with, beside the scene codecs they share (`string`,
// `boolean`, `point`): no experiment path reaches these keys, and FeelLab never writes these
// files, so a codec says only how a key is read, its message, and how the docs show its default.

extension KeyCodec {
  /// A key of a file other than a scene: what it holds and its unit (the docs' words), what a
  /// message says when it is missing, how it is read (nil: absent), and how the docs show a
  /// default value (nil: the key's default is never a value).
  package init(
    form: KeyForm, unit: String = "", missing expected: String,
    read: @escaping @Sendable (SceneTable, String) throws(SceneError) -> Value?,
    write: (@Sendable (Value) -> WrittenValue)? = nil
  ) {
    self.init(
      form: form, unit: unit, expected: { _ in expected },
      read: { table, key, _ throws(SceneError) in try read(table, key) },
      write: write ?? { _ in .string("") })
  }

  /// This codec, then `check` on the value it read, in the table it read it from: a rule the
  /// value keeps (a name's spelling), or the value made into what its setting holds; `write`
  /// shows a default of the result in the docs.
  package func then<Other>(
    expected: String? = nil, write: (@Sendable (Other) -> WrittenValue)? = nil,
    _ check: @escaping @Sendable (Value, SceneTable, String) throws(SceneError) -> Other
  ) -> KeyCodec<Other> {
    let read = self.read
    return KeyCodec<Other>(
      form: form, unit: unit, missing: expected ?? self.expected(SchemaContext()),
      read: { table, key throws(SceneError) in
        guard let value = try read(table, key, SchemaContext()) else { return nil }
        return try check(value, table, key)
      }, write: write)
  }
}

extension KeyCodec {
  /// The value at `key` of `table` read with this codec; nil when the key is absent.
  package func value(in table: SceneTable, at key: String) throws(SceneError) -> Value? {
    try read(table, key, SchemaContext())
  }

  /// This codec, after `check` on the table (a rule between keys that must hold before the
  /// value is read).
  package func checking(
    _ check: @escaping @Sendable (SceneTable, String) throws(SceneError) -> Void
  ) -> KeyCodec {
    var codec = self
    let read = self.read
    codec.read = { table, key, context throws(SceneError) in
      guard table.has(key) else { return nil }
      try check(table, key)
      return try read(table, key, context)
    }
    return codec
  }
}

extension KeyCodec where Value == String {
  /// A string (anything else: "expected a string"); `expected` is what a message says when it
  /// is missing or, with `nonEmpty`, empty.
  package static func text(_ expected: String, nonEmpty: Bool = false) -> KeyCodec {
    KeyCodec(
      form: .string, missing: expected,
      read: { table, key throws(SceneError) in
        guard let text = try table.string(key) else { return nil }
        if nonEmpty && text.isEmpty {
          throw table.error(key, expected: expected, got: table.shown(key))
        }
        return text
      }, write: { .string($0) })
  }

  /// A string that `isValid` accepts; else, and when missing, the message says `expected`.
  package static func name(
    _ expected: String, where isValid: @escaping @Sendable (String) -> Bool
  ) -> KeyCodec {
    let check = { @Sendable (text: String, table: SceneTable, key: String) throws(SceneError) in
      guard isValid(text) else { throw table.error(key, expected: expected, got: "\"\(text)\"") }
      return text
    }
    return KeyCodec<String>.string.then(expected: expected, write: { .string($0) }, check)
  }
}

extension KeyCodec where Value == Double {
  /// A finite number (anything else: "expected a number (unit)") that `isValid` accepts, else
  /// "expected `expected`", which a missing key's message says too. `range` is how the docs
  /// show it.
  package static func number(
    _ range: SceneNumberRange, unit: String = "", expected: String,
    where isValid: @escaping @Sendable (Double) -> Bool
  ) -> KeyCodec {
    KeyCodec(
      form: .number(range), unit: unit, missing: expected,
      read: { table, key throws(SceneError) in
        guard let x = try table.number(key, unit: unit.isEmpty ? nil : unit) else { return nil }
        guard isValid(x) else { throw table.error(key, expected: expected, got: table.shown(key)) }
        return x
      }, write: { .number($0) })
  }

  /// A whole number in `bounds`; anything else, and a missing key, "expected `expected`".
  package static func whole(_ bounds: ClosedRange<Double>, expected: String) -> KeyCodec {
    KeyCodec(
      form: .number(bounds.lowerBound >= 1 ? .count : .nonNegative), missing: expected,
      read: { table, key throws(SceneError) in
        guard let value = table.value(key) else { return nil }
        guard case .number(let n) = value, n.isFinite, n == n.rounded(), bounds.contains(n)
        else { throw table.error(key, expected: expected, got: table.shown(key)) }
        return n
      }, write: { .number($0) })
  }
}

extension KeyCodec where Value == ClosedRange<Double> {
  /// `[low, high]`: two finite numbers (else `form`), low below high (else `ordered`).
  package static func span(_ form: String, ordered: String) -> KeyCodec {
    KeyCodec(
      form: .point(components: "[low, high]", positive: false), missing: form,
      read: { table, key throws(SceneError) in
        guard let value = table.value(key) else { return nil }
        guard case .array(let ends) = value, ends.count == 2,
          case .number(let low) = ends[0], case .number(let high) = ends[1],
          low.isFinite, high.isFinite
        else { throw table.error(key, expected: form, got: table.shown(key)) }
        guard low < high else { throw table.error(key, expected: ordered, got: table.shown(key)) }
        return low...high
      })
  }
}

extension KeyCodec {
  /// A table (a `[key]` section or an inline `{ … }`) read with `schema`, labelled `label` in
  /// messages, its unknown keys refused as `kind`'s; `expected`: what a message says when `key`
  /// holds something else. `make` turns its settings into the value.
  package static func table<Spec>(
    _ schema: SchemaTable<Spec>, label: String, kind: String, expected: String,
    make: @escaping @Sendable (Spec) -> Value
  ) -> KeyCodec {
    KeyCodec(
      form: .table(schema.name), missing: expected,
      read: { table, key throws(SceneError) in
        guard let inner = try table.section(key, label: label, expected: expected) else {
          return nil
        }
        return make(try schema.read(inner, SchemaContext(), kind: kind))
      })
  }

  /// An array of tables (`[[key]]` sections, or inline tables of an element table), each
  /// labelled "`label` #n" and read by `element`, which gets the elements read before it (to
  /// refuse a second of a name); `form` names the array in messages, `schema` in the docs.
  /// A `[name]` section, its table read by `read` with the table holding it (absent: nil; not
  /// a table: the error at the key, "a table: a [name] section"). `schema` names its schema
  /// table in the docs check.
  package static func section(
    _ schema: String, _ name: String,
    read:
      @escaping @Sendable (_ section: SceneTable, _ top: SceneTable) throws(SceneError) -> Value?
  ) -> KeyCodec {
    let expected = "a table: a [\(name)] section"
    return KeyCodec(
      form: .table(schema), missing: expected,
      read: { top, key throws(SceneError) in
        guard let table = try top.section(key, label: "[\(name)]", expected: expected) else {
          return nil
        }
        return try read(table, top)
      })
  }

  package static func tables<Element>(
    _ schema: String, form: String, label: String,
    element: @escaping @Sendable (inout SceneTable, [Element]) throws(SceneError) -> Element
  ) -> KeyCodec where Value == [Element] {
    KeyCodec(
      form: .tables(schema), missing: form,
      read: { table, key throws(SceneError) in
        guard let tables = try table.tables(key, form) else { return nil }
        var elements: [Element] = []
        for (index, fields) in tables.enumerated() {
          var inner = table.nested(key, index, fields: fields, label: "\(label) #\(index + 1)")
          elements.append(try element(&inner, elements))
        }
        return elements
      })
  }
}

/// A name a file gives a thing of its own (a control, a skin, a chart): how its spelling is
/// checked, in one place for every reader.
package enum InputName {
  /// Letters, digits, `-` and `_`: a name safe in file names.
  package static func isFileName(_ text: String) -> Bool {
    !text.isEmpty && text.unicodeScalars.allSatisfy { isWordScalar($0) || $0 == "-" }
  }

  /// Letters, digits and `_`, not starting with a digit: a Swift or Objective-C identifier, a
  /// CSV column.
  package static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else {
      return false
    }
    return text.unicodeScalars.allSatisfy(isWordScalar)
  }

  private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII
      && (scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
  }
}
