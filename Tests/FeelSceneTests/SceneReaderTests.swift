import FeelEngine
import FeelTestSupport
import Testing

@testable import FeelScene

/// The example scene of docs/scene-format.md: the same keys and values, other comments.
private let formatExampleText = """
  title = "Castro tap hint, left half"   # optional
  profile = "modern"        # "modern" (default): 1/120 s sub-steps; "ios7": 0.004 s sub-steps, clamp damping
  frame_rate = 60           # display frames per second; one output row per item per frame
  duration = 2.0            # seconds to simulate (frames = round(duration × frame_rate))
  reference_size = [320, 50]   # the reference view's bounds size (used by reference-bounds boundaries)

  [[item]]
  id = "bar"
  size = [320, 50]
  center = [160, 25]
  angle = 0.0               # optional, initial rotation
  velocity = [0, 0]         # optional, initial linear velocity, pt/s
  angular_velocity = 0.0    # optional, rad/s

  [[behavior]]
  id = "scrub-snap"
  type = "snap"             # snap | push | gravity | collision | attachment | item
  items = ["bar"]
  point = [160, 25]
  damping = 0.35
  start = false             # optional: not added at t = 0 (default true)

  [[behavior]]
  id = "scrub-rotation"
  type = "item"             # UIDynamicItemBehavior; any subset of:
  items = ["bar"]           # elasticity, friction, density, resistance,
  allows_rotation = false   # angular_resistance, allows_rotation
  start = false

  [[behavior]]
  id = "hint-push"
  type = "push"
  items = ["bar"]
  mode = "instantaneous"    # or "continuous"
  angle = 0.0               # or: direction = [dx, dy] (UIKit pushDirection)
  magnitude = 4.0
  offset = [0, 0]           # optional target offset from the centre

  [[behavior]]
  id = "hint-gravity"
  type = "gravity"
  items = ["bar"]
  angle = 3.141592653589793 # or: direction = [gx, gy]
  magnitude = 2.0

  [[behavior]]
  id = "hint-wall"
  type = "collision"
  items = ["bar"]
  boundaries = [ { id = "left-wall", from = [-10, 0], to = [-10, 50] } ]
  reference_bounds = false  # true: the reference view's bounds are a boundary too (identifier nil)

  [[behavior]]
  id = "tether"
  type = "attachment"
  items = ["bar"]
  anchor = [100, 100]       # attach to a point (or: to = "other-item-id")
  length = 100              # optional: default is the current distance
  frequency = 0.0           # 0: rigid rod; > 0: spring (Hz)
  damping = 0.0             # spring damping ratio

  [[rule]]                  # what happens when an event occurs; applied after that frame's step
  on = "contact"            # contact | time | pause
  boundary = "left-wall"    # contact: the boundary id that was touched (any boundary if omitted)
  add = ["scrub-snap", "scrub-rotation"]
  remove = ["hint-push", "hint-gravity", "hint-wall"]

  [[rule]]
  on = "time"
  at = 0.2                  # seconds
  add = []
  remove = []
  """

/// `barSceneBase` followed by `lines`, the first of them on line 6.
private func scene(_ lines: String...) -> String {
  scene(lines)
}

private func scene(_ lines: [String]) -> String { barScene(lines) }

private let file = "scenes/test.toml"

/// The error `text` is refused with, or nil if it parses.
private func parseError(_ text: String) -> SceneError? {
  do {
    _ = try SceneReader.parse(text, file: file)
    return nil
  } catch {
    return error
  }
}

/// Checks that `text` is refused on `line`, naming `key`, with every fragment in the message.
private func expectError(
  _ text: String, line: Int, key: String, _ fragments: String...,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let error = parseError(text) else {
    Issue.record("parsed without error", sourceLocation: sourceLocation)
    return
  }
  let message = error.description
  #expect(error.file == file, sourceLocation: sourceLocation)
  #expect(error.line == line, "\(message)", sourceLocation: sourceLocation)
  #expect(error.key == key, "\(message)", sourceLocation: sourceLocation)
  #expect(message.hasPrefix("\(file):\(line):"), "\(message)", sourceLocation: sourceLocation)
  if !key.isEmpty {
    #expect(message.contains("'\(key)'"), "\(message)", sourceLocation: sourceLocation)
  }
  for fragment in fragments {
    #expect(message.contains(fragment), "\(message)", sourceLocation: sourceLocation)
  }
}

private func parse(_ text: String) throws -> Scene {
  try SceneReader.parse(text, file: file)
}

@Suite("Scene reader: valid scenes")
struct SceneReaderValidTests {
  @Test("the scene-format.md example reads into the values it states")
  func formatExample() throws {
    let scene = try parse(formatExampleText)
    let expected = Scene(
      title: "Castro tap hint, left half", profile: .modern, frameRate_hz: 60, duration_s: 2,
      referenceSize_pt: Point(320, 50),
      items: [SceneItem(id: "bar", size_pt: Point(320, 50), center_pt: Point(160, 25))],
      behaviors: [
        SceneBehavior(
          id: "scrub-snap", items: ["bar"], start: false,
          kind: .snap(SnapSpec(point_pt: Point(160, 25), damping: 0.35))),
        SceneBehavior(
          id: "scrub-rotation", items: ["bar"], start: false,
          kind: .item(ItemPropertiesSpec(allowsRotation: false))),
        SceneBehavior(
          id: "hint-push", items: ["bar"],
          kind: .push(PushSpec(mode: .instantaneous, angle_rad: 0, magnitude: 4))),
        SceneBehavior(
          id: "hint-gravity", items: ["bar"],
          kind: .gravity(GravitySpec(angle_rad: 3.141592653589793, magnitude: 2))),
        SceneBehavior(
          id: "hint-wall", items: ["bar"],
          kind: .collision(
            CollisionSpec(boundaries: [
              SceneBoundary(id: "left-wall", from_pt: Point(-10, 0), to_pt: Point(-10, 50))
            ]))),
        SceneBehavior(
          id: "tether", items: ["bar"],
          kind: .attachment(
            AttachmentSpec(
              target: .anchor(Point(100, 100)), length_pt: 100, frequency_hz: 0, damping: 0))),
      ],
      rules: [
        SceneRule(
          on: .contact(boundary: "left-wall"), add: ["scrub-snap", "scrub-rotation"],
          remove: ["hint-push", "hint-gravity", "hint-wall"]),
        SceneRule(on: .time(at_s: 0.2)),
      ])
    #expect(scene == expected)
    #expect(scene.frameCount == 120)
  }

  @Test("omitted values take UIKit's defaults (model page)")
  func defaults() throws {
    let scene = try parse(
      """
      [[item]]
      id = "a"
      size = [10, 10]
      center = [0, 0]
      [[item]]
      id = "b"
      size = [10, 10]
      center = [50, 0]
      [[behavior]]
      id = "s"
      type = "snap"
      items = ["a"]
      point = [1, 2]
      [[behavior]]
      id = "p"
      type = "push"
      items = ["a", "b"]
      mode = "continuous"
      [[behavior]]
      id = "g"
      type = "gravity"
      items = ["a"]
      [[behavior]]
      id = "j"
      type = "attachment"
      items = ["a"]
      to = "b"
      [[behavior]]
      id = "i"
      type = "item"
      items = ["b"]
      """)
    #expect(scene.title == nil)
    #expect(scene.profile == .modern)
    #expect(scene.frameRate_hz == 60)
    #expect(scene.duration_s == 2)
    #expect(scene.referenceSize_pt == nil)
    #expect(scene.items[0] == SceneItem(id: "a", size_pt: Point(10, 10), center_pt: Point(0, 0)))
    #expect(scene.items[0].angle_rad == 0)
    #expect(scene.items[0].velocity_pt_s == Point(0, 0))
    #expect(scene.items[0].angularVelocity_rad_s == 0)
    let kinds = scene.behaviors.map(\.kind)
    #expect(scene.behaviors.allSatisfy { $0.start })
    #expect(kinds[0] == .snap(SnapSpec(point_pt: Point(1, 2), damping: SnapDefaults.damping)))
    #expect(SnapDefaults.damping == 0.5)
    #expect(
      kinds[1]
        == .push(PushSpec(mode: .continuous, angle_rad: 0, magnitude: 0, offset_pt: Point(0, 0))))
    #expect(
      kinds[2]
        == .gravity(
          GravitySpec(angle_rad: GravityDefaults.angle_rad, magnitude: GravityDefaults.magnitude)))
    #expect(GravityDefaults.angle_rad == Double.pi / 2)
    #expect(GravityDefaults.magnitude == 1)
    #expect(
      kinds[3]
        == .attachment(
          AttachmentSpec(
            target: .item("b"), offset_pt: Point(0, 0), toOffset_pt: Point(0, 0), length_pt: nil,
            frequency_hz: 0, damping: 0)))
    #expect(kinds[4] == .item(ItemPropertiesSpec()))
    #expect(scene.rules.isEmpty)
  }

  @Test("direction = [dx, dy] sets angle = atan2(dy, dx) and magnitude = |direction|")
  func directionSetsAngleAndMagnitude() throws {
    let scene = try parse(
      scene(
        "[[behavior]]", "id = \"p\"", "type = \"push\"", "items = [\"bar\"]",
        "mode = \"instantaneous\"", "direction = [0, -3]",
        "[[behavior]]", "id = \"g\"", "type = \"gravity\"", "items = [\"bar\"]",
        "direction = [3, 4]"))
    #expect(
      scene.behaviors[0].kind
        == .push(PushSpec(mode: .instantaneous, angle_rad: -.pi / 2, magnitude: 3)))
    guard case .gravity(let gravity) = scene.behaviors[1].kind else {
      Issue.record("not a gravity behavior")
      return
    }
    #expect(abs(gravity.angle_rad - 0.9272952180016122) < 1e-15)
    #expect(gravity.magnitude == 5)
  }

  @Test("FeelLab additions and the other spellings of the format")
  func additionsAndAlternativeSpellings() throws {
    let scene = try parse(
      """
      profile = 'ios7'
      reference_size = [320.5, 50]
      item = [
        { id = "a", size = [10, 10], center = [0, 0], velocity = [1, -2], angle = 0.5 },
        { id = "b", size = [10, 10], center = [50, 0], angular_velocity = -3 },
      ]
      [[behavior]]
      id = "j"
      type = "attachment"
      items = ["a"]
      to = "b"
      offset = [1, 2]
      to_offset = [-3, 4]
      frequency = 2
      damping = 0.7
      [[behavior]]
      id = "walls"
      type = "collision"
      items = ["b"]
      reference_bounds = true
      [[behavior.boundaries]]
      id = "floor"
      from = [0, 100]
      to = [320, 100]
      [[behavior]]
      id = "props"
      type = "item"
      items = ["a", "b"]
      elasticity = 0
      friction = 1
      density = 2.5
      resistance = 0
      angular_resistance = 3
      allows_rotation = true
      [[rule]]
      on = "contact"
      boundary = "reference-bounds"
      remove = ["props"]
      [[rule]]
      on = "pause"
      [[rule]]
      on = "contact"
      """)
    #expect(scene.profile == .ios7)
    #expect(scene.referenceSize_pt == Point(320.5, 50))
    #expect(scene.items[0].velocity_pt_s == Point(1, -2))
    #expect(scene.items[0].angle_rad == 0.5)
    #expect(scene.items[1].angularVelocity_rad_s == -3)
    #expect(
      scene.behaviors[0].kind
        == .attachment(
          AttachmentSpec(
            target: .item("b"), offset_pt: Point(1, 2), toOffset_pt: Point(-3, 4),
            frequency_hz: 2, damping: 0.7)))
    #expect(
      scene.behaviors[1].kind
        == .collision(
          CollisionSpec(
            boundaries: [
              SceneBoundary(id: "floor", from_pt: Point(0, 100), to_pt: Point(320, 100))
            ],
            referenceBounds: true)))
    #expect(
      scene.behaviors[2].kind
        == .item(
          ItemPropertiesSpec(
            elasticity: 0, friction: 1, density: 2.5, resistance: 0, angularResistance: 3,
            allowsRotation: true)))
    #expect(
      scene.rules == [
        SceneRule(on: .contact(boundary: "reference-bounds"), remove: ["props"]),
        SceneRule(on: .pause), SceneRule(on: .contact(boundary: nil)),
      ])
  }
}

@Suite("Scene reader: malformed scenes")
struct SceneReaderErrorTests {
  @Test("TOML syntax errors carry the TOML reader's line and column")
  func syntax() throws {
    let error = try #require(
      parseError(scene("[[behavior]]", "id = \"p\"", "items = [\"bar\" \"baz\"]")))
    #expect(error.line == 8)
    #expect(error.column != nil)
    #expect(error.description.hasPrefix("\(file):8:"))
    #expect(error.description.contains("TOML syntax"))
    #expect(error.description.contains("array"))
    expectError(scene("id = \"again\""), line: 6, key: "", "TOML syntax", "redefine")
  }

  @Test("wrong types name the key, what was expected and what the file has")
  func wrongTypes() {
    expectError(
      scene(
        "[[behavior]]", "id = \"hint-push\"", "type = \"push\"", "items = [\"bar\"]",
        "mode = \"instantaneous\"", "magnitude = \"four\""),
      line: 11, key: "magnitude",
      #"behavior "hint-push" key 'magnitude': expected a number, got "four""#)
    expectError(
      scene("[[behavior]]", "id = \"s\"", "type = \"item\"", "items = \"bar\""),
      line: 9, key: "items", "expected an array of item ids", #"got "bar""#)
    expectError(
      scene("[[behavior]]", "id = \"s\"", "type = \"item\"", "items = [\"bar\"]", "start = 1"),
      line: 10, key: "start", "expected true or false, got 1")
    expectError("title = 3", line: 1, key: "title", "expected a string, got 3")
    expectError("duration = 1979-05-27", line: 1, key: "duration", "expected a number > 0 (s)")
    expectError(
      "duration = 1\n[item]\nid = \"a\"", line: 2, key: "item",
      "expected an array of tables: [[item]] sections, got a table")
  }

  struct MissingCase: Sendable, CustomTestStringConvertible {
    var lines: [String]
    var line: Int
    var key: String
    var expected: String
    var testDescription: String { key }
  }

  @Test(
    "missing required keys are named, on the line of their table",
    arguments: [
      MissingCase(
        lines: ["[[item]]", "size = [1, 1]", "center = [0, 0]"], line: 6, key: "id",
        expected: "a non-empty string naming the item"),
      MissingCase(
        lines: ["[[item]]", "id = \"b\"", "center = [0, 0]"], line: 6, key: "size",
        expected: "a size [width, height] (pt)"),
      MissingCase(
        lines: ["[[item]]", "id = \"b\"", "size = [1, 1]"], line: 6, key: "center",
        expected: "a centre [x, y] (pt)"),
      MissingCase(
        lines: ["[[behavior]]", "type = \"snap\""], line: 6, key: "id",
        expected: "a non-empty string naming the behavior"),
      MissingCase(
        lines: ["[[behavior]]", "id = \"s\""], line: 6, key: "type",
        expected:
          #"one of "snap", "push", "gravity", "collision", "attachment", "item", "drag", "inertia", "detent", "field", "scroll""#
      ),
      MissingCase(
        lines: ["[[behavior]]", "id = \"s\"", "type = \"gravity\""], line: 6, key: "items",
        expected: "an array of item ids"),
      MissingCase(
        lines: ["[[behavior]]", "id = \"s\"", "type = \"snap\"", "items = [\"bar\"]"], line: 6,
        key: "point", expected: "a snap point [x, y] (pt)"),
      MissingCase(
        lines: ["[[behavior]]", "id = \"p\"", "type = \"push\"", "items = [\"bar\"]"], line: 6,
        key: "mode", expected: #"one of "instantaneous", "continuous""#),
      MissingCase(
        lines: ["[[behavior]]", "id = \"j\"", "type = \"attachment\"", "items = [\"bar\"]"],
        line: 6, key: "anchor", expected: #"an anchor point [x, y] (pt), or to = "item-id""#),
      MissingCase(
        lines: [
          "[[behavior]]", "id = \"c\"", "type = \"collision\"", "items = [\"bar\"]",
          "boundaries = [{ id = \"w\", to = [0, 1] }]",
        ], line: 10, key: "from", expected: "an end point [x, y] (pt)"),
      MissingCase(
        lines: ["", "[[rule]]", "add = []"], line: 7, key: "on",
        expected:
          #"one of "contact", "time", "pause", "tap", "hold", "drag-began", "drag-ended", "touch-down", "touch-up""#
      ),
      MissingCase(
        lines: ["[[rule]]", "on = \"time\""], line: 6, key: "at", expected: "a time ≥ 0 (s)"),
    ])
  func missingKeys(_ missing: MissingCase) {
    expectError(
      scene(missing.lines.joined(separator: "\n")), line: missing.line, key: missing.key,
      "expected \(missing.expected), got nothing")
  }

  @Test("unknown keys are errors, with a suggestion when a known key is close")
  func unknownKeys() {
    expectError(
      "title = \"t\"\nframe_rat = 60", line: 2, key: "frame_rat",
      "key 'frame_rat': expected a key of a scene's top level", "got an unknown key",
      "did you mean 'frame_rate'?")
    expectError(
      scene("centre = [1, 2]"), line: 6, key: "centre", #"item "bar" key 'centre'"#,
      "did you mean 'center'?")
    expectError(
      scene(
        "[[behavior]]", "id = \"hint-push\"", "type = \"push\"", "items = [\"bar\"]",
        "mode = \"continuous\"", "damping = 0.5"),
      line: 11, key: "damping",
      #"behavior "hint-push" key 'damping': expected a key of a push behavior (id, type, items, "#
        + "start, mode, angle, direction, magnitude, offset), got an unknown key")
    expectError(
      scene(
        "[[behavior]]", "id = \"c\"", "type = \"collision\"", "items = [\"bar\"]",
        "boundaries = [", "  { id = \"w\", from = [0, 0], to = [0, 50] },",
        "  { id = \"v\", from = [9, 0], too = [9, 50] },", "]"),
      line: 12, key: "too", #"behavior "c" boundary "v" key 'too'"#, "did you mean 'to'?")
    expectError(
      scene("[[rule]]", "on = \"contact\"", "at = 0.5"), line: 8, key: "at",
      "expected a key of a contact rule (on, boundary, item, set, point, angle, direction, "
        + "magnitude, anchor, length, frequency, damping, active, offset, elasticity, friction, "
        + "density, resistance, angular_resistance, allows_rotation, anchored, charge, position, "
        + "strength, falloff, minimum_radius, smoothness, animation_speed, region, add, remove)")
    expectError(
      scene("[[rule]]", "on = \"time\"", "at = 1", "boundry = \"x\""), line: 9, key: "boundry",
      "expected a key of a time rule (on, at, set, point, angle, direction, "
        + "magnitude, anchor, length, frequency, damping, active, offset, elasticity, friction, "
        + "density, resistance, angular_resistance, allows_rotation, anchored, charge, position, "
        + "strength, falloff, minimum_radius, smoothness, animation_speed, region, add, remove)")
    expectError(
      "[[items]]\nid = \"a\"", line: 1, key: "items", "did you mean 'item'?")
  }

  @Test("type, profile, mode and on must be one of their names, with a suggestion")
  func unknownNames() {
    expectError(
      scene("[[behavior]]", "id = \"s\"", "type = \"snapp\""), line: 8, key: "type",
      #"expected one of "snap", "push", "gravity", "collision", "attachment", "item", "drag", "inertia", "detent", "field", "scroll", got "snapp""#,
      "did you mean 'snap'?")
    expectError(
      "profile = \"iOS7\"", line: 1, key: "profile",
      #"expected one of "modern", "ios7", got "iOS7"; did you mean 'ios7'?"#)
    expectError(
      scene(
        "[[behavior]]", "id = \"p\"", "type = \"push\"", "items = [\"bar\"]",
        "mode = \"instant\""),
      line: 10, key: "mode", #"expected one of "instantaneous", "continuous", got "instant""#)
    expectError(
      scene("[[rule]]", "on = \"tiem\""), line: 7, key: "on", "did you mean 'time'?")
  }

  @Test("ids are unique: items, behaviors, and boundaries across the scene")
  func duplicateIDs() {
    expectError(
      scene("[[item]]", "id = \"bar\"", "size = [1, 1]", "center = [0, 0]"), line: 7, key: "id",
      "item #2 key 'id': expected an id no other item has", #"got "bar", as item #1"#)
    expectError(
      scene(
        "[[behavior]]", "id = \"g\"", "type = \"gravity\"", "items = [\"bar\"]",
        "[[behavior]]", "id = \"g\"", "type = \"gravity\"", "items = [\"bar\"]"),
      line: 11, key: "id", "behavior #2 key 'id': expected an id no other behavior has")
    let wall = { (id: String) in
      [
        "[[behavior]]", "id = \"\(id)\"", "type = \"collision\"", "items = [\"bar\"]",
        "boundaries = [{ id = \"wall\", from = [0, 0], to = [0, 1] }]",
      ]
    }
    expectError(
      scene((wall("c1") + wall("c2")).joined(separator: "\n")), line: 15, key: "id",
      #"behavior "c2" boundary #1 key 'id': expected a boundary id not used elsewhere"#,
      #"also in behavior "c1""#)
    expectError(
      scene(
        "[[behavior]]", "id = \"c\"", "type = \"collision\"", "items = [\"bar\"]",
        "boundaries = [{ id = \"w\", from = [0, 0], to = [0, 1] },",
        "  { id = \"w\", from = [5, 0], to = [5, 1] }]"),
      line: 11, key: "id", "expected a boundary id not used elsewhere", #"got "w""#)
    expectError(
      scene(
        "[[behavior]]", "id = \"c\"", "type = \"collision\"", "items = [\"bar\"]",
        "boundaries = [{ id = \"reference-bounds\", from = [0, 0], to = [0, 1] }]"),
      line: 10, key: "id", #"expected an id other than "reference-bounds""#)
  }

  @Test("references name items, behaviors and boundaries of the scene")
  func unknownReferences() {
    let behaviors = [
      "[[behavior]]", "id = \"hint-push\"", "type = \"push\"", "items = [\"bar\"]",
      "mode = \"instantaneous\"",
      "[[behavior]]", "id = \"wall\"", "type = \"collision\"", "items = [\"bar\"]",
      "boundaries = [{ id = \"left-wall\", from = [0, 0], to = [0, 50] }]",
    ]
    expectError(
      scene(behaviors + ["[[rule]]", "on = \"pause\"", "add = [\"hint-psh\"]"]),
      line: 18, key: "add", "rule #1 key 'add': expected the id of a behavior (hint-push, wall)",
      #"got "hint-psh"; did you mean 'hint-push'?"#)
    expectError(
      scene(behaviors + ["[[rule]]", "on = \"pause\"", "remove = [\"wall\", \"nope\"]"]),
      line: 18, key: "remove", #"got "nope""#)
    expectError(
      scene(behaviors + ["[[rule]]", "on = \"contact\"", "boundary = \"left_wall\""]),
      line: 18, key: "boundary", "expected the id of a boundary (left-wall)",
      "did you mean 'left-wall'?")
    expectError(
      scene(behaviors + ["[[rule]]", "on = \"contact\"", "boundary = \"reference-bounds\""]),
      line: 18, key: "boundary", #"got "reference-bounds""#)
    expectError(
      scene(
        "[[behavior]]", "id = \"j\"", "type = \"attachment\"", "items = [\"bar\"]",
        "to = \"baz\""),
      line: 10, key: "to", "expected the id of an item (bar)", #"got "baz"; did you mean 'bar'?"#)
    expectError(
      scene("[[behavior]]", "id = \"g\"", "type = \"gravity\"", "items = [\"bar\", \"ghost\"]"),
      line: 9, key: "items", "expected the id of an item (bar)", #"got "ghost""#)
    expectError(
      scene("[[behavior]]", "id = \"g\"", "type = \"gravity\"", "items = [\"bar\", \"bar\"]"),
      line: 9, key: "items", "expected each item once")
  }

  @Test("a scene needs an item to simulate; items without behaviors are a still scene")
  func items() throws {
    for text in [
      "", "# nothing yet\n", "duration = 1.0\n", "title = \"t\"\n[[behavior]]\nid = \"g\"",
    ] {
      expectError(
        text, line: 1, key: "item",
        "expected at least one [[item]] section (id, size, center; "
          + "without items there is nothing to simulate), got nothing")
    }
    expectError("item = []", line: 1, key: "item", "at least one [[item]]", "got []")
    let still = try SceneReader.parse(scene(), file: file)
    #expect(still.items.map(\.id) == ["bar"])
    #expect(still.behaviors.isEmpty)
  }

  @Test("messages are one line: what a file holds is quoted with escapes")
  func oneLine() throws {
    let error = try #require(parseError(scene("[[behavior]]", "id = \"a\\nb\\u001b\"")))
    #expect(
      error.description.contains(#"behavior "a\nb\u{1B}" key 'type'"#), "\(error.description)")
    #expect(!error.description.contains(where: { $0.isNewline || $0 == "\u{1B}" }))
  }

  @Test("sizes, frame rate and duration must be > 0; frames are capped")
  func positiveQuantities() {
    expectError(
      scene("[[item]]", "id = \"b\"", "size = [10, 0]", "center = [0, 0]"), line: 8, key: "size",
      #"item "b" key 'size': expected a size [width, height] (pt): two numbers > 0, got [10, 0]"#)
    expectError(
      "reference_size = [-320, 50]", line: 1, key: "reference_size", "two numbers > 0")
    expectError("frame_rate = 0", line: 1, key: "frame_rate", "expected a number > 0 (Hz), got 0")
    expectError("duration = -1.5", line: 1, key: "duration", "expected a number > 0 (s), got -1.5")
    expectError(
      "frame_rate = 120\nduration = 10000", line: 2, key: "duration",
      "expected at most 1000000 frames (duration × frame_rate)", "got 1200000 frames")
    expectError("frame_rate = 1e300\n", line: 1, key: "frame_rate", "at most 1000000 frames")
  }

  @Test("numbers must be finite: nan and inf are refused")
  func nonFiniteNumbers() {
    expectError("duration = nan", line: 1, key: "duration", "expected a number > 0 (s), got nan")
    expectError(scene("angle = -inf"), line: 6, key: "angle", "expected a number (rad), got -inf")
    expectError(
      scene(
        "[[behavior]]", "id = \"g\"", "type = \"gravity\"", "items = [\"bar\"]",
        "magnitude = inf"),
      line: 10, key: "magnitude", "expected a number, got inf")
    expectError(scene("velocity = [0, nan]"), line: 6, key: "velocity", "got [0, nan]")
  }

  @Test("vectors are two numbers")
  func vectors() {
    expectError(
      scene("velocity = [1, 2, 3]"), line: 6, key: "velocity",
      "expected a velocity [vx, vy] (pt/s): two numbers, got [1, 2, 3]")
    expectError(scene("velocity = 5"), line: 6, key: "velocity", "two numbers, got 5")
    expectError(
      scene(
        "[[behavior]]", "id = \"s\"", "type = \"snap\"", "items = [\"bar\"]",
        "point = [\"1\", 2]"),
      line: 10, key: "point", #"got ["1", 2]"#)
  }

  @Test("ranges: damping ≥ 0, density > 0, elasticity, friction, resistance ≥ 0")
  func ranges() {
    let snap = ["[[behavior]]", "id = \"s\"", "type = \"snap\"", "items = [\"bar\"]"]
    expectError(
      scene(snap + ["point = [0, 0]", "damping = -0.1"]), line: 11, key: "damping",
      "expected a number ≥ 0, got -0.1")
    let attachment = ["[[behavior]]", "id = \"j\"", "type = \"attachment\"", "items = [\"bar\"]"]
    expectError(
      scene(attachment + ["anchor = [0, 0]", "damping = -1"]), line: 11, key: "damping",
      "expected a number ≥ 0")
    expectError(
      scene(attachment + ["anchor = [0, 0]", "frequency = -4"]), line: 11, key: "frequency",
      "expected a number ≥ 0 (Hz)")
    expectError(
      scene(attachment + ["anchor = [0, 0]", "length = -1"]), line: 11, key: "length",
      "expected a number ≥ 0 (pt)")
    let properties = ["[[behavior]]", "id = \"i\"", "type = \"item\"", "items = [\"bar\"]"]
    let cases = [
      ("density = 0", "density", "expected a number > 0, got 0"),
      ("elasticity = -0.2", "elasticity", "expected a number ≥ 0, got -0.2"),
      ("friction = -1", "friction", "expected a number ≥ 0, got -1"),
      ("resistance = -1", "resistance", "expected a number ≥ 0 (1/s)"),
      ("angular_resistance = -1", "angular_resistance", "expected a number ≥ 0 (1/s)"),
    ]
    for (line, key, fragment) in cases {
      expectError(scene(properties + [line]), line: 10, key: key, fragment)
    }
    expectError(
      scene("[[rule]]", "on = \"time\"", "at = -0.5"), line: 8, key: "at",
      "expected a number ≥ 0 (s), got -0.5")
  }

  @Test("direction excludes angle and magnitude")
  func directionConflicts() {
    let push = [
      "[[behavior]]", "id = \"p\"", "type = \"push\"", "items = [\"bar\"]",
      "mode = \"instantaneous\"",
    ]
    expectError(
      scene(push + ["direction = [1, 0]", "angle = 0.5"]), line: 12, key: "angle",
      "expected no angle when direction is given", "got 0.5")
    expectError(
      scene(push + ["magnitude = 2", "direction = [1, 0]"]), line: 11, key: "magnitude",
      "expected no magnitude when direction is given")
    expectError(
      scene(
        "[[behavior]]", "id = \"g\"", "type = \"gravity\"", "items = [\"bar\"]",
        "angle = 1", "direction = [0, 1]"),
      line: 10, key: "angle", "sets both angle and magnitude")
  }

  @Test("reference_bounds = true needs reference_size")
  func referenceBoundsNeedReferenceSize() {
    expectError(
      scene(
        "[[behavior]]", "id = \"c\"", "type = \"collision\"", "items = [\"bar\"]",
        "reference_bounds = true"),
      line: 10, key: "reference_bounds", "expected a top-level reference_size",
      "got no reference_size")
  }

  @Test("snap and attachment act on one item; collisions with one item for now")
  func itemCounts() {
    let two = "[[item]]\nid = \"b\"\nsize = [1, 1]\ncenter = [0, 0]"
    expectError(
      scene(
        two, "[[behavior]]", "id = \"s\"", "type = \"snap\"", "items = [\"bar\", \"b\"]",
        "point = [0, 0]"),
      line: 13, key: "items", "expected exactly one item id (a snap behavior acts on one item)")
    expectError(
      scene(
        two, "[[behavior]]", "id = \"j\"", "type = \"attachment\"", "items = [\"bar\", \"b\"]",
        "anchor = [0, 0]"),
      line: 13, key: "items", "an attachment behavior acts on one item")
    expectError(
      scene(
        two, "[[behavior]]", "id = \"c\"", "type = \"collision\"", "items = [\"bar\", \"z\"]",
        "reference_bounds = false"),
      line: 13, key: "items", "the id of an item")
    expectError(
      scene("[[behavior]]", "id = \"g\"", "type = \"gravity\"", "items = []"), line: 9,
      key: "items", "expected at least one item id, got []")
  }

  @Test("an attachment targets an anchor or another item, not both, not itself")
  func attachmentTargets() {
    let attachment = ["[[behavior]]", "id = \"j\"", "type = \"attachment\"", "items = [\"bar\"]"]
    expectError(
      scene(attachment + ["anchor = [0, 0]", "to = \"bar\""]), line: 11, key: "to",
      "expected either anchor or to, not both")
    expectError(
      scene(attachment + ["to = \"bar\""]), line: 10, key: "to",
      "expected another item's id (not the attached item itself), got \"bar\"")
    expectError(
      scene(attachment + ["anchor = [0, 0]", "to_offset = [1, 1]"]), line: 11, key: "to_offset",
      #"expected to = "item-id""#)
  }

  @Test("a boundary is a segment: from and to differ")
  func degenerateBoundary() {
    expectError(
      scene(
        "[[behavior]]", "id = \"c\"", "type = \"collision\"", "items = [\"bar\"]",
        "[[behavior.boundaries]]", "id = \"dot\"", "from = [1, 2]", "to = [1.0, 2]"),
      line: 13, key: "to", #"behavior "c" boundary "dot" key 'to'"#, "other than from")
  }
}

@Suite("Scene reader: line lookup")
struct SceneSourceMapTests {
  @Test("keys are found past multi-line strings, comments, arrays and inline tables")
  func sourceMap() {
    let map = SceneSourceMap(
      """
      title = \"\"\"
      [[behavior]]
      id = 'not a key'\"\"\"   # [[behavior]]
      items = [
        "a", # to = 1
        "b",
      ]
      [[behavior]]
      id = "x"   # line 9
      "quoted key" = 1
      boundaries = [
        { id = "w", from = [0, 0],
          to = [1, 1] },
        { id = "v" },
      ]
      [[behavior.boundaries]]
      id = "z"
      [[behavior]]
      """)
    #expect(map.line(of: "title", in: .root) == 1)
    #expect(map.line(of: "items", in: .root) == 4)
    #expect(map.line(of: "id", in: .root) == 1)  // absent: the table's line
    #expect(map.line(of: "id", in: .element("behavior", 0)) == 9)
    #expect(map.line(of: "quoted key", in: .element("behavior", 0)) == 10)
    #expect(map.line(of: "to", in: .element("behavior", 0)) == 8)
    #expect(map.line(of: "to", in: .nested("behavior", 0, "boundaries", 0)) == 13)
    #expect(map.line(of: "id", in: .nested("behavior", 0, "boundaries", 1)) == 14)
    #expect(map.line(of: "id", in: .nested("behavior", 0, "boundaries", 2)) == 17)
    #expect(map.line(of: "id", in: .element("behavior", 1)) == 18)
    #expect(map.line(of: "id", in: .element("behavior", 2)) == nil)
    #expect(map.line(of: "id", in: .nested("behavior", 1, "boundaries", 0)) == nil)
  }

}

@Suite("Scene reader: the scroll behavior's keys")
struct SceneReaderScrollTests {
  /// The bar on a spring to its place (lines 6–10), then a scroll over it (from line 11) with
  /// `lines` from line 15.
  static func scroll(_ lines: String...) -> String {
    scene(
      [
        "[[behavior]]", "id = \"spring\"", "type = \"attachment\"", "items = [\"bar\"]",
        "anchor = [50, 25]", "[[behavior]]", "id = \"list\"", "type = \"scroll\"",
        "items = [\"bar\"]",
      ] + lines)
  }

  @Test("a scroll reads its keys, with the published handler's and UIScrollView's defaults")
  func readsKeys() throws {
    let scene = try SceneReader.parse(Self.scroll(), file: file)
    #expect(
      scene.behaviors[1].kind
        == .scroll(ScrollSpec(touch: nil, axis: .y, resistance_pt: 1500, decelerationRate: 0.998)))
    let set = try SceneReader.parse(
      Self.scroll("axis = \"x\"", "resistance = 900", "deceleration_rate = 0.99"), file: file)
    #expect(
      set.behaviors[1].kind
        == .scroll(ScrollSpec(touch: nil, axis: .x, resistance_pt: 900, decelerationRate: 0.99)))
  }

  @Test("each key's bad values are refused with the file, line and key")
  func badValues() {
    expectError(Self.scroll("axis = \"z\""), line: 15, key: "axis", #"got "z""#)
    expectError(Self.scroll("resistance = 0"), line: 15, key: "resistance", "a number > 0")
    expectError(Self.scroll("resistance = -3"), line: 15, key: "resistance", "a number > 0")
    expectError(
      Self.scroll("deceleration_rate = 1"), line: 15, key: "deceleration_rate", "[0, 1)")
    expectError(
      Self.scroll("deceleration_rate = -0.5"), line: 15, key: "deceleration_rate", "≥ 0")
    expectError(Self.scroll("touch = \"nobody\""), line: 15, key: "touch", "nobody")
    expectError(Self.scroll("speed = 3"), line: 15, key: "speed", "unknown key")
    // A cell without an attachment to an anchor: the handler has no anchor to read.
    expectError(
      scene("[[behavior]]", "id = \"list\"", "type = \"scroll\"", "items = [\"bar\"]"),
      line: 9, key: "items", "an attachment behavior to an anchor point")
  }

  @Test("a measured item without an attachment to an anchor is refused at its [measure] line")
  func measuredItemWithoutAnAnchor() throws {
    // The bar has its spring; the measure names a second item without one (its lag would have
    // nothing to be measured from).
    let lines = [
      "[[item]]", "id = \"free\"", "size = [10, 10]", "center = [5, 5]", "[measure]",
      "items = [\"bar\", \"free\"]",
    ]
    expectError(
      Self.scroll(lines.joined(separator: "\n")), line: 20, key: "items",
      #"[measure] key 'items'"#, "an attachment behavior to an anchor point", #"got "free""#)
    let anchored = try SceneReader.parse(
      Self.scroll("[measure]", "items = [\"bar\"]"), file: file)
    #expect(anchored.measure.items == ["bar"])
  }
}
