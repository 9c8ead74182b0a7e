/// Stefan Gustavson's three-dimensional simplex noise with rotating gradients and its analytic
/// derivative ("srdnoise3", in his srdnoise23.c, 2003–2008, public domain; the algorithm of
/// "Simplex noise demystified" with the gradient rotation of Perlin and Neyret's flow noise),
/// as UIKit's physics engine evaluates it for the noise and turbulence fields
/// (docs/fields.md, "Noise and turbulence"). Written from the published algorithm, in float,
/// with UIKit's constants and with the multiply-adds its build fuses written as explicit fused
/// operations (`addingProduct`), so that every platform gives the same bits:
///
/// - the skew and unskew factors are the float 1/3 and 1/6 (0.333333343, 0.166666672), and a
///   corner's kernel is t = 0.6 − x² − y² − z² (the published code has 0.5), scaled by 28;
/// - per corner t = fma(−z, z, fma(−y, y, fma(−x, x, 0.6))), each rotated gradient component
///   fma(cos, u, sin·v), the dot product fma(gz, z, fma(gx, x, gy·y));
/// - in the derivative, corner 0's term is a plain product, corners 1–3 add fma(temp, x, d),
///   and the gradient sum is fma(t4₃, g₃, fma(t4₂, g₂, fma(t4₀, g₀, g₁·t4₁))) + d;
/// - everything else is plain float arithmetic in the published order;
/// - a lattice index i becomes (i + 512) % 256 with the remainder's sign (Swift's `%`, as C's),
///   so for i < −512 a lookup reaches up to 255 bytes before the permutation table, where
///   UIKit's memory holds the gradient tables (`memory`).
enum SimplexNoise {
  /// The skew factor to the simplex grid: 1/3 as a float.
  static let skew: Float = 0.333_333_343
  /// The unskew factor: 1/6 as a float.
  static let unskew: Float = 0.166_666_672
  /// A corner's kernel is (radius² − |x|²)⁴ where positive.
  static let radiusSquared: Float = 0.6
  /// The noise and its derivative are multiplied by this.
  static let scale: Float = 28

  /// √2/√3 as the published table writes it.
  private static let a: Float = 0.816_496_58

  /// Gustavson's first gradient of each of the 16 hash values (published `grad3u`): the twelve
  /// cube-edge midpoints, then four of the cube's diagonals scaled by √2/√3.
  static let gradientU: [(Float, Float, Float)] = [
    (1, 0, 1), (0, 1, 1), (-1, 0, 1), (0, -1, 1),
    (1, 0, -1), (0, 1, -1), (-1, 0, -1), (0, -1, -1),
    (a, a, a), (-a, a, -a), (-a, -a, a), (a, -a, -a),
    (-a, a, a), (a, -a, a), (a, -a, -a), (-a, a, -a),
  ]

  /// The second gradient of each hash value (published `grad3v`), orthogonal to the first: the
  /// gradient turns in their plane, cos·u + sin·v.
  static let gradientV: [(Float, Float, Float)] = [
    (-a, a, a), (-a, -a, a), (a, -a, a), (a, a, a),
    (-a, -a, -a), (a, -a, -a), (a, a, -a), (-a, a, -a),
    (1, -1, 0), (1, 1, 0), (-1, 1, 0), (-1, -1, 0),
    (1, 0, 1), (-1, 0, 1), (0, 1, -1), (0, -1, -1),
  ]

  /// Ken Perlin's permutation of 0…255 (his "Improved Noise", 2002, as Gustavson's code
  /// repeats it).
  static let permutation: [UInt8] = [
    151, 160, 137, 91, 90, 15, 131, 13, 201, 95, 96, 53, 194, 233, 7, 225, 140, 36, 103, 30, 69,
    142, 8, 99, 37, 240, 21, 10, 23, 190, 6, 148, 247, 120, 234, 75, 0, 26, 197, 62, 94, 252,
    219, 203, 117, 35, 11, 32, 57, 177, 33, 88, 237, 149, 56, 87, 174, 20, 125, 136, 171, 168,
    68, 175, 74, 165, 71, 134, 139, 48, 27, 166, 77, 146, 158, 231, 83, 111, 229, 122, 60, 211,
    133, 230, 220, 105, 92, 41, 55, 46, 245, 40, 244, 102, 143, 54, 65, 25, 63, 161, 1, 216, 80,
    73, 209, 76, 132, 187, 208, 89, 18, 169, 200, 196, 135, 130, 116, 188, 159, 86, 164, 100,
    109, 198, 173, 186, 3, 64, 52, 217, 226, 250, 124, 123, 5, 202, 38, 147, 118, 126, 255, 82,
    85, 212, 207, 206, 59, 227, 47, 16, 58, 17, 182, 189, 28, 42, 223, 183, 170, 213, 119, 248,
    152, 2, 44, 154, 163, 70, 221, 153, 101, 155, 167, 43, 172, 9, 129, 22, 39, 253, 19, 98,
    108, 110, 79, 113, 224, 232, 178, 185, 112, 104, 218, 246, 97, 228, 251, 34, 242, 193, 238,
    210, 144, 12, 191, 179, 162, 241, 81, 51, 145, 235, 249, 14, 239, 107, 49, 192, 214, 31, 181,
    199, 106, 157, 184, 84, 204, 176, 115, 121, 50, 45, 127, 4, 150, 254, 138, 236, 205, 93, 222,
    114, 67, 29, 24, 72, 243, 141, 128, 195, 78, 66, 215, 61, 156, 180,
  ]

  /// The bytes a lookup can read, as UIKit's memory lays them out (measured): `gradientU` as
  /// little-endian floats (192 bytes), `gradientV` (192 bytes), then the permutation twice. A
  /// lookup of index n reads `memory[permutationStart + n]`, n in −255…511.
  static let memory: [UInt8] = {
    var bytes: [UInt8] = []
    for table in [gradientU, gradientV] {
      for (x, y, z) in table {
        for value in [x, y, z] {
          let bits = value.bitPattern
          for shift in stride(from: 0, to: 32, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: bits >> shift))
          }
        }
      }
    }
    return bytes + permutation + permutation
  }()

  /// Where the permutation starts in `memory` (after the two gradient tables).
  static let permutationStart = 384

  /// Lattice coordinates are converted to integers only below this magnitude (the published
  /// code's float-to-int conversion is undefined beyond 2³¹); further out the noise is 0.
  static let coordinateLimit: Float = 1_073_741_824

  /// The noise at (x, y, z) with the gradients turned by the angle whose sine and cosine are
  /// given, and its derivative (dn/dx, dn/dy, dn/dz) with respect to the same coordinates.
  static func evaluate(
    _ x: Float, _ y: Float, _ z: Float, sin sinT: Float, cos cosT: Float
  ) -> (noise: Float, dx: Float, dy: Float, dz: Float) {
    guard abs(x) < coordinateLimit, abs(y) < coordinateLimit, abs(z) < coordinateLimit else {
      return (0, 0, 0, 0)
    }
    // Skew to the simplex grid and find the cell.
    let s = (x + y + z) * skew
    let i = fastFloor(x + s)
    let j = fastFloor(y + s)
    let k = fastFloor(z + s)
    let t = Float(i + j + k) * unskew
    let x0 = x - (Float(i) - t)
    let y0 = y - (Float(j) - t)
    let z0 = z - (Float(k) - t)

    // The simplex within the cell: the order of x0, y0, z0 (the published comparisons).
    let (o1, o2): ((Int, Int, Int), (Int, Int, Int))
    if x0 >= y0 {
      if y0 >= z0 {
        (o1, o2) = ((1, 0, 0), (1, 1, 0))
      } else if x0 >= z0 {
        (o1, o2) = ((1, 0, 0), (1, 0, 1))
      } else {
        (o1, o2) = ((0, 0, 1), (1, 0, 1))
      }
    } else {
      if y0 < z0 {
        (o1, o2) = ((0, 0, 1), (0, 1, 1))
      } else if x0 < z0 {
        (o1, o2) = ((0, 1, 0), (0, 1, 1))
      } else {
        (o1, o2) = ((0, 1, 0), (1, 1, 0))
      }
    }
    let twoUnskew = 2 * unskew
    let threeUnskew = 3 * unskew  // rounds to 0.5 in float
    let ii = (i + 512) % 256
    let jj = (j + 512) % 256
    let kk = (k + 512) % 256
    let c0 = corner(x0, y0, z0, hashAt: (ii, jj, kk), sin: sinT, cos: cosT)
    let c1 = corner(
      (x0 - Float(o1.0)) + unskew, (y0 - Float(o1.1)) + unskew, (z0 - Float(o1.2)) + unskew,
      hashAt: (ii + o1.0, jj + o1.1, kk + o1.2), sin: sinT, cos: cosT)
    let c2 = corner(
      (x0 - Float(o2.0)) + twoUnskew, (y0 - Float(o2.1)) + twoUnskew,
      (z0 - Float(o2.2)) + twoUnskew, hashAt: (ii + o2.0, jj + o2.1, kk + o2.2), sin: sinT,
      cos: cosT)
    let c3 = corner(
      (x0 - 1) + threeUnskew, (y0 - 1) + threeUnskew, (z0 - 1) + threeUnskew,
      hashAt: (ii + 1, jj + 1, kk + 1), sin: sinT, cos: cosT)

    let noise = scale * (((c0.n + c1.n) + c2.n) + c3.n)
    // The derivative along one axis: −8 Σ (t² t (g · x)) x + Σ t⁴ g, times the scale; `p` the
    // corners' offsets along the axis, `g` their gradients' components.
    func derivative(_ p: (Float, Float, Float, Float), _ g: (Float, Float, Float, Float)) -> Float {
      var d = c0.temp * p.0
      d = d.addingProduct(c1.temp, p.1)
      d = d.addingProduct(c2.temp, p.2)
      d = d.addingProduct(c3.temp, p.3)
      d *= -8
      let sum = (g.1 * c1.t4).addingProduct(c0.t4, g.0).addingProduct(c2.t4, g.2)
        .addingProduct(c3.t4, g.3)
      return (sum + d) * scale
    }
    return (
      noise,
      derivative((c0.x, c1.x, c2.x, c3.x), (c0.gx, c1.gx, c2.gx, c3.gx)),
      derivative((c0.y, c1.y, c2.y, c3.y), (c0.gy, c1.gy, c2.gy, c3.gy)),
      derivative((c0.z, c1.z, c2.z, c3.z), (c0.gz, c1.gz, c2.gz, c3.gz))
    )
  }

  /// One simplex corner's share: its offset (x, y, z) from the point, its kernel t and powers,
  /// its turned gradient g, its noise term n = t⁴ (g · x) and temp = t² t (g · x). A corner
  /// beyond the radius contributes zeros.
  struct Corner {
    var x, y, z: Float
    var t: Float = 0
    var t2: Float = 0
    var t4: Float = 0
    var gx: Float = 0
    var gy: Float = 0
    var gz: Float = 0
    var n: Float = 0
    var temp: Float = 0
  }

  static func corner(
    _ x: Float, _ y: Float, _ z: Float, hashAt h: (Int, Int, Int), sin sinT: Float,
    cos cosT: Float
  ) -> Corner {
    var c = Corner(x: x, y: y, z: z)
    let t = radiusSquared.addingProduct(-x, x).addingProduct(-y, y).addingProduct(-z, z)
    if !(t < 0) {
      let hash = Int(lookup(h.0 + Int(lookup(h.1 + Int(lookup(h.2)))))) & 15
      let u = gradientU[hash]
      let v = gradientV[hash]
      c.gx = (sinT * v.0).addingProduct(cosT, u.0)
      c.gy = (sinT * v.1).addingProduct(cosT, u.1)
      c.gz = (sinT * v.2).addingProduct(cosT, u.2)
      c.t = t
      c.t2 = t * t
      c.t4 = c.t2 * c.t2
      c.n = c.t4 * dot(c)
    }
    // The derivative recomputes the dot product (of zeros for a corner beyond the radius).
    c.temp = (c.t2 * c.t) * dot(c)
    return c
  }

  /// g · x with UIKit's fused operations: fma(gz, z, fma(gx, x, gy·y)).
  static func dot(_ c: Corner) -> Float {
    (c.gy * c.y).addingProduct(c.gx, c.x).addingProduct(c.gz, c.z)
  }

  /// The byte at index n of the permutation, n in −255…511 (below 0: the gradient tables'
  /// bytes, as in UIKit's memory).
  static func lookup(_ n: Int) -> UInt8 { memory[permutationStart + n] }

  /// The published FASTFLOOR: the truncation when it is below x, else one less (so an integer
  /// x gives x − 1, a cell whose far corner is the point; the noise is the same either way).
  static func fastFloor(_ x: Float) -> Int {
    let truncated = Int(x)
    return Float(truncated) < x ? truncated : truncated - 1
  }
}
