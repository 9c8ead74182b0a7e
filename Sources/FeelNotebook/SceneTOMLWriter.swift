import FeelScene

/// Writes a `Scene` back as a scene file (docs/scene-format.md) that `SceneReader` reads to the
/// same `Scene`: the notebook's "export as scene file". The text comes from the scene schema
/// (`SceneSchema.pieces`), which knows how every key is written.
///
/// Every value is written, defaults included, so scenes that differ only in values give texts
/// that differ only in value tokens (`pieces`): the notebook stores one template per
/// experiment and the few values each grid point changes.
public enum SceneTOMLWriter {
  /// A piece of the text: fixed text, or one value (number, string, boolean).
  public typealias Piece = ScenePieces.Piece

  /// The scene file's text.
  public static func text(_ scene: Scene, header: [String] = []) -> String {
    SceneSchema.pieces(scene, header: header).text
  }

  /// The scene file as pieces; `header` lines are written first as `#` comments.
  public static func pieces(_ scene: Scene, header: [String] = []) -> [Piece] {
    SceneSchema.pieces(scene, header: header).pieces
  }

  /// A number in its shortest exact form (`160`, `0.35`, `3.141592653589793`, `1e-05`), which
  /// TOML reads back to the same double.
  public static func number(_ x: Double) -> String { ScenePieces.number(x) }

  /// A TOML basic string.
  public static func string(_ s: String) -> String { QuotedString.quoted(s) }
}

extension String {
  /// Line breaks as spaces, for one-line comments.
  var replacingNewlines: String {
    String(map { $0.isNewline ? " " : $0 })
  }
}
