import FeelExport
import FeelTestSupport
import Foundation
import Testing

/// FeelLab's settling duration: the last time the spring is farther than ε·|x0| (ε = 0.001)
/// from its target. Checked against the motion written from the roots (`ReferenceSpring`):
/// at the settling duration the distance is ε·|x0|, and it never exceeds it afterwards.
@Suite struct SettlingDurationTests {
  @Test(arguments: [
    (100.0, 5.0, 0.0), (100.0, 15.0, 0.0), (100.0, 20.0, 0.0), (100.0, 35.0, 2.0),
    (400.0, 8.0, -3.0), (50.0, 3.0, 0.5),
  ])
  func lastExcursionBeyondEpsilon(stiffness: Double, damping: Double, initialVelocity: Double) {
    let x0 = 1.0
    let spring = SpringConversions.spring(mass: 1, stiffness: stiffness, damping: damping)
    let v0 = SpringConversions.v0_pt_s(relativeVelocity: initialVelocity, x0_pt: x0)
    let settling = SettlingDuration.of(spring, x0_pt: x0, v0_pt_s: v0)
    let reference = ReferenceSpring(mass: 1, stiffness: stiffness, damping: damping)
    let epsilon = ExportDefaults.settlingEpsilon
    let what = "k \(stiffness), c \(damping), v \(initialVelocity)"
    #expect(settling > 0 && settling.isFinite, "\(what): \(settling) s")
    #expect(
      abs(abs(reference.x(settling, x0: x0, v0: v0)) - epsilon) < 1e-9,
      "\(what): |x| at the settling duration is ε")
    // Beyond it, on a grid of a thousandth of the natural period, for ten times as long.
    let step = 2 * Double.pi / stiffness.squareRoot() / 1000
    var t = settling + step
    var worst = 0.0
    while t < settling * 11 {
      worst = max(worst, abs(reference.x(t, x0: x0, v0: v0)))
      t += step
    }
    #expect(worst <= epsilon * (1 + 1e-9), "\(what): |x| reaches \(worst) after settling")
    // And just before it, the motion was still farther than ε.
    #expect(abs(reference.x(settling - 1e-6, x0: x0, v0: v0)) > epsilon, "\(what)")
  }
}
