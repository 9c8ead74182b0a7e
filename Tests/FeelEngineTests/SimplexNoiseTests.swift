import FeelCore
import FeelTestSupport
import Foundation
import Testing

@testable import FeelEngine

/// The engine's float simplex noise (`SimplexNoise`, docs/fields.md, "Noise and turbulence")
/// against `ReferenceSimplexNoise`, an independent double-precision implementation of the
/// published algorithm, and at points whose values follow by hand.
@Suite struct SimplexNoiseTests {
  /// The engine computes in float from float inputs; the reference in double. Their difference
  /// is float rounding of the offsets from the corners (a few ulps of the coordinates'
  /// magnitude) times the noise's slope, so it is bounded relative to (1 + |coordinate|).
  static let floatRounding = Tolerance(
    "float32 rounding of the noise, per unit of (1 + |coordinate|)", 2e-5, .absolute)

  @Test func noiseAgreesWithTheDoublePrecisionReferenceAt1200Points() {
    var rng = SplitMix64(seed: 23, stream: 1)
    var worst = 0.0
    for index in 0..<1200 {
      // Three ranges: near the origin, the field's usual range, and past i = −512 (x < −600:
      // the lookups reach the bytes before the permutation table).
      let span: Double = index < 400 ? 4 : (index < 1000 ? 150 : 0)
      func coordinate() -> Float {
        span > 0 ? Float((rng.unit() * 2 - 1) * span) : Float(-620 - rng.unit() * 400)
      }
      let x = coordinate()
      let y = span > 0 ? coordinate() : Float(rng.unit() * 8 - 4)
      let z = span > 0 ? coordinate() : Float(rng.unit() * 8 - 4)
      let angle = Float(rng.unit() * 40 - 20)
      let (s, c) = PortableMath.sinCos(float: angle)
      let engine = SimplexNoise.evaluate(x, y, z, sin: s, cos: c)
      let reference = ReferenceSimplexNoise.evaluate(
        Double(x), Double(y), Double(z), sin: Double(s), cos: Double(c))
      let scale = 1 + max(abs(Double(x)), abs(Double(y)), abs(Double(z)))
      let allowed = Tolerance(
        Self.floatRounding.name, Self.floatRounding.value * scale, .absolute)
      let at = "(\(x), \(y), \(z)) angle \(angle)"
      expectClose(Double(engine.noise), reference.noise, allowed, "noise at \(at)")
      expectClose(Double(engine.dx), reference.d[0], allowed, "dn/dx at \(at)")
      expectClose(Double(engine.dy), reference.d[1], allowed, "dn/dy at \(at)")
      expectClose(Double(engine.dz), reference.d[2], allowed, "dn/dz at \(at)")
      let errors = [
        abs(Double(engine.noise) - reference.noise), abs(Double(engine.dx) - reference.d[0]),
        abs(Double(engine.dy) - reference.d[1]), abs(Double(engine.dz) - reference.d[2]),
      ]
      worst = max(worst, errors.max()! / scale)
    }
    print("simplex noise: worst |engine − reference| / (1 + |coordinate|) = \(worst)")
  }

  @Test func theNoiseVariesAcrossTheSamples() {
    // A guard on the comparison above: the reference is not trivially zero.
    var values: Set<Float> = []
    var nonZero = 0
    for i in 0..<100 {
      let n = SimplexNoise.evaluate(Float(i) * 0.37, Float(i) * 0.11, 0.5, sin: 0, cos: 1).noise
      values.insert(n)
      if abs(n) > 0.05 { nonZero += 1 }
    }
    #expect(values.count > 90)
    #expect(nonZero > 30)
  }

  /// At a lattice point only that corner's kernel reaches (its neighbours are ≥ √0.75 away,
  /// beyond √0.6), and its offset is zero: the noise is 0 and the derivative is
  /// 28 · 0.6⁴ · g, g the corner's gradient. At the origin the hash is
  /// perm[0 + perm[0 + perm[0]]] = perm[perm[151]] = perm[17] = 36, and 36 & 15 = 4:
  /// u₄ = (1, 0, −1), v₄ = (−a, −a, −a), a = 0.81649658 (the published tables).
  @Test func atALatticePointTheNoiseIsZeroAndItsSlopeIsTheCornersGradient() {
    let kernel = 28 * (0.6 * 0.6 * 0.6 * 0.6)  // 3.6288
    let a = 0.816_496_58
    let cases: [(Float, Float, [Double])] = [
      (0, 1, [1, 0, -1]),  // angle 0: u
      (1, 0, [-a, -a, -a]),  // angle π/2: v
      (0.6, 0.8, [0.8 - 0.6 * a, -0.6 * a, -0.8 - 0.6 * a]),  // cos u + sin v
    ]
    let tight = Tolerance("float32 rounding of 0.6⁴ and the gradient", 1e-6, .relative)
    for (s, c, g) in cases {
      let n = SimplexNoise.evaluate(0, 0, 0, sin: s, cos: c)
      #expect(n.noise == 0)
      for (observed, expected, axis) in [(n.dx, g[0], "x"), (n.dy, g[1], "y"), (n.dz, g[2], "z")] {
        if expected == 0 {
          #expect(observed == 0, "dn/d\(axis), sin \(s)")
        } else {
          expectClose(Double(observed), kernel * expected, tight, "dn/d\(axis), sin \(s)")
        }
      }
    }
  }

  /// The lattice repeats every 256 cells (the permutation wraps): moving by 256 along each
  /// axis moves the skewed cell by 512 along each, so the noise at p and p + (256, 256, 256)
  /// agree up to float rounding of the larger coordinates.
  @Test func theLatticeRepeatsEvery256Cells() {
    let p: (Float, Float, Float) = (0.3, -1.7, 2.2)
    let a = SimplexNoise.evaluate(p.0, p.1, p.2, sin: 0.2, cos: 0.98)
    let b = SimplexNoise.evaluate(p.0 + 256, p.1 + 256, p.2 + 256, sin: 0.2, cos: 0.98)
    let tolerance = Tolerance("float32 rounding near 256", 1e-3, .absolute)
    expectClose(Double(b.noise), Double(a.noise), tolerance, "noise repeats")
    expectClose(Double(b.dx), Double(a.dx), tolerance, "dn/dx repeats")
  }

  /// The bytes before the permutation are UIKit's gradient tables as little-endian floats:
  /// the last one before it is the top byte of v₁₅.z = −1 (0xBF800000), the first the low
  /// byte of u₀.x = 1 (0x3F800000).
  @Test func theBytesBeforeThePermutationAreTheGradientTables() {
    #expect(SimplexNoise.lookup(-1) == 0xBF)
    #expect(SimplexNoise.lookup(-2) == 0x80)
    #expect(SimplexNoise.lookup(-384) == 0x00)
    #expect(SimplexNoise.lookup(-381) == 0x3F)
    #expect(SimplexNoise.lookup(0) == 151)
    #expect(SimplexNoise.lookup(256) == 151)
    #expect(SimplexNoise.lookup(511) == 180)
  }

  @Test func sineAndCosineOfAFloatAngleAreCorrectlyRoundedAtKnownAngles() {
    #expect(PortableMath.sinCos(float: 0) == (0, 1))
    // π/2 rounded to the nearest float (0x3FC90FDB) is above π/2 by 4.37e-8: cos is minus
    // that, sin rounds to 1.
    let (s, c) = PortableMath.sinCos(float: Float(bitPattern: 0x3FC9_0FDB))
    #expect(s == 1)
    expectClose(Double(c), -4.371139e-8, Tolerance("cos near π/2", 1e-13, .absolute), "cos")
    for angle: Float in [0.5, -3, 100.25, 12345.5, -98765.5] {
      let (s, c) = PortableMath.sinCos(float: angle)
      #expect(s == Float(Foundation.sin(Double(angle))), "sin \(angle)")
      #expect(c == Float(Foundation.cos(Double(angle))), "cos \(angle)")
    }
  }
}
