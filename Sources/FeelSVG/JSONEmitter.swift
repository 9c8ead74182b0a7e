/// `feel svg --to json`: the paths for other tools (docs/svg.md, "JSON"). The issue's keys
/// (`paths`; per path `fill`, `fill_rule`, `stroke`, `stroke_width`, `opacity`, `commands`)
/// plus documented additions (`view_box`; per path `fill_opacity`, `stroke_opacity`,
/// `stroke_line_cap`, `stroke_line_join`, `stroke_miter_limit`, `element`, `index`, `line`,
/// `id`).
public enum JSONEmitter {
  public static func emit(_ input: SVGEmitInput) -> String {
    let f = SVGNumberFormat.format
    let box = input.document.viewBox
    var out = "{\n  \"view_box\": [\(f(box.x)), \(f(box.y)), \(f(box.width)), \(f(box.height))],\n"
    out += "  \"paths\": ["
    for (i, path) in input.document.paths.enumerated() {
      let s = path.style
      out += i == 0 ? "\n" : ",\n"
      out += "    {\n"
      out += "      \"fill\": \(s.fill.map { "\"\($0.hex)\"" } ?? "null"),\n"
      out += "      \"fill_rule\": \"\(s.fillRule.rawValue)\",\n"
      out += "      \"stroke\": \(s.stroke.map { "\"\($0.hex)\"" } ?? "null"),\n"
      out += "      \"stroke_width\": \(f(s.strokeWidth_pt)),\n"
      out += "      \"opacity\": \(f(s.opacity)),\n"
      out += "      \"fill_opacity\": \(f(s.fillOpacity)),\n"
      out += "      \"stroke_opacity\": \(f(s.strokeOpacity)),\n"
      out += "      \"stroke_line_cap\": \"\(s.lineCap.rawValue)\",\n"
      out += "      \"stroke_line_join\": \"\(s.lineJoin.rawValue)\",\n"
      out += "      \"stroke_miter_limit\": \(f(s.miterLimit)),\n"
      out += "      \"element\": \"\(path.element)\",\n"
      out += "      \"index\": \(path.index),\n"
      out += "      \"line\": \(path.line),\n"
      out += "      \"id\": \(path.id.map(string) ?? "null"),\n"
      out += "      \"commands\": ["
      for (j, command) in path.commands.enumerated() {
        out += j == 0 ? "\n" : ",\n"
        out += "        [\"\(command.letter)\""
        for number in command.numbers { out += ", " + f(number) }
        out += "]"
      }
      out += path.commands.isEmpty ? "]\n" : "\n      ]\n"
      out += "    }"
    }
    out += input.document.paths.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
    return out
  }

  /// A JSON string literal.
  static func string(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || scalar == "\u{2028}" || scalar == "\u{2029}" {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
