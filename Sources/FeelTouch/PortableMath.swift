/// `exp` and `log` from IEEE 754 additions, multiplications and divisions only, for the
/// synthetic touch corpus: the system's libm may round its last bit differently from one
/// platform to another (glibc and Apple's differ), and one flipped bit in a drawn duration can
/// move a trace across a threshold. These give the same bits everywhere (Swift does not fuse a
/// multiply and an add unless asked), within a few ulps of the true value.
enum PortableMath {
  /// ln 2 split in two (Cody and Waite): `ln2High` has its low 32 bits zero, so k × ln2High is
  /// exact for the k used here, and `ln2High + ln2Low` is ln 2 to about 1e-26.
  static let ln2High = 6.931_471_803_691_238_164_90e-01
  static let ln2Low = 1.908_214_929_270_587_700_02e-10

  /// e^x for finite x with |x| ≤ 700: x = k ln 2 + r with |r| ≤ ln 2 / 2, e^r by its Taylor
  /// series (terms down to 1e-17 of the sum), times 2^k (exact).
  static func exp(_ x: Double) -> Double {
    precondition(x.isFinite && abs(x) <= 700, "PortableMath.exp: argument out of range")
    let k = (x / (ln2High + ln2Low)).rounded()
    let r = (x - k * ln2High) - k * ln2Low
    var term = 1.0
    var sum = 1.0
    var n = 1.0
    while abs(term) > 1e-17 * sum {
      term = term * r / n
      sum += term
      n += 1
    }
    return sum * Double(sign: .plus, exponent: Int(k), significand: 1)
  }

  /// ln x for finite x > 0: x = m 2^e with m in [√½, √2) (exact), then
  /// ln m = 2 atanh(s), s = (m − 1)/(m + 1), |s| < 0.172, by its series.
  static func log(_ x: Double) -> Double {
    precondition(x.isFinite && x > 0, "PortableMath.log: argument must be finite and > 0")
    var e = Double(x.exponent)
    var m = x.significand  // in [1, 2)
    if m > 1.414_213_562_373_095_1 {
      m /= 2
      e += 1
    }
    let s = (m - 1) / (m + 1)
    let s2 = s * s
    var power = s
    var sum = s
    var n = 3.0
    while abs(power) > 1e-18 {
      power *= s2
      sum += power / n
      n += 2
    }
    return e * ln2High + (e * ln2Low + 2 * sum)
  }
}
