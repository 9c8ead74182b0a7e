import FeelExport
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// An attachment spring (frequency f, damping ζ) exports to a spring close to f and ζ but not
/// equal to them: Box2D's soft constraint stepped at 1/120 s is implicit and adds damping, and
/// the item's resistance adds a little more. The fit must land within 1 % of the closed form
/// of the stepped motion, derived here from the sub-step (docs/export.md):
///
///     v₁ = v/(1 + h·c_res);  v₂ = (v₁ − h·ω²·x)/(1 + 2ζωh + ω²h²);  x′ = x + h·v₂
@Suite struct AttachmentClosedFormTests {
  /// ω′ and ζ′ of the sub-step map's eigenvalues λ = e^(s·h).
  func steppedSpring(f: Double, zeta: Double, resistance: Double) -> (omega: Double, zeta: Double) {
    let h = Double(Float(1.0 / 120))  // the engine's sub-step is float32's 1/120 s
    let w = 2 * Double.pi * f
    let d = 1 + 2 * zeta * w * h + w * w * h * h
    let r = 1 / (1 + h * resistance)
    // Rows of M acting on (x, v).
    let a = 1 - h * h * w * w / d
    let b = h * r / d
    let c = -h * w * w / d
    let e = r / d
    let trace = a + e
    let det = a * e - b * c
    let disc = trace * trace / 4 - det
    precondition(disc < 0, "an oscillating step")
    // λ = ρ·e^(±iθ), s = (ln ρ ± iθ)/h, ω′ = |s|, ζ′ = −Re s/|s|.
    let rho = det.squareRoot()
    let theta = acos(trace / 2 / rho)
    let re = log(rho) / h
    let im = theta / h
    let omega = (re * re + im * im).squareRoot()
    return (omega, -re / omega)
  }

  /// A 100 × 100 pt box hanging by its centre from an anchor, released from rest `travel` pt
  /// beyond the rest length along (cos a, sin a).
  func scene(
    f: Double, zeta: Double, resistance: Double?, travel: Double = 100, angle: Double = 0
  ) -> Scene {
    let anchor = Point(200, 300)
    let length = 120.0
    let reach = length + travel
    var behaviors = [
      SceneBehavior(
        id: "tether", items: ["box"],
        kind: .attachment(
          AttachmentSpec(
            target: .anchor(anchor), length_pt: length, frequency_hz: f, damping: zeta)))
    ]
    if let resistance {
      behaviors.append(
        SceneBehavior(
          id: "air", items: ["box"], kind: .item(ItemPropertiesSpec(resistance: resistance))))
    }
    return Scene(
      duration_s: 4,
      items: [
        SceneItem(
          id: "box", size_pt: Point(100, 100),
          center_pt: Point(anchor.x + reach * cos(angle), anchor.y + reach * sin(angle)))
      ], behaviors: behaviors)
  }

  @Test(arguments: [
    (2.0, 0.3, nil as Double?, 0.0),  // the case, UIKit's resistance 0.1
    (2.0, 0.3, 0.0, 0.0),
    (1.0, 0.1, 0.1, 0.7),
    (3.0, 0.7, 0.5, 2.0),
    (2.0, 0.3, 1.0, -1.2),
  ])
  func fitMatchesTheSteppedClosedForm(
    f: Double, zeta: Double, resistance: Double?, angle: Double
  ) throws {
    let report = try ExportReport(
      scene(f: f, zeta: zeta, resistance: resistance, angle: angle), name: "tether",
      targets: [.swiftui])
    let fit = try #require(report.fit)
    let expected = steppedSpring(
      f: f, zeta: zeta, resistance: resistance ?? ItemDefaults.resistance)
    let what = "\(f) Hz, ζ \(zeta), resistance \(resistance ?? ItemDefaults.resistance)"
    expectClose(fit.spring.omega_rad_s, expected.omega, .steppedSpring, "ω (rad/s), \(what)")
    expectClose(fit.spring.dampingRatio, expected.zeta, .steppedSpring, "ζ, \(what)")
    // The SwiftUI spring is that one: response 2π/ω′.
    let swiftui = try #require(report.swiftui)
    expectClose(swiftui.response_s, 2 * .pi / expected.omega, .steppedSpring, "response, \(what)")
    // The library's closed form is the same one.
    let stepped = try #require(report.steppedAttachment?.stepped)
    expectClose(stepped.omega_rad_s, expected.omega, .sameClosedForm, "library ω′, \(what)")
    expectClose(stepped.dampingRatio, expected.zeta, .sameClosedForm, "library ζ′, \(what)")
    #expect(report.singleSpringMatches == true, "one spring is this motion, \(what)")
  }

  /// The numbers: a 2 Hz, ζ 0.3 joint moves like ζ ≈ 0.35, not 0.3, and the item's
  /// resistance 0.1 adds a little more than the step alone.
  @Test func twoHertzPointThreeMovesLikePointThreeFive() throws {
    let report = try ExportReport(
      scene(f: 2, zeta: 0.3, resistance: nil), name: "tether", targets: [.swiftui])
    let fit = try #require(report.fit)
    #expect(abs(fit.spring.dampingRatio - 0.35) < 0.005, "ζ′ \(fit.spring.dampingRatio)")
    #expect(fit.spring.dampingRatio > 0.3 * 1.1, "visibly more damped than declared")
    #expect(fit.spring.frequency_hz < 2, "the implicit step lowers the frequency a little")
    let stepOnly = steppedSpring(f: 2, zeta: 0.3, resistance: 0)
    let withResistance = steppedSpring(f: 2, zeta: 0.3, resistance: 0.1)
    #expect(withResistance.zeta > stepOnly.zeta, "resistance adds damping")
    #expect(fit.spring.dampingRatio > stepOnly.zeta, "the fit sees the resistance too")
  }
}
