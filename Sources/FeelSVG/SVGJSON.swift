import FeelCore

/// `feel svg --to json`: the paths for other tools (docs/svg.md, "JSON"). The keys
/// (`paths`; per path `fill`, `fill_rule`, `stroke`, `stroke_width`, `opacity`, `commands`)
/// plus documented additions (`view_box`; per path `fill_opacity`, `stroke_opacity`,
/// `stroke_line_cap`, `stroke_line_join`, `stroke_miter_limit`, `element`, `index`, `line`,
/// `id`), in this order. Numbers as the other emitters write them (`SVGNumberFormat`).
public struct SVGJSON: Encodable {
  var view_box: [Number]
  var paths: [Path]

  public init(_ input: SVGEmitInput) {
    let box = input.document.viewBox
    view_box = [box.x, box.y, box.width, box.height].map(Number.init)
    paths = input.document.paths.map(Path.init)
  }

  /// The JSON text, ending with a line break.
  public var text: String { JSONWriter().line(self) }

  struct Path: Encodable {
    var fill: String?
    var fill_rule: String
    var stroke: String?
    var stroke_width: Number
    var opacity: Number
    var fill_opacity: Number
    var stroke_opacity: Number
    var stroke_line_cap: String
    var stroke_line_join: String
    var stroke_miter_limit: Number
    var element: String
    var index: Int
    var line: Int
    var id: String?
    var commands: [Command]

    init(_ path: SVGDrawnPath) {
      let s = path.style
      fill = s.fill?.hex
      fill_rule = s.fillRule.rawValue
      stroke = s.stroke?.hex
      stroke_width = Number(s.strokeWidth_pt)
      opacity = Number(s.opacity)
      fill_opacity = Number(s.fillOpacity)
      stroke_opacity = Number(s.strokeOpacity)
      stroke_line_cap = s.lineCap.rawValue
      stroke_line_join = s.lineJoin.rawValue
      stroke_miter_limit = Number(s.miterLimit)
      element = path.element
      index = path.index
      line = path.line
      id = path.id
      commands = path.commands.map(Command.init)
    }
  }

  /// `["C", x1, y1, x2, y2, x, y]`.
  struct Command: Encodable {
    var command: PathCommand

    func encode(to encoder: any Encoder) throws {
      var container = encoder.unkeyedContainer()
      try container.encode(command.letter)
      for number in command.numbers { try container.encode(Number(number)) }
    }
  }

  /// A number as `SVGNumberFormat.format` writes it.
  struct Number: Encodable {
    var value: Double
    init(_ value: Double) { self.value = value }

    func encode(to encoder: any Encoder) throws {
      try JSONNumber.shortest(SVGNumberFormat.snapped(value)).encode(to: encoder)
    }
  }
}
