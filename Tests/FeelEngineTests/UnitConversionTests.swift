import FeelTestSupport
import Testing

@testable import FeelEngine

/// Lengths cross between UIKit and the engine the way UIKit's code does it
/// (docs/uikit-dynamics-model.md): in as float32(0.01 × points), a double product rounded once,
/// and out as 100 × metres in float32.
@Suite struct UnitConversionTests {
  @Test func metresPerPointIsTheDoubleNearestOneHundredth() {
    #expect(EngineConstants.metresPerPoint == 1 / EngineConstants.pointsPerMetre)
    #expect(EngineConstants.metresPerPoint == 0.01)
    #expect(Float(EngineConstants.pointsPerMetre) == 100)
  }

  /// Whole, half and quarter points up to 2,000 pt, both signs, and seeded random doubles.
  static let samples_pt: [Double] = {
    var values = (0...8000).map { Double($0) / 4 }
    var random = SplitMix64(state: 9)
    for _ in 0..<20_000 {
      values.append(Double(random.next() >> 11) / Double(1 << 53) * 4000 - 2000)
    }
    return values + values.map { -$0 }
  }()

  @Test func pointsEnterAsTheRoundedDoubleProduct() {
    var mismatches = 0
    for x in Self.samples_pt where metres(fromPoints: x).bitPattern != Float(0.01 * x).bitPattern {
      mismatches += 1
    }
    #expect(mismatches == 0)
    let p = Point(123.25, -0.75)
    #expect(metres(fromPoints: p) == Vec2(Float(0.01 * 123.25), Float(0.01 * -0.75)))
  }

  @Test func metresLeaveAsAFloat32ProductByOneHundred() {
    var mismatches = 0
    for x in Self.samples_pt {
      let m = Float(0.01 * x)
      let back = Float(100) * m
      if points(fromMetres: m).bitPattern != Double(back).bitPattern { mismatches += 1 }
    }
    #expect(mismatches == 0)
    #expect(points(fromMetres: Vec2(1.5, -2)) == Point(150, -200))
  }
}
