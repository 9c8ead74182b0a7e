import FeelScene

extension ControlConstant {
  /// One scene value that a `gap_to` constant's value stands for: a boundary coordinate's path
  /// (`boundary.wall.from.0`) and the coordinate (pt).
  public struct GapSetting: Sendable, Equatable {
    public var path: String
    public var value_pt: Double

    public init(path: String, value_pt: Double) {
      self.path = path
      self.value_pt = value_pt
    }
  }

  /// The inverse of `value(in:item:rest_pt:)` for a `gap_to` constant: the boundary
  /// coordinates that put every vertical or horizontal boundary of `scene` named by one of the
  /// constant's ids `gap_pt` beyond the edge of the measured item `item` resting at `rest_pt`,
  /// each on the side of the item it is on in `scene` (a vertical boundary at or left of
  /// `rest_pt.x` stays left of it). A vertical boundary gives its two x coordinates (`from.0`,
  /// `to.0`), a horizontal one its two y coordinates (`from.1`, `to.1`); an oblique one is left
  /// as it is (no gap is read from it either). In the scene with these values set,
  /// `value(in:item:rest_pt:)` reads `gap_pt` back (up to rounding) as long as the boundary
  /// stays on its side (`gap_pt` above minus half the item's size). Nil for a constant given
  /// by `paths`; empty when the scene has none of the boundaries.
  public func gapSettings(_ gap_pt: Double, in scene: Scene, item: Int, rest_pt: Point)
    -> [GapSetting]?
  {
    guard case .gap(let ids) = source else { return nil }
    let size = scene.items[item].size_pt
    var settings: [GapSetting] = []
    for behavior in scene.behaviors {
      guard case .collision(let spec) = behavior.kind else { continue }
      for boundary in spec.boundaries where ids.contains(boundary.id) {
        let a = boundary.from_pt
        let b = boundary.to_pt
        let axis: Int
        let line: Double
        let rest: Double
        let half: Double
        if a.x == b.x {
          (axis, line, rest, half) = (0, a.x, rest_pt.x, size.x / 2)
        } else if a.y == b.y {
          (axis, line, rest, half) = (1, a.y, rest_pt.y, size.y / 2)
        } else {
          continue
        }
        let value = line <= rest ? (rest - half) - gap_pt : (rest + half) + gap_pt
        for end in ["from", "to"] {
          settings.append(
            GapSetting(path: "boundary.\(boundary.id).\(end).\(axis)", value_pt: value))
        }
      }
    }
    return settings
  }
}
