import FeelScene
import Foundation

/// Least-squares fit of a damped spring to a sampled 1-D motion x(t_i), or of one spring to
/// both axes of a 2-D motion.
///
/// The model is x(t) = x0·released(t) + v0·kicked(t) (`DampedSpring.basis`), with x0 the first
/// sample. For given (ω, ζ) it is linear in v0, so v0 comes in closed form (variable
/// projection: v0 = Σ kicked·r / Σ kicked², r = x − x0·released), or is fixed when the motion
/// starts at a release (the item's velocity there), and the search is over (ln ω, ln ζ) only: a coarse grid, then Nelder–Mead from its best point, then
/// Levenberg–Marquardt on the projected residuals to polish (it converges quadratically when
/// the samples are a spring's, which the round-trip tests require to 1e-6).
public enum SpringFitter {
  /// The fit of `x_pt` sampled at `t_s` (s, increasing, t_s[0] = 0). At least 3 samples.
  /// `v0_pt_s`: the initial velocity, fixed (the item's at a release: docs/export.md, "A
  /// release"); nil: fitted in closed form.
  public static func fit(t_s: [Double], x_pt: [Double], v0_pt_s: Double? = nil) -> SpringFit {
    precondition(t_s.count == x_pt.count && t_s.count >= 3, "at least 3 samples")
    let problem = Problem(t: t_s, axes: [x_pt], fixed: [v0_pt_s])
    let best = search(problem)
    let projected = problem.project(best)
    return SpringFit(
      spring: DampedSpring(omega_rad_s: exp(best.x), dampingRatio: exp(best.y)),
      x0_pt: x_pt[0], v0_pt_s: projected.v0[0], residualSumOfSquares_pt2: projected.cost,
      velocityFixed: v0_pt_s != nil)
  }

  /// One spring for a 2-D motion: x(t) and y(t) (pt, on screen axes, from the target) share
  /// ω and ζ, each axis with its own start and initial velocity, as a position animation (or a
  /// spring per axis with the same parameters) moves; least squares over both axes, so the
  /// 2-D path's error is what is minimised. `v0_pt_s`: the initial velocity, fixed (a
  /// release); nil: each axis's fitted in closed form.
  public static func fitPlanar(
    t_s: [Double], x_pt: [Double], y_pt: [Double], v0_pt_s: Point? = nil
  ) -> PlanarSpringFit {
    precondition(
      t_s.count == x_pt.count && t_s.count == y_pt.count && t_s.count >= 3, "at least 3 samples")
    let problem = Problem(t: t_s, axes: [x_pt, y_pt], fixed: [v0_pt_s?.x, v0_pt_s?.y])
    let best = search(problem)
    let projected = problem.project(best)
    return PlanarSpringFit(
      spring: DampedSpring(omega_rad_s: exp(best.x), dampingRatio: exp(best.y)),
      x0_pt: Point(x_pt[0], y_pt[0]), v0_pt_s: Point(projected.v0[0], projected.v0[1]),
      residualSumOfSquares_pt2: projected.cost, velocityFixed: v0_pt_s != nil)
  }

  /// The best (ln ω, ln ζ): from each of the grid's best few points (a long, flat valley can
  /// hold the search), Nelder–Mead, then Levenberg–Marquardt.
  private static func search(_ problem: Problem) -> SIMD2<Double> {
    var best = SIMD2<Double>(0, 0)
    var bestCost = Double.infinity
    for start in problem.gridStarts(count: startCount) {
      var p = start
      for step in [0.1, 0.01] {
        let found = NelderMead.minimize(
          { problem.cost($0) }, start: p, step: SIMD2(step, step), tolerance: 1e-10,
          maxIterations: 4000)
        if found.value <= problem.cost(p) { p = found.point }
      }
      p = problem.polish(p)
      let c = problem.cost(p)
      if c < bestCost {
        bestCost = c
        best = p
      }
    }
    return best
  }

  /// Searches started from the grid's best points.
  static let startCount = 4

  /// Search range of ζ (non-dimensional): from nearly undamped to far over-damped.
  static let dampingRange = (min: 1e-4, max: 1e3)

  private struct Problem {
    let t: [Double]
    /// The sampled motion, one array per axis (one for a 1-D motion, x and y for a 2-D one).
    let axes: [[Double]]
    /// Each axis's initial velocity when it is fixed (pt/s); nil: fitted.
    let fixed: [Double?]

    /// Each axis's v0 (fixed, or in closed form) for the spring at p = (ln ω, ln ζ), the
    /// residuals (axis after axis) and their sum of squares (infinite outside the search
    /// range).
    func project(_ p: SIMD2<Double>) -> (v0: [Double], residuals: [Double], cost: Double) {
      var v0s: [Double] = []
      var residuals: [Double] = []
      residuals.reserveCapacity(t.count * axes.count)
      let cost = evaluate(p) { axis, v0, residual in
        if v0s.count == axis { v0s.append(v0) }
        residuals.append(residual)
      }
      return (v0s, residuals, cost)
    }

    /// The sum of squares alone: `project` without its arrays, for the grid and the simplex,
    /// which evaluate it thousands of times per fit.
    func cost(_ p: SIMD2<Double>) -> Double { evaluate(p) { _, _, _ in } }

    /// The one evaluation `project` and `cost` share: the spring's basis at every sample
    /// (on the stack), each axis's v0, then each residual handed to `visit` (axis, v0,
    /// residual) in order as it is added to the sum of squares, which is returned.
    @inline(__always)
    private func evaluate(
      _ p: SIMD2<Double>, _ visit: (_ axis: Int, _ v0: Double, _ residual: Double) -> Void
    ) -> Double {
      let omega = exp(p.x)
      let zeta = exp(p.y)
      guard omega.isFinite, omega > 0, zeta >= SpringFitter.dampingRange.min,
        zeta <= SpringFitter.dampingRange.max
      else { return .infinity }
      let spring = DampedSpring(omega_rad_s: omega, dampingRatio: zeta)
      let n = t.count
      let cost = withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * n) { basis in
        // basis[i]: released at t[i]; basis[n + i]: kicked.
        var kk = 0.0
        for i in 0..<n {
          let b = spring.basis(at: t[i])
          basis[i] = b.released
          basis[n + i] = b.kicked
          kk += b.kicked * b.kicked
        }
        var cost = 0.0
        for (a, x) in axes.enumerated() {
          let x0 = x[0]
          var kr = 0.0
          for i in 0..<n { kr += basis[n + i] * (x[i] - x0 * basis[i]) }
          let v0 = fixed[a] ?? (kk > 0 ? kr / kk : 0)
          for i in 0..<n {
            let r = x[i] - x0 * basis[i] - v0 * basis[n + i]
            cost += r * r
            visit(a, v0, r)
          }
        }
        return cost
      }
      return cost.isFinite ? cost : .infinity
    }

    /// The `count` best points of a log-spaced grid (best first): ω from a quarter turn over
    /// the samples' span to the Nyquist frequency of their spacing, ζ from 0.01 to 20.
    func gridStarts(count: Int) -> [SIMD2<Double>] {
      let span = max(t[t.count - 1] - t[0], 1e-9)
      var spacing = span
      for i in 1..<t.count where t[i] > t[i - 1] { spacing = min(spacing, t[i] - t[i - 1]) }
      let lowOmega = log(Double.pi / 2 / span)
      let highOmega = log(Double.pi / spacing)
      let lowZeta = log(0.01)
      let highZeta = log(20.0)
      var grid: [(point: SIMD2<Double>, cost: Double)] = []
      let n = 48
      for i in 0..<n {
        for j in 0..<n {
          let p = SIMD2(
            lowOmega + (highOmega - lowOmega) * Double(i) / Double(n - 1),
            lowZeta + (highZeta - lowZeta) * Double(j) / Double(n - 1))
          grid.append((p, cost(p)))
        }
      }
      return grid.sorted { $0.cost < $1.cost }.prefix(count).map(\.point)
    }

    /// Levenberg–Marquardt on the projected residuals, with a central-difference Jacobian.
    func polish(_ start: SIMD2<Double>) -> SIMD2<Double> {
      var p = start
      var current = project(p)
      var lambda = 1e-3
      for _ in 0..<100 {
        guard current.cost > 0, current.cost.isFinite else { break }
        let h = 1e-6
        let rx1 = project(p + SIMD2(h, 0)).residuals
        let rx0 = project(p - SIMD2(h, 0)).residuals
        let ry1 = project(p + SIMD2(0, h)).residuals
        let ry0 = project(p - SIMD2(0, h)).residuals
        let n = current.residuals.count
        guard rx1.count == n, rx0.count == n, ry1.count == n, ry0.count == n else { break }
        var a11 = 0.0
        var a12 = 0.0
        var a22 = 0.0
        var g1 = 0.0
        var g2 = 0.0
        for i in 0..<n {
          let jx = (rx1[i] - rx0[i]) / (2 * h)
          let jy = (ry1[i] - ry0[i]) / (2 * h)
          a11 += jx * jx
          a12 += jx * jy
          a22 += jy * jy
          g1 += jx * current.residuals[i]
          g2 += jy * current.residuals[i]
        }
        var improved = false
        for _ in 0..<12 {
          let d11 = a11 * (1 + lambda)
          let d22 = a22 * (1 + lambda)
          let det = d11 * d22 - a12 * a12
          guard det != 0, det.isFinite else { break }
          let step = SIMD2(-(d22 * g1 - a12 * g2) / det, -(d11 * g2 - a12 * g1) / det)
          let trial = project(p + step)
          if trial.cost < current.cost {
            p += step
            current = trial
            lambda = max(lambda / 10, 1e-12)
            improved = true
            if abs(step.x) < 1e-15 && abs(step.y) < 1e-15 { return p }
            break
          }
          lambda *= 10
        }
        if !improved { break }
      }
      return p
    }
  }
}
