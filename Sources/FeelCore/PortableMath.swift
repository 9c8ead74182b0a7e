/// `exp` and `log` from IEEE 754 additions, multiplications and divisions only, for the
/// synthetic touch corpus: the system's libm may round its last bit differently from one
/// platform to another (glibc and Apple's differ), and one flipped bit in a drawn duration can
/// move a trace across a threshold. These give the same bits everywhere (Swift does not fuse a
/// multiply and an add unless asked), within a few ulps of the true value.
public enum PortableMath {
  /// ln 2 split in two (Cody and Waite): `ln2High` has its low 32 bits zero, so k × ln2High is
  /// exact for the k used here, and `ln2High + ln2Low` is ln 2 to about 1e-26.
  static let ln2High = 6.931_471_803_691_238_164_90e-01
  static let ln2Low = 1.908_214_929_270_587_700_02e-10

  /// e^x for finite x with |x| ≤ 700: x = k ln 2 + r with |r| ≤ ln 2 / 2, e^r by its Taylor
  /// series (terms down to 1e-17 of the sum), times 2^k (exact).
  public static func exp(_ x: Double) -> Double {
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
  public static func log(_ x: Double) -> Double {
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

  /// 2π split in two as ln 2 is: `twoPiHigh` has its low 32 bits zero, so k × twoPiHigh is
  /// exact for |k| < 2²⁰; `twoPiHigh + twoPiLow` is 2π to about 1e-22.
  static let twoPiHigh = 6.283_184_051_513_671_875
  static let twoPiLow = 1.255_665_914_601_925_286_766_559e-06

  /// sin and cos of finite x with |x| ≤ 1e5 (rad): x = k 2π + r with |r| ≤ π (Cody–Waite),
  /// then both Taylor series in r (terms down to 1e-17 of 1). For the rotary corpus's placements.
  public static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
    precondition(x.isFinite && abs(x) <= 1e5, "PortableMath.sinCos: argument out of range")
    return reducedSinCos(x)
  }

  /// sin and cos of a float angle x (rad), each computed in double by `sinCos`'s reduction and
  /// series and rounded to float: a correctly rounded sinf/cosf but for the rare double
  /// rounding, the same bits on every platform. The reduction is accurate while x × 2π's low
  /// part stays small, to |x| ≤ 2²⁸ rad (k × twoPiHigh exact for |k| < 2³²); a larger x (a float
  /// whose own spacing is then ≥ 16 rad) is first taken modulo 2π in double (`fmod`, exact), so
  /// the answer is still the same everywhere, though no longer sin x. NaN for a non-finite x.
  public static func sinCos(float x: Float) -> (sin: Float, cos: Float) {
    guard x.isFinite else { return (.nan, .nan) }
    var angle = Double(x)
    if abs(angle) > 268_435_456 {
      angle = angle.truncatingRemainder(dividingBy: twoPiHigh + twoPiLow)
    }
    let (s, c) = reducedSinCos(angle)
    return (Float(s), Float(c))
  }

  /// sin and cos of finite x by the Cody–Waite reduction and both Taylor series.
  private static func reducedSinCos(_ x: Double) -> (sin: Double, cos: Double) {
    let k = (x / (twoPiHigh + twoPiLow)).rounded()
    let r = (x - k * twoPiHigh) - k * twoPiLow
    let r2 = r * r
    var sinTerm = r
    var sinSum = r
    var cosTerm = 1.0
    var cosSum = 1.0
    var n = 1.0
    while abs(sinTerm) > 1e-17 || abs(cosTerm) > 1e-17 {
      cosTerm = -cosTerm * r2 / (n * (n + 1))
      sinTerm = -sinTerm * r2 / ((n + 1) * (n + 2))
      cosSum += cosTerm
      sinSum += sinTerm
      n += 2
    }
    return (sinSum, cosSum)
  }

  /// atan x for finite x: |x| > 1 through π/2 − atan(1/x); then the argument halved three
  /// times (atan t = 2 atan(t / (1 + √(1 + t²)))) to |t| ≤ tan(π/32) ≈ 0.0985, and the series
  /// t − t³/3 + t⁵/5 − ….
  public static func atan(_ x: Double) -> Double {
    precondition(x.isFinite, "PortableMath.atan: argument must be finite")
    if abs(x) > 1 {
      let halfPi = (twoPiHigh + twoPiLow) / 4
      return (x > 0 ? halfPi : -halfPi) - atan(1 / x)
    }
    var t = x
    for _ in 0..<3 { t = t / (1 + (1 + t * t).squareRoot()) }
    let t2 = t * t
    var power = t
    var sum = t
    var n = 3.0
    var sign = -1.0
    while abs(power) > 1e-18 {
      power *= t2
      sum += sign * power / n
      sign = -sign
      n += 2
    }
    return 8 * sum
  }

  /// atan2(y, x) (rad, in (−π, π]): the angle of the point (x, y), from `atan`; 0 at the origin.
  public static func atan2(_ y: Double, _ x: Double) -> Double {
    let pi = (twoPiHigh + twoPiLow) / 2
    if x > 0 { return atan(y / x) }
    if x < 0 { return y >= 0 ? atan(y / x) + pi : atan(y / x) - pi }
    if y > 0 { return pi / 2 }
    if y < 0 { return -pi / 2 }
    return 0
  }
}
