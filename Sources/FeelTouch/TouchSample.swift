import FeelEngine

/// One position of a finger on the screen: where it was (pt, the scene's coordinates, y down)
/// and when (s since the scene started), as UIKit reports it in touchesBegan, touchesMoved and
/// touchesEnded.
public struct TouchSample: Sendable, Equatable {
  /// Time (s) since the scene started.
  public var t_s: Double
  /// The finger's position (pt).
  public var point_pt: Point

  public init(t_s: Double, point_pt: Point) {
    self.t_s = t_s
    self.point_pt = point_pt
  }

  public init(_ t_s: Double, _ x_pt: Double, _ y_pt: Double) {
    self.init(t_s: t_s, point_pt: Point(x_pt, y_pt))
  }
}
