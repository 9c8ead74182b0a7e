import FeelScene

extension AxisValue {
  /// A TOML value as an experiment value (`[fixed]`, an axis's `values`, `--set`): a finite
  /// number, a string or a boolean; nil for anything else (NaN, an infinity, an array, a table).
  package init?(_ value: SceneTable.Value) {
    switch value {
    case .number(let x) where x.isFinite: self = .number(x)
    case .string(let s): self = .string(s)
    case .boolean(let b): self = .boolean(b)
    default: return nil
    }
  }

  /// The value as TOML holds it (a number as `TOMLNode.number` writes it).
  var node: TOMLNode {
    switch self {
    case .number(let x): .number(x)
    case .string(let s): .string(s)
    case .boolean(let b): .boolean(b)
    }
  }
}
