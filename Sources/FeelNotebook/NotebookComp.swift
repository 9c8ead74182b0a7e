/// A comp (after Photoshop's layer comps): a named set of some of the control's constants.
/// Comps stack: applied in order, a later comp's constants override an earlier one's, and a
/// constant no comp sets falls through to the explorer's selection.
public struct NotebookComp: Sendable, Equatable {
  public var name: String
  public var note: String
  public var values: [(ControlConstant, Double)]

  public init(name: String, note: String, values: [(ControlConstant, Double)]) {
    self.name = name
    self.note = note
    self.values = values
  }

  public static func == (a: NotebookComp, b: NotebookComp) -> Bool {
    a.name == b.name && a.note == b.note && a.values.map(\.0) == b.values.map(\.0)
      && a.values.map(\.1) == b.values.map(\.1)
  }

  /// The comps every notebook offers; the page adds the ones the user saves.
  public static let builtIns: [NotebookComp] = [
    NotebookComp(
      name: "Castro 2014",
      note: "SubjectiveCCastroControls (2014) on the iPhone 5: snap damping 0.35, push 4, "
        + "gravity 2, wall 10 pt outside the edge, 320 pt bar",
      values: [(.damping, 0.35), (.push, 4), (.gravity, 2), (.wall, 10), (.width, 320)]),
    NotebookComp(
      name: "Looser snap", note: "damping 0.2: more overshoot, more wobbles",
      values: [(.damping, 0.2)]),
    NotebookComp(
      name: "Firmer snap", note: "damping 0.6: little overshoot, a slower creep home",
      values: [(.damping, 0.6)]),
    NotebookComp(name: "375 pt phone", note: "bar width 375 pt", values: [(.width, 375)]),
    NotebookComp(name: "393 pt phone", note: "bar width 393 pt", values: [(.width, 393)]),
    NotebookComp(name: "430 pt phone", note: "bar width 430 pt", values: [(.width, 430)]),
  ]

  var literal: JSLiteral {
    .object([
      ("name", .string(name)), ("note", .string(note)),
      ("values", .object(values.map { ($0.0.rawValue, .number($0.1)) })),
    ])
  }
}
