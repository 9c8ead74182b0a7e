import FeelExport
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// The dial's detent as an approach (docs/export.md, "The dial's detent"): measured in degrees from
/// the frame it engages, towards the rest angle it picked; its spring is exact, so the fit finds
/// the scene's own frequency and damping ratio.
@Suite struct DetentApproachTests {
  static let release = "experiments/scenes/dial-detent-release.toml"

  static func degrees(_ rad: Double) -> Double { rad * 180 / Double.pi }

  /// dial-detent-release: a 610°/s release on the author's coast (0.97 per frame), a 12-value
  /// detent with the pointer at the top (phase π/2) engaging below 1 rad/s. After frame n the
  /// coast's speed is v0·0.97ⁿ and its angle v0·dt·(1 − 0.97ⁿ)/(1 − 0.97); the detent engages
  /// on the first frame whose speed is under 1 rad/s, towards the rest angle nearest where the
  /// coast would stop, v0·dt/(1 − 0.97) = 610/1.8 = 338.9°: 90° + 8·30° = 330°.
  @Test func releaseEngagesWhereTheCoastSlowsAndAimsAtTheNearestLabel() throws {
    let scene = try loadScene(Self.release)
    let v0 = 610 * Double.pi / 180
    let decay = 0.97
    let dt = 1.0 / 60
    let engage = Int((log(1 / v0) / log(decay)).rounded(.up))  // first n with v0·0.97ⁿ < 1
    #expect(engage == 78)
    let angle = v0 * dt * (1 - pow(decay, Double(engage))) / (1 - decay)
    let speed = v0 * pow(decay, Double(engage))

    let motion = try ApproachExtractor.extract(scene, item: 0)
    #expect(motion.quantity == .angle)
    #expect(motion.label == "the detent \"settle\"")
    #expect(motion.startFrame == engage)
    expectClose(motion.target.point_pt.x, 330, .coastRecurrence, "target (°)")
    #expect(motion.target.point_pt.y == 0)
    #expect(motion.target.how.contains("label 4 of 12"), "\(motion.target.how)")
    // The disc stands short of the target (counter-clockwise of it) and turns towards it.
    #expect(motion.direction == Point(-1, 0))
    expectClose(motion.travel_pt, 330 - Self.degrees(angle), .coastRecurrence, "travel (°)")
    expectClose(
      motion.startVelocity_pt_s, -Self.degrees(speed), .coastRecurrence, "start speed (°/s)")
    // Every sample is the angle `feel run` prints, from the target, in degrees.
    let frames = trajectory(scene)
    for i in 0..<motion.count {
      let a = Self.degrees(frames[engage + i][0].angle_rad)
      #expect(motion.along_pt[i] == (a - motion.target.point_pt.x) * -1, "frame \(engage + i)")
      #expect(motion.across_pt[i] == 0)
    }
    // It lands exactly on the label and stays.
    #expect(motion.along_pt.last == 0)
  }

  /// The detent's spring is solved exactly, so a spring fit of its motion is that spring: the
  /// scene's frequency and damping ratio, under-, critically and over-damped. What is left is
  /// the landing (the item placed on the label once the amplitude is under 1e-4 rad).
  @Test(arguments: [(1.5, 0.3), (4.0, 0.7), (9.0, 1.0), (2.5, 1.6)])
  func theFitIsTheDetentsSpring(frequency_hz: Double, damping: Double) throws {
    var scene = try loadScene(Self.release)
    let b = try #require(scene.behaviors.firstIndex { $0.id == "settle" })
    guard case .detent(var spec) = scene.behaviors[b].kind else {
      Issue.record("settle is a detent")
      return
    }
    spec.frequency_hz = frequency_hz
    spec.damping = damping
    scene.behaviors[b].kind = .detent(spec)
    let report = try ExportReport(scene, name: "detent", targets: [.swiftui])
    let fit = try #require(report.fit)
    expectClose(fit.spring.frequency_hz, frequency_hz, .detentSpringFit, "frequency (Hz)")
    expectClose(fit.spring.dampingRatio, damping, .detentSpringFit, "damping ratio")
    #expect(report.singleSpringMatches == true)
    let code = try #require(report.swiftui?.code)
    #expect(code.contains("angle = .degrees(330)"), "\(code)")
  }

  /// Every sample of the approach is the detent's spring in closed form (the roots of its
  /// characteristic equation, from the state the author's recurrence gives at the takeover,
  /// written in the test: `DialClosedForm`), in degrees from the rest angle, until it lands
  /// on it exactly: under-, critically and over-damped.
  @Test(arguments: [(1.5, 0.3), (4.0, 0.7), (9.0, 1.0), (2.5, 1.6)])
  func theSamplesAreTheSpringsClosedForm(frequency_hz: Double, damping: Double) throws {
    var scene = try loadScene(Self.release)
    let b = try #require(scene.behaviors.firstIndex { $0.id == "settle" })
    guard case .detent(var spec) = scene.behaviors[b].kind else {
      Issue.record("settle is a detent")
      return
    }
    spec.frequency_hz = frequency_hz
    spec.damping = damping
    scene.behaviors[b].kind = .detent(spec)
    // The author's constants (docs/tempo-dial.md) and the scene's detent, written out.
    let closed = DialClosedForm(
      coast: .init(
        decay: 0.97, maxSpeed_rad_s: 2000 * Double.pi / 180,
        minSpeed_rad_s: 10 * Double.pi / 180, stopSpeed_rad_s: 0.0001 * Double.pi / 180),
      detent: .init(
        count: 12, phase_rad: Double.pi / 2, frequency_hz: frequency_hz, damping: damping,
        engageBelow_rad_s: 1))
    let expected = closed.angles(v0_rad_s: 610 * Double.pi / 180, frames: scene.frameCount)
    let takeover = try #require(expected.takeover)
    let motion = try ApproachExtractor.extract(scene, item: 0)
    #expect(motion.startFrame == takeover.frame)
    expectClose(
      motion.target.point_pt.x, Self.degrees(takeover.target_rad), .coastRecurrence, "target (°)")
    #expect(motion.count == scene.frameCount - takeover.frame + 1, "it lasts to the end")
    var landed = false
    for i in 0..<motion.count {
      let x = Self.degrees(expected.angles[takeover.frame + i - 1] - takeover.target_rad)
      expectClose(
        motion.along_pt[i], x * motion.direction.x, .detentClosedForm, "sample \(i) (°)")
      landed = landed || x == 0
    }
    #expect(landed, "the closed form lands within the scene")
    #expect(motion.along_pt.last == 0, "it lands exactly on the rest angle")
  }

  /// A tap on label 5's text turns it to the pointer: the approach starts at the tap, towards
  /// −60° (the disc turns 60° counter-clockwise), not at the landing on frame 1 (already on a
  /// label: nothing to fit).
  @Test func aTapStartsAnApproachToTheTappedLabel() throws {
    let scene = try loadScene("experiments/scenes/dial-tap-label.toml")
    var sim = SceneSimulation(scene)
    var tapFrame: Int?
    while sim.frame < scene.frameCount && tapFrame == nil {
      if sim.advance().contains(where: { $0.kind == .touch(.tap) }) { tapFrame = sim.frame }
    }
    let motion = try ApproachExtractor.extract(scene, item: 0)
    #expect(motion.startFrame == (try #require(tapFrame)))
    expectClose(motion.target.point_pt.x, -60, .coastRecurrence, "target (°)")
    #expect(motion.target.how.contains("label 5 of 12"), "\(motion.target.how)")
  }

  /// The text and the code speak degrees and rotation, not points and offsets.
  @Test func theReportAndTheCodeTurnTheView() throws {
    let scene = try loadScene(Self.release)
    let report = try ExportReport(
      scene, name: "dial-detent-release", targets: [.swiftui, .caspring, .compose, .css])
    let text = report.text(sceneFile: Self.release)
    #expect(text.contains("counter-clockwise of the target angle 330°"), "\(text)")
    // Half a point at the rim of the 240 pt disc: 0.5/120 rad = 0.2387°, printed to 3 digits.
    #expect(text.contains("half a point at the rim (0.239°)"), "\(text)")
    #expect(
      report.caspring?.code.contains("CASpringAnimation(keyPath: \"transform.rotation.z\")") == true
    )
    #expect(report.caspring?.code.contains("330 * CGFloat.pi / 180") == true)
    #expect(report.compose?.code.contains("in degrees (rotationZ = 330 + value)") == true)
    #expect(report.css?.code.contains("transition: rotate ") == true)
    let overlay = try #require(report.overlay)
    #expect(
      overlay.columns == [
        "t_s", "scene_t_s", "uikit_pt", "uikit_across_pt", "swiftui_pt", "caspring_pt",
        "compose_pt", "css_pt", "uikit_deg", "uikit_across_deg", "swiftui_deg", "caspring_deg",
        "compose_deg", "css_deg",
      ])
  }
}
