/// `feel svg --to canvas`: the compact array the notebook's glyph.js draws (docs/svg.md,
/// "Canvas data"):
///
///     [1, [x, y, width, height], [path, path, …]]
///     path = [fill, fillRule, stroke, strokeWidth, lineCap, lineJoin, miterLimit, opacity,
///             fillOpacity, strokeOpacity, ["M", x, y, "L", x, y, "C", x1, y1, x2, y2, x, y, "Z"]]
///
/// fill and stroke are "#rrggbb" or null; the names are the canvas API's own values. Numbers
/// are rounded to 1e-4 (at most 5e-5 pt off, far inside the 0.01 pt arc tolerance).
public enum CanvasEmitter {
  /// The format's version, the array's first element.
  public static let version = 1
  /// Decimal places of every number.
  public static let places = 4

  public static func emit(_ input: SVGEmitInput) -> String {
    let f = { (value: Double) in SVGNumberFormat.rounded(value, places: places) }
    let box = input.document.viewBox
    var out = "[\(version),[\(f(box.x)),\(f(box.y)),\(f(box.width)),\(f(box.height))],["
    for (i, path) in input.document.paths.enumerated() {
      let s = path.style
      if i > 0 { out += "," }
      let fields: [String] = [
        s.fill.map { "\"\($0.hex)\"" } ?? "null", "\"\(s.fillRule.rawValue)\"",
        s.stroke.map { "\"\($0.hex)\"" } ?? "null", f(s.strokeWidth_pt),
        "\"\(s.lineCap.rawValue)\"", "\"\(s.lineJoin.rawValue)\"", f(s.miterLimit), f(s.opacity),
        f(s.fillOpacity), f(s.strokeOpacity),
      ]
      out += "[" + fields.joined(separator: ",") + ",["
      var first = true
      for command in path.commands {
        if !first { out += "," }
        first = false
        out += "\"\(command.letter)\""
        for number in command.numbers { out += "," + f(number) }
      }
      out += "]]"
    }
    return out + "]]\n"
  }
}
