import FeelScene

@testable import FeelEngine

/// A 100 × 100 pt item at (300, 400) (mass 1 kg at density 1), resistance 0, in one field.
func fieldScene(
  _ field: FieldSpec, density: Double = 1, velocity_pt_s: Point = Point(0, 0),
  charge: Double? = nil, resistance: Double = 0, duration_s: Double = 1
) -> Scene {
  Scene(
    duration_s: duration_s,
    items: [
      SceneItem(
        id: "tile", size_pt: Point(100, 100), center_pt: Point(300, 400),
        velocity_pt_s: velocity_pt_s)
    ],
    behaviors: [
      SceneBehavior(id: "field", items: ["tile"], kind: .field(field)),
      SceneBehavior(
        id: "props", items: ["tile"],
        kind: .item(ItemPropertiesSpec(density: density, resistance: resistance, charge: charge))),
    ])
}
