/// Four vectors held by value (a box's vertices or normals, a GJK proxy's vertices),
/// indexed 0…3 without an array's allocation.
struct Quad: Sendable {
  var v0: Vec2
  var v1: Vec2
  var v2: Vec2
  var v3: Vec2

  init(_ v0: Vec2, _ v1: Vec2, _ v2: Vec2, _ v3: Vec2) {
    self.v0 = v0
    self.v1 = v1
    self.v2 = v2
    self.v3 = v3
  }

  subscript(i: Int) -> Vec2 {
    switch i {
    case 0: return v0
    case 1: return v1
    case 2: return v2
    default: return v3
    }
  }
}
