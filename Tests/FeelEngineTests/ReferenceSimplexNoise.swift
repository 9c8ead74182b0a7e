import Foundation

/// A second, independent implementation of Gustavson's 3-D simplex noise with rotating
/// gradients, for `SimplexNoiseTests`: written straight from the published algorithm
/// (srdnoise23.c, "Simplex noise demystified") in **double precision**, with UIKit's radius²
/// 0.6 and scale 28 (docs/fields.md, "Noise and turbulence"). It differs from the engine's
/// `SimplexNoise` on purpose: double instead of float, no fused operations, the exact 1/3 and
/// 1/6, a true floor, the simplex's corners found by ranking the offsets, the corners summed
/// in one loop, the derivative as its textbook formula (−8 t³ (g·x) x + t⁴ g per corner), the
/// gradient tables from the published decimals (√2/√3 as 0.81649658 in double), and the bytes
/// before the permutation read through the float tables' in-memory representation. So it
/// agrees with the engine within float32 rounding, not bit for bit.
enum ReferenceSimplexNoise {
  static let a = 0.816_496_58
  static let u: [[Double]] = [
    [1, 0, 1], [0, 1, 1], [-1, 0, 1], [0, -1, 1], [1, 0, -1], [0, 1, -1], [-1, 0, -1],
    [0, -1, -1], [a, a, a], [-a, a, -a], [-a, -a, a], [a, -a, -a], [-a, a, a], [a, -a, a],
    [a, -a, -a], [-a, a, -a],
  ]
  static let v: [[Double]] = [
    [-a, a, a], [-a, -a, a], [a, -a, a], [a, a, a], [-a, -a, -a], [a, -a, -a], [a, a, -a],
    [-a, a, -a], [1, -1, 0], [1, 1, 0], [-1, 1, 0], [-1, -1, 0], [1, 0, 1], [-1, 0, 1],
    [0, 1, -1], [0, -1, -1],
  ]
  /// Ken Perlin's permutation (as published with Improved Noise).
  static let p: [Int] = [
    151, 160, 137, 91, 90, 15, 131, 13, 201, 95, 96, 53, 194, 233, 7, 225, 140, 36, 103, 30,
    69, 142, 8, 99, 37, 240, 21, 10, 23, 190, 6, 148, 247, 120, 234, 75, 0, 26, 197, 62, 94,
    252, 219, 203, 117, 35, 11, 32, 57, 177, 33, 88, 237, 149, 56, 87, 174, 20, 125, 136, 171,
    168, 68, 175, 74, 165, 71, 134, 139, 48, 27, 166, 77, 146, 158, 231, 83, 111, 229, 122, 60,
    211, 133, 230, 220, 105, 92, 41, 55, 46, 245, 40, 244, 102, 143, 54, 65, 25, 63, 161, 1,
    216, 80, 73, 209, 76, 132, 187, 208, 89, 18, 169, 200, 196, 135, 130, 116, 188, 159, 86,
    164, 100, 109, 198, 173, 186, 3, 64, 52, 217, 226, 250, 124, 123, 5, 202, 38, 147, 118, 126,
    255, 82, 85, 212, 207, 206, 59, 227, 47, 16, 58, 17, 182, 189, 28, 42, 223, 183, 170, 213,
    119, 248, 152, 2, 44, 154, 163, 70, 221, 153, 101, 155, 167, 43, 172, 9, 129, 22, 39, 253,
    19, 98, 108, 110, 79, 113, 224, 232, 178, 185, 112, 104, 218, 246, 97, 228, 251, 34, 242,
    193, 238, 210, 144, 12, 191, 179, 162, 241, 81, 51, 145, 235, 249, 14, 239, 107, 49, 192,
    214, 31, 181, 199, 106, 157, 184, 84, 204, 176, 115, 121, 50, 45, 127, 4, 150, 254, 138,
    236, 205, 93, 222, 114, 67, 29, 24, 72, 243, 141, 128, 195, 78, 66, 215, 61, 156, 180,
  ]

  /// The 384 bytes UIKit keeps just before its permutation table: the two gradient tables as
  /// float32 (u, then v), in the machine's byte order (little-endian on every host FeelLab
  /// runs on).
  static let bytesBefore: [UInt8] = {
    let floats = (u + v).flatMap { $0.map { Float($0) } }
    return floats.withUnsafeBytes { Array($0) }
  }()

  /// The table byte at index n, −384 < n < 512.
  static func perm(_ n: Int) -> Int { n >= 0 ? p[n % 256] : Int(bytesBefore[384 + n]) }

  /// The noise and its derivative at (x, y, z), the gradients turned by an angle of the given
  /// sine and cosine.
  static func evaluate(
    _ x: Double, _ y: Double, _ z: Double, sin st: Double, cos ct: Double
  ) -> (noise: Double, d: [Double]) {
    let point = [x, y, z]
    let skewed = (x + y + z) / 3
    let cell = point.map { Int(floor($0 + skewed)) }
    let unskewed = Double(cell.reduce(0, +)) / 6
    let offset0 = (0..<3).map { point[$0] - (Double(cell[$0]) - unskewed) }
    // Corners: the cell origin, then one step along the axis of the largest offset, then the
    // next largest, then (1, 1, 1).
    let order = [0, 1, 2].sorted { offset0[$0] > offset0[$1] }
    var step = [0, 0, 0]
    var noise = 0.0
    var d = [0.0, 0.0, 0.0]
    let wrapped = cell.map { ($0 + 512) % 256 }
    for c in 0...3 {
      if c > 0 { step[order[c - 1]] = 1 }
      let off = (0..<3).map { offset0[$0] - Double(step[$0]) + Double(c) / 6 }
      let t = 0.6 - off.map { $0 * $0 }.reduce(0, +)
      if t < 0 { continue }
      let h =
        perm(wrapped[0] + step[0] + perm(wrapped[1] + step[1] + perm(wrapped[2] + step[2])))
        % 16
      let g = (0..<3).map { ct * u[h][$0] + st * v[h][$0] }
      let gd = (0..<3).map { g[$0] * off[$0] }.reduce(0, +)
      noise += t * t * t * t * gd
      for axis in 0..<3 {
        d[axis] += -8 * t * t * t * gd * off[axis] + t * t * t * t * g[axis]
      }
    }
    return (28 * noise, d.map { 28 * $0 })
  }
}
