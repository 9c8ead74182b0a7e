extension Tolerance {
  /// Double-precision round-off in a closed form evaluated at a sample time (relative).
  public static let doubleRoundoff = Tolerance("double round-off", 1e-12, .relative)
  /// A peak measured at 60 Hz display frames against the continuous closed form's peak, which
  /// can fall between frames: |1 − cos(ω_d·Δt/2)| ≤ 3 % for the snap's 5.7 Hz at 60 Hz.
  public static let framePeakSampling = Tolerance("peak sampled at 60 Hz frames", 0.03, .relative)
  /// One display frame at 60 Hz (s): a threshold crossing decided by float32 rounding can move
  /// to the neighbouring frame.
  public static let oneFrame = Tolerance("one 60 Hz frame (s)", 1.0 / 60 + 1e-12, .absolute)
  /// Double round-off of a distance (pt) between points a few hundred points from the origin,
  /// as the 2-D metrics compute it from centres and a target: far below a thousandth of a
  /// point.
  public static let planarRoundoff = Tolerance("2-D distance round-off, pt", 1e-9, .absolute)
  /// `feel metrics --json` prints nine significant digits (pt): a metric read back from it and
  /// the same computed from `feel run`'s rows (also nine digits) agree within this.
  public static let printedMetric = Tolerance("nine printed digits, pt", 1e-6, .absolute)
}
