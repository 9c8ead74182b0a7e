import FeelExport
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// Exports a gesture can drive (issue 25.5, docs/export.md "A release" and "A 2-D approach"):
/// a spring fitted with its initial velocity fixed to a given one recovers the spring; one
/// spring for both axes of a 2-D motion recovers it too, with or without the velocities given;
/// an approach that starts at a release starts there with the item's velocity, each target
/// taking it in its own units; a 2-D approach's CSS keyframes, replayed from their text, follow
/// the item's path within the 0.5 pt their header claims.
@Suite struct GestureExportTests {
  static let flick = "experiments/scenes/pip-flick.toml"
  static let attachment = "experiments/scenes/pip-attachment.toml"
  /// The flick's release, written from the scene: a drag of (100, −230) pt in 0.25 s at
  /// constant speed, and the tile's centre (96, 740) plus that translation at the lift.
  static let releaseVelocity = Point(100 / 0.25, -230 / 0.25)
  static let liftPoint = Point(96 + 100, 740 - 230)
  static let corner = Point(294, 104)

  /// With the initial velocity given (not fitted), the fit still returns the spring.
  @Test(arguments: [0.2, 0.7, 1.0, 1.8])
  func aFixedVelocityFitRecoversTheSpring(zeta: Double) {
    let omega = 2 * Double.pi * 3
    let spring = ReferenceSpring(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega)
    let data = spring.samples(x0: 120, v0: 900)
    let fit = SpringFitter.fit(t_s: data.t, x_pt: data.x, v0_pt_s: 900)
    #expect(fit.velocityFixed)
    #expect(fit.v0_pt_s == 900, "the velocity is the given one, not fitted")
    expectClose(fit.spring.omega_rad_s, omega, .springRoundTrip, "ω, ζ \(zeta)")
    expectClose(fit.spring.dampingRatio, zeta, .springRoundTrip, "ζ, ζ \(zeta)")
  }

  /// One spring, two axes, each with its own start and velocity: recovered with the
  /// velocities given, and with them fitted (each axis's in closed form).
  @Test(arguments: [0.3, 1.2])
  func aPlanarFitRecoversTheSpringAndBothVelocities(zeta: Double) {
    let omega = 2 * Double.pi * 2.5
    let spring = ReferenceSpring(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega)
    let x = spring.samples(x0: -98, v0: 400)
    let y = spring.samples(x0: 406, v0: -920)
    let given = SpringFitter.fitPlanar(
      t_s: x.t, x_pt: x.x, y_pt: y.x, v0_pt_s: Point(400, -920))
    expectClose(given.spring.omega_rad_s, omega, .springRoundTrip, "ω given, ζ \(zeta)")
    expectClose(given.spring.dampingRatio, zeta, .springRoundTrip, "ζ given, ζ \(zeta)")
    #expect(given.v0_pt_s == Point(400, -920) && given.velocityFixed)
    let fitted = SpringFitter.fitPlanar(t_s: x.t, x_pt: x.x, y_pt: y.x)
    expectClose(fitted.spring.omega_rad_s, omega, .springRoundTrip, "ω fitted, ζ \(zeta)")
    expectClose(fitted.spring.dampingRatio, zeta, .springRoundTrip, "ζ fitted, ζ \(zeta)")
    expectClose(fitted.v0_pt_s.x, 400, .springRoundTrip, "v0 x fitted")
    expectClose(fitted.v0_pt_s.y, -920, .springRoundTrip, "v0 y fitted")
    #expect(!fitted.velocityFixed)
  }

  /// The flick's approach starts at the lift, from the lift point, with the finger's velocity
  /// (handed over by release_velocity, read back through the engine's float32 body).
  @Test func theFlickStartsAtTheReleaseWithItsVelocity() throws {
    let scene = try loadScene(Self.flick)
    let motion = try ApproachExtractor.extract(scene, item: 0)
    #expect(motion.startFrame == 20, "the frame before the drag-ended one (21)")
    let v = try #require(motion.releaseVelocity_pt_s)
    expectClose(v.x, Self.releaseVelocity.x, .float32Accumulation, "release vx")
    expectClose(v.y, Self.releaseVelocity.y, .float32Accumulation, "release vy")
    let start = motion.startOffset_pt
    expectClose(start.x, Self.liftPoint.x - Self.corner.x, .planarRoundoff, "start x")
    expectClose(start.y, Self.liftPoint.y - Self.corner.y, .planarRoundoff, "start y")
    #expect(motion.isPlanar, "the tile swings off the release line")
  }

  /// A corner picked at the release is the export's target, as it is the metrics': with the
  /// snap's own point moved to the bottom-left corner, the drag-ended rule still picks the
  /// top-right one (the lift point (196, 510) projected 0.499 s of (400, −920) pt/s further,
  /// (395.6, 50.9), by hand nearest (294, 104)), and the approach is fitted towards it.
  @Test func aPickedCornerIsTheTarget() throws {
    var scene = try loadScene(Self.flick)
    let snap = try #require(scene.behaviors.firstIndex { $0.id == "corner-snap" })
    guard case .snap(var spec) = scene.behaviors[snap].kind else {
      Issue.record("corner-snap is a snap")
      return
    }
    spec.point_pt = Point(96, 740)
    scene.behaviors[snap].kind = .snap(spec)
    let projected = Point(Self.liftPoint.x + 0.499 * 400, Self.liftPoint.y - 0.499 * 920)
    let corners = [Point(96, 104), Point(294, 104), Point(96, 740), Point(294, 740)]
    let distance = { (c: Point) in hypot(c.x - projected.x, c.y - projected.y) }
    try #require(corners.allSatisfy { distance($0) >= distance(Self.corner) })
    let motion = try ApproachExtractor.extract(scene, item: 0)
    #expect(motion.target.point_pt == Self.corner)
    #expect(motion.target.how == "the snap point picked at the release")
    let start = motion.startOffset_pt
    expectClose(start.x, Self.liftPoint.x - Self.corner.x, .planarRoundoff, "start x")
    expectClose(start.y, Self.liftPoint.y - Self.corner.y, .planarRoundoff, "start y")
  }

  /// Each target takes the release velocity in its own units: SwiftUI and Core Animation per
  /// axis relative to the distance left, −v/(start − target) travels per second; Compose in
  /// pt/s as it is. Every spring says its velocity is fixed.
  @Test func theExportedVelocityIsTheReleaseVelocityPerTarget() throws {
    let result = try runFeel([
      "export", Self.flick, "--to", "swiftui,caspring,compose", "--json",
    ])
    #expect(result.status == 0, "\(result.errors)")
    let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    let x0 = Self.liftPoint.x - Self.corner.x
    let y0 = Self.liftPoint.y - Self.corner.y
    for target in ["swiftui", "caspring"] {
      let fields = try #require(json[target] as? [String: Any])
      expectClose(
        try #require(fields["initialVelocity_x"] as? Double), -Self.releaseVelocity.x / x0,
        .printedParameter, "\(target) x")
      expectClose(
        try #require(fields["initialVelocity_y"] as? Double), -Self.releaseVelocity.y / y0,
        .printedParameter, "\(target) y")
      #expect(fields["velocity_fixed"] as? Bool == true, "\(target)")
    }
    let compose = try #require(json["compose"] as? [String: Any])
    expectClose(
      try #require(compose["initialVelocity_x"] as? Double), Self.releaseVelocity.x,
      .printedParameter, "compose x")
    expectClose(
      try #require(compose["initialVelocity_y"] as? Double), Self.releaseVelocity.y,
      .printedParameter, "compose y")
    #expect(compose["velocity_fixed"] as? Bool == true)
  }

  /// A release along one line (Castro's bar handed the finger's 160 pt/s, away from the snap
  /// point 80 pt off): relative −160/80 = −2 travels per second, Compose 160 pt/s along the
  /// line.
  @Test func aStraightReleaseKeepsOneNumber() throws {
    let result = try runFeel([
      "export", "experiments/scenes/castro-drag-right-80-velocity.toml", "--to",
      "swiftui,caspring,compose", "--json",
    ])
    #expect(result.status == 0, "\(result.errors)")
    let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    for target in ["swiftui", "caspring"] {
      let fields = try #require(json[target] as? [String: Any])
      expectClose(
        try #require(fields["initialVelocity"] as? Double), -160.0 / 80, .printedParameter, target)
      #expect(fields["initialVelocity_x"] == nil, "one number along the line")
    }
    let compose = try #require(json["compose"] as? [String: Any])
    expectClose(
      try #require(compose["initialVelocity"] as? Double), 160, .printedParameter, "compose")
  }

  /// The 2-D CSS: keyframes parsed back from the text and replayed linearly stay within the
  /// 0.5 pt the header claims of every frame of the approach (the tile's centre from the
  /// simulation), for the snap and the attachment.
  @Test(arguments: [flick, attachment])
  func theKeyframesFollowThePathAsClaimed(path: String) throws {
    let scene = try loadScene(path)
    let motion = try ApproachExtractor.extract(scene, item: 0)
    let css = CSSLinearExport(motion)
    #expect(css.code.contains("keyframes within 0.5 pt"), "\(css.code)")
    let keyframes = try parseKeyframes(css.code)
    let duration = try #require(css.keyframes?.duration_s)
    var worst = 0.0
    for i in 0..<motion.count {
      let u = motion.t_s[i] / duration
      var replay = Point(0, 0)
      if u < 1, let next = keyframes.firstIndex(where: { $0.at >= u }), next > 0 {
        let a = keyframes[next - 1]
        let b = keyframes[next]
        let f = (u - a.at) / (b.at - a.at)
        replay = Point(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f)
      } else if u < 1 {
        replay = Point(keyframes[0].x, keyframes[0].y)
      }
      let offset = motion.offset(at: i)
      worst = max(
        worst,
        ((replay.x - offset.x) * (replay.x - offset.x)
          + (replay.y - offset.y) * (replay.y - offset.y)).squareRoot())
    }
    #expect(worst <= 0.5, "\(path): the replay strays \(worst) pt")
    expectClose(css.error.max_pt, worst, .planarRoundoff, "the header's max error")
  }

  /// `@keyframes` text: `P% { translate: Xpx Ypx; }` (or `0 0`) per line.
  func parseKeyframes(_ code: String) throws -> [(at: Double, x: Double, y: Double)] {
    var frames: [(at: Double, x: Double, y: Double)] = []
    for line in code.split(separator: "\n") where line.contains("% { translate: ") {
      let parts = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
      let at = try #require(Double(parts[0].dropLast())) / 100
      if parts[3] == "0" {
        frames.append((at, 0, 0))
      } else {
        let x = try #require(Double(parts[3].dropLast(2)))
        let y = try #require(Double(parts[4].dropLast(3)))
        frames.append((at, x, y))
      }
    }
    try #require(frames.count >= 2 && frames.first?.at == 0 && frames.last?.at == 1)
    return frames
  }

  /// The CSS header's claim agrees with its error on every committed scene with an approach
  /// (the dial's long coasts but one, whose 600-frame replays only cost time): "within T" (its
  /// tolerance, along the rim for an angle) bounds the 2-D max error it reports.
  @Test func everyCSSHeaderClaimsWhatItsErrorShows() throws {
    let folder = repositoryRoot.appendingPathComponent("experiments/scenes")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".toml") && (!$0.hasPrefix("dial-") || $0 == "dial-detent-release.toml")
    }.sorted()
    var checked = 0
    for file in files {
      let scene = try loadScene("experiments/scenes/" + file)
      guard let report = try? ExportReport(scene, name: file, targets: [.css]),
        let css = report.css, let motion = report.motion
      else { continue }
      let claimed = try #require(
        css.code.range(of: #"within [0-9.]+(°| pt)"#, options: .regularExpression),
        "\(file): a claim")
      let words = css.code[claimed].split(separator: " ")
      let number = words[1].hasSuffix("°") ? words[1].dropLast() : words[1]
      let tolerance = try #require(Double(number), "\(file): \(number)")
      // The claim prints the tolerance (0.5 pt, or its angle at the rim) to 3 digits.
      expectClose(tolerance, motion.cssTolerance, .printedProse, "\(file): the claim")
      #expect(
        css.error.max_pt <= motion.cssTolerance * (1 + 1e-12),
        "\(file): claims \(tolerance), shows \(css.error.max_pt)")
      checked += 1
    }
    #expect(checked >= 20, "scenes with an approach: \(checked)")
  }
}
