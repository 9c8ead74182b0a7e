import FeelScene
import FeelSweep

extension ControlConstant {
  /// The constant's value in `scene`, whose measured item is `item` and rests at `rest_pt`
  /// (its target, else its start): the first of its sources present in the scene; nil when
  /// none is (a release scene has no push).
  public func value(in scene: Scene, item: Int, rest_pt: Point) -> Double? {
    switch source {
    case .paths(let paths):
      for text in paths {
        guard let path = Self.firstPath(text, in: scene), let x = path.number(in: scene) else {
          continue
        }
        return x
      }
      return nil
    case .gap(let ids):
      let size = scene.items[item].size_pt
      for id in ids {
        for behavior in scene.behaviors {
          guard case .collision(let spec) = behavior.kind else { continue }
          for boundary in spec.boundaries where boundary.id == id {
            if let gap = Self.gap(boundary.from_pt, boundary.to_pt, rest_pt, size) { return gap }
          }
        }
      }
      return nil
    }
  }

  /// The scene value path that holds the constant in `scene` (the first of its `paths` that
  /// names a number there, as `value(in:…)` reads it): where the studio and a comp set it
  /// (a wildcard path, `behavior.spring-*.damping`, sets every path it matches); nil for a gap
  /// (no one path holds it) or when the scene has none of its paths.
  public func valuePath(in scene: Scene) -> String? {
    guard case .paths(let paths) = source else { return nil }
    return paths.first { text in Self.firstPath(text, in: scene)?.number(in: scene) != nil }
  }

  /// The path `text` names in `scene`, or for a wildcard path the first it stands for
  /// (`ScenePath.expanding`: its value is the constant's); nil when it names none.
  static func firstPath(_ text: String, in scene: Scene) -> ScenePath? {
    guard let first = (try? ScenePath.expanding(text, in: scene)).map({ $0?.first ?? text })
    else { return nil }
    return try? ScenePath(first, in: scene)
  }

  /// The distance (pt) from the edge of an item of `size` centred at `rest` to the vertical or
  /// horizontal line from `a` to `b`, beyond that edge (negative when the line cuts the item);
  /// nil for an oblique line.
  static func gap(_ a: Point, _ b: Point, _ rest: Point, _ size: Point) -> Double? {
    if a.x == b.x {
      let x = a.x
      return x <= rest.x ? (rest.x - size.x / 2) - x : x - (rest.x + size.x / 2)
    }
    if a.y == b.y {
      let y = a.y
      return y <= rest.y ? (rest.y - size.y / 2) - y : y - (rest.y + size.y / 2)
    }
    return nil
  }
}
