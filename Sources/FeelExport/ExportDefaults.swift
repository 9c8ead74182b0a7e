/// The numbers `feel export` decides with, each in one place (docs/export.md explains them).
public enum ExportDefaults {
  /// A single spring cannot match the motion when its largest error is above this fraction of
  /// the travel (2 %) …
  public static let cannotMatchFraction = 0.02
  /// … and above half a point, the smallest motion a designer sees on a Retina screen (the
  /// metrics' settle band, docs/castro-scrubber.md: "looks still (within half a point)").
  public static let visibleMotion_pt = 0.5
  /// CSS `linear()` stops reproduce UIKit's samples within this distance (pt).
  public static let cssTolerance_pt = 0.5
  /// A spring has settled once every later displacement is within this fraction of the travel:
  /// SwiftUI's documented default epsilon of `Spring(settlingDuration:dampingRatio:epsilon:)`.
  public static let settlingEpsilon = 0.001
  /// Significant digits of the parameters in the code to paste (and in the JSON); the errors
  /// are those of the values as printed.
  public static let significantDigits = 4
  /// A position approach whose path leaves the release line by more than this (pt) is a 2-D
  /// motion, exported per axis (docs/export.md, "A 2-D approach"): a hundredth of a point, far
  /// below what shows, above the float32 noise of a straight release.
  public static let straightPath_pt = 0.01
  /// The approach is recorded, and the spring fitted, over at most this long from its start
  /// (s): the fit's cost grows faster than its samples, so a scene that never settles (or runs
  /// for minutes) costs no more than one this long (docs/export.md, "The motion that is fitted").
  /// Every committed scene lasts at most 10 s, so none is cut.
  public static let fitWindow_s = 10.0
}
