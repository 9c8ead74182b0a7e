import FeelScene
import Foundation
import Testing

/// `TrajectoryCSV.number`: C's `%.9g` (FeelCore's `NineDigits`, tested against printf in
/// FeelCoreTests), except that both zeros are written `0`.
@Suite struct TrajectoryCSVNumberTests {
  @Test func zerosAreZeroAndOtherNumbersPrintAsPrintfDoes() {
    for x in [0.0, -0.0] {
      #expect(TrajectoryCSV.number(x) == "0")
      var bytes: [UInt8] = []
      TrajectoryCSV.appendNumber(x, to: &bytes)
      #expect(bytes == Array("0".utf8))
    }
    for x in [1.0 / 3, -2.5e-7, 160, 233.139_038] {
      #expect(TrajectoryCSV.number(x) == String(format: "%.9g", x))
      var bytes: [UInt8] = []
      TrajectoryCSV.appendNumber(x, to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == String(format: "%.9g", x))
    }
  }
}
