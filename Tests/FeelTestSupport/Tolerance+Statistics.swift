extension Tolerance {
  /// A sample mean of `count` independent draws against the distribution's mean: four standard
  /// errors (sd / √count), so a correct generator fails it with probability below 1e-4.
  /// `sd` is the distribution's standard deviation, from its closed form.
  public static func fourStandardErrors(sd: Double, count: Int) -> Tolerance {
    Tolerance(
      "four standard errors of a mean of \(count)", 4 * sd / Double(count).squareRoot(), .absolute)
  }

  /// A proportion of `count` independent trials against its probability p: four standard
  /// errors, √(p(1 − p) / count).
  public static func fourStandardErrors(probability p: Double, count: Int) -> Tolerance {
    fourStandardErrors(sd: (p * (1 - p)).squareRoot(), count: count)
  }

  /// exp and log from IEEE operations only against the system's libm: a few units in the last
  /// place of a double (each is within about 1 ulp of the true value).
  public static let fewUlps = Tolerance("a few ulps", 4 * 2.3e-16, .relative)
}
