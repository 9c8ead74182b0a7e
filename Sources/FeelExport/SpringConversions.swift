import FeelScene
import Foundation

/// Each framework's own parameters of a damped spring, as its documentation defines them
/// (docs/export.md cites each). All on unit mass unless a mass is given.
public enum SpringConversions {
  // MARK: SwiftUI `Spring(response:dampingRatio:)`, `Spring(duration:bounce:)`

  /// SwiftUI's response (s) of natural frequency ω: stiffness = (2π/response)², so
  /// response = 2π/ω. SwiftUI's `duration` of `Spring(duration:bounce:)` is the same number.
  public static func response_s(omega_rad_s: Double) -> Double { 2 * .pi / omega_rad_s }

  /// ω (rad/s) of a SwiftUI response (s).
  public static func omega_rad_s(response_s: Double) -> Double { 2 * .pi / response_s }

  /// SwiftUI's damping coefficient on unit mass, 4πζ/response (1/s) = 2ζω.
  public static func swiftUIDamping_per_s(response_s: Double, dampingRatio: Double) -> Double {
    4 * .pi * dampingRatio / response_s
  }

  /// SwiftUI's bounce of a damping ratio: 1 − ζ for ζ ≤ 1 (0 critical, up to 1 undamped);
  /// 1/ζ − 1 for ζ > 1 (negative, over-damped, down to −1).
  public static func bounce(dampingRatio zeta: Double) -> Double {
    zeta <= 1 ? 1 - zeta : 1 / zeta - 1
  }

  /// The damping ratio of a SwiftUI bounce: 1 − bounce for bounce ≥ 0, 1/(1 + bounce) below.
  public static func dampingRatio(bounce: Double) -> Double {
    bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
  }

  // MARK: Core Animation `CASpringAnimation(mass, stiffness, damping)`

  /// CASpringAnimation's stiffness (N/m in its units: mass × 1/s²) for mass m: k = m·ω².
  public static func stiffness(omega_rad_s: Double, mass: Double = 1) -> Double {
    mass * omega_rad_s * omega_rad_s
  }

  /// CASpringAnimation's damping for mass m: c = 2ζ·√(k·m) = 2·m·ζ·ω.
  public static func damping(omega_rad_s: Double, dampingRatio: Double, mass: Double = 1)
    -> Double
  {
    2 * mass * dampingRatio * omega_rad_s
  }

  /// The spring of CASpringAnimation's mass, stiffness and damping: ω = √(k/m),
  /// ζ = c/(2√(k·m)).
  public static func spring(mass: Double, stiffness: Double, damping: Double) -> DampedSpring {
    DampedSpring(
      omega_rad_s: (stiffness / mass).squareRoot(),
      dampingRatio: damping / (2 * (stiffness * mass).squareRoot()))
  }

  // MARK: Jetpack Compose `spring(dampingRatio, stiffness)`

  /// Compose's stiffness (1/s², unit mass): ω².
  public static func composeStiffness(omega_rad_s: Double) -> Double {
    omega_rad_s * omega_rad_s
  }

  /// ω (rad/s) of a Compose stiffness: √stiffness.
  public static func omega_rad_s(composeStiffness: Double) -> Double {
    composeStiffness.squareRoot()
  }

  // MARK: Initial velocity

  /// The frameworks' relative initial velocity (travels per second, positive towards the
  /// target): CASpringAnimation's and SwiftUI's `initialVelocity`, −v0/x0.
  public static func relativeVelocity(v0_pt_s: Double, x0_pt: Double) -> Double {
    -v0_pt_s / x0_pt
  }

  /// dx/dt (pt/s) of a relative initial velocity over a travel of x0 (pt).
  public static func v0_pt_s(relativeVelocity: Double, x0_pt: Double) -> Double {
    -relativeVelocity * x0_pt
  }

  /// One axis's relative initial velocity for a spring per axis (SwiftUI, Core Animation):
  /// −v0/x0 on that axis; nil when the axis does not travel (|x0| below
  /// `ApproachExtractor.minimumTravel_pt`): a relative velocity needs a distance, and an
  /// animation from a value to itself does not run.
  public static func axisRelativeVelocity(v0_pt_s: Double, x0_pt: Double) -> Double? {
    abs(x0_pt) < ApproachExtractor.minimumTravel_pt
      ? nil : relativeVelocity(v0_pt_s: v0_pt_s, x0_pt: x0_pt)
  }
}
