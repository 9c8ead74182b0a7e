import FeelExport
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// A flick released at its target (docs/export.md, "A release at the target"): the item starts
/// where its snap pulls it, so the spring moves it only by its initial velocity. The fit holds
/// that velocity and recovers the spring of a motion that starts at 0 (the closed form,
/// `ReferenceSpring`, in each damping regime); the export of such a scene gives every target
/// with its error: Compose and the CSS keyframes carry the motion, SwiftUI's and Core
/// Animation's relative velocity cannot (their error is the whole motion).
@Suite struct AtTargetExportTests {
  /// A 320 × 50 pt bar dragged from centre 120 to centre 160, its snap point, in 0.2 s at a
  /// constant 200 pt/s, released with the finger's velocity there.
  static let scene = """
    title = "A flick released at its snap point"
    profile = "modern"
    frame_rate = 60
    duration = 2
    reference_size = [320, 50]

    [[item]]
    id = "bar"
    size = [320, 50]
    center = [120, 25]

    [[touch]]
    id = "finger"
    drag = { at = 0.0, from = [120, 25], to = [160, 25], duration = 0.2 }

    [[behavior]]
    id = "drag"
    type = "drag"
    items = ["bar"]
    touch = "finger"
    mode = "follow"
    axis = "x"
    start = false

    [[behavior]]
    id = "snap"
    type = "snap"
    items = ["bar"]
    point = [160, 25]
    damping = 0.5
    start = false

    [[rule]]
    on = "drag-began"
    add = ["drag"]

    [[rule]]
    on = "drag-ended"
    remove = ["drag"]
    add = ["snap"]
    release_velocity = true
    """

  /// From x0 = 0 the motion is the velocity's alone: v0·e^(−σt)·S(t). The fit with v0 given
  /// (the release) and with v0 fitted recovers ω and ζ, under-, critically and over-damped.
  @Test(arguments: [0.3, 1.0, 2.5])
  func aMotionFromTheTargetRecoversTheSpring(zeta: Double) {
    let omega = 2 * Double.pi * 2
    let spring = ReferenceSpring(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega)
    let data = spring.samples(x0: 0, v0: 200)
    let given = SpringFitter.fit(t_s: data.t, x_pt: data.x, v0_pt_s: 200)
    expectClose(given.spring.omega_rad_s, omega, .springRoundTrip, "ω given, ζ \(zeta)")
    expectClose(given.spring.dampingRatio, zeta, .springRoundTrip, "ζ given, ζ \(zeta)")
    let fitted = SpringFitter.fit(t_s: data.t, x_pt: data.x)
    expectClose(fitted.spring.omega_rad_s, omega, .springRoundTrip, "ω fitted, ζ \(zeta)")
    expectClose(fitted.spring.dampingRatio, zeta, .springRoundTrip, "ζ fitted, ζ \(zeta)")
    expectClose(fitted.v0_pt_s, 200, .springRoundTrip, "v0 fitted, ζ \(zeta)")
  }

  @Test func theApproachStartsAtTheTargetAlongTheReleaseVelocity() throws {
    let scene = try SceneReader.parse(Self.scene, file: "at-target.toml")
    let motion = try ApproachExtractor.extract(scene, item: 0)
    #expect(motion.startsAtTarget)
    #expect(abs(motion.travel_pt) < ApproachExtractor.minimumTravel_pt)
    #expect(motion.direction == Point(1, 0), "along the release velocity, +x")
    let v = try #require(motion.releaseVelocity_pt_s)
    #expect(abs(v.x - 200) < 0.01 && v.y == 0, "the finger's 40 pt in 0.2 s")
    #expect(motion.reach_pt > 1, "the velocity carries it past the target: \(motion.reach_pt)")
  }

  @Test func everyTargetExportsWithItsError() throws {
    let scene = try SceneReader.parse(Self.scene, file: "at-target.toml")
    let report = try ExportReport(
      scene, name: "at-target", targets: [.swiftui, .caspring, .compose, .css])
    let motion = try #require(report.motion)
    let fit = try #require(report.fit)
    let fitError = try #require(report.fitError)
    #expect(fit.velocityFixed)
    // the best spring does better than staying put (UIKit's snap, four joints, is not quite
    // one spring), and its error is a percentage of the reach
    #expect(fitError.max_pt < 0.5 * motion.reach_pt, "\(fitError.max_pt) of \(motion.reach_pt)")
    #expect(abs(fitError.maxPercentOfTravel - 100 * fitError.max_pt / motion.reach_pt) < 1e-9)
    // Compose takes the velocity in pt/s: as close as the best spring, to rounding
    let compose = try #require(report.compose)
    #expect(abs(compose.error.max_pt - fitError.max_pt) < 0.01)
    // CSS keyframes of the offset: within their 0.5 pt
    let css = try #require(report.css)
    #expect(css.keyframes != nil)
    #expect(css.error.max_pt <= ExportDefaults.cssTolerance_pt + 1e-9)
    // SwiftUI's and Core Animation's relative velocity has no distance: not animated, the
    // whole motion is their error
    for error in [try #require(report.swiftui).error, try #require(report.caspring).error] {
      #expect(abs(error.max_pt - motion.reach_pt) < 0.01)
    }
    let text = report.text(sceneFile: "at-target.toml")
    #expect(text.contains("at the target (160, 25), leaving it along (1, 0)"))
    #expect(text.contains("pt reach)"))
    #expect(!text.contains("nan") && !text.contains("inf"))
  }

  @Test func aMotionThatDoesNotMoveIsStillRefused() throws {
    // no release velocity: the bar rests at the snap point
    let still = Self.scene.replacingOccurrences(of: "release_velocity = true", with: "")
    let scene = try SceneReader.parse(still, file: "still.toml")
    #expect(throws: ExportError.self) { try ApproachExtractor.extract(scene, item: 0) }
  }
}
