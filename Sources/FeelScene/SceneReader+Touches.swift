import FeelEngine

extension SceneReader {
  /// Keys of a `[[touch]]` table; exactly one of `traceKeys` gives its samples.
  static let touchKeys = ["id", "samples", "file", "tap", "hold", "drag"]
  static let traceKeys = ["samples", "file", "tap", "hold", "drag"]
  /// Keys of the `[recognizer]` table.
  static let recognizerKeys = ["slop", "hold", "velocity_window"]
  /// Keys of a scene's `[measure]` table.
  static let measureKeys = ["item", "target", "band", "touch", "commit_after"]

  /// The `[[touch]]` tables: ids unique, exactly one trace each, times ≥ 0 and increasing.
  static func readTouches(
    _ top: SceneTable, loadTrace: TraceFileLoader?
  ) throws(SceneError) -> [SceneTouch] {
    let tables = try top.tables("touch", "an array of tables: [[touch]] sections") ?? []
    var touches: [SceneTouch] = []
    for (index, fields) in tables.enumerated() {
      var table = SceneTable(
        fields: fields, label: "touch #\(index + 1)", path: .element("touch", index),
        source: top.source)
      let id = try table.id(of: "the touch")
      if let earlier = touches.firstIndex(where: { $0.id == id }) {
        throw table.error(
          "id", expected: "an id no other touch has", got: "\"\(id)\", as touch #\(earlier + 1)")
      }
      table.label = "touch \"\(id)\""
      try table.checkKeys(touchKeys, of: "a touch")
      let given = traceKeys.filter(table.has)
      let oneOf = "exactly one of samples, file, tap, hold, drag"
      guard given.count == 1 else {
        if given.isEmpty { throw table.missing("samples", expected: oneOf) }
        throw table.error(
          given[1], expected: oneOf, got: given.map { "'\($0)'" }.joined(separator: " and "))
      }
      let trace: TouchTrace
      switch given[0] {
      case "samples": trace = .samples(try readSamples(table))
      case "file": trace = try readTraceFile(table, id: id, loadTrace: loadTrace)
      case "drag": trace = .drag(try readDragTrace(table))
      case let key: trace = try readPress(table, key)
      }
      touches.append(SceneTouch(id: id, trace: trace))
    }
    return touches
  }

  /// `samples = [[t_s, x_pt, y_pt], …]`.
  private static func readSamples(_ table: SceneTable) throws(SceneError) -> [TouchSample] {
    let form = "samples [[t_s, x_pt, y_pt], …]: three finite numbers each, times ≥ 0"
    guard case .array(let rows) = table.fields["samples"]!, !rows.isEmpty else {
      throw table.error("samples", expected: form, got: table.fields["samples"]?.shown)
    }
    var samples: [TouchSample] = []
    for (n, row) in rows.enumerated() {
      guard case .array(let values) = row, values.count == 3,
        let t = values[0].number, let x = values[1].number, let y = values[2].number,
        t.isFinite, x.isFinite, y.isFinite, t >= 0
      else { throw table.error("samples", expected: form, got: "\(row.shown) (sample #\(n + 1))") }
      if let previous = samples.last, t <= previous.t_s {
        throw table.error(
          "samples", expected: "times that increase from sample to sample",
          got: "\(t) s after \(previous.t_s) s (sample #\(n + 1))")
      }
      samples.append(TouchSample(t, x, y))
    }
    return samples
  }

  /// `file = "…"`: a CSV trace, read through the loader and parsed here (`TraceCSV`).
  private static func readTraceFile(
    _ table: SceneTable, id: String, loadTrace: TraceFileLoader?
  ) throws(SceneError) -> TouchTrace {
    let form = "CSV trace file (t_s,x_pt,y_pt), its path relative to the scene file"
    guard let path = try table.string("file"), !path.isEmpty else {
      throw table.error("file", expected: "a \(form)", got: table.fields["file"]?.shown)
    }
    guard let loadTrace else {
      throw table.error(
        "file", expected: "inline samples: this reader opens no files (feel does)",
        got: "\"\(path)\"")
    }
    let file: TraceFileText
    do {
      file = try loadTrace(path)
    } catch {
      throw table.error(
        "file", expected: "a readable \(form)",
        got: "\"\(path)\" (\(error.shownPath): \(error.reason))")
    }
    do {
      return .recorded(file: path, samples: try TraceCSV.parse(file.text))
    } catch {
      let column = error.column.isEmpty ? "" : " column '\(error.column)'"
      throw SceneError(
        file: file.shownPath, line: error.line, table: "\(table.label) trace\(column)", key: "",
        expected: error.expected, got: error.got)
    }
  }

  /// `tap = { at, point, duration }` or `hold = { … }`.
  private static func readPress(_ table: SceneTable, _ key: String) throws(SceneError)
    -> TouchTrace
  {
    let inner = try traceTable(table, key, form: "{ at = 0, point = [x, y], duration = 0.1 }")
    try inner.checkKeys(["at", "point", "duration"], of: "a \(key)")
    let pointForm = "a point [x, y] (pt)"
    let press = TouchPress(
      at_s: try inner.number("at", .nonNegative, unit: "s") ?? 0,
      point_pt: try inner.required(inner.vector("point", pointForm), "point", expected: pointForm),
      duration_s: try inner.required(
        inner.number("duration", .positive, unit: "s"), "duration",
        expected: "a number > 0 (s)"))
    return key == "tap" ? .tap(press) : .hold(press)
  }

  /// `drag = { at, from, to, duration }`.
  private static func readDragTrace(_ table: SceneTable) throws(SceneError) -> TouchDrag {
    let inner = try traceTable(
      table, "drag", form: "{ at = 0, from = [x, y], to = [x, y], duration = 0.3 }")
    try inner.checkKeys(["at", "from", "to", "duration"], of: "a drag")
    let pointForm = "a point [x, y] (pt)"
    return TouchDrag(
      at_s: try inner.number("at", .nonNegative, unit: "s") ?? 0,
      from_pt: try inner.required(inner.vector("from", pointForm), "from", expected: pointForm),
      to_pt: try inner.required(inner.vector("to", pointForm), "to", expected: pointForm),
      duration_s: try inner.required(
        inner.number("duration", .positive, unit: "s"), "duration",
        expected: "a number > 0 (s)"))
  }

  /// The inline table at `key` of a touch.
  private static func traceTable(_ table: SceneTable, _ key: String, form: String)
    throws(SceneError) -> SceneTable
  {
    guard case .table(let fields) = table.fields[key]! else {
      throw table.error(key, expected: "an inline table \(form)", got: table.fields[key]?.shown)
    }
    return table.nested(key, 0, fields: fields, label: "\(table.label) \(key)")
  }

  /// `[recognizer]`: slop (pt, ≥ 0), hold (s, > 0), velocity_window (s, > 0).
  static func readRecognizer(_ top: SceneTable) throws(SceneError) -> RecognizerSettings {
    var settings = RecognizerSettings.uikit
    guard let table = try section(top, "recognizer", label: "[recognizer]") else {
      return settings
    }
    try table.checkKeys(recognizerKeys, of: "the [recognizer] table")
    settings.slop_pt = try table.number("slop", .nonNegative, unit: "pt") ?? settings.slop_pt
    settings.hold_s = try table.number("hold", .positive, unit: "s") ?? settings.hold_s
    settings.velocityWindow_s =
      try table.number("velocity_window", .positive, unit: "s") ?? settings.velocityWindow_s
    return settings
  }

  /// The scene's `[measure]`: item and touch known, band and commit_after ≥ 0.
  static func readMeasure(
    _ top: SceneTable, itemIDs: [String], touchIDs: [String]
  ) throws(SceneError) -> SceneMeasure {
    var measure = SceneMeasure()
    guard let table = try section(top, "measure", label: "[measure]") else { return measure }
    try table.checkKeys(measureKeys, of: "the [measure] table")
    for (key, ids, what) in [("item", itemIDs, "an item"), ("touch", touchIDs, "a touch")] {
      guard let id = try table.string(key) else { continue }
      if !ids.contains(id) {
        throw table.error(
          key, expected: knownNames("the id of \(what)", ids), got: "\"\(id)\"",
          suggestion: NameSuggestion.closest(to: id, among: ids))
      }
      if key == "item" { measure.item = id } else { measure.touch = id }
    }
    measure.target_pt = try table.vector("target", "a target point [x, y] (pt)")
    measure.band_pt = try table.number("band", .nonNegative, unit: "pt")
    measure.commitAfter_s = try table.number("commit_after", .nonNegative, unit: "s")
    return measure
  }

  /// A top-level table (`[key]` or `key = { … }`), labelled `label`.
  private static func section(_ top: SceneTable, _ key: String, label: String)
    throws(SceneError) -> SceneTable?
  {
    guard let value = top.fields[key] else { return nil }
    guard case .table(let fields) = value else {
      throw top.error(key, expected: "a table: a [\(key)] section", got: value.shown)
    }
    return SceneTable(fields: fields, label: label, path: .element(key, 0), source: top.source)
  }

  /// A drag behavior's own keys: `touch` (a touch of the scene), `mode`, and the mode's keys.
  static func readDrag(_ table: SceneTable, touchIDs: [String]) throws(SceneError) -> DragSpec {
    let touchForm = knownNames("the id of a touch", touchIDs)
    let touch = try table.required(table.string("touch"), "touch", expected: touchForm)
    if !touchIDs.contains(touch) {
      throw table.error(
        "touch", expected: touchForm, got: "\"\(touch)\"",
        suggestion: NameSuggestion.closest(to: touch, among: touchIDs))
    }
    let modes = ["follow", "attachment", "rotate"]
    let mode = try table.required(
      table.choice("mode", among: modes), "mode", expected: SceneTable.oneOf(modes))
    let modeKeys = [
      ("follow", ["axis"]), ("attachment", ["frequency", "damping"]),
      ("rotate", ["pivot", "dead_zone"]),
    ]
    for (other, keys) in modeKeys where other != mode {
      for key in keys where table.has(key) {
        throw table.error(
          key, expected: "\(key) only with mode = \"\(other)\" (this drag's mode is \"\(mode)\")",
          got: table.fields[key]?.shown)
      }
    }
    switch mode {
    case "follow":
      let axis = try table.choice("axis", DragSpec.Axis.self) ?? .both
      return DragSpec(touch: touch, mode: .follow(axis: axis))
    case "attachment":
      return DragSpec(
        touch: touch,
        mode: .attachment(
          frequency_hz: try table.number("frequency", .nonNegative, unit: "Hz") ?? 0,
          damping: try table.number("damping", .nonNegative) ?? 0))
    default:
      return DragSpec(
        touch: touch,
        mode: .rotate(
          pivot_pt: try table.vector("pivot", "a pivot point [x, y] (pt)"),
          deadZone_pt: try table.number("dead_zone", .nonNegative, unit: "pt") ?? 0))
    }
  }

  /// Refuses what the file shows statically about follow and rotate drags, which hold their
  /// item without a body: one present at t = 0 together with another behavior on the same item
  /// present at t = 0, or a rule adding one together with another behavior on the same item
  /// (those behaviors would be suspended at once; a drag-began rule usually adds the drag and
  /// removes the rest). Suspension at run time covers the cases a file cannot show.
  static func checkKinematicDrags(
    _ top: SceneTable, behaviors: [SceneBehavior], rules: [SceneRule]
  ) throws(SceneError) {
    func kinematicItem(_ b: SceneBehavior) -> String? {
      guard case .drag(let spec) = b.kind, spec.isKinematic else { return nil }
      return b.items[0]
    }
    // A detent waits while a drag holds its item: it may be in the animator with the drag.
    func waits(_ b: SceneBehavior) -> Bool {
      if case .detent = b.kind { return true } else { return false }
    }
    for (index, drag) in behaviors.enumerated() {
      guard let item = kinematicItem(drag), drag.start else { continue }
      if let other = behaviors.first(where: {
        $0.id != drag.id && $0.start && $0.items.contains(item) && !waits($0)
      }) {
        let table = SceneTable(
          fields: [:], label: "behavior \"\(drag.id)\"", path: .element("behavior", index),
          source: top.source)
        throw table.error(
          "start",
          expected: "start = false: this drag holds item \"\(item)\" without a body from t = 0, "
            + "and behavior \"\(other.id)\" on the same item also starts in the animator (a "
            + "drag-began rule usually adds the drag and removes the rest)",
          got: "start = true (the default)")
      }
    }
    for (r, rule) in rules.enumerated() {
      let added = rule.add.compactMap { id in behaviors.first { $0.id == id } }
      for drag in added {
        guard let item = kinematicItem(drag) else { continue }
        guard
          let other = added.first(where: {
            $0.id != drag.id && $0.items.contains(item) && !waits($0)
          })
        else { continue }
        let table = SceneTable(
          fields: [:], label: "rule #\(r + 1)", path: .element("rule", r), source: top.source)
        throw table.error(
          "add",
          expected: "behaviors that can act together: drag \"\(drag.id)\" holds item "
            + "\"\(item)\" without a body, so \"\(other.id)\" added with it would be suspended",
          got: "both added")
      }
    }
  }
}
