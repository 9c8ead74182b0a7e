import FeelCore
import FeelTestSupport
import Foundation
import Testing

/// `NineDigits`, FeelLab's own `%.9g`, against C's printf (through Foundation's
/// `String(format:)`): the same text for every double tried, ties and format switches included.
@Suite struct NineDigitsTests {
  static func printf(_ x: Double) -> String { String(format: "%.9g", x) }

  static func expectSame(_ x: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    let expected = printf(x)
    #expect(NineDigits.format(x) == expected, "\(x.bitPattern)", sourceLocation: sourceLocation)
    var bytes: [UInt8] = []
    NineDigits.append(x, to: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == expected, sourceLocation: sourceLocation)
  }

  @Test func randomDoublesPrintAsPrintfDoes() {
    var g = SplitMix64(state: 9)
    var mismatches = 0
    for _ in 0..<200_000 {
      // Every finite bit pattern, and the float32 values the engine produces.
      let bits = Double(bitPattern: g.next())
      let single = Double(Float(bitPattern: UInt32(truncatingIfNeeded: g.next())))
      let scaled =
        Double.random(in: -1...1, using: &g) * pow(10, Double.random(in: -12...12, using: &g))
      for x in [bits, single, scaled] where x.isFinite {
        if NineDigits.format(x) != Self.printf(x) { mismatches += 1 }
      }
    }
    #expect(mismatches == 0)
  }

  @Test func tiesAndBoundariesPrintAsPrintfDoes() {
    var values: [Double] = [
      0.5, 1.5, 2.5, 123_456_789.5, 123_456_788.5, 1_234_567_895, 1_234_567_885,
      999_999_999.5, 999_999_999.4, 999_999_998.5, 9.999_999_995, 9.999_999_994_9,
      0.000_099_999_999_95, 0.000_1, 0.000_099_999_999_94, 1e9, 1e-5, 1e-4, 1e22, 1e23, 1e-22,
      1e-23, Double.leastNonzeroMagnitude, 1.797_693_134_862_315_7e308, 0.1, 0.2, 0.3, 1.0 / 3,
      2.0 / 3, 100, 1e15,
      123_456_789, 12_345_678.9, -0.0, 0,
    ]
    // Powers of ten and their neighbours, halves of integers near nine digits.
    for k in -30...30 {
      let p = pow(10.0, Double(k))
      values += [p, p.nextUp, p.nextDown, 5 * p, 5 * p.nextUp, 5 * p.nextDown]
    }
    for n in stride(from: 100_000_000.0, to: 100_000_100, by: 1) { values.append(n + 0.5) }
    for x in values {
      Self.expectSame(x)
      Self.expectSame(-x)
    }
  }
}
