/// A comp (after Photoshop's layer comps): a named set of some of a control's constants. Comps
/// stack in the notebook: applied in order, a later comp's constants override an earlier one's,
/// and a constant no comp sets falls through to the explorer's selection.
public struct ControlComp: Sendable, Equatable {
  /// Unique among the control's comps (`Castro 2014`).
  public var name: String
  /// Where it comes from or what it is for.
  public var note: String
  /// The constants it sets, by name, in the order of the control's constants (at least one).
  public var values: [Value]

  /// One constant of a comp and its value (in the constant's unit).
  public struct Value: Sendable, Equatable {
    public var constant: String
    public var value: Double

    public init(_ constant: String, _ value: Double) {
      self.constant = constant
      self.value = value
    }
  }

  public init(name: String, note: String = "", values: [Value]) {
    self.name = name
    self.note = note
    self.values = values
  }
}
