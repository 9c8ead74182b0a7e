/// One shape of a body with its material and broad-phase proxy (Box2D's b2Fixture). An item's
/// body has one fixture; a group's body has one per member.
package struct Fixture: Sendable {
  var shape: FixtureShape
  /// The item this fixture stands for (the item itself, or a group's member): the name in
  /// contact events.
  var item: Int
  /// kg/m² (UIKit's density, 1 kg per 100 × 100 pt).
  var density: Float
  var friction: Float
  var restitution: Float
  /// Broad-phase fat box (m) and proxy id (creation order).
  package var fatAABB = AABB(lower: .zero, upper: .zero)
  var proxyID = 0

  init(shape: FixtureShape, item: Int, density: Float, friction: Float, restitution: Float) {
    self.shape = shape
    self.item = item
    self.density = density
    self.friction = friction
    self.restitution = restitution
  }
}

/// UIKit's collision masks of a body or a boundary (32 bits each, the animator's collision
/// groups): a contact exists when either side's category meets the other's collision mask;
/// a side whose collision mask misses the other's category does not respond (it is not
/// pushed, and the other sees it as immovable). The contact-test mask only says which
/// contacts are reported; UIKit sets it equal to the collision mask.
/// (docs/shapes.md, "Collisions between items")
public struct CollisionMasks: Sendable, Equatable, Hashable {
  public var category: UInt32
  public var collision: UInt32
  public var contact: UInt32
  public init(category: UInt32 = 0, collision: UInt32 = 0, contact: UInt32 = 0) {
    self.category = category
    self.collision = collision
    self.contact = contact
  }
  public static let none = CollisionMasks()

  /// Whether two sides make a contact (UIKit's contact filter).
  @inline(__always)
  func collides(with other: CollisionMasks) -> Bool {
    category & other.collision != 0 || other.category & collision != 0
  }

  /// Whether this side is pushed by a contact with `other`.
  @inline(__always)
  func responds(to other: CollisionMasks) -> Bool { other.category & collision != 0 }
}
