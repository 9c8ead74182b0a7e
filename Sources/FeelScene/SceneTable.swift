import FeelEngine
import FeelTouch

/// One TOML table of a scene file (the top level, an `[[item]]`, a boundary…) with typed
/// accessors that turn every wrong value into a `SceneError` naming the file, the line, the
/// table, the key and what was expected.
///
/// Accessors return nil for a missing key; `required(_:_:expected:)` turns that into an error.
/// Numbers must be finite (TOML allows `nan` and `inf`); integers are accepted as numbers.
package struct SceneTable {
  /// The table's keys and values.
  let fields: [String: TOMLNode]
  /// How messages name the table: `item "bar"`, `behavior #3`; empty for the top level.
  package var label: String
  /// Where the table is in the text, for line numbers.
  let path: SceneSourceMap.TablePath
  /// The file's name and line map.
  let source: Source

  /// What every table of one file shares.
  struct Source {
    let file: String
    let map: SceneSourceMap
  }

  /// An error at `key` of this table, with the key's line (the table's if the key is absent).
  package func error(
    _ key: String, expected: String, got: String? = nil, suggestion: String? = nil
  ) -> SceneError {
    SceneError(
      file: source.file, line: source.map.line(of: key, in: path), table: label, key: key,
      expected: expected, got: got, suggestion: suggestion)
  }

  /// The `index`-th table of the array `array` (`[[behavior]]`, `[[rule]]`) as messages about
  /// it name it (`label`), for a check across tables to point at the line of what it finds
  /// there. Its keys are not read: only its errors are.
  func element(_ array: String, _ index: Int, label: String) -> SceneTable {
    SceneTable(fields: [:], label: label, path: .element(array, index), source: source)
  }

  /// The `[[behavior]]` table at `index`, named as messages name a behavior: `behavior "ID"`.
  func behavior(_ id: String, at index: Int) -> SceneTable {
    element("behavior", index, label: "behavior \"\(id)\"")
  }

  /// The error for a required key that is absent.
  package func missing(_ key: String, expected: String) -> SceneError {
    error(key, expected: expected, got: "nothing")
  }

  package func has(_ key: String) -> Bool { fields[key] != nil }

  /// `value`, or the error for a missing `key`.
  func required<Value>(_ value: Value?, _ key: String, expected: String) throws(SceneError)
    -> Value
  {
    guard let value else { throw missing(key, expected: expected) }
    return value
  }

  /// Rejects the first key (in file order) not in `known`, suggesting a close known one.
  /// `kind` names the table in the message: "a push behavior", "an item".
  package func checkKeys(_ known: [String], of kind: String) throws(SceneError) {
    let unknown = fields.keys.filter { !known.contains($0) }
    let first = unknown.min { a, b in
      let lineA = source.map.line(of: a, in: path) ?? 0
      let lineB = source.map.line(of: b, in: path) ?? 0
      return lineA != lineB ? lineA < lineB : a < b
    }
    guard let first else { return }
    throw error(
      first, expected: "a key of \(kind) (\(known.joined(separator: ", ")))",
      got: "an unknown key", suggestion: NameSuggestion.closest(to: first, among: known))
  }

  /// A string.
  package func string(_ key: String) throws(SceneError) -> String? {
    guard let value = fields[key] else { return nil }
    guard case .string(let text) = value else {
      throw error(key, expected: "a string", got: value.shown)
    }
    return text
  }

  /// A required, non-empty string naming this table (`id`).
  func id(_ key: String = "id", of kind: String) throws(SceneError) -> String {
    let expected = "a non-empty string naming \(kind)"
    guard let value = fields[key] else { throw missing(key, expected: expected) }
    guard case .string(let text) = value, !text.isEmpty else {
      throw error(key, expected: expected, got: value.shown)
    }
    return text
  }

  /// A finite number in `range`; `unit` ("pt", "s") is named in the message. A fraction or a
  /// count is first checked as a number ≥ 0 (> 0), then against its narrower range, whose
  /// violation says `expected` (the range's phrase if nil).
  package func number(
    _ key: String, _ range: SceneNumberRange = .any, unit: String? = nil, expected: String? = nil
  ) throws(SceneError) -> Double? {
    guard let value = fields[key] else { return nil }
    let phrase = unit.map { "\(range.readerPhrase) (\($0))" } ?? range.readerPhrase
    guard let number = value.number, range.readerBase.contains(number) else {
      throw error(key, expected: phrase, got: value.shown)
    }
    guard range.contains(number) else {
      throw error(key, expected: expected ?? range.phrase, got: value.shown)
    }
    return number
  }

  /// Two finite numbers `[x, y]`; `form` names them ("a point [x, y] (pt)"). With
  /// `positive`, both must be > 0.
  package func vector(_ key: String, _ form: String, positive: Bool = false) throws(SceneError)
    -> Point?
  {
    guard let value = fields[key] else { return nil }
    let range: SceneNumberRange = positive ? .positive : .any
    let expected = "\(form): two \(positive ? "numbers > 0" : "numbers")"
    guard case .array(let elements) = value, elements.count == 2,
      let x = elements[0].number, let y = elements[1].number,
      x.isFinite, y.isFinite, range.contains(x), range.contains(y)
    else { throw error(key, expected: expected, got: value.shown) }
    return Point(x, y)
  }

  /// At least one point `[[x, y], …]` of two finite numbers each; `form` names them.
  func points(_ key: String, _ form: String) throws(SceneError) -> [Point]? {
    guard let value = fields[key] else { return nil }
    guard case .array(let rows) = value, !rows.isEmpty else {
      throw error(key, expected: "\(form): at least one point", got: value.shown)
    }
    var points: [Point] = []
    for (n, row) in rows.enumerated() {
      guard case .array(let xy) = row, xy.count == 2, let x = xy[0].number, let y = xy[1].number,
        x.isFinite, y.isFinite
      else {
        throw error(
          key, expected: "\(form): two finite numbers each", got: "\(row.shown) (point #\(n + 1))")
      }
      points.append(Point(x, y))
    }
    return points
  }

  /// A rectangle `[[x0, y0], [x1, y1]]` (pt) with x0 < x1 and y0 < y1.
  func rectangle(_ key: String) throws(SceneError) -> TouchRegion? {
    guard let value = fields[key] else { return nil }
    guard case .array(let corners) = value, corners.count == 2,
      case .array(let a) = corners[0], case .array(let b) = corners[1], a.count == 2,
      b.count == 2, let x0 = a[0].number, let y0 = a[1].number, let x1 = b[0].number,
      let y1 = b[1].number, [x0, y0, x1, y1].allSatisfy(\.isFinite), x0 < x1, y0 < y1
    else {
      throw error(
        key, expected: "a rectangle [[x0, y0], [x1, y1]] (pt) with x0 < x1 and y0 < y1",
        got: value.shown)
    }
    return TouchRegion(min_pt: Point(x0, y0), max_pt: Point(x1, y1))
  }

  /// Touch samples `[[t_s, x_pt, y_pt], …]`: at least one, times ≥ 0 and increasing.
  func samples(_ key: String) throws(SceneError) -> [TouchSample]? {
    guard let value = fields[key] else { return nil }
    let form = "samples [[t_s, x_pt, y_pt], …]: three finite numbers each, times ≥ 0"
    guard case .array(let rows) = value, !rows.isEmpty else {
      throw error(key, expected: form, got: value.shown)
    }
    var samples: [TouchSample] = []
    for (n, row) in rows.enumerated() {
      guard case .array(let values) = row, values.count == 3,
        let t = values[0].number, let x = values[1].number, let y = values[2].number,
        t.isFinite, x.isFinite, y.isFinite, t >= 0
      else { throw error(key, expected: form, got: "\(row.shown) (sample #\(n + 1))") }
      if let previous = samples.last, t <= previous.t_s {
        throw error(
          key, expected: "times that increase from sample to sample",
          got: "\(t) s after \(previous.t_s) s (sample #\(n + 1))")
      }
      samples.append(TouchSample(t, x, y))
    }
    return samples
  }

  /// `true` or `false`.
  package func bool(_ key: String) throws(SceneError) -> Bool? {
    guard let value = fields[key] else { return nil }
    guard case .boolean(let flag) = value else {
      throw error(key, expected: "true or false", got: value.shown)
    }
    return flag
  }

  /// An array of strings (ids); `form` names them ("an array of item ids").
  package func strings(_ key: String, _ form: String) throws(SceneError) -> [String]? {
    guard let value = fields[key] else { return nil }
    guard case .array(let elements) = value else {
      throw error(key, expected: "\(form) (strings in [ ])", got: value.shown)
    }
    var strings: [String] = []
    for element in elements {
      guard case .string(let text) = element else {
        throw error(key, expected: "\(form) (strings in [ ])", got: value.shown)
      }
      strings.append(text)
    }
    return strings
  }

  /// One of `names`, suggesting a close one for a misspelling.
  package func choice(_ key: String, among names: [String]) throws(SceneError) -> String? {
    guard let value = fields[key] else { return nil }
    let expected = Self.oneOf(names)
    guard case .string(let text) = value else {
      throw error(key, expected: expected, got: value.shown)
    }
    guard names.contains(text) else {
      // "xy" is one edit from "x" but means both axes: a choice that has "both" suggests it.
      let meansBoth = names.contains("both") && Self.bothSpellings.contains(text.lowercased())
      throw error(
        key, expected: expected, got: value.shown,
        suggestion: meansBoth ? "both" : NameSuggestion.closest(to: text, among: names))
    }
    return text
  }

  /// Ways of writing "both axes" that a choice with a `"both"` value answers with it.
  static let bothSpellings: Set<String> = ["xy", "yx", "x,y", "x+y", "x y", "2d", "all"]

  /// `one of "a", "b"`: how messages list the names a key accepts.
  package static func oneOf(_ names: [String]) -> String {
    "one of " + names.map { "\"\($0)\"" }.joined(separator: ", ")
  }

  /// One of the cases of `Choice`, by raw value.
  func choice<Choice: CaseIterable & RawRepresentable<String>>(
    _ key: String, _ type: Choice.Type
  ) throws(SceneError) -> Choice? {
    try choice(key, among: Choice.allCases.map(\.rawValue)).flatMap(Choice.init(rawValue:))
  }

  /// An array of tables (`[[key]]` sections or `key = [{ … }, …]`); `form` names them.
  package func tables(_ key: String, _ form: String) throws(SceneError) -> [[String: TOMLNode]]? {
    guard let value = fields[key] else { return nil }
    guard case .array(let elements) = value else {
      throw error(key, expected: form, got: value.shown)
    }
    var tables: [[String: TOMLNode]] = []
    for element in elements {
      guard case .table(let fields) = element else {
        throw error(key, expected: form, got: value.shown)
      }
      tables.append(fields)
    }
    return tables
  }

  /// A table of the array `key` of this one (a boundary of a collision behavior).
  package func nested(_ key: String, _ index: Int, fields: [String: TOMLNode], label: String)
    -> SceneTable
  {
    guard case .element(let array, let element) = path else {
      return SceneTable(fields: fields, label: label, path: .element(key, index), source: source)
    }
    return SceneTable(
      fields: fields, label: label, path: .nested(array, element, key, index), source: source)
  }
}
