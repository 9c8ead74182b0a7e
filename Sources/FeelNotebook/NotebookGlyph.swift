/// A glyph of a control's skin as the page draws it (docs/svg.md, "Canvas data"): the role the
/// control file gives it (`[skin.glyphs]`, `play`) and its canvas data, the text FeelSVG's
/// `CanvasEmitter` writes (what `feel svg FILE --to canvas` prints, without its final line
/// break). `feel notebook` reads the SVG file and converts it; the page's `glyph.js` parses and
/// draws it. Written into the control's page entry (`FEEL_NOTEBOOK.controls[name].glyphs[role]`)
/// as a string, so that the page holds exactly what `feel svg` prints.
public struct NotebookGlyph: Sendable, Equatable {
  /// The role the skin draws it in (`play`, `grab`, `thumb`).
  public var name: String
  /// The canvas data: `[1, [x, y, width, height], [path, …]]` as JSON text.
  public var canvas: String

  public init(name: String, canvas: String) {
    self.name = name
    self.canvas = canvas
  }
}
