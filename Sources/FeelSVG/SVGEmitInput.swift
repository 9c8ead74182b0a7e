/// What every emitter is given: the document, the glyph's name and how it was made (for the
/// generated file's header comment).
public struct SVGEmitInput: Sendable {
  public var document: SVGDocument
  /// A valid identifier (`SVGGlyphName.isValid`).
  public var name: String
  /// The command line that made it, for the header: `feel svg rest.svg --to swift`.
  public var origin: String

  public init(document: SVGDocument, name: String, origin: String) {
    self.document = document
    self.name = name
    self.origin = origin
  }

  var viewBoxText: String {
    let box = document.viewBox
    return [box.x, box.y, box.width, box.height].map(SVGNumberFormat.format).joined(
      separator: " ")
  }

  /// "fill #1d1d1f (nonzero, opacity 0.5), stroke #000000 2 pt (round cap, miter join, miter
  /// limit 4), opacity 1".
  static func summary(_ style: SVGPaintStyle) -> String {
    let f = SVGNumberFormat.format
    var parts: [String] = []
    if let fill = style.fill {
      var text = "fill \(fill.hex) (\(style.fillRule.rawValue)"
      if style.fillOpacity != 1 { text += ", fill opacity \(f(style.fillOpacity))" }
      parts.append(text + ")")
    } else {
      parts.append("no fill")
    }
    if let stroke = style.stroke {
      var text =
        "stroke \(stroke.hex) \(f(style.strokeWidth_pt)) pt (\(style.lineCap.rawValue) cap, "
        + "\(style.lineJoin.rawValue) join, miter limit \(f(style.miterLimit))"
      if style.strokeOpacity != 1 { text += ", stroke opacity \(f(style.strokeOpacity))" }
      parts.append(text + ")")
    } else {
      parts.append("no stroke")
    }
    parts.append("opacity \(f(style.opacity))")
    return parts.joined(separator: ", ")
  }

  /// "<path id="body"> (line 4)".
  static func source(_ path: SVGDrawnPath) -> String {
    let id = path.id.map { " id=\"\(sanitised($0))\"" } ?? ""
    return "<\(path.element)\(id)> (line \(path.line))"
  }

  /// Text safe inside a // or /// comment and a C string: printable ASCII only.
  static func sanitised(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.prefix(80).map {
          ($0.value >= 0x20 && $0.value < 0x7F && $0 != "\\") ? $0 : "?"
        }))
  }
}
