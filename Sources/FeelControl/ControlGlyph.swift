import FeelSweep

/// A glyph a control's skin draws (docs/controls.md, `[skin.glyphs]`): an SVG file named by the
/// role the skin gives it (`play`, `grab`, `thumb`). The notebook converts the file with FeelSVG
/// to canvas data when it is built (docs/svg.md, "Canvas data") and the skin draws that; the
/// reader only checks the form, `feel` reads and converts the file.
public struct ControlGlyph: Sendable, Equatable {
  /// The role the skin draws it in: letters, digits, `-` and `_` (`play`, `grab`).
  public var name: String
  /// The SVG file's path as written, relative to the control file's folder
  /// (`../glyphs/play.svg`).
  public var path: String
  /// Where it is written (the `[skin.glyphs]` key), for messages.
  public var location: SourceLocation
}
