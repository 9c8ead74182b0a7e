import FeelExport
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// `--to uikit`: the generated Swift parses (`swiftc -parse`) and names every behavior, item
/// and rule of the scene with each of its constants, checked by walking the scene.
@Suite struct UIKitCodeTests {
  /// Every behavior kind, both attachment targets, an item with a start velocity and angle,
  /// and every rule trigger.
  static let everything = Scene(
    title: "every behavior", referenceSize_pt: Point(400, 300),
    items: [
      SceneItem(
        id: "card", size_pt: Point(120, 80), center_pt: Point(100, 90), angle_rad: 0.25,
        velocity_pt_s: Point(30, -12.5), angularVelocity_rad_s: 0.75),
      SceneItem(id: "puck-2", size_pt: Point(40, 40), center_pt: Point(300, 200)),
    ],
    behaviors: [
      SceneBehavior(
        id: "home", items: ["card"], kind: .snap(SnapSpec(point_pt: Point(200, 150), damping: 0.42))
      ),
      SceneBehavior(
        id: "kick", items: ["card", "puck-2"],
        kind: .push(
          PushSpec(mode: .instantaneous, angle_rad: 1.25, magnitude: 2.5, offset_pt: Point(3, -4)))),
      SceneBehavior(
        id: "wind", items: ["puck-2"], start: false,
        kind: .push(PushSpec(mode: .continuous, angle_rad: 3.5, magnitude: 0.125))),
      SceneBehavior(
        id: "fall", items: ["card", "puck-2"],
        kind: .gravity(GravitySpec(angle_rad: 1.5, magnitude: 0.75))),
      SceneBehavior(
        id: "walls", items: ["card", "puck-2"],
        kind: .collision(
          CollisionSpec(
            boundaries: [
              SceneBoundary(id: "floor", from_pt: Point(0, 280.5), to_pt: Point(400, 280.5)),
              SceneBoundary(id: "left", from_pt: Point(-10, 0), to_pt: Point(-10, 300)),
            ], referenceBounds: true))),
      SceneBehavior(
        id: "tether", items: ["card"],
        kind: .attachment(
          AttachmentSpec(
            target: .anchor(Point(150, 20)), offset_pt: Point(5, 6), length_pt: 70.5,
            frequency_hz: 1.5, damping: 0.25))),
      SceneBehavior(
        id: "link", items: ["puck-2"], start: false,
        kind: .attachment(
          AttachmentSpec(
            target: .item("card"), offset_pt: Point(1, 2), toOffset_pt: Point(-3, 4),
            frequency_hz: 0, damping: 0))),
      SceneBehavior(
        id: "feel", items: ["card"],
        kind: .item(
          ItemPropertiesSpec(
            elasticity: 0.5, friction: 0.3, density: 2.5, resistance: 0.75,
            angularResistance: 1.25, allowsRotation: false))),
      SceneBehavior(
        id: "spin", items: ["puck-2"], start: false,
        kind: .drag(
          DragSpec(touch: "thumb", mode: .rotate(pivot_pt: Point(310, 205), deadZone_pt: 22.5)))),
      SceneBehavior(
        id: "grab", items: ["card"], start: false,
        kind: .drag(DragSpec(touch: "thumb", mode: .attachment(frequency_hz: 2.5, damping: 0.75)))),
      SceneBehavior(
        id: "slide", items: ["card"], start: false,
        kind: .drag(DragSpec(touch: "thumb", mode: .follow(axis: .y)))),
    ],
    rules: [
      SceneRule(on: .contact(boundary: "floor"), add: ["link"], remove: ["home", "fall"]),
      SceneRule(on: .contact(boundary: nil), add: ["wind"]),
      SceneRule(on: .contact(boundary: referenceBoundsName), remove: ["walls"]),
      SceneRule(on: .time(at_s: 0.75), add: ["home"], remove: ["wind"]),
      SceneRule(on: .pause, add: ["fall"], remove: ["tether", "link"]),
      SceneRule(
        on: .touch(
          .dragBegan, touch: "thumb",
          within: TouchRegion(min_pt: Point(280, 180), max_pt: Point(320, 220.5))),
        add: ["spin"]),
      SceneRule(
        on: .touch(.dragEnded, touch: nil, within: nil), add: ["home"], remove: ["spin"],
        releaseVelocity: true),
      SceneRule(on: .touch(.hold, touch: "thumb", within: nil), add: ["grab", "slide"]),
      SceneRule(on: .touch(.tap, touch: nil, within: nil), remove: ["grab"]),
    ],
    recognizer: RecognizerSettings(slop_pt: 12.5, hold_s: 0.75, velocityWindow_s: 0.125),
    touches: [
      SceneTouch(id: "thumb", trace: .samples([TouchSample(t_s: 0, point_pt: Point(300, 200))]))
    ])

  /// A target picked at the release is written as an app would: in the drag-ended rule, before
  /// its removals and additions, the snap's `snapPoint` set to the nearest of the rule's
  /// candidates from the item's centre projected by the release velocity at the rule's rate,
  /// with the two helpers that do it.
  @Test func aPickedTargetIsTheAppsSnapPoint() throws {
    let scene = try loadScene("experiments/scenes/pip-flick.toml")
    let code = UIKitCode.swift(scene, name: "pip-flick")
    try expectParses(code, what: "pip-flick")
    let rule = try #require(code.range(of: "  private func rule2() {"))
    let body = code[rule.upperBound...].prefix { _ in true }
    let end = try #require(body.range(of: "\n  }\n"))
    let function = String(body[..<end.lowerBound])
    let set = try #require(function.range(of: "cornerSnap.snapPoint = Self.nearest("))
    let added = try #require(function.range(of: "add(cornerSnap)"))
    #expect(set.lowerBound < added.lowerBound, "the point is set before the snap is added")
    #expect(
      function.contains(
        "to: Self.project(tile.center, velocity: release.velocity, decelerationRate: 0.998),"))
    #expect(
      function.contains(
        "among: [CGPoint(x: 96.0, y: 104.0), CGPoint(x: 294.0, y: 104.0), "
          + "CGPoint(x: 96.0, y: 740.0), CGPoint(x: 294.0, y: 740.0)])"))
    #expect(code.contains("private static func project("))
    #expect(code.contains("let reach = r / (1 - r) / 1000"))
    #expect(
      code.contains("private static func nearest(to point: CGPoint, among candidates: [CGPoint])"))
  }

  @Test(arguments: committedSceneFiles)
  func committedSceneParsesAndNamesEverything(path: String) throws {
    let scene = try loadScene(path)
    let code = UIKitCode.swift(
      scene, name: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
    try expectParses(code, what: path)
    expectNamesEverything(scene, code)
  }

  @Test func everyBehaviorAndRuleParsesAndIsNamed() throws {
    let code = UIKitCode.swift(Self.everything, name: "every-behavior")
    try expectParses(code, what: "every behavior")
    expectNamesEverything(Self.everything, code)
  }

  /// Every iOS 9 attachment kind in each of its forms: each through its factory with its
  /// items, point or anchor, axis, range and torque (the fragments written from the scene).
  @Test func everyAttachmentKindNamesItsFactoryAndArguments() throws {
    let scene = try UIKitGraphTests.attachments.scene(file: "every-attachment")
    let code = UIKitCode.swift(scene, name: "every-attachment")
    try expectParses(code, what: "every attachment")
    expectNamesEverything(scene, code)
    let kinds = Set(
      scene.behaviors.compactMap { b -> String? in
        guard case .attachment(let a) = b.kind else { return nil }
        if case .anchor = a.target, a.kind == .sliding { return "sliding to an anchor" }
        return a.kind.rawValue
      })
    #expect(kinds == ["distance", "fixed", "pin", "sliding", "sliding to an anchor", "limit"])
  }

  /// Inertias and detents are app code: nested classes a display link ticks; the UIKit
  /// behaviors of the views they move are the ones they suspend; a touch-down stops a coast,
  /// a tap turns the tapped label to the pointer.
  @Test(arguments: [
    "experiments/scenes/dial-flick-uikit-detent.toml", "experiments/scenes/dial-tap-label.toml",
    "experiments/scenes/dial-coast-author.toml",
  ])
  func inertiasAndDetentsTickOnADisplayLink(path: String) throws {
    let scene = try loadScene(path)
    let code = UIKitCode.swift(scene, name: "dial")
    #expect(code.contains("final class Inertia {") && code.contains("final class Detent {"))
    let starting = section(code, "func start()") ?? ""
    #expect(starting.contains("CADisplayLink(target: self, selector: #selector(tick(_:)))"))
    #expect(code.contains("@objc private func tick(_ link: CADisplayLink)"))
    #expect(!code.contains("UIDynamicBehavior()"), "no empty stand-in behavior")
    let suspended = section(code, "private func uikitBehaviors(of view: UIView)") ?? ""
    for item in scene.items {
      let moved = scene.behaviors.contains {
        switch $0.kind {
        case .inertia, .detent: $0.items.contains(item.id)
        default: false
        }
      }
      let uikit = scene.behaviors.filter {
        switch $0.kind {
        case .drag, .inertia, .detent: false
        default: $0.items.contains(item.id)
        }
      }
      guard moved, !uikit.isEmpty else { continue }
      let line = suspended.split(separator: "\n").first { $0.contains("view === \(item.id)") }
      let listed = try #require(line, "\(item.id)'s UIKit behaviors are suspended: \(suspended)")
      for behavior in uikit {
        #expect(listed.contains(behavior.id), "\(behavior.id) in \(listed)")
      }
    }
    if !scene.touches.isEmpty {
      let began = section(code, "func touchBegan(") ?? ""
      #expect(began.contains("touchDownOnViews(touch, at: p)"))
      let ended = section(code, "func touchEnded(") ?? ""
      #expect(ended.contains("tapViews(touch, at: tracker.down)"))
      #expect(ended.contains("touched[touch] = nil"))
    }
  }

  /// The parse check can fail: the same code without its last brace does not parse.
  @Test func brokenCodeFailsToParse() throws {
    let code = UIKitCode.swift(Self.everything, name: "every-behavior")
    let broken = String(code.dropLast(2))
    let status = try swiftcParse(broken)
    #expect(status != 0, "swiftc -parse accepts code missing its last brace")
  }

  // MARK: - Parsing

  /// `swiftc -parse` on `code`; its exit status.
  func swiftcParse(_ code: String) throws -> Int32 {
    let folder = try TemporaryFolder()
    let file = try folder.write(code, to: "Generated.swift")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swiftc", "-parse", file.path]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  func expectParses(_ code: String, what: String) throws {
    let status = try swiftcParse(code)
    #expect(status == 0, "swiftc -parse fails on the code for \(what):\n\(code)")
  }

  // MARK: - Walking the scene

  /// The lines from the one containing `marker` to the end of its function (`  }`).
  func section(_ code: String, _ marker: String) -> String? {
    let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.contains(marker) }) else { return nil }
    let end = lines[start...].firstIndex { $0 == "  }" } ?? lines.count - 1
    return lines[start...end].joined(separator: "\n")
  }

  func point(_ p: Point) -> String { "CGPoint(x: \(p.x), y: \(p.y))" }
  func offset(_ p: Point) -> String { "UIOffset(horizontal: \(p.x), vertical: \(p.y))" }
  func quoted(_ s: String) -> String { "\"\(s)\"" }
  /// The generated `TouchEvent` case of a touch event: its name in camel case.
  func touchCase(_ event: TouchEventKind) -> String {
    let words = event.rawValue.split(separator: "-")
    return words.first.map(String.init)! + words.dropFirst().map { $0.capitalized }.joined()
  }

  /// An iOS 9 attachment's factory call with its items and point (or anchor), axis, range
  /// and torque, written here from the scene (the items by their property names: the scene's
  /// ids in lower camel case, `b` as `bItem`: the maker's own behavior is `b`).
  func kindFragments(_ a: AttachmentSpec, of behavior: SceneBehavior) -> [String] {
    func name(_ id: String) -> String {
      let words = id.split { !($0.isLetter || $0.isNumber) }.map(String.init)
      let name =
        words[0] + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
      return name == "b" ? "bItem" : name
    }
    let item = name(behavior.items[0])
    var other = "nil"
    if case .item(let id) = a.target { other = name(id) }
    let at = a.point_pt.map(point) ?? ""
    var out: [String] = []
    switch a.kind {
    case .distance: break
    case .fixed:
      out.append(
        "UIAttachmentBehavior.fixedAttachment(with: \(item), attachedTo: \(other), attachmentAnchor: \(at))"
      )
    case .pin:
      out.append(
        "UIAttachmentBehavior.pinAttachment(with: \(item), attachedTo: \(other), attachmentAnchor: \(at))"
      )
      out.append("b.frictionTorque = \(a.frictionTorque)")
    case .sliding:
      let axis = a.axis.map { "axisOfTranslation: CGVector(dx: \($0.x), dy: \($0.y))" } ?? "?"
      if case .anchor(let p) = a.target {
        out.append(
          "UIAttachmentBehavior.slidingAttachment(with: \(item), attachmentAnchor: \(point(p)), \(axis))"
        )
      } else {
        out.append(
          "UIAttachmentBehavior.slidingAttachment(with: \(item), attachedTo: \(other), attachmentAnchor: \(at), \(axis))"
        )
      }
    case .limit:
      out.append(
        "UIAttachmentBehavior.limitAttachment(with: \(item), offsetFromCenter: \(offset(a.offset_pt)), "
          + "attachedTo: \(other), offsetFromCenter: \(offset(a.toOffset_pt)))")
    }
    if let r = a.range {
      out.append("b.attachmentRange = UIFloatRange(minimum: \(r.minimum), maximum: \(r.maximum))")
    }
    return out
  }

  /// Whether a scene's fingers only scroll a list (no drag, touch rule, inertia or detent): in
  /// the app UIScrollView tracks them, so the code has no touch handling and no recognizer.
  static func fingersOnlyScroll(_ scene: Scene) -> Bool {
    scene.behaviors.contains { if case .scroll = $0.kind { true } else { false } }
      && !scene.rules.contains { if case .touch = $0.on { true } else { false } }
      && !scene.behaviors.contains {
        switch $0.kind {
        case .drag, .inertia, .detent: true
        default: false
        }
      }
  }

  func expectNamesEverything(_ scene: Scene, _ code: String) {
    if Self.fingersOnlyScroll(scene) {
      #expect(!code.contains("func touchBegan("), "no touch handling for a list's fingers")
    } else if !scene.touches.isEmpty {
      let r = scene.recognizer
      #expect(code.contains("let slop: CGFloat = \(r.slop_pt)"), "the recognizer's slop")
      #expect(code.contains("let holdTime: TimeInterval = \(r.hold_s)"), "the hold time")
      #expect(
        code.contains("let velocityWindow: TimeInterval = \(r.velocityWindow_s)"), "the window")
    }
    for item in scene.items {
      guard let start = section(code, "// item \(quoted(item.id))") else {
        Issue.record("no start state for the item \(item.id)")
        continue
      }
      let lines = start.split(separator: "\n").prefix(4).joined(separator: "\n")
      #expect(
        lines.contains("width: \(item.size_pt.x), height: \(item.size_pt.y)"), "\(item.id) size")
      #expect(lines.contains(".center = \(point(item.center_pt))"), "\(item.id) centre")
      if item.angle_rad != 0 {
        #expect(lines.contains("rotationAngle: \(item.angle_rad)"), "\(item.id) angle")
      }
      // A start velocity is a body's at t = 0: only an item a behavior holds then has one.
      let held = scene.behaviors.contains {
        guard $0.start, $0.items.contains(item.id) else { return false }
        switch $0.kind {
        case .drag, .detent: return false
        default: return true
        }
      }
      if item.velocity_pt_s != Point(0, 0) && held {
        #expect(
          code.contains("addLinearVelocity(\(point(item.velocity_pt_s))"), "\(item.id) velocity")
      }
      if item.angularVelocity_rad_s != 0 && held {
        // An inertia present at t = 0 starts its coast from it; a UIKit body gets it.
        let coasting = scene.behaviors.contains {
          guard case .inertia = $0.kind else { return false }
          return $0.start && $0.items.contains(item.id)
        }
        #expect(
          code.contains(
            coasting
              ? "speed: \(item.angularVelocity_rad_s))"
              : "addAngularVelocity(\(item.angularVelocity_rad_s)"),
          "\(item.id) spin")
      }
    }
    for group in scene.groups {
      let members = group.items.map { id in
        let words = id.split { !($0.isLetter || $0.isNumber) }.map(String.init)
        return words[0]
          + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }
          .joined()
      }
      #expect(
        code.contains("UIDynamicItemGroup(items: [\(members.joined(separator: ", "))])"),
        "group \(group.id)")
    }
    for item in scene.items {
      // iOS 9's collision bounds: the view's class overrides them.
      switch item.bounds {
      case .rectangle: break
      case .ellipse:
        #expect(
          code.contains("UIDynamicItemCollisionBoundsType { .ellipse }"), "\(item.id) ellipse")
      case .path(let points):
        #expect(code.contains("UIDynamicItemCollisionBoundsType { .path }"), "\(item.id) path")
        for p in points { #expect(code.contains("(to: \(point(p)))"), "\(item.id) path \(p)") }
      }
    }
    let starting = section(code, "func start()") ?? ""
    for behavior in scene.behaviors {
      guard let body = section(code, "// behavior \(quoted(behavior.id))") else {
        Issue.record("no code for the behavior \(behavior.id)")
        continue
      }
      var expected: [String] = []
      switch behavior.kind {
      case .snap(let s):
        expected = ["UISnapBehavior(", "snapTo: \(point(s.point_pt))", "damping = \(s.damping)"]
      case .push(let p):
        expected = [
          "UIPushBehavior(", "mode: .\(p.mode.rawValue)", "angle = \(p.angle_rad)",
          "magnitude = \(p.magnitude)",
        ]
        if p.offset_pt != Point(0, 0) {
          expected.append("setTargetOffsetFromCenter(\(offset(p.offset_pt))")
        }
      case .gravity(let g):
        expected = ["UIGravityBehavior(", "angle = \(g.angle_rad)", "magnitude = \(g.magnitude)"]
      case .collision(let c):
        expected = ["UICollisionBehavior("]
        for b in c.boundaries {
          expected.append(
            "withIdentifier: \(quoted(b.id)) as NSString, from: \(point(b.from_pt)), to: \(point(b.to_pt))"
          )
        }
        if c.referenceBounds { expected.append("translatesReferenceBoundsIntoBoundary = true") }
        if c.mode != .everything { expected.append("collisionMode = .\(c.mode.rawValue)") }
      case .attachment(let a) where a.kind != .distance:
        expected = kindFragments(a, of: behavior)
      case .attachment(let a):
        expected = [
          "UIAttachmentBehavior(", "offsetFromCenter: \(offset(a.offset_pt))",
          "frequency = \(a.frequency_hz)", "damping = \(a.damping)",
        ]
        switch a.target {
        case .anchor(let p): expected.append("attachedToAnchor: \(point(p))")
        case .item: expected.append("offsetFromCenter: \(offset(a.toOffset_pt))")
        }
        if let length = a.length_pt { expected.append("length = \(length)") }
      case .item(let p):
        expected = ["UIDynamicItemBehavior("]
        if let v = p.elasticity { expected.append("elasticity = \(v)") }
        if let v = p.friction { expected.append("friction = \(v)") }
        if let v = p.density { expected.append("density = \(v)") }
        if let v = p.resistance { expected.append("resistance = \(v)") }
        if let v = p.angularResistance { expected.append("angularResistance = \(v)") }
        if let v = p.allowsRotation { expected.append("allowsRotation = \(v)") }
        if let v = p.anchored { expected.append("isAnchored = \(v)") }
        if let v = p.charge { expected.append("charge = \(v)") }
      case .drag(let d):
        expected = ["Drag(", d.touch.map { "touch: \(quoted($0))" } ?? "touch: nil"]
        switch d.mode {
        case .follow(let axis) where !d.limits.isEmpty:
          expected.append(".follow(axis: .\(axis.rawValue), limits: Drag.Limits(")
          expected.append("rubberBand: \(d.limits.rubberBand)")
          if let y = d.limits.y_pt { expected.append("y: \(y.min_pt)...\(y.max_pt)") }
          if let x = d.limits.x_pt { expected.append("x: \(x.min_pt)...\(x.max_pt)") }
        case .follow(let axis): expected.append(".follow(axis: .\(axis.rawValue))")
        case .attachment(let f, let z):
          expected.append(".attachment(frequency: \(f), damping: \(z))")
        case .rotate(let pivot, let deadZone):
          expected.append("pivot: \(pivot.map(point) ?? "nil"), deadZone: \(deadZone))")
        }
      case .field(let f):
        expected = ["UIFieldBehavior.", "strength = \(f.strength)"]
        expected.append("addItem(")
      case .inertia(let i):
        expected = [
          "Inertia(", "decay: \(i.decay)", "maxSpeed: \(i.maxSpeed_rad_s)",
          "minSpeed: \(i.minSpeed_rad_s)", "stopSpeed: \(i.stopSpeed_rad_s)",
        ]
      case .detent(let d):
        expected = [
          "Detent(", "count: \(d.count)", "phase: \(d.phase_rad)", "frequency: \(d.frequency_hz)",
          "damping: \(d.damping)", "engageBelow: \(d.engageBelow_rad_s)",
        ]
      case .scroll(let s):
        expected = [
          "Scroll(", "axis: .\(s.axis.rawValue)", "resistance: \(s.resistance_pt)",
          "decelerationRate: \(s.decelerationRate)",
        ]
      }
      for fragment in expected {
        #expect(body.contains(fragment), "behavior \(behavior.id): no `\(fragment)` in\n\(body)")
      }
      let added = starting.contains("// \(quoted(behavior.id))")
      #expect(added == behavior.start, "behavior \(behavior.id) added at t = 0: \(behavior.start)")
    }
    for (r, rule) in scene.rules.enumerated() {
      guard let body = section(code, "// rule \(r + 1):") else {
        Issue.record("no code for rule \(r + 1)")
        continue
      }
      let lines = body.split(separator: "\n")
      let removes = lines.filter { $0.contains("remove(") }
      let adds = lines.filter { $0.contains(" add(") }
      #expect(
        removes.map {
          String($0.split(separator: "//").last ?? "").trimmingCharacters(in: .whitespaces)
        }
          == rule.remove.map(quoted), "rule \(r + 1) removals")
      #expect(
        adds.map {
          String($0.split(separator: "//").last ?? "").trimmingCharacters(in: .whitespaces)
        }
          == rule.add.map(quoted), "rule \(r + 1) additions")
      let call = "rule\(r + 1)()"
      switch rule.on {
      case .contact(nil, let item?):
        // the items' delegate method (the second), which tests the item or its group
        let handler = section(code, "with item2: UIDynamicItem, at p: CGPoint") ?? ""
        let line = handler.split(separator: "\n").first { $0.contains(call) } ?? ""
        #expect(line.contains("contact with the item \(quoted(item))"), "rule \(r + 1): \(line)")
        #expect(line.contains("item1 === "), "rule \(r + 1) tests the items: \(line)")
      case .contact(let boundary, _):
        let handler = section(code, "func collisionBehavior(") ?? ""
        let line = handler.split(separator: "\n").first { $0.contains(call) } ?? ""
        switch boundary {
        case nil: #expect(line.contains("any contact"), "rule \(r + 1) on any contact: \(line)")
        case referenceBoundsName:
          #expect(line.contains("identifier == nil"), "rule \(r + 1): \(line)")
        case let id?: #expect(line.contains("== \(quoted(id))"), "rule \(r + 1) on \(id): \(line)")
        }
      case .time(let at):
        #expect(
          starting.split(separator: "\n").contains { $0.contains("+ \(at))") && $0.contains(call) },
          "rule \(r + 1) at \(at) s")
      case .pause:
        let handler = section(code, "func dynamicAnimatorDidPause(") ?? ""
        #expect(handler.contains(call), "rule \(r + 1) on pause")
      case .touch(let event, let touch, let within):
        let handler = section(code, "private func touchEvent(") ?? ""
        let line = handler.split(separator: "\n").first { $0.contains(call) } ?? ""
        #expect(
          line.contains("event == .\(touchCase(event))"), "rule \(r + 1) on \(event): \(line)")
        if let touch {
          #expect(line.contains("touch == \(quoted(touch))"), "rule \(r + 1): \(line)")
        }
        if let w = within {
          #expect(
            line.contains("\(w.min_pt.x), \(w.min_pt.y), \(w.max_pt.x), \(w.max_pt.y)"),
            "rule \(r + 1) within: \(line)")
        }
        if rule.touchItem != nil {
          #expect(line.contains("trackers[touch]?.onItem === "), "rule \(r + 1) item: \(line)")
        }
        if rule.releaseVelocity {
          // Bodies get the release through handOver; an inertia starts its coast from it.
          for id in rule.add {
            guard let behavior = scene.behaviors.first(where: { $0.id == id }) else { continue }
            switch behavior.kind {
            case .drag, .detent: break
            case .inertia(let i):
              let source = i.estimator == .author ? "release.lastStepOmega" : "release.omega"
              #expect(body.contains("speed: \(source))"), "rule \(r + 1) coast from the release")
            default:
              #expect(body.contains("handOver(to:"), "rule \(r + 1) hand-over")
            }
          }
        }
      }
    }
  }
}
