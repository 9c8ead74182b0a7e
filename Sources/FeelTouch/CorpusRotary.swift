import FeelEngine

/// A rotary control (a dial) that a corpus's synthetic traces are laid round
/// (`[corpus.rotary]`, docs/touches.md, "Rotary experiment"): a disc of `count` value labels
/// about `center_pt`. Label k sits at `labelRadius_pt` from the centre at screen angle
/// `phase_rad + 2πk/count` (y down, so a positive angle is clockwise on screen, as
/// `RotationTracker` measures turns). Turning drags are tracked about the centre, ignoring
/// samples closer than the dead zone.
public struct CorpusRotary: Sendable, Equatable {
  /// The disc's centre (pt): the pivot turns are tracked about.
  public var center_pt: Point
  /// The disc's radius (pt, > 0): turning drags and holds fall on the disc.
  public var radius_pt: Double
  /// The number of value labels (≥ 1).
  public var count: Int
  /// How far the labels' centres are from the disc's centre (pt, > 0, at most the radius).
  public var labelRadius_pt: Double
  /// The screen angle of label 0 (rad).
  public var phase_rad: Double
  /// The dead zone turns are tracked with before the axes (pt, ≥ 0): samples closer than this
  /// to the centre are ignored (the `rotate` drag's `dead_zone`).
  public var deadZone_pt: Double

  public init(
    center_pt: Point, radius_pt: Double, count: Int, labelRadius_pt: Double,
    phase_rad: Double = 0, deadZone_pt: Double = 0
  ) {
    precondition(radius_pt.isFinite && radius_pt > 0, "the disc's radius is > 0")
    precondition(count >= 1, "a rotary control has at least one label")
    precondition(
      labelRadius_pt.isFinite && labelRadius_pt > 0 && labelRadius_pt <= radius_pt,
      "labels lie on the disc")
    precondition(deadZone_pt.isFinite && deadZone_pt >= 0, "the dead zone is ≥ 0")
    self.center_pt = center_pt
    self.radius_pt = radius_pt
    self.count = count
    self.labelRadius_pt = labelRadius_pt
    self.phase_rad = phase_rad
    self.deadZone_pt = deadZone_pt
  }

  /// Half the angle between two neighbouring labels (rad): π / count. A turn tracked farther
  /// than this from the one meant brings another label to the pointer.
  public var halfSpacing_rad: Double { Double.pi / Double(count) }

  /// The screen angle of label `k` (rad): phase + 2πk / count.
  public func labelAngle_rad(_ k: Int) -> Double {
    phase_rad + 2 * Double.pi * Double(k) / Double(count)
  }

  /// Where label `k`'s centre is (pt): centre + label radius · (cos θk, sin θk), with
  /// `PortableMath`'s sine and cosine (the same bits on every machine).
  public func labelPoint_pt(_ k: Int) -> Point {
    let (s, c) = PortableMath.sinCos(labelAngle_rad(k))
    return Point(center_pt.x + labelRadius_pt * c, center_pt.y + labelRadius_pt * s)
  }
}
