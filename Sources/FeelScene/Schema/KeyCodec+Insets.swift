import FeelEngine

extension KeyCodec where Value == EdgeInsets {
  /// UIEdgeInsets `[top, left, bottom, right]` (pt): four finite numbers, any sign. A path
  /// names each by its place (`.0` top … `.3` right).
  static var insets: KeyCodec {
    let components = "[top, left, bottom, right]"
    let form = "insets \(components) (pt)"
    return KeyCodec(
      form: .numbers(components: components), unit: "pt", expected: { _ in form },
      read: { table, key, _ throws(SceneError) in
        guard let value = table.fields[key] else { return nil }
        guard case .array(let elements) = value, elements.count == 4 else {
          throw table.error(key, expected: "\(form): four numbers", got: value.shown)
        }
        let numbers = elements.compactMap(\.number)
        guard numbers.count == 4, numbers.allSatisfy(\.isFinite) else {
          throw table.error(key, expected: "\(form): four finite numbers", got: value.shown)
        }
        return EdgeInsets(numbers)
      },
      write: { .array($0.values.map(WrittenValue.number)) },
      path: PathValues(
        kind: .number(.any, unit: "pt"), components: 4, get: { insets, c in insets.values[c] },
        set: { old, c, scalar in
          guard case .number(let x) = scalar else { return nil }
          var values = (old ?? .zero).values
          values[c] = x
          return EdgeInsets(values)
        }),
      isPathByDefault: true)
  }
}

extension CollisionSpec {
  /// The insets as a file writes them: none when they are zero (the plain reference bounds).
  var writtenInsets_pt: EdgeInsets? {
    get { referenceBoundsInsets_pt == .zero ? nil : referenceBoundsInsets_pt }
    set { referenceBoundsInsets_pt = newValue ?? .zero }
  }
}
