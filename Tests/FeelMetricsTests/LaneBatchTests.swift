import FeelMetrics
import FeelScene
import FeelTestSupport
import Testing

/// The lane-batched stepper against the one-scene path: every lane's frames equal its scalar
/// run bit for bit, including lanes that pause at different frames.
@Suite struct LaneBatchTests {
  /// Which behaviors a batch's scenes have (their values differ lane by lane).
  struct Structure {
    var gravity: Bool
    var push: Bool
    var attachment: Bool
    var rotation: Bool
  }

  /// A random eligible scene of the given structure.
  static func scene(_ s: Structure, _ g: inout SplitMix64) -> Scene {
    func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &g) }
    let size = Point(r(20...400), r(20...200))
    let item = SceneItem(
      id: "box", size_pt: size, center_pt: Point(r(0...320), r(0...500)),
      angle_rad: s.rotation ? r(-1...1) : 0,
      velocity_pt_s: Point(r(-300...300), r(-300...300)),
      angularVelocity_rad_s: s.rotation ? r(-2...2) : 0)
    var behaviors = [
      SceneBehavior(
        id: "snap", items: ["box"],
        kind: .snap(SnapSpec(point_pt: Point(r(0...320), r(0...500)), damping: r(0...1.5)))),
      SceneBehavior(
        id: "props", items: ["box"],
        kind: .item(
          ItemPropertiesSpec(
            density: r(0.5...2), resistance: r(0...3), angularResistance: r(0...3),
            allowsRotation: s.rotation))),
    ]
    func add(_ id: String, _ kind: BehaviorKind) {
      behaviors.append(SceneBehavior(id: id, items: ["box"], kind: kind))
    }
    if s.gravity {
      add("gravity", .gravity(GravitySpec(angle_rad: r(0...6.28), magnitude: r(0.1...2))))
    }
    if s.push {
      add(
        "push",
        .push(
          PushSpec(
            mode: .continuous, angle_rad: r(0...6.28), magnitude: r(0...2),
            offset_pt: Point(r(-10...10), r(-10...10)))))
    }
    if s.attachment {
      add(
        "spring",
        .attachment(
          AttachmentSpec(
            target: .anchor(Point(r(0...320), r(0...500))),
            offset_pt: Point(r(-10...10), r(-10...10)), frequency_hz: r(0.5...5),
            damping: r(0...1.5))))
    }
    return Scene(duration_s: r(1...4), items: [item], behaviors: behaviors)
  }

  static func bits(_ s: ItemState) -> [UInt64] {
    [
      s.center_pt.x.bitPattern, s.center_pt.y.bitPattern, s.angle_rad.bitPattern,
      s.velocity_pt_s.x.bitPattern, s.velocity_pt_s.y.bitPattern,
      s.angularVelocity_rad_s.bitPattern,
    ]
  }

  /// Runs `scenes` in one batch and each alone, comparing every frame bit for bit. Returns the
  /// frame after which each lane paused (nil: it ran out of frames).
  @discardableResult
  static func compare(_ scenes: [Scene], frames compared: inout Int) -> [Int?] {
    var sims = scenes.map { SceneSimulation($0) }
    #expect(sims.allSatisfy { $0.laneSignature != nil })
    #expect(Set(sims.map { $0.laneSignature }).count == 1)
    var batch = LaneBatch(
      sims.map(\.animator), frameCounts: scenes.map(\.frameCount), dt_s: sims[0].frameDuration_s)
    var paused: [Int?] = Array(repeating: nil, count: scenes.count)
    while true {
      let advanced = batch.advanceFrame()
      if advanced.isEmpty { break }
      for lane in advanced {
        sims[lane].advance()
        #expect(batch.frame[lane] == sims[lane].frame)
        #expect(batch.isRunning(lane: lane) == sims[lane].isRunning)
        let same = bits(batch.state(lane: lane)) == bits(sims[lane].state(ofItem: 0))
        #expect(same, "lane \(lane) frame \(batch.frame[lane])")
        if !same { return paused }
        compared += 1
        if !batch.isRunning(lane: lane) { paused[lane] = batch.frame[lane] }
      }
    }
    // Each lane stopped where the scalar run does: out of frames or at rest, and a paused
    // lane's frozen state is what the scalar animator keeps showing.
    for lane in scenes.indices {
      #expect(sims[lane].frame == scenes[lane].frameCount || sims[lane].isAtRest)
      while sims[lane].frame < scenes[lane].frameCount {
        sims[lane].advance()
        #expect(bits(batch.state(lane: lane)) == bits(sims[lane].state(ofItem: 0)))
      }
    }
    return paused
  }

  @Test func randomScenesMatchTheScalarPathBitForBit() {
    var g = SplitMix64(state: 20_261_122)
    var scenes = 0
    var frames = 0
    var paused = 0
    for structure in 0..<16 {
      let s = Structure(
        gravity: structure & 1 != 0, push: structure & 2 != 0, attachment: structure & 4 != 0,
        rotation: structure & 8 != 0)
      // Batches of 8 and a partial one.
      let lanes = structure == 15 ? 3 : 8
      let batch = (0..<lanes).map { _ in Self.scene(s, &g) }
      scenes += lanes
      paused += Self.compare(batch, frames: &frames).compactMap { $0 }.count
    }
    #expect(scenes >= 50)
    #expect(frames > 50 * 60)
    #expect(paused > 0)
  }

  @Test func lanesPausingAtDifferentFrames() throws {
    let castro = try loadScene("experiments/scenes/castro-release-right-40.toml")
    let scenes = [0.05, 0.2, 0.35, 0.6, 0.9, 1.2, 1.5, 0.35].enumerated().map { i, damping in
      var scene = castro
      scene.items[0].center_pt.x = 160 + 20 * Double(i + 1)
      scene.behaviors[0].kind = .snap(SnapSpec(point_pt: Point(160, 25), damping: damping))
      if i == 7 { scene.duration_s = 0.5 }  // out of frames before it pauses
      return scene
    }
    var compared = 0
    let paused = Self.compare(scenes, frames: &compared)
    let frames = paused.compactMap { $0 }
    #expect(frames.count == 7)
    #expect(Set(frames).count > 3)
    #expect(paused[7] == nil)
  }

  @Test func ineligibleScenesHaveNoSignature() throws {
    let castro = try loadScene("experiments/scenes/castro-release-right-40.toml")
    var ios7 = castro
    ios7.profile = .ios7
    var rule = castro
    rule.rules = [SceneRule(on: .pause, remove: ["scrub-snap"])]
    var rigid = castro
    rigid.behaviors.append(
      SceneBehavior(
        id: "rod", items: ["bar"], kind: .attachment(AttachmentSpec(target: .anchor(Point(0, 0))))))
    var instant = castro
    instant.behaviors.append(
      SceneBehavior(
        id: "tap", items: ["bar"], kind: .push(PushSpec(mode: .instantaneous, magnitude: 1))))
    var later = castro
    later.behaviors[0].start = false
    #expect(SceneSimulation(castro).laneSignature != nil)
    for scene in [ios7, rule, rigid, instant, later] {
      #expect(SceneSimulation(scene).laneSignature == nil)
    }
  }
}
