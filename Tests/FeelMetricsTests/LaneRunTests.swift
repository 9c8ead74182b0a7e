import FeelMetrics
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// The SIMD lanes (`SceneRuns`, `LaneGroup`) against the scalar path: every frame of every
/// scene, bit for bit, on seeded random grids of every kind of scene lanes accept, including
/// scenes that leave their lane at different frames (a contact ahead, a rule swapping
/// behaviors, a pause with rules to fire) and come back.
@Suite struct LaneRunTests {
  /// One frame as a run shows it: number, the item's state (bits), running.
  typealias Frame = [UInt64]

  static func record(_ frame: Int, _ s: ItemState, _ running: Bool) -> Frame {
    [
      UInt64(frame), s.center_pt.x.bitPattern, s.center_pt.y.bitPattern, s.angle_rad.bitPattern,
      s.velocity_pt_s.x.bitPattern, s.velocity_pt_s.y.bitPattern,
      s.angularVelocity_rad_s.bitPattern, running ? 1 : 0,
    ]
  }

  /// Every frame a `SceneRuns` run shows, and which path ran it.
  struct Trace: SceneRunObserver {
    var frames: [Frame]
    /// "S" for a frame of the scalar path, "L" for a lane's.
    var paths = ""

    init(_ sim: borrowing SceneSimulation) {
      frames = [LaneRunTests.record(0, sim.state(ofItem: 0), sim.isRunning)]
    }

    mutating func scalarFrame(_ sim: SceneSimulation, events: [SceneEvent]) {
      frames.append(LaneRunTests.record(sim.frame, sim.state(ofItem: 0), sim.isRunning))
      paths += "S"
    }

    mutating func laneFrame(_ frame: Int, item: ItemState, running: Bool) {
      frames.append(LaneRunTests.record(frame, item, running))
      paths += "L"
    }
  }

  /// The scalar path alone: `advance()` until the frames run out or the scene is at rest (the
  /// rule `SceneMeasurement.measureRun` stops by).
  static func scalarRun(_ scene: Scene) -> [Frame] {
    var sim = SceneSimulation(scene)
    var frames = [record(0, sim.state(ofItem: 0), sim.isRunning)]
    while sim.frame < scene.frameCount {
      sim.advance()
      frames.append(record(sim.frame, sim.state(ofItem: 0), sim.isRunning))
      if sim.isAtRest { break }
    }
    return frames
  }

  /// How the lanes were used over a set of runs.
  struct Coverage {
    var laneFrames = 0
    var scalarFrames = 0
    /// Lane frames followed by a scalar frame (a roll-back or a pause handed back).
    var exits = 0
    /// Scalar frames followed by a lane frame (a scene entering after frame 0).
    var entries = 0
    var scenes = 0
  }

  /// Runs `scenes` through `SceneRuns` with lanes and each alone on the scalar path, and
  /// expects the same frames bit for bit.
  @discardableResult
  static func compare(_ scenes: [Scene], sourceLocation: SourceLocation = #_sourceLocation)
    -> Coverage
  {
    let traces = SceneRuns.run(
      count: scenes.count, lanes: true, simulation: { SceneSimulation(scenes[$0]) },
      observer: { Trace($0) })
    var coverage = Coverage()
    for (i, scene) in scenes.enumerated() {
      let expected = scalarRun(scene)
      let got = traces[i].frames
      let firstDifference = zip(expected, got).enumerated().first { $0.element.0 != $0.element.1 }?
        .offset
      let where_ = firstDifference.map(String.init) ?? "-"
      #expect(
        got.count == expected.count && firstDifference == nil,
        "scene \(i): \(got.count) frames (scalar \(expected.count)), first difference at frame \(where_); paths \(traces[i].paths)",
        sourceLocation: sourceLocation)
      let paths = Array(traces[i].paths)
      coverage.scenes += 1
      coverage.laneFrames += paths.filter { $0 == "L" }.count
      coverage.scalarFrames += paths.filter { $0 == "S" }.count
      for (a, b) in zip(paths, paths.dropFirst()) {
        if a == "L" && b == "S" { coverage.exits += 1 }
        if a == "S" && b == "L" { coverage.entries += 1 }
      }
    }
    return coverage
  }

  // MARK: - Random scenes

  struct Random {
    var g: SplitMix64
    mutating func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &g) }
    mutating func coin(_ p: Double = 0.5) -> Bool { r(0...1) < p }
    mutating func pick<T>(_ values: [T]) -> T {
      values[Int.random(in: 0..<values.count, using: &g)]
    }
  }

  /// A snap release: snap, item properties and optionally gravity, a continuous push and a soft
  /// attachment to a point; no boundary, no rule.
  static func releaseScene(_ x: inout Random, profile: Profile, frameRate: Double) -> Scene {
    let rotation = x.coin()
    let size = Point(x.r(20...400), x.r(20...200))
    let item = SceneItem(
      id: "box", size_pt: size, center_pt: Point(x.r(0...320), x.r(0...500)),
      angle_rad: rotation ? x.r(-1...1) : 0,
      velocity_pt_s: x.coin() ? Point(x.r(-300...300), x.r(-300...300)) : Point(0, 0),
      angularVelocity_rad_s: rotation ? x.r(-2...2) : 0)
    var behaviors = [
      SceneBehavior(
        id: "snap", items: ["box"],
        kind: .snap(SnapSpec(point_pt: Point(x.r(0...320), x.r(0...500)), damping: x.r(0...1.5)))),
      SceneBehavior(
        id: "props", items: ["box"],
        kind: .item(
          ItemPropertiesSpec(
            density: x.r(0.5...2), resistance: x.r(0...3), angularResistance: x.r(0...3),
            allowsRotation: rotation))),
    ]
    if x.coin(0.3) {
      behaviors.append(
        SceneBehavior(
          id: "gravity", items: ["box"],
          kind: .gravity(GravitySpec(angle_rad: x.r(0...6.28), magnitude: x.r(0.1...2)))))
    }
    if x.coin(0.3) {
      behaviors.append(
        SceneBehavior(
          id: "push", items: ["box"],
          kind: .push(
            PushSpec(
              mode: .continuous, angle_rad: x.r(0...6.28), magnitude: x.r(0...2),
              offset_pt: Point(x.r(-10...10), x.r(-10...10))))))
    }
    if x.coin(0.3) {
      behaviors.append(
        SceneBehavior(
          id: "spring", items: ["box"],
          kind: .attachment(
            AttachmentSpec(
              target: .anchor(Point(x.r(0...320), x.r(0...500))),
              offset_pt: Point(x.r(-10...10), x.r(-10...10)), frequency_hz: x.r(0.5...5),
              damping: x.r(0...1.5)))))
    }
    return Scene(
      profile: profile, frameRate_hz: frameRate, duration_s: x.r(0.5...3), items: [item],
      behaviors: behaviors)
  }

  /// How a tap-hint scene's rule and boundaries are arranged.
  enum HintKind: CaseIterable {
    /// Castro's: on contact, the hint (push, gravity, wall) goes and the snap comes.
    case swap
    /// On contact the push and gravity go and the snap comes, but the wall stays.
    case keepWall
    /// On contact the swap happens and a second wall is added (the broad phase is kept in
    /// the lanes although no edge exists before).
    case addWall
    /// The reference bounds and no rule: the item bounces around inside them.
    case bounds
    /// No hint: a heavily damped snap creeps the item to rest about as far from the wall as a
    /// lane may come (2 pt of collider radius and 0.1 pt of margin), so that items slow enough
    /// to count towards sleep leave their lane there.
    case creep
  }

  /// A tap hint: an instantaneous push away from a wall, gravity pulling back towards it, and a
  /// rule on the first contact (see `HintKind`). Some hops never come back within the scene.
  static func hintScene(
    _ x: inout Random, kind: HintKind, profile: Profile, frameRate: Double
  ) -> Scene {
    let w = x.r(60...400)
    let h = x.r(20...80)
    let centre = Point(w / 2 + x.r(0...40), h / 2 + x.r(0...40))
    // The push's direction (one of four, slightly tilted at times) and the wall behind.
    let direction = x.pick([0.0, .pi / 2, .pi, 3 * .pi / 2]) + (x.coin(0.3) ? x.r(-0.3...0.3) : 0)
    let d = Point(cos(direction), sin(direction))
    let offset = x.coin(0.1) ? 0 : x.r(0...30)
    let overhang = x.coin(0.3) ? 0 : x.r(0...20)
    let along = abs(d.x) > abs(d.y)
    let reach = (along ? w / 2 : h / 2) + offset
    let across = (along ? h / 2 : w / 2) + overhang
    let wallCentre = Point(centre.x - reach * d.x.rounded(), centre.y - reach * d.y.rounded())
    let from =
      along
      ? Point(wallCentre.x, wallCentre.y - across) : Point(wallCentre.x - across, wallCentre.y)
    let to =
      along
      ? Point(wallCentre.x, wallCentre.y + across) : Point(wallCentre.x + across, wallCentre.y)
    let rotation = x.coin()
    let item = SceneItem(id: "bar", size_pt: Point(w, h), center_pt: centre)
    var behaviors = [
      SceneBehavior(
        id: "push", items: ["bar"],
        kind: .push(
          PushSpec(
            mode: .instantaneous, angle_rad: direction, magnitude: x.r(0.2...8),
            offset_pt: x.coin(0.3) ? Point(x.r(-5...5), x.r(-5...5)) : Point(0, 0)))),
      SceneBehavior(
        id: "gravity", items: ["bar"],
        kind: .gravity(
          GravitySpec(angle_rad: direction + .pi + x.r(-0.2...0.2), magnitude: x.r(0.1...4)))),
      SceneBehavior(
        id: "props", items: ["bar"],
        kind: .item(
          ItemPropertiesSpec(
            elasticity: x.r(0...1), friction: x.r(0...1), density: x.r(0.5...2),
            resistance: x.r(0...1), allowsRotation: rotation))),
      SceneBehavior(
        id: "snap", items: ["bar"], start: false,
        kind: .snap(
          SnapSpec(
            point_pt: Point(centre.x + x.r(-20...20), centre.y + x.r(-20...20)),
            damping: x.r(0.05...1.5)))),
      SceneBehavior(
        id: "fixed", items: ["bar"], start: false,
        kind: .item(ItemPropertiesSpec(allowsRotation: false))),
    ]
    var rules: [SceneRule] = []
    var reference: Point?
    switch kind {
    case .swap, .keepWall, .addWall:
      behaviors.append(
        SceneBehavior(
          id: "hint-wall", items: ["bar"],
          kind: .collision(
            CollisionSpec(boundaries: [SceneBoundary(id: "wall", from_pt: from, to_pt: to)]))))
      var remove = ["push", "gravity"]
      var add = ["snap", "fixed"]
      if kind != .keepWall { remove.append("hint-wall") }
      if kind == .addWall {
        let far = Point(centre.x + 3 * reach * d.x, centre.y + 3 * reach * d.y)
        behaviors.append(
          SceneBehavior(
            id: "far-wall", items: ["bar"], start: false,
            kind: .collision(
              CollisionSpec(boundaries: [
                SceneBoundary(
                  id: "far", from_pt: Point(far.x - 400 * d.y, far.y - 400 * d.x),
                  to_pt: Point(far.x + 400 * d.y, far.y + 400 * d.x))
              ]))))
        add.append("far-wall")
      }
      rules.append(SceneRule(on: .contact(boundary: "wall"), add: add, remove: remove))
    case .creep:
      // The wall stays; the snap, present from the start, holds the item's edge 2 to 2.15 pt
      // from it, and the item starts up to 30 pt farther out, at rest.
      behaviors.append(
        SceneBehavior(
          id: "hint-wall", items: ["bar"],
          kind: .collision(
            CollisionSpec(boundaries: [SceneBoundary(id: "wall", from_pt: from, to_pt: to)]))))
      let rest = x.r(2...2.15) - offset
      behaviors[3].start = true
      behaviors[3].kind = .snap(
        SnapSpec(
          point_pt: Point(centre.x + rest * d.x.rounded(), centre.y + rest * d.y.rounded()),
          damping: x.r(1...1.5)))
      behaviors.removeSubrange(0...1)
    case .bounds:
      reference = Point(w + x.r(40...300), h + x.r(40...400))
      behaviors.append(
        SceneBehavior(
          id: "bounds", items: ["bar"],
          kind: .collision(CollisionSpec(referenceBounds: true))))
      behaviors[0].kind = .push(
        PushSpec(mode: .instantaneous, angle_rad: x.r(0...6.28), magnitude: x.r(0.2...6)))
    }
    return Scene(
      profile: profile, frameRate_hz: frameRate, duration_s: x.r(0.5...2.5),
      referenceSize_pt: reference, items: [item], behaviors: behaviors, rules: rules)
  }

  /// A release with rules that fire by time or when the animator pauses: a kick (an
  /// instantaneous push) at a random time, and another whenever it pauses, while the snap
  /// stays; so the scene sleeps, wakes and sleeps again.
  static func ruledScene(_ x: inout Random, profile: Profile, frameRate: Double) -> Scene {
    var scene = releaseScene(&x, profile: profile, frameRate: frameRate)
    scene.duration_s = x.r(1.5...4)
    scene.behaviors.append(
      SceneBehavior(
        id: "kick", items: ["box"], start: false,
        kind: .push(
          PushSpec(mode: .instantaneous, angle_rad: x.r(0...6.28), magnitude: x.r(0.1...2)))))
    if x.coin() { scene.rules.append(SceneRule(on: .time(at_s: x.r(0.1...1)), add: ["kick"])) }
    scene.rules.append(SceneRule(on: .pause, add: ["kick"], remove: ["kick"]))
    return scene
  }

  // MARK: - Tests

  @Test func releasesMatchTheScalarPathBitForBit() {
    var x = Random(g: SplitMix64(state: 20_261_122))
    var scenes: [Scene] = []
    for profile in Profile.allCases {
      for frameRate in [60.0, 120, 30] {
        for _ in 0..<14 {
          scenes.append(Self.releaseScene(&x, profile: profile, frameRate: frameRate))
        }
      }
    }
    let coverage = Self.compare(scenes)
    #expect(coverage.scenes == 84)
    #expect(coverage.laneFrames > 50 * 60)
    #expect(coverage.scalarFrames == 0)
  }

  @Test(arguments: HintKind.allCases)
  func tapHintsMatchTheScalarPathBitForBit(_ kind: HintKind) {
    var x = Random(g: SplitMix64(state: 7_000 + UInt64(HintKind.allCases.firstIndex(of: kind)!)))
    var scenes: [Scene] = []
    for profile in Profile.allCases {
      for frameRate in [60.0, 120] {
        for _ in 0..<12 {
          scenes.append(Self.hintScene(&x, kind: kind, profile: profile, frameRate: frameRate))
        }
      }
    }
    let coverage = Self.compare(scenes)
    // Lanes ran frames, scenes left them at different frames (contacts ahead) and came back
    // (after the swap, or once clear of the boundaries again); creeping items left and stayed
    // out.
    #expect(coverage.laneFrames > 1_000)
    #expect(coverage.scalarFrames > 50)
    #expect(coverage.exits > (kind == .creep ? 10 : 20))
    #expect(coverage.entries > (kind == .creep ? 0 : 20))
  }

  @Test func pausesAndTimeRulesMatchTheScalarPathBitForBit() {
    var x = Random(g: SplitMix64(state: 424_242))
    var scenes: [Scene] = []
    for profile in Profile.allCases {
      for _ in 0..<20 { scenes.append(Self.ruledScene(&x, profile: profile, frameRate: 60)) }
    }
    let coverage = Self.compare(scenes)
    #expect(coverage.laneFrames > 1_000)
    #expect(coverage.exits > 10)
    #expect(coverage.entries > 10)
  }

  /// All kinds at once, so that groups hold scenes at different phases and of different
  /// signatures run side by side.
  @Test func mixedGridsMatchTheScalarPathBitForBit() {
    var x = Random(g: SplitMix64(state: 99))
    var scenes: [Scene] = []
    for _ in 0..<60 {
      let profile = x.pick(Profile.allCases)
      switch Int.random(in: 0..<3, using: &x.g) {
      case 0: scenes.append(Self.releaseScene(&x, profile: profile, frameRate: 60))
      case 1:
        scenes.append(
          Self.hintScene(&x, kind: x.pick(HintKind.allCases), profile: profile, frameRate: 60))
      default: scenes.append(Self.ruledScene(&x, profile: profile, frameRate: 60))
      }
    }
    let coverage = Self.compare(scenes)
    #expect(coverage.laneFrames > 1_000)
    #expect(coverage.exits > 5)
  }

  /// The Castro scenes themselves, and the release at dampings that pause at different frames.
  @Test func castroScenesMatchTheScalarPathBitForBit() throws {
    var scenes: [Scene] = []
    for name in [
      "castro-tap-hint-left", "castro-tap-hint-right", "castro-release-right-40",
      "castro-release-left-160",
    ] {
      scenes.append(try loadScene("experiments/scenes/\(name).toml"))
    }
    let castro = try loadScene("experiments/scenes/castro-release-right-40.toml")
    for (i, damping) in [0.05, 0.2, 0.35, 0.6, 0.9, 1.2, 1.5, 0.35].enumerated() {
      var scene = castro
      scene.items[0].center_pt.x = 160 + 20 * Double(i + 1)
      scene.behaviors[0].kind = .snap(SnapSpec(point_pt: Point(160, 25), damping: damping))
      if i == 7 { scene.duration_s = 0.5 }  // out of frames before it pauses
      scenes.append(scene)
    }
    let coverage = Self.compare(scenes)
    #expect(coverage.exits >= 2)  // both tap hints leave their lane before the wall
  }

  /// Scenes with touches enter a lane once their last touch has lifted (the rules the lift
  /// fires already applied: the snap back, the push of a tap hint), and run there bit for bit
  /// as on the scalar path: Castro's drags and swipe at seeded random drag ends, lengths and
  /// snap dampings (their bar's vertical velocity rounds to zero now and then, with either
  /// sign), its taps (whose hint hits a wall: lanes hand them back), the attachment drag.
  @Test func touchScenesMatchTheScalarPathBitForBit() throws {
    var x = Random(g: SplitMix64(seed: 20_261_123, stream: 14))
    var scenes: [Scene] = []
    for name in ["castro-tap-left", "castro-tap-right", "attachment-drag"] {
      scenes.append(try loadScene("experiments/scenes/\(name).toml"))
    }
    for name in ["castro-drag-right-80", "castro-drag-left-40", "castro-swipe-right"] {
      let base = try loadScene("experiments/scenes/\(name).toml")
      for _ in 0..<6 {
        var scene = base
        guard case .drag(var drag) = scene.touches[0].trace else {
          Issue.record("\(name): expected a drag")
          continue
        }
        drag.to_pt.x = drag.from_pt.x + x.r(-160...160)
        drag.duration_s = x.r(0.1...0.8)
        scene.touches[0].trace = .drag(drag)
        let snap = try #require(scene.behaviors.firstIndex { $0.id == "scrub-snap" })
        guard case .snap(var spec) = scene.behaviors[snap].kind else {
          Issue.record("\(name): expected the snap")
          continue
        }
        spec.damping = x.r(0.05...1.5)
        scene.behaviors[snap].kind = .snap(spec)
        scenes.append(scene)
      }
    }
    let coverage = Self.compare(scenes)
    // Every drag's snap back runs in a lane after its lift.
    #expect(coverage.entries >= 18, "\(coverage.entries) entries into a lane")
    #expect(coverage.laneFrames > coverage.scalarFrames)
  }

  /// A scene with touches stays out of lanes until its last sample is delivered, and for good
  /// when it has pause rules (a lane would hand it back on the paused frame, whose state before
  /// the step only the scalar path keeps).
  @Test func touchScenesEnterLanesOnlyAfterTheirLastSample() throws {
    let scene = try loadScene("experiments/scenes/castro-drag-right-80.toml")
    var sim = SceneSimulation(scene)
    var firstLaneFrame: Int?
    while sim.frame < scene.frameCount, firstLaneFrame == nil {
      if sim.laneSignature != nil { firstLaneFrame = sim.frame }
      sim.advance()
    }
    guard case .drag(let drag) = scene.touches[0].trace, let firstLaneFrame else {
      Issue.record("no lane signature in the whole run")
      return
    }
    // The lift is the first sample at or after the drag's end, delivered before that frame's
    // step: the scene may enter a lane after that frame, not before.
    let liftFrame = Int(((drag.at_s + drag.duration_s) * scene.frameRate_hz).rounded(.up))
    #expect(firstLaneFrame >= liftFrame, "lane at frame \(firstLaneFrame), lift at \(liftFrame)")
    #expect(
      firstLaneFrame <= liftFrame + 1, "lane at frame \(firstLaneFrame), lift at \(liftFrame)")
    var paused = scene
    paused.rules.append(SceneRule(on: .pause, add: ["scrub-snap"]))
    var pausedSim = SceneSimulation(paused)
    while pausedSim.frame < paused.frameCount {
      #expect(pausedSim.laneSignature == nil, "frame \(pausedSim.frame)")
      pausedSim.advance()
      if pausedSim.isAtRest { break }
    }
  }

  @Test func ineligibleScenesHaveNoSignature() throws {
    let castro = try loadScene("experiments/scenes/castro-release-right-40.toml")
    var rigid = castro
    rigid.behaviors.append(
      SceneBehavior(
        id: "rod", items: ["bar"], kind: .attachment(AttachmentSpec(target: .anchor(Point(0, 0))))))
    var twoItems = castro
    twoItems.items.append(SceneItem(id: "other", size_pt: Point(10, 10), center_pt: Point(0, 0)))
    var timed = castro
    timed.behaviors.append(
      SceneBehavior(id: "g", items: ["bar"], start: false, kind: .gravity(GravitySpec())))
    timed.rules = [SceneRule(on: .time(at_s: 1), add: ["g"])]
    var touching = try loadScene("experiments/scenes/castro-tap-hint-left.toml")
    touching.behaviors[2].kind = .collision(
      CollisionSpec(boundaries: [
        SceneBoundary(id: "wall", from_pt: Point(0, 0), to_pt: Point(0, 50))
      ]))
    #expect(SceneSimulation(castro).laneSignature != nil)
    for scene in [rigid, twoItems, timed, touching] {
      #expect(SceneSimulation(scene).laneSignature == nil)
    }
  }
}
