import FeelCore
import FeelTestSupport
import Foundation
import Testing

/// `PortableMath` (IEEE additions, multiplications and divisions only) against the system's
/// libm: the same values to a few ulps.
@Suite struct PortableMathTests {
  @Test("exp and log from IEEE operations agree with the system's libm to a few ulps")
  func expAndLog() {
    var random = SplitMix64(state: 5)
    for _ in 0..<20_000 {
      let u = Double(random.next() >> 11) * 0x1p-53
      let x = -40 + 80 * u
      expectClose(PortableMath.exp(x), Foundation.exp(x), .fewUlps, "exp(\(x))")
      let y = Foundation.exp(x)
      expectClose(PortableMath.log(y), Foundation.log(y), .fewUlps, "log(\(y))")
    }
    #expect(PortableMath.exp(0) == 1)
    #expect(PortableMath.log(1) == 0)
  }

  @Test("PortableMath's sin, cos and atan2 agree with the system's libm to a few ulps")
  func trigonometry() {
    var x = -20.0
    while x <= 20 {
      let (s, c) = PortableMath.sinCos(x)
      expectClose(s, sin(x), .portableTrig, "sin \(x)")
      expectClose(c, cos(x), .portableTrig, "cos \(x)")
      x += 0.0137
    }
    for (y, xx) in [(1.0, 2.0), (-3.0, 0.5), (0.2, -7.0), (-0.2, -7.0), (5.0, 0.0), (0.0, -1.0)] {
      expectClose(PortableMath.atan2(y, xx), atan2(y, xx), .portableTrig, "atan2(\(y), \(xx))")
    }
  }
}
