/// iOS 9's UIDynamicItemCollisionBoundsType: the shape an item collides with.
public enum ItemBounds: Sendable, Equatable {
  /// The item's bounds rectangle (every iOS version's, the default).
  case rectangle
  /// An ellipse inscribed in the bounds: a circle of radius w/2 when w = h, otherwise the
  /// polygon UIKit flattens from the ellipse's Bézier path (`ItemOutline.ellipse`).
  case ellipse
  /// A convex polygon through these points (pt, from the item's centre).
  case path([Point])
}

/// iOS 9's UIDynamicItemGroup: several items that move as one body. Behaviors name it where
/// they name an item (its index is `items.count +` its place in the animator's groups).
public struct GroupDefinition: Sendable, Equatable {
  /// The group's name in scene files.
  public var id: String
  /// Indices of its member items (at least one; a group never holds a group).
  public var items: [Int]
  public init(id: String, items: [Int]) {
    self.id = id
    self.items = items
  }
}
