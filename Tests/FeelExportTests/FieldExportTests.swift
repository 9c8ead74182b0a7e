import FeelExport
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// `feel export` on spring fields (docs/export.md, "Spring fields"): a spring field (falloff −1,
/// F = −S·p, not scaled by the mass) on an item of mass m under resistance c is, as UIKit steps
/// it at h = 1/120 s (float32), v ← (v − h·ω²·x)/(1 + h·c), x ← x + h·v with ω² = S/m: a damped
/// oscillator whose step matrix has determinant d = 1/(1 + h·c) and trace 1 + d − d·h²·ω², so
/// eigenvalues √d·e^(±iθ), cos θ = trace/(2√d). The fitted spring must be that one.
@Suite struct FieldExportTests {
  /// ω′ and ζ′ of the sub-step's eigenvalues λ = e^(s·h): s = (ln √d ± iθ)/h.
  func steppedField(strength: Double, mass: Double, resistance: Double) -> (
    omega: Double, zeta: Double
  ) {
    let h = Double(Float(1.0 / 120))
    let d = 1 / (1 + h * resistance)
    let w2 = strength / mass
    let theta = acos((1 + d - d * h * h * w2) / (2 * d.squareRoot()))
    let re = log(d.squareRoot()) / h
    let im = theta / h
    let omega = (re * re + im * im).squareRoot()
    return (omega, -re / omega)
  }

  /// A 66 × 94 pt tile (density `density`: mass density × 66 × 94 / 100² kg) released from rest
  /// 100 pt from a spring field's origin along (cos a, sin a); `kind`, `falloff` for the refusals.
  func scene(
    strength: Double = 1, density: Double = 0.01, resistance: Double, angle: Double = 0.6,
    kind: String = "spring", falloff: String = ""
  ) throws -> Scene {
    try FieldTileScene.scene(
      center: Point(200 + 100 * cos(angle), 300 + 100 * sin(angle)), density: density,
      resistance: resistance, fields: [(id: "corner", position: Point(200, 300))], kind: kind,
      strength: strength, fieldLine: falloff, duration_s: 3)
  }

  @Test(arguments: [(1.0, 10.0), (1.0, 4.0), (3.0, 10.0), (2.0, 20.0)])
  func fitMatchesTheSteppedOscillator(strength: Double, resistance: Double) throws {
    let report = try ExportReport(
      scene(strength: strength, resistance: resistance), name: "tile-field",
      targets: [.swiftui, .caspring, .compose, .css])
    let fit = try #require(report.fit)
    let expected = steppedField(
      strength: strength, mass: FieldTileScene.mass_kg(density: 0.01), resistance: resistance)
    let what = "S \(strength), c \(resistance)"
    expectClose(fit.spring.omega_rad_s, expected.omega, .steppedSpring, "ω (rad/s), \(what)")
    expectClose(fit.spring.dampingRatio, expected.zeta, .steppedSpring, "ζ, \(what)")
    let motion = try #require(report.motion)
    expectClose(motion.target.point_pt.x, 200, .planarRoundoff, "target x, \(what)")
    expectClose(motion.target.point_pt.y, 300, .planarRoundoff, "target y, \(what)")
    #expect(report.singleSpringMatches == true, "one spring is this motion, \(what)")
    let swiftui = try #require(report.swiftui)
    expectClose(swiftui.response_s, 2 * .pi / expected.omega, .steppedSpring, "response, \(what)")
  }

  /// The report's fit error is the distance between the fitted spring and the engine's motion,
  /// the motion recomputed here from a run of the scene (SceneSimulation, frame by frame), not
  /// from the export's extraction.
  @Test func reportedErrorIsTheDistanceToTheEnginesMotion() throws {
    let scene = try scene(resistance: 10)
    let report = try ExportReport(scene, name: "tile-field", targets: [.swiftui])
    let fit = try #require(report.fit)
    let error = try #require(report.fitError)
    let motion = try #require(report.motion)
    var sim = SceneSimulation(scene)
    var centres = [scene.items[0].center_pt]
    for _ in 1..<motion.count {
      sim.advance()
      centres.append(sim.state(ofItem: 0).center_pt)
    }
    let start = centres[0]
    let travel = ((start.x - 200) * (start.x - 200) + (start.y - 300) * (start.y - 300))
      .squareRoot()
    let u = Point((start.x - 200) / travel, (start.y - 300) / travel)
    var largest = 0.0
    for (i, c) in centres.enumerated() {
      let along = fit.displacement(at: Double(i) / 60)
      let dx = c.x - (200 + along * u.x)
      let dy = c.y - (300 + along * u.y)
      largest = max(largest, (dx * dx + dy * dy).squareRoot())
    }
    expectClose(error.max_pt, largest, .planarRoundoff, "max fit error (pt)")
    #expect(error.max_pt < 0.02 * travel, "a spring field's approach is a spring: \(error.max_pt)")
  }

  /// Apple's StickyCorners: the tile thrown down from the top-left corner ends in the
  /// bottom-left one; the approach starts at the lift (the drag-ended rule adds the fields) and
  /// its target is the origin of the field whose region holds the tile at the end.
  @Test func stickyCornersExportsTheApproachToItsCorner() throws {
    let scene = try loadScene("experiments/scenes/sticky-throw-bottom-left.toml")
    let report = try ExportReport(
      scene, name: "sticky-throw-bottom-left", targets: [.swiftui, .caspring, .compose, .css])
    let motion = try #require(report.motion)
    #expect(motion.target.point_pt == Point(66, 587), "\(motion.target)")
    #expect(motion.target.how.contains("\"bottom-left\""), "\(motion.target.how)")
    #expect(motion.startFrame > 0, "starts at the lift, not at t = 0")
    #expect(motion.releaseVelocity_pt_s != nil, "thrown: the release velocity")
    #expect(report.fitError != nil && report.swiftui != nil && report.css != nil)
  }

  /// Fields that are not spring-like are refused, naming the field and why.
  @Test(arguments: [
    ("radial_gravity", "", "a radial_gravity field"),
    ("spring", "falloff = 1", "a spring field with falloff 1"),
  ])
  func otherFieldsAreRefused(kind: String, falloff: String, message: String) throws {
    let scene = try scene(resistance: 10, kind: kind, falloff: falloff)
    #expect(FieldApproach.approaches(of: "tile", in: scene).isEmpty)
    do {
      _ = try ExportReport(scene, name: "tile-field", targets: [.swiftui])
      Issue.record("\(kind) \(falloff): exported")
    } catch {
      #expect(error.description.contains("\"corner\""), "\(error.description)")
      #expect(error.description.contains(message), "\(error.description)")
    }
  }

  /// On the command line: exit 2, the reason, nothing written.
  @Test func refusedOnTheCommandLineWithStatus2() throws {
    let folder = try TemporaryFolder()
    var text = try String(
      contentsOf: repositoryRoot.appendingPathComponent(
        "experiments/scenes/sticky-throw-bottom-left.toml"), encoding: .utf8)
    let range = try #require(text.range(of: "kind = \"spring\""))
    text.replaceSubrange(range, with: "kind = \"vortex\"")
    let path = try folder.write(text, to: "vortex.toml").path
    let samples = folder.path("samples.csv")
    let result = try runFeel(["export", path, "--to", "swiftui", "--samples", samples])
    #expect(result.status == 2, "status \(result.status), \(result.errors)")
    #expect(result.output.isEmpty)
    #expect(result.errors.contains("a vortex field"), "\(result.errors)")
    #expect(!FileManager.default.fileExists(atPath: samples))
  }
}
