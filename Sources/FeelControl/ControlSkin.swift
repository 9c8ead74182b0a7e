/// The notebook's drawing of a control: a skin (a script `js/skin-NAME.js` of the notebook,
/// `FL.skins.NAME`, docs/notebook-scripts.md) and the settings the skin reads, passed to the
/// page as they are written, and the glyphs it draws (SVG files). The `generic` skin draws any
/// scene.
public struct ControlSkin: Sendable, Equatable {
  /// The skin's name (`castro`, `generic`).
  public var name: String
  /// The skin's own settings (`timeline_expanded = 22`), in file order: only the skin reads
  /// them, so FeelLab checks their form, not their names.
  public var settings: [(key: String, value: ControlValue)]
  /// Where `name` is written (nil: not written, the default skin), for messages.
  public var line: Int?
  /// The glyphs the skin draws (`[skin.glyphs]`), in file order; none by default.
  public var glyphs: [ControlGlyph]

  /// The key of `[skin]` that holds the glyph table: not a setting.
  public static let glyphsKey = "glyphs"

  /// The skin every scene can be drawn with.
  public static let generic = "generic"

  public init(
    name: String = ControlSkin.generic, settings: [(key: String, value: ControlValue)] = [],
    line: Int? = nil, glyphs: [ControlGlyph] = []
  ) {
    self.name = name
    self.settings = settings
    self.line = line
    self.glyphs = glyphs
  }

  public static func == (a: ControlSkin, b: ControlSkin) -> Bool {
    a.name == b.name && a.line == b.line && a.settings.map(\.key) == b.settings.map(\.key)
      && a.settings.map(\.value) == b.settings.map(\.value) && a.glyphs == b.glyphs
  }
}

/// A plain value of a control file: a number, a string, a boolean or an array of them.
public indirect enum ControlValue: Sendable, Equatable {
  case number(Double)
  case string(String)
  case boolean(Bool)
  case array([ControlValue])
}
