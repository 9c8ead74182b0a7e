import FeelExport
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// `--to uikit` of every committed scene (and of the scenes below, one of each iOS 9 attachment
/// kind and form), compiled together with the stand-in UIKit (Tests/UIKitStub) in one program and
/// run: after `start()`, the stand-in's animator says what UIKit builds from the behaviors it
/// holds (bodies and their types, centres, collision bounds and UIKit's masks; boundaries;
/// attachments as joints with their kinds, world anchors, axes, ranges and torques; snaps;
/// fields with their regions; groups), and that must be what `feel inspect --json` reports for
/// the scene at frame 0. The stand-in knows only UIKit's API and its documented construction
/// (`stubGraphJSON`), never FeelLab's scene.
@Suite(.serialized) struct UIKitGraphTests {
  /// Scenes no committed scene covers: every attachment kind in each of its forms, present at
  /// t = 0, with ranges, a torque, offsets and a distance attachment whose length UIKit measures.
  static let attachments = SceneText("title = \"every attachment\"", "reference_size = [500, 500]")
    .item("a", size: [40, 30], center: [100, 100], "angle = 0.3")
    .item("b", size: [30, 30], center: [180, 120])
    .item("c", size: [20, 50], center: [300, 300])
    .item("d", size: [25, 25], center: [350, 200])
    .item("e", size: [50, 20], center: [420, 420])
    .behavior(
      "pin", "attachment", items: ["a"], "kind = \"pin\"", "to = \"b\"", "point = [140, 110]",
      "range = [-0.75, 1.25]", "friction_torque = 0.125"
    )
    .behavior(
      "weld", "attachment", items: ["c"], "kind = \"fixed\"", "to = \"d\"", "point = [320, 250]"
    )
    .behavior(
      "rail", "attachment", items: ["e"], "kind = \"sliding\"", "anchor = [400, 400]",
      "axis = [3, 4]", "range = [-20, 35.5]"
    )
    .behavior(
      "slide", "attachment", items: ["b"], "kind = \"sliding\"", "to = \"d\"",
      "point = [260, 160]", "axis = [1, -2]"
    )
    .behavior(
      "rope", "attachment", items: ["a"], "kind = \"limit\"", "to = \"c\"", "offset = [5, -4]",
      "to_offset = [-3, 10]"
    )
    .behavior(
      "tether", "attachment", items: ["d"], "to = \"e\"", "offset = [2, 3]", "to_offset = [-5, 1]",
      "frequency = 2.5", "damping = 0.25"
    )
    .behavior(
      "hang", "attachment", items: ["b"], "anchor = [200, 20]", "offset = [0, -15]",
      "length = 80.5")

  /// Boundaries no committed scene has: the reference bounds with insets (one negative), a
  /// path's curve and arc, a closed polyline.
  static let boundaries = SceneText("title = \"inset bounds\"", "reference_size = [320, 480]")
    .item("ball", size: [40, 40], center: [160, 100])
    .behavior(
      "walls", "collision", items: ["ball"], "reference_bounds = true",
      "reference_bounds_insets = [10, 20, 30, -5]",
      """
      boundaries = [
        { id = "shelf", from = [40, 300], to = [200, 320] },
        { id = "bowl", path_data = "M 0 380 Q 160 520 320 380 A 30 20 0 0 1 300 400" },
        { id = "ramp", points = [[10, 200], [100, 260], [300, 240], [10, 200]] },
      ]
      """)

  /// Names and texts of every scene the test exports: the committed ones, then its own.
  static func scenes() throws -> [(name: String, scene: Scene)] {
    var out: [(String, Scene)] = []
    for path in committedSceneFiles { out.append((path, try loadScene(path))) }
    out.append(("every-attachment", try attachments.scene(file: "every-attachment")))
    out.append(("boundaries", try boundaries.scene(file: "boundaries")))
    return out
  }

  @Test func generatedCodeBuildsTheGraphFeelInspectReports() throws {
    let scenes = try Self.scenes()
    var sources: [String: String] = [:]
    var main = ["var graphs: [String: String] = [:]"]
    for (n, (name, scene)) in scenes.enumerated() {
      let code = UIKitStubProgram.runnable(UIKitCode.swift(scene, name: "scene-\(n)"))
      sources["Scene\(n).swift"] = code
      let (type, items) = try UIKitStubProgram.signature(code)
      #expect(items.count == scene.items.count, "\(name): one view per item")
      var lines = ["do {", "  let reference = UIView()"]
      if let size = scene.referenceSize_pt {
        lines.append("  reference.bounds = CGRect(x: 0, y: 0, width: \(size.x), height: \(size.y))")
      }
      for (i, (parameter, viewType)) in items.enumerated() {
        lines.append("  let v\(i) = \(viewType)()")
        lines.append("  v\(i).stubName = \(QuotedString.quoted(scene.items[i].id))")
        _ = parameter
      }
      let arguments = items.enumerated().map { ", \($0.element.0): v\($0.offset)" }.joined()
      lines += [
        "  let dynamics = \(type)(referenceView: reference\(arguments))",
        "  dynamics.start()",
        "  print(\(QuotedString.quoted(name)) + \"\\t\" + dynamics.animator.stubGraphJSON())",
        "}",
      ]
      main += lines
    }
    let output = try UIKitStubProgram.run(sources: sources, main: main.joined(separator: "\n"))
    var graphs: [String: [String: Any]] = [:]
    for line in output.split(separator: "\n") {
      let parts = line.split(separator: "\t", maxSplits: 1)
      guard parts.count == 2 else { continue }
      graphs[String(parts[0])] =
        try JSONSerialization.jsonObject(with: Data(parts[1].utf8)) as? [String: Any]
    }
    #expect(graphs.count == scenes.count, "every scene's program printed its graph")
    var joints = 0
    for (name, scene) in scenes {
      let graph = try #require(graphs[name], "\(name): no graph")
      let inspected = try #require(
        try JSONSerialization.jsonObject(with: Data(SceneInspection(scene).json.utf8))
          as? [String: Any])
      var comparison = GraphComparison(name: name, scene: scene, stub: graph, inspect: inspected)
      joints += comparison.run()
    }
    #expect(joints >= 12, "the joints compared (\(joints)) include every kind")
  }

  /// A test of the test: the comparison fails when the code builds another graph (a pin
  /// exported as the iOS 7 distance initializer; a sliding attachment's axis turned).
  @Test func theComparisonSeesAWrongGraph() throws {
    let scene = try Self.attachments.scene(file: "every-attachment")
    let right = UIKitStubProgram.runnable(UIKitCode.swift(scene, name: "right"))
    let pin =
      "UIAttachmentBehavior.pinAttachment(with: a, attachedTo: bItem, attachmentAnchor: "
      + "CGPoint(x: 140.0, y: 110.0))"
    let axis = "axisOfTranslation: CGVector(dx: 3.0, dy: 4.0)"
    #expect(right.contains(pin) && right.contains(axis))
    let wrong =
      right
      .replacingOccurrences(
        of: pin,
        with: "UIAttachmentBehavior(item: a, offsetFromCenter: .zero, attachedTo: bItem, "
          + "offsetFromCenter: .zero)"
      )
      .replacingOccurrences(of: axis, with: "axisOfTranslation: CGVector(dx: 4.0, dy: 3.0)")
    let (type, items) = try UIKitStubProgram.signature(wrong)
    var main = ["let reference = UIView()"]
    for (i, item) in items.enumerated() {
      main += ["let v\(i) = \(item.1)()", "v\(i).stubName = \"\(scene.items[i].id)\""]
    }
    main += [
      "let dynamics = \(type)(referenceView: reference"
        + items.enumerated().map { ", \($0.element.0): v\($0.offset)" }.joined() + ")",
      "dynamics.start()", "print(dynamics.animator.stubGraphJSON())",
    ]
    let output = try UIKitStubProgram.run(
      sources: ["Wrong.swift": wrong], main: main.joined(separator: "\n"))
    let graph = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    let inspected = try #require(
      try JSONSerialization.jsonObject(with: Data(SceneInspection(scene).json.utf8))
        as? [String: Any])
    var comparison = GraphComparison(name: "wrong", scene: scene, stub: graph, inspect: inspected)
    comparison.recording = false
    _ = comparison.run()
    #expect(
      comparison.differences.contains { $0.contains("inspect has no distance joint") },
      "\(comparison.differences)")
    #expect(
      comparison.differences.contains { $0.contains("axis") }, "\(comparison.differences)")
  }

  /// No iOS 9 attachment kind is ever exported with the iOS 7 distance initializer: in every
  /// scene above, each kind's maker calls its own factory.
  @Test func noIOS9KindUsesTheDistanceInitializer() throws {
    var kinds: Set<AttachmentKind> = []
    for (name, scene) in try Self.scenes() {
      let code = UIKitCode.swift(scene, name: name)
      for behavior in scene.behaviors {
        guard case .attachment(let spec) = behavior.kind, spec.kind != .distance else { continue }
        kinds.insert(spec.kind)
        let maker = try #require(
          section(code, "// behavior \(QuotedString.quoted(behavior.id))"), "\(name) \(behavior.id)"
        )
        #expect(
          !maker.contains("UIAttachmentBehavior(item:"),
          "\(name): \(behavior.id) (\(spec.kind)) is the distance initializer:\n\(maker)")
        let factory = "\(spec.kind.rawValue)Attachment(with:"
        #expect(maker.contains(factory), "\(name): \(behavior.id) uses \(factory):\n\(maker)")
      }
    }
    #expect(kinds == [.fixed, .pin, .sliding, .limit])
  }

  /// The lines from the one containing `marker` to the end of its function (`  }`).
  func section(_ code: String, _ marker: String) -> String? {
    let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.contains(marker) }) else { return nil }
    let end = lines[start...].firstIndex { $0 == "  }" } ?? lines.count - 1
    return lines[start...end].joined(separator: "\n")
  }
}
