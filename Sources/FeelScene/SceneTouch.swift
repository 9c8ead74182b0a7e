@_exported import FeelTouch

/// A finger (`[[touch]]`): down at its first sample, lifted at its last. The trace keeps its
/// source (inline samples, a recorded file, or a generated tap, hold or drag with its
/// parameters); a simulation expands it into samples at the scene's frame rate
/// (`TouchTrace.samples(frameRate_hz:)`), so a sweep can vary a generated trace's values.
public struct SceneTouch: Sendable, Equatable {
  /// The touch's name in rules, drag behaviors, events and output rows (`touch:ID`).
  public var id: String
  public var trace: TouchTrace

  public init(id: String, trace: TouchTrace) {
    self.id = id
    self.trace = trace
  }
}

/// A rectangle of the screen (pt): a touch rule's `within = [[x0, y0], [x1, y1]]`.
public struct TouchRegion: Sendable, Equatable {
  /// The corner with the smaller coordinates (pt).
  public var min_pt: Point
  /// The corner with the larger coordinates (pt).
  public var max_pt: Point

  public init(min_pt: Point, max_pt: Point) {
    self.min_pt = min_pt
    self.max_pt = max_pt
  }

  /// Whether `p` lies inside or on the edge.
  public func contains(_ p: Point) -> Bool {
    p.x >= min_pt.x && p.x <= max_pt.x && p.y >= min_pt.y && p.y <= max_pt.y
  }
}
