/// A potential contact between a boundary edge (A, static) and an item's body (B).
struct Contact: Sendable {
  var edge: Int
  var body: Int
  var manifold = Manifold()
  var touching = false
  /// Cleared when a time-of-impact update finds no contact points; set again by the next
  /// regular update.
  var enabled = true
  /// Mixed material: √(fA·fB) and max(eA, eB).
  var friction: Float
  var restitution: Float
  // Continuous collision bookkeeping for the current sub-step.
  var toi: Float = 1
  var toiValid = false
  var toiCount = 0
}

/// A boundary segment owned by a collision behavior; it collides with that behavior's items.
struct Edge: Sendable {
  var shape: EdgeShape
  /// Behavior index that owns the edge.
  var owner: Int
  /// The boundary's name in events (`reference-bounds` for the reference view's bounds).
  var name: String
  /// Body slots it collides with.
  var bodies: [Int]
  var friction: Float
  var restitution: Float
  /// Broad-phase fat box (m) and proxy id (creation order).
  var fatAABB = AABB(lower: .zero, upper: .zero)
  var proxyID = 0
}

/// Something the world reports from inside a step, delivered after the frame.
public struct ContactEvent: Sendable, Equatable {
  public enum Kind: Sendable, Equatable { case began, ended }
  public var kind: Kind
  /// Item (body slot) index.
  public var item: Int
  /// Boundary name.
  public var boundary: String
}

extension Contact {
  /// Recomputes the manifold at the current transforms, carrying impulses over to points with
  /// the same features, and reports touching changes.
  mutating func update(edge: Edge, body: inout Body, events: inout [ContactEvent]) {
    let old = manifold
    enabled = true
    let wasTouching = touching
    manifold = collideEdgeBox(edge: edge.shape, xfA: .identity, box: body.shape, xfB: body.xf)
    touching = manifold.pointCount > 0
    for i in 0..<manifold.pointCount {
      var p = manifold[i]
      p.normalImpulse = 0
      p.tangentImpulse = 0
      for j in 0..<old.pointCount where old[j].id.key == p.id.key {
        p.normalImpulse = old[j].normalImpulse
        p.tangentImpulse = old[j].tangentImpulse
        break
      }
      manifold[i] = p
    }
    if touching != wasTouching { body.setAwake(true) }
    if !wasTouching && touching {
      events.append(ContactEvent(kind: .began, item: self.body, boundary: edge.name))
    }
    if wasTouching && !touching {
      events.append(ContactEvent(kind: .ended, item: self.body, boundary: edge.name))
    }
  }
}
