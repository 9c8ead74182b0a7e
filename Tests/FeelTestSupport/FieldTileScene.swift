import FeelScene

/// StickyCorners' tile (66 × 94 pt, no rotation) in fields, as a scene for the tests of fields
/// (where an item ends, feel export's spring fit). Tests choose the numbers; the layout is
/// written only here.
public enum FieldTileScene {
  /// The tile's mass (kg): UIKit's density × area in (100 pt)² units.
  public static func mass_kg(density: Double) -> Double { density * 66 * 94 / 10_000 }

  /// The tile at `center` (pt) moving at `velocity` (pt/s), of `density`, under `resistance`
  /// (1/s), for `duration_s` at 60 Hz; a field of `kind` and `strength` at each of `fields`
  /// (its id and origin, pt), each with `fieldLine` (e.g. a falloff) and, when `regionSize`
  /// (pt) is given, a rect region of that size.
  public static func scene(
    center: Point, velocity: Point = Point(0, 0), density: Double = 0.01, resistance: Double,
    fields: [(id: String, position: Point)], kind: String = "spring", strength: Double = 1,
    fieldLine: String = "", regionSize: Point? = nil, duration_s: Double
  ) throws -> Scene {
    var text = """
      title = "A tile in fields"
      frame_rate = 60
      duration = \(duration_s)

      [[item]]
      id = "tile"
      size = [66, 94]
      center = [\(center.x), \(center.y)]
      velocity = [\(velocity.x), \(velocity.y)]

      [[behavior]]
      id = "tile-properties"
      type = "item"
      items = ["tile"]
      density = \(density)
      resistance = \(resistance)
      allows_rotation = false

      """
    for field in fields {
      text += """

        [[behavior]]
        id = "\(field.id)"
        type = "field"
        items = ["tile"]
        kind = "\(kind)"
        strength = \(strength)
        position = [\(field.position.x), \(field.position.y)]
        \(fieldLine)

        """
      if let regionSize {
        text += "region = { shape = \"rect\", size = [\(regionSize.x), \(regionSize.y)] }\n"
      }
    }
    return try SceneReader.parse(text, file: "tile-fields.toml")
  }
}
