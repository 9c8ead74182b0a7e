/// A potential contact (Box2D's b2Contact): shape A is a boundary edge (static) or a body's
/// fixture, shape B a body's fixture. Edge contacts put the edge first; between two bodies,
/// the fixture whose proxy was made first is A, except that a polygon goes before a circle
/// (Box2D's contact registry).
package struct Contact: Sendable {
  /// The boundary edge that is shape A, or −1 when A is a body's fixture.
  package var edge: Int
  /// Body B (an item's or a group's body) and its fixture.
  var body: Int
  var fixture: Int
  /// Body A and its fixture when `edge` is −1.
  var bodyA: Int = -1
  var fixtureA: Int = 0
  var manifold = Manifold()
  package var touching = false
  /// Cleared when an update finds that no dynamic side responds (UIKit's masks) or when a
  /// time-of-impact update finds no contact points; set again by the next update.
  var enabled = true
  /// Set when the bodies' masks changed: the next update re-checks whether the pair still
  /// collides (Box2D's filter flag).
  var needsFiltering = false
  /// Mixed material: √(fA·fB) and max(eA, eB).
  var friction: Float
  var restitution: Float
  /// Which dynamic side the contact pushes (UIKit's masks; both for an edge contact).
  var respondsA = true
  var respondsB = true
  // Continuous collision bookkeeping for the current sub-step.
  var toi: Float = 1
  package var toiValid = false
  var toiCount = 0

  /// Whether both shapes belong to bodies (an item–item contact).
  @inline(__always) var isPair: Bool { edge < 0 }

  /// Whether the contact involves body `slot` (as A or B).
  @inline(__always) func involves(_ slot: Int) -> Bool { body == slot || bodyA == slot }
}

/// A boundary segment owned by a collision behavior. It sits on a static ground body of its
/// own at the origin (the reference view's four bounds share one), and collides with every
/// body its masks allow. Plain values only, so that reading one in the step retains nothing
/// (its name and reported items are in `EdgeReport`).
package struct Edge: Sendable {
  package var shape: EdgeShape
  /// Behavior index that owns the edge.
  var owner: Int
  /// The collision behavior's masks for its boundaries.
  var masks: CollisionMasks
  /// The static ground body the edge is on: the index of the ground's first edge.
  var ground: Int
  /// On a ground's first edge, the ground's alpha0 (continuous collision moves it along
  /// with the bodies it meets, as Box2D does with a static body's sweep).
  var groundAlpha0: Float = 0
  var friction: Float
  var restitution: Float
  /// Broad-phase fat box (m) and proxy id (creation order).
  package var fatAABB = AABB(lower: .zero, upper: .zero)
  var proxyID = 0
}

/// How a boundary's contacts are reported: its name and the items they are reported for.
struct EdgeReport: Sendable {
  /// The boundary's name in events (`reference-bounds` for the reference view's bounds).
  var name: String
  /// Items whose contacts with this edge are reported (the owning behavior's items).
  var items: [Int]
}

/// A contact that began or ended, reported after the frame.
public struct ContactEvent: Sendable, Equatable {
  public enum Kind: Sendable, Equatable { case began, ended }
  /// What the item touched.
  public enum Partner: Sendable, Equatable {
    /// A boundary, by name (`reference-bounds` for the reference view's bounds).
    case boundary(String)
    /// Another item, by index.
    case item(Int)
  }
  public var kind: Kind
  /// Item index (for a group, the member whose shape touched).
  public var item: Int
  public var partner: Partner

  /// The boundary's name, or "" for a contact between two items.
  public var boundary: String {
    if case .boundary(let name) = partner { return name }
    return ""
  }
}
