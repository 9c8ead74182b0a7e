import FeelMetrics
import FeelScene

extension ExperimentSchema {
  /// An `[[axis]]`'s keys as read.
  public struct AxisKeys: Sendable {
    var name = ""
    var targets: [AxisTarget] = []
    var values: AxisValues?
  }

  static let axisNameForm = "a column name: letters, digits and _, not starting with a digit"

  /// An `[[axis]]`: a column of the CSV, the scene values it moves (`path`, or `set` for several)
  /// and its values (`values` or `range`). Its `name` names the table in messages, so the reader
  /// reads it first (`readAxis`).
  public static let axis: SchemaTable<AxisKeys> = SchemaTable(
    "experiment [[axis]]", blank: AxisKeys(),
    [
      .key("name", .text(axisNameForm), \.name, default: .required),
      .key("path", axisPath, \.targets, default: .requiredUnless("set")),
      .key("set", setEntries, \.targets, default: .unset),
      .key(
        "values",
        listValues.checking { table, _ throws(SceneError) in
          guard table.has("range") else { return }
          throw table.error(
            "range", expected: "either values or range, not both", got: table.shown("range"))
        }, \.values, default: .requiredUnless("range")),
      .key("range", rangeValues, \.values, default: .unset),
    ],
    before: { table, _, _ throws(SceneError) in
      let name = try table.string("name") ?? ""
      guard InputName.isIdentifier(name) else {
        throw table.error("name", expected: axisNameForm, got: "\"\(name)\"")
      }
      let reserved = Metric.allCases.map(\.column) + ["flags"]
      if reserved.contains(name) {
        throw table.error(
          "name", expected: "a name that is not a metric column or 'flags'", got: "\"\(name)\"")
      }
    })

  /// Reads an `[[axis]]` table, labelled by its name once read.
  static func readAxis(_ table: inout SceneTable) throws(SceneError) -> Axis {
    var keys = try axis.readFirst(table, .outsideScene)
    table.label = "axis \"\(keys.name)\""
    keys = try axis.read(table, .outsideScene, kind: "an axis", from: 1, into: keys)
    let valuesKey = table.has("values") ? "values" : "range"
    return Axis(
      name: keys.name, values: keys.values!,
      valuesLocation: SourceLocation(
        file: table.file, line: table.line(of: valuesKey), table: table.label, key: valuesKey),
      targets: keys.targets)
  }

  /// `path = "…"`: the one scene value the axis moves (scale 1, offset 0); not with `set`.
  private static let axisPath = KeyCodec<String>.text(
    "a scene value path such as \"behavior.scrub-snap.damping\"", nonEmpty: true
  ).then(
    expected: "a scene value path (or set = [{ path = \"…\", scale = 1, offset = 0 }, …])"
  ) { path, table, key throws(SceneError) -> [AxisTarget] in
    [
      AxisTarget(
        path: path, scale: 1, offset: 0,
        location: SourceLocation(
          file: table.file, line: table.line(of: key), table: table.label, key: key))
    ]
  }.checking { table, _ throws(SceneError) in
    guard table.has("set") else { return }
    throw table.error(
      "set", expected: "either path or set, not both (set lists every path the axis moves)",
      got: table.shown("set"))
  }

  /// `set = [{ path, scale, offset }, …]`: every scene value the axis moves, each path once.
  private static let setEntries: KeyCodec<[AxisTarget]> = {
    let form = "an array of { path = \"…\", scale = 1, offset = 0 } tables"
    return KeyCodec(
      form: .tables(setEntry.name), missing: form,
      read: { table, key throws(SceneError) in
        guard let entries = try table.tables(key, form) else { return nil }
        if entries.isEmpty { throw table.error(key, expected: form, got: table.shown(key)) }
        var targets: [AxisTarget] = []
        for (index, fields) in entries.enumerated() {
          let entry = table.nested(
            key, index, fields: fields, label: "\(table.label) \(key) #\(index + 1)")
          let keys = try setEntry.read(entry, .outsideScene, kind: "a set entry")
          targets.append(
            AxisTarget(
              path: keys.path, scale: keys.scale, offset: keys.offset,
              location: SourceLocation(
                file: table.file, line: entry.line(of: "path"), table: entry.label, key: "path")))
        }
        for (i, target) in targets.enumerated()
        where targets[..<i].contains(where: { $0.path == target.path }) {
          throw target.location.error(
            expected: "each path once in an axis", got: "\"\(target.path)\" twice")
        }
        return targets
      })
  }()

  /// `values = [ … ]`: finite numbers, or strings, or booleans; at least one, of one kind.
  static let listValues: KeyCodec<AxisValues> = {
    let form = "a non-empty array of finite numbers, of strings or of true/false"
    return KeyCodec(
      form: .strings("values"),
      missing: "values = [ … ] or range = { from = …, to = …, step = … } (or count = …)",
      read: { table, key throws(SceneError) in
        guard let written = table.value(key) else { return nil }
        guard case .array(let elements) = written else {
          throw table.error(key, expected: form, got: table.shown(key))
        }
        if elements.isEmpty { throw table.error(key, expected: form, got: "[] (no values)") }
        var values: [AxisValue] = []
        for element in elements {
          guard let value = AxisValue(element) else {
            throw table.error(
              key, expected: form,
              got: "\(ExperimentReader.shown(element)) in \(table.shown(key)!)")
          }
          values.append(value)
        }
        let kinds = Set(
          values.map { value -> Int in
            switch value {
            case .number: 0
            case .string: 1
            case .boolean: 2
            }
          })
        if kinds.count > 1 {
          throw table.error(
            key, expected: "values of one kind (all numbers, all strings or all true/false)",
            got: table.shown(key))
        }
        let most = ExperimentReader.maxAxisValues
        if values.count > most {
          throw table.error(key, expected: "at most \(most) values", got: "\(values.count) values")
        }
        return .list(values)
      })
  }()

  /// `range = { from, to, step }` or `{ from, to, count }`.
  static let rangeValues: KeyCodec<AxisValues> = {
    let form = "a table { from = …, to = …, step = … } or { from = …, to = …, count = … }"
    return KeyCodec(
      form: .inline(range.name), missing: form,
      read: { table, key throws(SceneError) in
        guard
          let inner = try table.section(key, label: "\(table.label) \(key)", expected: form)
        else { return nil }
        return try spaced(inner, try range.read(inner, .outsideScene, kind: "a range"))
      })
  }()

  /// The values of a range table `table` whose keys are `keys`.
  private static func spaced(_ table: SceneTable, _ keys: RangeKeys) throws(SceneError)
    -> AxisValues
  {
    let most = ExperimentReader.maxAxisValues
    let (from, to) = (keys.from, keys.to)
    if let step = keys.step {
      if from == to { return .range(from: from, step: step, count: 1, last: to) }
      guard step != 0, (to - from) / step > 0 else {
        throw table.error(
          "step",
          expected: "a step from \(AxisValue.shortest(from)) towards \(AxisValue.shortest(to)) "
            + "(\(to > from ? "> 0" : "< 0"))",
          got: "\(table.shown("step")!): the range is empty")
      }
      let spans = ((to - from) / step * (1 + 1e-12)).rounded(.down)
      guard spans < Double(most) else {
        throw table.error(
          "step", expected: "at most \(most) values",
          got: "\(table.shown("step")!): \(spans + 1) values")
      }
      let count = Int(spans) + 1
      return .range(
        from: from, step: step, count: count,
        last: AxisValues.rounded(from + Double(count - 1) * step))
    }
    let count = Int(keys.count!)
    if count == 1 {
      guard from == to else {
        throw table.error(
          "count", expected: "at least 2 values when from ≠ to", got: table.shown("count"))
      }
      return .range(from: from, step: 0, count: 1, last: to)
    }
    return .range(from: from, step: (to - from) / Double(count - 1), count: count, last: to)
  }
}
