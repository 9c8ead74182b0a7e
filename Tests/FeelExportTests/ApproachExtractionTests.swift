import FeelExport
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// The approach cut out of a run: from t = 0 for a release's snap, from the rule that adds the
/// snap for the tap hint, and the displacement along the release line equal to the trajectory
/// `feel run` prints.
@Suite struct ApproachExtractionTests {
  @Test func releaseStartsAtTimeZero() throws {
    let scene = try loadScene("experiments/scenes/castro-release-right-80.toml")
    let motion = try ApproachExtractor.extract(scene, item: 0)
    let frames = trajectory(scene)
    #expect(motion.startFrame == 0)
    #expect(motion.direction == Point(1, 0))
    #expect(motion.target.point_pt == Point(160, 25))
    #expect(motion.travel_pt == 80)
    #expect(motion.count == frames.count)
    for n in 1..<frames.count {
      #expect(motion.along_pt[n] == frames[n][0].center_pt.x - 160, "frame \(n)")
      #expect(motion.across_pt[n] == frames[n][0].center_pt.y - 25, "frame \(n)")
    }
  }

  /// A snap present at t = 0 (the bottom sheet resting at its middle detent), taken out by the
  /// drag and put back at the release with a picked point: the approach is the release's, not
  /// the rest's (which has nothing to fit). From the scene: the finger drags 80 pt up in 0.1 s,
  /// so the sheet is lifted at 720 − 80 = 640 pt with 800 pt/s upwards, and the release picks
  /// the open detent, 420 pt: 220 pt to travel.
  @Test func aSnapPutBackAtTheReleaseStartsThere() throws {
    let scene = try loadScene("Tests/Controls/bottom-sheet/scenes/bottom-sheet.toml")
    #expect(scene.behaviors.contains { $0.id == "detent-snap" && $0.start })
    let motion = try ApproachExtractor.extract(scene, item: 0)
    #expect(motion.target.point_pt == Point(187.5, 420))
    expectClose(motion.travel_pt, 220, .float32Accumulation, "travel (pt)")
    #expect(motion.direction == Point(0, 1))
    expectClose(motion.startVelocity_pt_s, -800, .float32Accumulation, "release velocity (pt/s)")
  }

  @Test(arguments: ["left", "right"])
  func tapHintStartsAtTheContactRule(side: String) throws {
    let scene = try loadScene("experiments/scenes/castro-tap-hint-\(side).toml")
    var sim = SceneSimulation(scene)
    var ruleFrame: Int?
    while sim.frame < scene.frameCount && ruleFrame == nil {
      if sim.advance().contains(where: { $0.kind == .ruleFired }) { ruleFrame = sim.frame }
    }
    let contact = try #require(ruleFrame, "the hint touches its wall")
    let motion = try ApproachExtractor.extract(scene, item: 0)
    #expect(motion.startFrame == contact)
    #expect(motion.startVelocity_pt_s == 0, "the snap starts from rest at the wall")
    let frames = trajectory(scene)
    #expect(motion.count == frames.count - contact)
    // The bar touches the wall on the tapped side, beyond the target.
    let d: Double = side == "left" ? -1 : 1
    #expect(motion.direction == Point(d, 0))
    #expect(motion.target.point_pt == Point(160, 25))
    for i in 0..<motion.count {
      let x = frames[contact + i][0].center_pt.x
      #expect(motion.along_pt[i] == (x - 160) * d, "frame \(contact + i)")
    }
  }

  @Test func attachmentTargetsItsRestPoseOnTheLine() throws {
    let anchor = Point(50, 60)
    let scene = Scene(
      duration_s: 1,
      items: [SceneItem(id: "box", size_pt: Point(40, 40), center_pt: Point(50 + 90, 60 + 120))],
      behaviors: [
        SceneBehavior(
          id: "tether", items: ["box"],
          kind: .attachment(
            AttachmentSpec(target: .anchor(anchor), length_pt: 50, frequency_hz: 2, damping: 0.5)))
      ])
    let motion = try ApproachExtractor.extract(scene, item: 0)
    // 150 pt from the anchor along (0.6, 0.8): rest at 50 pt along the same line.
    #expect(abs(motion.target.point_pt.x - (50 + 30)) < 1e-12)
    #expect(abs(motion.target.point_pt.y - (60 + 40)) < 1e-12)
    #expect(abs(motion.travel_pt - 100) < 1e-12)
    #expect(motion.target.how == AttachmentApproach.restPoseHow)
  }

  @Test func aSceneWithoutAnApproachSaysSo() throws {
    let scene = try loadScene("experiments/scenes/apple-push.toml")
    #expect(throws: ExportError.self) { try ApproachExtractor.extract(scene, item: 0) }
  }
}
