import FeelExport
import FeelTestSupport
import Foundation
import Testing

/// A damped oscillator generated from each framework's own formula (under-, critically and
/// over-damped, with an initial velocity) is recovered from its 60 Hz samples within 1e-6.
@Suite struct SpringRoundTripTests {
  /// Damping ratios across the three regimes.
  static let ratios = [0.1, 0.35, 0.7, 1.0, 1.5, 2.5]

  /// SwiftUI `Spring(response:dampingRatio:)`: unit mass, stiffness (2π/response)², damping
  /// 4πζ/response; `initialVelocity` in travels per second towards the target.
  @Test(arguments: ratios)
  func swiftUIResponseAndDampingRatio(zeta: Double) {
    let response = 0.45
    let travel = 80.0
    let initialVelocity = 1.7
    let spring = ReferenceSpring(
      mass: 1, stiffness: pow(2 * .pi / response, 2), damping: 4 * .pi * zeta / response)
    let data = spring.samples(x0: travel, v0: -initialVelocity * travel)
    let fit = SpringFitter.fit(t_s: data.t, x_pt: data.x)
    let w = fit.spring.omega_rad_s
    expectClose(
      SpringConversions.response_s(omega_rad_s: w), response, .springRoundTrip,
      "response, ζ \(zeta)")
    expectClose(fit.spring.dampingRatio, zeta, .springRoundTrip, "dampingRatio, ζ \(zeta)")
    expectClose(
      SpringConversions.relativeVelocity(v0_pt_s: fit.v0_pt_s, x0_pt: fit.x0_pt), initialVelocity,
      .springRoundTrip, "initialVelocity, ζ \(zeta)")
  }

  /// SwiftUI `Spring(duration:bounce:)`: ζ = 1 − bounce for bounce ≥ 0 and 1/(1 + bounce)
  /// below (over-damped), the duration being the response.
  @Test(arguments: [0.8, 0.5, 0.2, 0.0, -0.3, -0.6])
  func swiftUIDurationAndBounce(bounce: Double) {
    let duration = 0.3
    let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
    let spring = ReferenceSpring(
      mass: 1, stiffness: pow(2 * .pi / duration, 2), damping: 4 * .pi * zeta / duration)
    let data = spring.samples(x0: -40, v0: 100)
    let fit = SpringFitter.fit(t_s: data.t, x_pt: data.x)
    expectClose(
      SpringConversions.response_s(omega_rad_s: fit.spring.omega_rad_s), duration, .springRoundTrip,
      "duration, bounce \(bounce)")
    let recovered = SpringConversions.bounce(dampingRatio: fit.spring.dampingRatio)
    // Relative to the bounce, or absolutely for bounce 0.
    #expect(
      abs(recovered - bounce) <= 1e-6 * max(abs(bounce), 1),
      "bounce \(bounce): recovered \(recovered)")
    expectClose(fit.v0_pt_s, 100, .springRoundTrip, "v0_pt_s, bounce \(bounce)")
  }

  /// CASpringAnimation(mass, stiffness, damping, initialVelocity) with a mass other than 1:
  /// the fit is on unit mass, so the same mass must give back the same stiffness and damping.
  @Test(arguments: ratios)
  func coreAnimation(zeta: Double) {
    let mass = 2.5
    let stiffness = 900.0
    let damping = 2 * zeta * (stiffness * mass).squareRoot()
    let initialVelocity = -0.8  // away from the target first
    let travel = 120.0
    let spring = ReferenceSpring(mass: mass, stiffness: stiffness, damping: damping)
    let data = spring.samples(x0: travel, v0: -initialVelocity * travel)
    let fit = SpringFitter.fit(t_s: data.t, x_pt: data.x)
    let w = fit.spring.omega_rad_s
    expectClose(
      SpringConversions.stiffness(omega_rad_s: w, mass: mass), stiffness, .springRoundTrip,
      "stiffness, ζ \(zeta)")
    expectClose(
      SpringConversions.damping(omega_rad_s: w, dampingRatio: fit.spring.dampingRatio, mass: mass),
      damping, .springRoundTrip, "damping, ζ \(zeta)")
    expectClose(
      SpringConversions.relativeVelocity(v0_pt_s: fit.v0_pt_s, x0_pt: fit.x0_pt), initialVelocity,
      .springRoundTrip, "initialVelocity, ζ \(zeta)")
  }

  /// Compose `spring(dampingRatio, stiffness)`: unit mass, natural frequency √stiffness, and
  /// `animateTo(initialVelocity)` in value units per second.
  @Test(arguments: ratios)
  func compose(zeta: Double) {
    let stiffness = 400.0  // Spring.StiffnessMediumLow
    let spring = ReferenceSpring(
      mass: 1, stiffness: stiffness, damping: 2 * zeta * stiffness.squareRoot())
    let data = spring.samples(x0: 60, v0: -250)
    let fit = SpringFitter.fit(t_s: data.t, x_pt: data.x)
    expectClose(
      SpringConversions.composeStiffness(omega_rad_s: fit.spring.omega_rad_s), stiffness,
      .springRoundTrip, "stiffness, ζ \(zeta)")
    expectClose(fit.spring.dampingRatio, zeta, .springRoundTrip, "dampingRatio, ζ \(zeta)")
    expectClose(fit.v0_pt_s, -250, .springRoundTrip, "initialVelocity, ζ \(zeta)")
  }

  /// The continuous form the fit uses agrees with the roots' form on both sides of ζ = 1 and
  /// at it (no jump where the formulas change).
  @Test(arguments: [0.999999, 1.0, 1.000001, 0.3, 4.0])
  func closedFormMatchesTheRoots(zeta: Double) {
    let w = 20.0
    let spring = DampedSpring(omega_rad_s: w, dampingRatio: zeta)
    let reference = ReferenceSpring(mass: 1, stiffness: w * w, damping: 2 * zeta * w)
    for t in stride(from: 0.0, through: 1.5, by: 0.05) {
      let expected = reference.x(t, x0: 3, v0: -7)
      let observed = spring.displacement(at: t, x0_pt: 3, v0_pt_s: -7)
      #expect(abs(observed - expected) <= 1e-6 * 3, "ζ \(zeta), t \(t): \(observed) vs \(expected)")
    }
  }
}
