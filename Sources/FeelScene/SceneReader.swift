import FeelEngine

/// Reads a scene file's text (TOML, see docs/scene-format.md) into a validated
/// `Scene`, with UIKit's defaults for omitted values.
///
/// Pure: the caller reads the file. Any problem (TOML syntax, an unknown or misspelt key, a
/// wrong type or range, a missing required key, a duplicate id, a reference to an unknown
/// item, behavior or boundary) throws one `SceneError` naming the file, the line, the key and
/// what was expected.
///
/// FeelLab additions to the format: attachment `offset` and `to_offset` ([x, y] pt, the
/// attachment points on the item and on the `to` item, relative to their centres); touches,
/// the recognizer, drag behaviors, touch rules and `[measure]` (docs/touches.md).
/// Scene-level defaults: `profile = "modern"`, `frame_rate = 60`, `duration = 2`.
public enum SceneReader {
  /// The most display frames a scene may ask for (round(duration × frame_rate)).
  public static let maxFrames = 1_000_000

  /// Keys of the top level of a scene file.
  static let sceneKeys = [
    "title", "profile", "frame_rate", "duration", "reference_size", "item", "behavior", "rule",
    "recognizer", "touch", "measure",
  ]
  /// Keys of an `[[item]]` table.
  static let itemKeys = ["id", "size", "center", "angle", "velocity", "angular_velocity"]

  /// Parses and validates `text`, the contents of the scene file `file` (used in messages).
  /// `loadTrace` reads the trace files its touches name (`file = "…"`); without one, such a
  /// touch is an error.
  public static func parse(
    _ text: String, file: String, loadTrace: TraceFileLoader? = nil
  ) throws(SceneError) -> Scene {
    let fields = try TOMLNode.parse(text, file: file)
    let source = SceneTable.Source(file: file, map: SceneSourceMap(text))
    let top = SceneTable(fields: fields, label: "", path: .root, source: source)
    try top.checkKeys(sceneKeys, of: "a scene's top level")

    var scene = Scene()
    scene.title = try top.string("title")
    scene.profile = try top.choice("profile", Profile.self) ?? scene.profile
    scene.frameRate_hz = try top.number("frame_rate", .positive, unit: "Hz") ?? scene.frameRate_hz
    scene.duration_s = try top.number("duration", .positive, unit: "s") ?? scene.duration_s
    let frames = (scene.duration_s * scene.frameRate_hz).rounded()
    if frames > Double(maxFrames) {
      let key = top.has("duration") ? "duration" : "frame_rate"
      throw top.error(
        key, expected: "at most \(maxFrames) frames (duration × frame_rate)",
        got: "\(frames < 1e15 ? String(Int(frames)) : String(frames)) frames")
    }
    scene.referenceSize_pt = try top.vector(
      "reference_size", "a size [width, height] (pt)", positive: true)

    scene.items = try readItems(top)
    scene.touches = try readTouches(top, loadTrace: loadTrace)
    scene.recognizer = try readRecognizer(top)
    let touchIDs = scene.touches.map(\.id)
    scene.behaviors = try readBehaviors(
      top, itemIDs: scene.items.map(\.id), touchIDs: touchIDs,
      hasReferenceSize: scene.referenceSize_pt != nil)
    scene.rules = try readRules(top, behaviors: scene.behaviors, touchIDs: touchIDs)
    try checkKinematicDrags(top, behaviors: scene.behaviors, rules: scene.rules)
    scene.measure = try readMeasure(top, itemIDs: scene.items.map(\.id), touchIDs: touchIDs)
    return scene
  }

  /// The `[[item]]` tables: at least one, ids unique, sizes > 0. A scene without items would
  /// simulate nothing (an empty or comment-only file reads as one), so it is refused; a scene
  /// with items and no behaviors is valid: as in UIKit, its items simply stay put.
  private static func readItems(_ top: SceneTable) throws(SceneError) -> [SceneItem] {
    let tables = try top.tables("item", "an array of tables: [[item]] sections") ?? []
    if tables.isEmpty {
      throw top.error(
        "item",
        expected: "at least one [[item]] section (id, size, center; without items there is "
          + "nothing to simulate)",
        got: top.fields["item"]?.shown ?? "nothing")
    }
    var items: [SceneItem] = []
    for (index, fields) in tables.enumerated() {
      var table = SceneTable(
        fields: fields, label: "item #\(index + 1)", path: .element("item", index),
        source: top.source)
      let id = try table.id(of: "the item")
      if let earlier = items.firstIndex(where: { $0.id == id }) {
        throw table.error(
          "id", expected: "an id no other item has", got: "\"\(id)\", as item #\(earlier + 1)")
      }
      table.label = "item \"\(id)\""
      try table.checkKeys(itemKeys, of: "an item")

      let sizeForm = "a size [width, height] (pt)"
      let centerForm = "a centre [x, y] (pt)"
      var item = SceneItem(
        id: id,
        size_pt: try table.required(
          table.vector("size", sizeForm, positive: true), "size", expected: sizeForm),
        center_pt: try table.required(
          table.vector("center", centerForm), "center", expected: centerForm))
      item.angle_rad = try table.number("angle", unit: "rad") ?? item.angle_rad
      item.velocity_pt_s =
        try table.vector("velocity", "a velocity [vx, vy] (pt/s)") ?? item.velocity_pt_s
      item.angularVelocity_rad_s =
        try table.number("angular_velocity", unit: "rad/s") ?? item.angularVelocity_rad_s
      items.append(item)
    }
    return items
  }
}

extension SceneRule {
  /// How a contact rule names the reference view's bounds (`boundary = "reference-bounds"`);
  /// no boundary may take this id.
  public static let referenceBoundsID = "reference-bounds"
}
