import FeelControl
import FeelNotebook
import FeelSVG
import FeelScene
import Foundation

/// A control's glyphs (`[skin.glyphs]`, docs/controls.md): each SVG file, relative to the
/// control file, read as every input file is and converted by FeelSVG to the canvas data
/// `feel svg FILE --to canvas` prints (docs/svg.md). A file that is missing, unreadable, not
/// SVG FeelSVG can convert, or that draws nothing is bad input at the control file's line and
/// key. FeelSVG's warnings (an element skipped) go to standard error, as `feel svg` prints them.
extension InputFile {
  /// The canvas data of every glyph `control` names, in the control file's order.
  static func glyphs(of control: ControlFile) throws(FeelError) -> [NotebookGlyph] {
    var out: [NotebookGlyph] = []
    for glyph in control.skin.glyphs {
      out.append(NotebookGlyph(name: glyph.name, canvas: try canvas(glyph, of: control)))
    }
    return out
  }

  /// One glyph's canvas data, without the final line break.
  static func canvas(_ glyph: ControlGlyph, of control: ControlFile) throws(FeelError) -> String {
    let path = normalized(relative(glyph.path, to: control.file))
    func bad(_ expected: String, _ reason: String) -> FeelError {
      FeelError(
        glyph.location.error(expected: expected, got: "\"\(glyph.path)\" (\(path): \(reason))")
          as ControlError)
    }
    let place = "an SVG file's path, relative to the control file"
    let text: String
    do {
      text = try InputFile.checkedText(path, .svg)
    } catch {
      throw bad(place, error.reason)
    }
    let document: SVGDocument
    do {
      document = try SVGReader.read(Data(text.utf8))
    } catch {
      throw bad("an SVG file FeelSVG can convert (docs/svg.md)", error.description)
    }
    for warning in document.warnings {
      FileHandle.standardError.write(Data("feel: warning: \(path): \(warning)\n".utf8))
    }
    guard !document.paths.isEmpty else {
      throw bad("an SVG file with a shape to draw", "it draws nothing")
    }
    let input = SVGEmitInput(
      document: document, name: SVGGlyphName.from(fileName: path),
      origin: "feel svg \(path) --to canvas")
    var canvas = CanvasEmitter.emit(input)
    if canvas.hasSuffix("\n") { canvas.removeLast() }
    return canvas
  }
}
