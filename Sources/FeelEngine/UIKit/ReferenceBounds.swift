/// UIEdgeInsets (pt): how far each edge of the reference view's bounds moves inwards before
/// they become a boundary (`setTranslatesReferenceBoundsIntoBoundary(with:)`); negative insets
/// move an edge outwards. FeelLab key `reference_bounds_insets = [top, left, bottom, right]`,
/// UIEdgeInsets' order.
public struct EdgeInsets: Sendable, Equatable {
  public var top_pt: Double
  public var left_pt: Double
  public var bottom_pt: Double
  public var right_pt: Double

  public init(top_pt: Double, left_pt: Double, bottom_pt: Double, right_pt: Double) {
    self.top_pt = top_pt
    self.left_pt = left_pt
    self.bottom_pt = bottom_pt
    self.right_pt = right_pt
  }

  /// No inset: the bounds themselves (`translatesReferenceBoundsIntoBoundary = true`).
  public static let zero = EdgeInsets(top_pt: 0, left_pt: 0, bottom_pt: 0, right_pt: 0)

  /// The four values in UIEdgeInsets' order (top, left, bottom, right).
  public var values: [Double] { [top_pt, left_pt, bottom_pt, right_pt] }

  /// The insets from the four values in UIEdgeInsets' order.
  public init(_ values: [Double]) {
    self.init(top_pt: values[0], left_pt: values[1], bottom_pt: values[2], right_pt: values[3])
  }
}

extension CollisionSpec {
  /// The reference bounds' four edges (pt) for a reference view of `size_pt`, in the order they
  /// are made (top, right, bottom, left): corner to corner of UIEdgeInsetsInsetRect of the
  /// bounds (0, 0, w, h) by the insets. With no inset, the bounds' own edges.
  public func referenceBoundsEdges_pt(size_pt: Point) -> [(from: Point, to: Point)] {
    let i = referenceBoundsInsets_pt
    let (x0, y0) = (i.left_pt, i.top_pt)
    let (x1, y1) = (size_pt.x - i.right_pt, size_pt.y - i.bottom_pt)
    let corners = [Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)]
    return (0..<4).map { (corners[$0], corners[($0 + 1) % 4]) }
  }
}
